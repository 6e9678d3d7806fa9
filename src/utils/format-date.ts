/**
 * Dates in UTC+8 (SPEC §9), the same on every device whatever its own time zone: the
 * dayjs utc plugin pins the offset to +08:00. Inputs are a Date, an ISO 8601 string or
 * epoch milliseconds; use {@link fromUnixSeconds} for the API's unix-seconds fields.
 * An ISO string without an offset is a wall time in UTC+8 (SPEC §9: ISO dates use
 * UTC+8), never the device's local time. An input that is not a real date (a 13th
 * month, February 30th, text) formats as '' (nothing to show), never 'Invalid Date'.
 */
import dayjs, { type Dayjs } from 'dayjs'
import utc from 'dayjs/plugin/utc'
import { DATE_TIME_FORMAT, DISPLAY_UTC_OFFSET_MINUTES } from '@/constants/format'

dayjs.extend(utc)

/** What the date functions accept: a Date, an ISO 8601 string or epoch milliseconds. */
export type DateInput = Date | string | number

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i

function daysInMonth (year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** Epoch milliseconds of an ISO 8601 string, or NaN when it is not a real moment. */
function parseIso (text: string): number {
  const match = ISO_8601.exec(text.trim())
  if (!match) return Number.NaN
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(part => Number(part ?? 0))
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) return Number.NaN
  const millis = Number(`0.${match[7] ?? '0'}`) * 1000
  const zone = match[8]
  const offsetMinutes = zone === undefined
    ? DISPLAY_UTC_OFFSET_MINUTES // SPEC §9: an ISO date without an offset is in UTC+8
    : zone.toUpperCase() === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)))
  return Date.UTC(year, month - 1, day, hour, minute, second, Math.floor(millis)) - offsetMinutes * 60000
}

/** The moment as seen in UTC+8, or null when the input is not a date. */
export function inUtc8 (input: DateInput): Dayjs | null {
  const epoch = typeof input === 'string' ? parseIso(input) : input instanceof Date ? input.getTime() : input
  if (typeof epoch !== 'number' || !Number.isFinite(epoch)) return null
  return dayjs.utc(epoch).utcOffset(DISPLAY_UTC_OFFSET_MINUTES) // SPEC §9: UTC+8
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
