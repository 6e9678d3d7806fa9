/**
 * SPEC §9: ISO dates use UTC+8, whatever the machine's time zone. These tests use
 * moments around midnight UTC+8 (where a time-zone bug shows as a wrong day) and are
 * run under TZ=America/New_York and TZ=Asia/Tokyo as well as the default.
 */
import { formatDate, fromUnixSeconds, inUtc8, isSameDayUtc8, toIsoUtc8 } from '@/utils/format-date'

describe('dates in UTC+8 (SPEC §9)', () => {
  it('shows 16:00 UTC as midnight of the next day in UTC+8', () => {
    expect(formatDate('2024-01-31T16:00:00Z')).toBe('2024-02-01 00:00')
  })

  it('shows 15:59 UTC as the last minute of the same day in UTC+8', () => {
    expect(formatDate('2024-01-31T15:59:00Z')).toBe('2024-01-31 23:59')
  })

  it('writes ISO strings with the +08:00 offset (SPEC §9)', () => {
    expect(toIsoUtc8('2024-06-30T23:30:00Z')).toBe('2024-07-01T07:30:00+08:00')
  })

  it('reads an ISO string with another offset as the same moment', () => {
    expect(toIsoUtc8('2024-01-01T00:00:00-05:00')).toBe('2024-01-01T13:00:00+08:00')
  })

  it('reads an ISO string without an offset as a wall time in UTC+8, not the device time (SPEC §9)', () => {
    expect(toIsoUtc8('2024-02-01T00:00')).toBe('2024-02-01T00:00:00+08:00')
    expect(toIsoUtc8('2024-02-01')).toBe('2024-02-01T00:00:00+08:00')
    expect(toIsoUtc8('2024-02-01 23:59:59.5')).toBe('2024-02-01T23:59:59+08:00')
  })

  it('reads compact and fractional offsets', () => {
    expect(toIsoUtc8('2024-01-01T00:00:00.123+0530')).toBe('2024-01-01T02:30:00+08:00')
  })

  it('reads epoch milliseconds and Date objects', () => {
    expect(formatDate(Date.UTC(2024, 11, 31, 16, 0), 'YYYY-MM-DD')).toBe('2025-01-01')
    expect(formatDate(new Date(Date.UTC(2024, 11, 31, 15, 0)), 'YYYY-MM-DD')).toBe('2024-12-31')
  })

  it('reads the API unix-seconds fields', () => {
    expect(formatDate(fromUnixSeconds(1704038400), 'YYYY-MM-DD HH:mm:ss')).toBe('2024-01-01 00:00:00')
  })

  it('shows nothing for an input that is not a date', () => {
    expect(formatDate('not a date')).toBe('')
    expect(toIsoUtc8(Number.NaN)).toBe('')
    expect(inUtc8('2024-13-01')).toBeNull()
    expect(inUtc8('2023-02-29')).toBeNull()
    expect(inUtc8('2024-01-01T24:00')).toBeNull()
    expect(inUtc8(new Date('x'))).toBeNull()
    expect(inUtc8('2024-02-29')?.format('YYYY-MM-DD')).toBe('2024-02-29')
  })

  it('tells whether two moments fall on the same UTC+8 day', () => {
    expect(isSameDayUtc8('2024-01-31T16:00:00Z', '2024-02-01T15:59:59Z')).toBe(true)
    expect(isSameDayUtc8('2024-01-31T15:59:59Z', '2024-01-31T16:00:00Z')).toBe(false)
    expect(isSameDayUtc8('garbage', '2024-01-31T16:00:00Z')).toBe(false)
  })
})
