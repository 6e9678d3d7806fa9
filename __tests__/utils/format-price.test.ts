import { formatPrice } from '@/utils/format-price'

describe('formatPrice', () => {
  it.each([
    [0, '¥0.00'],
    [5, '¥0.05'],
    [1990, '¥19.90'],
    [129900, '¥1,299.00'],
    [123456789, '¥1,234,567.89'],
  ])('shows %p fen as %s', (fen, shown) => {
    expect(formatPrice(fen)).toBe(shown)
  })

  it.each([[null], [Number.NaN], [-1], [1.5], ['1990'], [Number.MAX_SAFE_INTEGER + 2]])('shows no price for %p', fen => {
    expect(formatPrice(fen)).toBe('')
  })
})
