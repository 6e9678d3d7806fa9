/**
 * The audit step (SPEC §5) every write of an audited field goes through: a configurable
 * word list (AUDIT_WORDS). Text is compared in core's auditComparableOf form (NFKC, no
 * default-ignorable code points, no spaces, lower case), so 'ＦＯＲ\u00adbidden' is caught
 * like 'forbidden'; URL fields are also checked percent-decoded.
 */
import { AUDITED_FIELDS, AUDIT_CODE_BY_FIELD, auditComparableOf, type AuditField } from '@core/domain/audit'
import { SERVER_CODES } from '@core/wire/codes'

/**
 * A field the auditor checks: SPEC §5's audited fields, and `content` — the free text of
 * messages, posts and comments, which this project audits too (code 104008).
 */
export type AuditedValueField = AuditField | 'content'

/** The values of some audited fields about to be written. */
export type AuditedValues = Partial<Record<AuditedValueField, string | null | undefined>>

/** A refused field and the rejection code the client sees (SPEC §8: title 104001, icon 104004). */
export interface AuditRejection {
  field: AuditedValueField
  code: number
}

/** Checks values against the word list. */
export interface Auditor {
  /** The first refused field (in AUDITED_FIELDS order), or null when everything passes. */
  check (values: AuditedValues): AuditRejection | null
}

function decoded (text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** An auditor refusing any value that contains one of `words`. */
export function createAuditor (words: readonly string[]): Auditor {
  const needles = words.map(auditComparableOf).filter(word => word.length > 0)
  const refused = (value: string): boolean => {
    const haystacks = [auditComparableOf(value), auditComparableOf(decoded(value))]
    return needles.some(needle => haystacks.some(haystack => haystack.includes(needle)))
  }
  return {
    check (values) {
      for (const field of AUDITED_FIELDS) {
        const value = values[field]
        // SPEC §5: a rejected field is answered with its own 104xxx code
        if (typeof value === 'string' && refused(value)) return { field, code: AUDIT_CODE_BY_FIELD[field] }
      }
      if (typeof values.content === 'string' && refused(values.content)) return { field: 'content', code: SERVER_CODES.AUDIT_CONTENT }
      return null
    },
  }
}
