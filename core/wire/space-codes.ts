/**
 * Values of the gather space (./space.ts) the client needs: the talk radius, the group and
 * bubble limits, the emotes. No imports, so the client takes them from here without
 * loading TypeBox.
 */

/** Avatars within this many map pixels of a speaker see their bubble; members this close form a conversation. */
export const SPACE_TALK_RADIUS = 160
/** The most avatars in one conversation ring. */
export const SPACE_GROUP_MAX = 8
/** Longest bubble. */
export const SPACE_SAY_MAX_LENGTH = 200
/** The emotes a member may play. */
export const SPACE_EMOTES = ['wave', 'party', 'heart'] as const
/** One emote. */
export type SpaceEmote = typeof SPACE_EMOTES[number]
