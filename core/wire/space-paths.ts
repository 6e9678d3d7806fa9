/**
 * Values of the space calls (./space.ts) the client needs: paths. No imports, so the
 * client takes them from here without loading TypeBox.
 */

/** Paths of the space calls, relative to the API base. */
export const SPACE_PATHS = {
  /** GET: a metaverse channel's space — its Tiled map and how many stand in it (SpaceInfo). */
  space: '/channels/:channel_id/space',
} as const
