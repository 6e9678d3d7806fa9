/**
 * Prices (the showroom's product cards). The API gives prices in fen, the smallest unit
 * of the yuan; they are shown as `¥` with two decimals and thousands separators, worked
 * out in whole fen so no floating-point rounding can creep in.
 */

/** 100 fen make one yuan. */
export const FEN_PER_YUAN = 100

/**
 * A price in fen as shown to a buyer: 1990 → `¥19.90`, 129900 → `¥1,299.00`, 0 → `¥0.00`.
 * Anything that is not a whole, non-negative number of fen (null, NaN, -1, 1.5) is ''
 * (no price to show), never a wrong one.
 */
export function formatPrice (fen: unknown): string {
  if (typeof fen !== 'number' || !Number.isSafeInteger(fen) || fen < 0) return ''
  const yuan = String(Math.floor(fen / FEN_PER_YUAN)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const cents = String(fen % FEN_PER_YUAN).padStart(2, '0')
  return `¥${yuan}.${cents}`
}
