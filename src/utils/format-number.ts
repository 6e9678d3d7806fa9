/**
 * Count and size display (SPEC §9). Display values never overstate: decimals are cut,
 * not rounded up, so 99,999,999 shows as 9999.9万 rather than a misleading 10000万.
 * Inputs that are not a count (negative, NaN, Infinity) display as 0.
 */
import { COUNT_DISPLAY_CAP, COUNT_UNIT_WAN, COUNT_UNIT_YI, SIZE_UNIT_K, SIZE_UNIT_M } from '@/constants/format'

/** A count as a whole non-negative number, or 0 for anything that is not a count. */
function asCount (value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0
}

/** `value / unit` cut to one decimal, without a trailing `.0`. */
function oneDecimal (value: number, unit: number): string {
  return String(Math.floor((value * 10) / unit) / 10)
}

/** SPEC §9: a badge count, capped at 99 and shown as `99+` above it. */
export function formatBadgeCount (value: number): string {
  const count = asCount(value)
  return count > COUNT_DISPLAY_CAP ? `${COUNT_DISPLAY_CAP}+` : String(count)
}

/**
 * SPEC §9: a count with the units 万 (10,000) and 亿 (100,000,000) and one decimal
 * where useful: 9999 → `9999`, 10000 → `1万`, 12345 → `1.2万`, 99999999 → `9999.9万`,
 * 100000000 → `1亿`.
 */
export function formatCount (value: number): string {
  const count = asCount(value)
  if (count >= COUNT_UNIT_YI) return `${oneDecimal(count, COUNT_UNIT_YI)}亿`
  if (count >= COUNT_UNIT_WAN) return `${oneDecimal(count, COUNT_UNIT_WAN)}万`
  return String(count)
}

/**
 * SPEC §9: a file size in K and M with one decimal: 1536 → `1.5K`, 1048576 → `1M`.
 * Under 1 K the size is shown in bytes (`512B`).
 */
export function formatSize (bytes: number): string {
  const size = asCount(bytes)
  if (size >= SIZE_UNIT_M) return `${oneDecimal(size, SIZE_UNIT_M)}M`
  if (size >= SIZE_UNIT_K) return `${oneDecimal(size, SIZE_UNIT_K)}K`
  return `${size}B`
}
