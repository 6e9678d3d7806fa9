/**
 * Values of the gather space's routes (./space.ts) the client needs too: its paths. No
 * imports, so the client takes them from here without loading TypeBox.
 */

/** Paths of the space routes (`:x` marks a path parameter; fill with core/wire/paths.ts fillPath). */
export const SPACE_PATHS = {
  /** GET: the space's Tiled map and how many stand in it (404 for a channel the caller may not see, or not a metaverse channel) */
  space: '/channels/:channel_id/space',
  /** GET: how many stand in each metaverse channel's space of a server (those the caller may see) */
  counts: '/servers/:server_id/space-counts',
  /** GET: who stands in each metaverse channel's space of a server (those the caller may see): the member list's 在 <space> */
  people: '/servers/:server_id/space-people',
  /** POST {text} (a map account or bot, with its token): say something in the space as its host */
  say: '/channels/:channel_id/space/say',
  /** POST {x, y} (a moderator): move a member in the space */
  move: '/channels/:channel_id/space/members/:uid/move',
  /** DELETE (a moderator): remove a member from the space */
  member: '/channels/:channel_id/space/members/:uid',
} as const

/** The space calls (core/wire/space.ts). */
export const SPACE_CALLS = {
  space: { method: 'GET', path: SPACE_PATHS.space, auth: 'anyone' },
  counts: { method: 'GET', path: SPACE_PATHS.counts, auth: 'anyone' },
  people: { method: 'GET', path: SPACE_PATHS.people, auth: 'anyone' },
  say: { method: 'POST', path: SPACE_PATHS.say, auth: 'user' },
  move: { method: 'POST', path: SPACE_PATHS.move, auth: 'user' },
  remove: { method: 'DELETE', path: SPACE_PATHS.member, auth: 'user' },
} as const
