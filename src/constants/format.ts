/** Display formatting constants (SPEC §9). */

/** SPEC §9: counts above this are shown as `99+`. */
export const COUNT_DISPLAY_CAP = 99

/** SPEC §9: count unit 万 = 10,000. */
export const COUNT_UNIT_WAN = 10000

/** SPEC §9: count unit 亿 = 100,000,000. */
export const COUNT_UNIT_YI = 100000000

/** SPEC §9: size unit K (bytes). */
export const SIZE_UNIT_K = 1024

/** SPEC §9: size unit M (bytes). */
export const SIZE_UNIT_M = 1024 * 1024

/**
 * SPEC §9: ISO dates use UTC+8, as a fixed offset in minutes. UTC+8 (China Standard
 * Time) has no daylight saving, so a fixed offset is exact and needs no time-zone
 * database on the device.
 */
export const DISPLAY_UTC_OFFSET_MINUTES = 8 * 60

/** Default display pattern of a date and time (formatDate tokens: YYYY MM DD HH mm ss). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm'
