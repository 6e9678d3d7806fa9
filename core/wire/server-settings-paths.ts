/**
 * Values of the owner's server-settings calls (./server-settings.ts) the client
 * needs without loading TypeBox. The calls' paths are core/wire/paths.ts's `server` and
 * `channel` (PATCH/POST, DELETE) and core/wire/trust-paths.ts's `words`.
 */

/** The last place a channel can be moved to in its server's list (larger places are clamped to the end). */
export const MAX_CHANNEL_POSITION = 10_000
