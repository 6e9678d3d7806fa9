import { formatBadgeCount, formatCount, formatSize } from '@/utils/format-number'

describe('badge counts (SPEC §9: cap 99, shown as 99+)', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [123456, '99+'],
  ])('shows %p as %p', (value, shown) => {
    expect(formatBadgeCount(value)).toBe(shown)
  })

  it('shows negative, NaN and infinite counts as 0', () => {
    expect(formatBadgeCount(-5)).toBe('0')
    expect(formatBadgeCount(Number.NaN)).toBe('0')
    expect(formatBadgeCount(Number.POSITIVE_INFINITY)).toBe('0')
  })
})

describe('count units (SPEC §9: 万 = 10,000, 亿 = 100,000,000)', () => {
  it.each([
    [0, '0'],
    [9999, '9999'],
    [10000, '1万'],
    [12345, '1.2万'],
    [15999, '1.5万'],
    [99999, '9.9万'],
    [99999999, '9999.9万'],
    [100000000, '1亿'],
    [123456789, '1.2亿'],
    [1234567890123, '12345.6亿'],
  ])('shows %p as %p', (value, shown) => {
    expect(formatCount(value)).toBe(shown)
  })

  it('shows negative and NaN counts as 0', () => {
    expect(formatCount(-12345)).toBe('0')
    expect(formatCount(Number.NaN)).toBe('0')
  })

  it('drops the fraction of a fractional count', () => {
    expect(formatCount(42.9)).toBe('42')
  })
})

describe('sizes (SPEC §9: K and M)', () => {
  it.each([
    [0, '0B'],
    [1023, '1023B'],
    [1024, '1K'],
    [1536, '1.5K'],
    [1048575, '1023.9K'],
    [1048576, '1M'],
    [5 * 1048576 + 524288, '5.5M'],
  ])('shows %p bytes as %p', (bytes, shown) => {
    expect(formatSize(bytes)).toBe(shown)
  })

  it('shows negative and NaN sizes as 0B', () => {
    expect(formatSize(-1)).toBe('0B')
    expect(formatSize(Number.NaN)).toBe('0B')
  })
})
