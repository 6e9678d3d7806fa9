/**
 * The whole zh-CN message table, the default language's (SPEC §8's messages are Chinese):
 * the first screens' part (messages-zh-cn-launch.ts, in the first load) and the pages'
 * part (messages-zh-cn-pages.ts, installed by the chunks that use it) as one. It declares
 * the keys every table must hold (messages-en.ts follows it; tsc checks it) and is what
 * page configs read their build-time titles from. App code imports the parts (through
 * ./index.ts and ./page-messages.ts), never this module's values: that would put the
 * whole table back into the first load. Pure data.
 */
import type { AuditField } from '@core/domain/audit'
import { ZH_CN_AUDIT_FIELD_NAMES, ZH_CN_LAUNCH } from './messages-zh-cn-launch'
import { ZH_CN_PAGES } from './messages-zh-cn-pages'

/** A message key. */
export type MessageKey = keyof typeof ZH_CN_LAUNCH | keyof typeof ZH_CN_PAGES

/** What one language holds: every message, and the display names of the audited fields (SPEC §5). */
export interface LanguageTables {
  messages: Record<MessageKey, string>
  auditFieldNames: Record<AuditField, string>
}

/** The zh-CN table, both parts (page configs read their build-time titles from it; English is in messages-en.ts). */
export const MESSAGES: { 'zh-CN': Record<MessageKey, string> } = { 'zh-CN': { ...ZH_CN_LAUNCH, ...ZH_CN_PAGES } }

/** SPEC §5: display names of the audited fields in zh-CN (used by `auditField`; English is in messages-en.ts). */
export const AUDIT_FIELD_NAMES: { 'zh-CN': Record<AuditField, string> } = { 'zh-CN': ZH_CN_AUDIT_FIELD_NAMES }
