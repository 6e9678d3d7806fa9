/**
 * Values of a chat channel's slow mode (core/domain/slow-mode.ts holds its rules) that the
 * wire's schemas and the client need: the settings it may take. No imports, so the client
 * takes them from here without loading TypeBox.
 */

/** Every value a channel's slow mode may be set to, in seconds (0: off), shortest first: off, 5 s … 6 h (Discord's 0–21,600 s). */
export const SLOW_MODE_SECONDS_CHOICES = [0, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600] as const

/** One value of a channel's slow mode, in seconds (0: off). */
export type SlowModeSeconds = typeof SLOW_MODE_SECONDS_CHOICES[number]
