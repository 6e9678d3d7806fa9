/** Request layer constants (SPEC §7, §8, §9). */

/** SPEC §7, §9: the default time-out of every API call. */
export const REQUEST_TIMEOUT_MS = 10000

/**
 * SPEC §9: 60000 ms applies only where the framework default is used: the storage
 * upload (not an API call, SPEC §7 does not show it) keeps Taro's own default.
 */
export const FRAMEWORK_DEFAULT_TIMEOUT_MS = 60000

/** How many finished requests the log step keeps in memory for a debug panel. */
export const REQUEST_LOG_LIMIT = 50

/** SPEC §8: the envelope code of success. */
export const ENVELOPE_OK = 0
