/**
 * Values of voice channels (./voice.ts) the client needs: a room's limits, the speaking
 * rate, the hand-off code's life. No imports, so the client takes them from here without
 * loading TypeBox.
 */

/** Members a voice channel holds unless its settings say otherwise (Discord's and KOOK's default). */
export const VOICE_USER_LIMIT_DEFAULT = 99
/** The most members any voice channel holds. */
export const VOICE_USER_LIMIT_MAX = 99
/** Lowest Opus bitrate a voice channel may be set to, bits per second. */
export const VOICE_BITRATE_MIN = 8_000
/** Highest Opus bitrate a voice channel may be set to, bits per second. */
export const VOICE_BITRATE_MAX = 96_000
/** A new voice channel's Opus bitrate, bits per second. */
export const VOICE_BITRATE_DEFAULT = 64_000
/** A member's speaking flag changes at most this often a second, on the wire and to the channel's readers. */
export const VOICE_SPEAKING_PER_SECOND = 4
/** A mini-program hand-off code (POST /auth/handoff) signs in once, within this many seconds. */
export const VOICE_HANDOFF_TTL_SECONDS = 60

/**
 * Why a member is out of a voice room by someone else's doing (`voice_left`'s `reason`):
 * moved (a moderator moved them: `to` names the channel they join next), disconnected (a
 * moderator), elsewhere (the same member joined from another device), hidden (they may no
 * longer see or connect to the channel, banned, kicked or timed out), gone (the channel was
 * deleted), holder (the process holding the room went away: join again).
 */
export const VOICE_LEFT_REASONS = ['moved', 'disconnected', 'elsewhere', 'hidden', 'gone', 'holder'] as const
/** One reason of `voice_left`. */
export type VoiceLeftReason = typeof VOICE_LEFT_REASONS[number]
