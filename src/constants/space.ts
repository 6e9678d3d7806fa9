/** How long a bubble shows over its speaker, from when it was said (ms). */
export const SPACE_BUBBLE_MS = 6000
/** How long an emote plays over an avatar (ms). */
export const SPACE_EMOTE_MS = 1600
/** Lines the space's talk log keeps (the oldest go first). */
export const SPACE_LOG_MAX = 50
