/**
 * Slow mode of a chat channel (docs/product-tour.md "Slow mode"): the channel's setting —
 * off, or one of SLOW_MODE_SECONDS_CHOICES (core/wire/slow-mode-codes.ts) between 5 s and 6 h (Discord's model,
 * per member per channel) — who is exempt (moderators: ManageMessages or ManageChannels in
 * the channel), and how long a member waits after their last message before the next. Pure:
 * the server enforces these, the client shows them, neither reads the numbers itself.
 */
import { Permission } from './permissions'
import { SLOW_MODE_SECONDS_CHOICES, type SlowModeSeconds } from '../wire/slow-mode-codes'

/** The permissions that exempt a member from a channel's slow mode: either one is enough. */
export const SLOW_MODE_EXEMPT_PERMISSIONS = Permission.ManageMessages | Permission.ManageChannels

/** True when `seconds` is a value a channel's slow mode may be set to. */
export function isSlowModeChoice (seconds: number): seconds is SlowModeSeconds {
  return (SLOW_MODE_SECONDS_CHOICES as readonly number[]).includes(seconds)
}

/** True when a member holding `channelPermissions` in a channel sends there without waiting (ManageMessages or ManageChannels). */
export function isSlowModeExempt (channelPermissions: number): boolean {
  return (channelPermissions & SLOW_MODE_EXEMPT_PERMISSIONS) !== 0
}

/**
 * Whole seconds a member waits at `now` before their next message in a channel whose slow
 * mode is `seconds`, when their last message there went out at `lastSentAt` (unix seconds;
 * null: none yet): 0 when they may send now (slow mode off, no message yet, or the wait over).
 */
export function slowModeWaitSeconds (seconds: number, lastSentAt: number | null, now: number): number {
  if (seconds <= 0 || lastSentAt === null) return 0
  return Math.max(0, lastSentAt + seconds - now)
}

/** The wait a member of `channelPermissions` has: {@link slowModeWaitSeconds}, or 0 for an exempt member. */
export function slowModeWaitFor (channelPermissions: number, seconds: number, lastSentAt: number | null, now: number): number {
  return isSlowModeExempt(channelPermissions) ? 0 : slowModeWaitSeconds(seconds, lastSentAt, now)
}
