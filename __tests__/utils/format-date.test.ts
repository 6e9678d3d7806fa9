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
    expect(inUtc8('2024-02-29')).toMatchObject({ year: 2024, month: 2, day: 29 })
  })

  it('tells whether two moments fall on the same UTC+8 day', () => {
    expect(isSameDayUtc8('2024-01-31T16:00:00Z', '2024-02-01T15:59:59Z')).toBe(true)
    expect(isSameDayUtc8('2024-01-31T15:59:59Z', '2024-01-31T16:00:00Z')).toBe(false)
    expect(isSameDayUtc8('garbage', '2024-01-31T16:00:00Z')).toBe(false)
  })

  it('fills each pattern token from the UTC+8 wall time, zero-padded', () => {
    const moment = '2024-03-04T21:06:07Z' // 2024-03-05 05:06:07 in UTC+8
    expect(formatDate(moment, 'YYYY')).toBe('2024')
    expect(formatDate(moment, 'MM')).toBe('03')
    expect(formatDate(moment, 'DD')).toBe('05')
    expect(formatDate(moment, 'HH')).toBe('05')
    expect(formatDate(moment, 'mm')).toBe('06')
    expect(formatDate(moment, 'ss')).toBe('07')
  })

  it('keeps characters that are not tokens as they are', () => {
    expect(formatDate('2024-03-04T21:06:07Z', 'YYYY年MM月DD日 HH时 [x] T')).toBe('2024年03月05日 05时 [x] T')
  })

  it('reads tokens written side by side (upload keys)', () => {
    expect(formatDate('2024-12-31T16:00:00Z', 'YYYYMMDD')).toBe('20250101')
  })

  it('uses the default pattern YYYY-MM-DD HH:mm', () => {
    expect(formatDate('2024-03-04T21:06:07Z')).toBe('2024-03-05 05:06')
  })

  it('gives the UTC+8 wall-clock fields of a moment', () => {
    expect(inUtc8('2024-02-28T16:00:00Z')).toEqual({ year: 2024, month: 2, day: 29, hour: 0, minute: 0, second: 0 })
    expect(inUtc8('2024-02-29T15:59:59Z')).toEqual({ year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59 })
  })

  it('moves a moment across the day boundary by the fixed offset only', () => {
    expect(toIsoUtc8('2024-01-01T00:00:00Z')).toBe('2024-01-01T08:00:00+08:00')
    expect(toIsoUtc8('2024-03-09T16:00:00Z')).toBe('2024-03-10T00:00:00+08:00')
    expect(toIsoUtc8('2024-11-02T15:59:59Z')).toBe('2024-11-02T23:59:59+08:00')
    expect(formatDate(Date.UTC(2024, 1, 28, 16, 0), 'YYYY-MM-DD')).toBe('2024-02-29')
  })

  it('ignores the device time zone\'s daylight-saving switches', () => {
    // The nights the US (2024-03-10, 2024-11-03) and the UK (2024-03-31, 2024-10-27)
    // change their clocks: under those TZ an offset taken from the device would be an hour off
    expect(toIsoUtc8('2024-03-09T18:00:00Z')).toBe('2024-03-10T02:00:00+08:00')
    expect(toIsoUtc8('2024-11-02T18:00:00Z')).toBe('2024-11-03T02:00:00+08:00')
    expect(toIsoUtc8('2024-03-30T17:00:00Z')).toBe('2024-03-31T01:00:00+08:00')
    expect(toIsoUtc8('2024-10-26T18:00:00Z')).toBe('2024-10-27T02:00:00+08:00')
  })

  it('tells the same day of different months or years apart', () => {
    expect(isSameDayUtc8('2023-01-31T16:00:00Z', '2024-01-31T16:00:00Z')).toBe(false)
    expect(isSameDayUtc8('2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z')).toBe(false)
  })

  it('shows nothing for epoch milliseconds a Date cannot hold', () => {
    expect(formatDate(8.64e15)).toBe('')
    expect(toIsoUtc8(Number.POSITIVE_INFINITY)).toBe('')
  })
})
