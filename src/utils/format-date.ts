/**
 * Dates in UTC+8 (SPEC §9), the same on every device whatever its own time zone: the
 * dayjs utc plugin pins the offset to +08:00. Inputs are a Date, an ISO string or
 * epoch milliseconds; use {@link fromUnixSeconds} for the API's unix-seconds fields.
 * An input that is not a date formats as '' (nothing to show), never 'Invalid Date'.
 */
import dayjs, { type Dayjs } from 'dayjs'
import utc from 'dayjs/plugin/utc'
import { DATE_TIME_FORMAT, DISPLAY_UTC_OFFSET_MINUTES } from '@/constants/format'

dayjs.extend(utc)

/** What the date functions accept: a Date, an ISO 8601 string or epoch milliseconds. */
export type DateInput = Date | string | number

/** The moment as seen in UTC+8, or null when the input is not a date. */
export function inUtc8 (input: DateInput): Dayjs | null {
  const moment = dayjs.utc(input)
  return moment.isValid() ? moment.utcOffset(DISPLAY_UTC_OFFSET_MINUTES) : null // SPEC §9: UTC+8
}

/** Epoch milliseconds of a unix-seconds timestamp (User.addtime, LiveItem.started_at …). */
export function fromUnixSeconds (seconds: number): number {
  return seconds * 1000
}

/** SPEC §9: the moment as an ISO 8601 string in UTC+8 (`2024-01-01T08:00:00+08:00`). */
export function toIsoUtc8 (input: DateInput): string {
  return inUtc8(input)?.format() ?? ''
}

/** The moment shown in UTC+8 with a dayjs pattern (default `YYYY-MM-DD HH:mm`). */
export function formatDate (input: DateInput, pattern: string = DATE_TIME_FORMAT): string {
  return inUtc8(input)?.format(pattern) ?? ''
}

/** True when both moments fall on the same calendar day in UTC+8. */
export function isSameDayUtc8 (a: DateInput, b: DateInput): boolean {
  const first = inUtc8(a)
  const second = inUtc8(b)
  return first !== null && second !== null && first.format('YYYY-MM-DD') === second.format('YYYY-MM-DD')
}
