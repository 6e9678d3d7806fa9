/**
 * Dates in UTC+8 (SPEC §9), the same on every device whatever its own time zone: a
 * moment's epoch milliseconds are shifted by the fixed +08:00 offset and read with the
 * getUTC* getters, so no time-zone database is involved. Inputs are a Date, an ISO 8601
 * string or epoch milliseconds; use {@link fromUnixSeconds} for the API's unix-seconds
 * fields. An ISO string without an offset is a wall time in UTC+8 (SPEC §9: ISO dates use
 * UTC+8), never the device's local time. An input that is not a real date (a 13th month,
 * February 30th, text) formats as '' (nothing to show), never 'Invalid Date'.
 */
import { DATE_TIME_FORMAT, DISPLAY_UTC_OFFSET_MINUTES } from '@/constants/format'

/** What the date functions accept: a Date, an ISO 8601 string or epoch milliseconds. */
export type DateInput = Date | string | number

/** A moment's wall-clock time in UTC+8 (SPEC §9), as shown to the user. */
export interface Utc8Fields {
  /** Full year, e.g. 2024. */
  year: number
  /** Month of the year, 1 (January) to 12. */
  month: number
  /** Day of the month, 1 to 31. */
  day: number
  /** Hour of the day, 0 to 23. */
  hour: number
  /** Minute of the hour, 0 to 59. */
  minute: number
  /** Second of the minute, 0 to 59. */
  second: number
}

const MS_PER_MINUTE = 60000

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
  return Date.UTC(year, month - 1, day, hour, minute, second, Math.floor(millis)) - offsetMinutes * MS_PER_MINUTE
}

/** Two-digit (or `width`-digit) zero-padded text of a non-negative number. */
function pad (value: number, width = 2): string {
  return String(value).padStart(width, '0')
}

/** The display offset as ISO 8601 text, e.g. `+08:00`. */
function offsetText (minutes: number): string {
  const size = Math.abs(minutes)
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(size / 60))}:${pad(size % 60)}`
}

/** SPEC §9: the fixed UTC+8 offset as written in ISO strings. */
const UTC8_OFFSET_TEXT = offsetText(DISPLAY_UTC_OFFSET_MINUTES)

/** The pattern tokens {@link formatDate} replaces; every other character is kept as it is. */
type FormatToken = 'YYYY' | 'MM' | 'DD' | 'HH' | 'mm' | 'ss'

const FORMAT_TOKENS = /YYYY|MM|DD|HH|mm|ss/g

/** The moment's wall-clock time in UTC+8, or null when the input is not a date. */
export function inUtc8 (input: DateInput): Utc8Fields | null {
  const epoch = typeof input === 'string' ? parseIso(input) : input instanceof Date ? input.getTime() : input
  if (typeof epoch !== 'number' || !Number.isFinite(epoch)) return null
  // SPEC §9: UTC+8 is a fixed offset, so the UTC fields of the shifted moment are its UTC+8 wall time
  const shifted = new Date(epoch + DISPLAY_UTC_OFFSET_MINUTES * MS_PER_MINUTE)
  if (Number.isNaN(shifted.getTime())) return null // beyond the range a Date can hold
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  }
}

/** Epoch milliseconds of a unix-seconds timestamp (User.addtime, LiveItem.started_at …). */
export function fromUnixSeconds (seconds: number): number {
  return seconds * 1000
}

/**
 * The moment shown in UTC+8 with a pattern (default `YYYY-MM-DD HH:mm`). Tokens: `YYYY`
 * year, `MM` month, `DD` day, `HH` hour (00–23), `mm` minute, `ss` second, all
 * zero-padded; any other character is kept as it is. '' when the input is not a date.
 */
export function formatDate (input: DateInput, pattern: string = DATE_TIME_FORMAT): string {
  const fields = inUtc8(input)
  if (fields === null) return ''
  const values: Record<FormatToken, string> = {
    YYYY: pad(fields.year, 4),
    MM: pad(fields.month),
    DD: pad(fields.day),
    HH: pad(fields.hour),
    mm: pad(fields.minute),
    ss: pad(fields.second),
  }
  return pattern.replace(FORMAT_TOKENS, token => values[token as FormatToken])
}

/** SPEC §9: the moment as an ISO 8601 string in UTC+8 (`2024-01-01T08:00:00+08:00`); '' when not a date. */
export function toIsoUtc8 (input: DateInput): string {
  const text = formatDate(input, 'YYYY-MM-DDTHH:mm:ss')
  return text === '' ? '' : `${text}${UTC8_OFFSET_TEXT}`
}

/** True when both moments fall on the same calendar day in UTC+8. */
export function isSameDayUtc8 (a: DateInput, b: DateInput): boolean {
  const first = inUtc8(a)
  const second = inUtc8(b)
  return first !== null && second !== null &&
    first.year === second.year && first.month === second.month && first.day === second.day
}
