/**
 * The sheet a member picks a report's reason from — one for the chat's messages
 * and the post page's posts (the member sheet lists the reasons inline).
 */
import type { ReportReason } from '@core/wire/trust'
import { REPORT_REASON_ORDER, reportReasonLabel } from '@/constants/report-reasons'
import { actionSheet } from './feedback'

/** Asks why; resolves the reason picked, or null when the member closed the sheet. */
export async function askReportReason (): Promise<ReportReason | null> {
  const index = await actionSheet(REPORT_REASON_ORDER.map(reportReasonLabel))
  return index === null ? null : REPORT_REASON_ORDER[index] ?? null
}
