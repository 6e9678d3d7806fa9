/**
 * The reasons a member gives for a report (core REPORT_REASONS), as members read
 * them — one table for the chat's report sheet, the member sheet and the reports queue.
 */
import { REPORT_REASONS } from '@core/wire/trust-paths'
import type { ReportReason } from '@core/wire/trust'
import { t, type MessageKey } from '@/i18n'

/** Each reason's message key (the type checks that every reason is named). */
const REPORT_REASON_KEYS: Readonly<Record<ReportReason, MessageKey>> = {
  spam: 'reportReasonSpam',
  abuse: 'reportReasonAbuse',
  harassment: 'reportReasonHarassment',
  illegal: 'reportReasonIllegal',
  sexual: 'reportReasonSexual',
  other: 'reportReasonOther',
}

/** The reasons in the order every report sheet lists them. */
export const REPORT_REASON_ORDER: readonly ReportReason[] = REPORT_REASONS

/** A reason in the page's language (垃圾广告 / Spam …). */
export function reportReasonLabel (reason: ReportReason): string {
  return t(REPORT_REASON_KEYS[reason])
}
