/**
 * Audit rules (SPEC §5, §8): which fields are audited and how a rejection code names
 * the rejected field. Pure; the message text lives in the message table.
 */
import { SERVER_CODES } from '@core/wire/codes'

/** SPEC §5: the audited fields. */
export const AUDITED_FIELDS = ['avatar', 'nickname', 'signature', 'icon', 'cover', 'title', 'introduction'] as const

/** A field that goes through audit. */
export type AuditField = typeof AUDITED_FIELDS[number]

/**
 * Rejection code of each audited field, as core/wire/codes.ts SERVER_CODES declares them.
 * SPEC §8 fixes 104001 (title) and 104004 (icon); the others are this project's.
 */
export const AUDIT_CODE_BY_FIELD: Record<AuditField, number> = {
  title: SERVER_CODES.AUDIT_TITLE,
  nickname: SERVER_CODES.AUDIT_NICKNAME,
  signature: SERVER_CODES.AUDIT_SIGNATURE,
  icon: SERVER_CODES.AUDIT_ICON,
  avatar: SERVER_CODES.AUDIT_AVATAR,
  cover: SERVER_CODES.AUDIT_COVER,
  introduction: SERVER_CODES.AUDIT_INTRODUCTION,
}

/** Code points Unicode says a renderer may show as nothing (soft hyphen, joiners, invisible operators, variation selectors …). */
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu

/**
 * The form every audited text is compared in, on both sides: NFKC (full-width and styled
 * letters become plain ones), every Default_Ignorable_Code_Point dropped (before NFKC too,
 * so one between a letter and its accent does not keep them apart), white space dropped
 * and lower case — so 'ｆｏｒ\u00adbid den' reads as 'forbidden'.
 */
export function auditComparableOf (text: string): string {
  return text.replace(DEFAULT_IGNORABLE, '').normalize('NFKC').replace(DEFAULT_IGNORABLE, '').toLowerCase().replace(/\s+/gu, '')
}

/** SPEC §5: audit rejection is signalled by error codes beginning with 104. */
export function isAuditRejection (code: number): boolean {
  return Number.isInteger(code) && String(code).startsWith('104')
}

/** The field a rejection code names, or null for another 104xxx code or a non-audit code. */
export function auditFieldOf (code: number): AuditField | null {
  if (!isAuditRejection(code)) return null
  const entry = (Object.entries(AUDIT_CODE_BY_FIELD) as Array<[AuditField, number]>).find(([, fieldCode]) => fieldCode === code)
  return entry ? entry[0] : null
}

/** True when `name` is one of the audited fields. */
export function isAuditedField (name: string): name is AuditField {
  return (AUDITED_FIELDS as readonly string[]).includes(name)
}

/**
 * The field an audit rejection applies to, given the audited fields the caller submitted:
 * the field the error or its code names when it was submitted; otherwise, when only one
 * audited field was submitted, that one (a generic 104xxx code); otherwise null (the
 * rejection cannot be placed on one field). Null for an error that is not an audit rejection.
 */
export function rejectedFieldOf<F extends AuditField> (error: { code: number, field?: AuditField }, submitted: readonly F[]): F | null {
  if (!isAuditRejection(error.code)) return null // SPEC §5: audit rejection codes begin with 104
  const named = error.field ?? auditFieldOf(error.code)
  const submittedNamed = submitted.find(field => field === named)
  if (submittedNamed !== undefined) return submittedNamed
  return submitted.length === 1 ? submitted[0] : null
}
