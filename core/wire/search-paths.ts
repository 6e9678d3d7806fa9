/**
 * Values of the search routes (./search.ts) the client needs too: paths and page sizes.
 * No imports, so the client takes them from here without loading TypeBox.
 */

/** Paths of the search routes (`:x` marks a path parameter; fill with core/wire/paths.ts fillPath). */
export const SEARCH_PATHS = {
  /** GET ?q=&cursor=: messages, posts and comments of a server the caller may read, newest first */
  search: '/servers/:server_id/search',
  /** GET ?q=: members of a server by nickname (or uid) */
  members: '/servers/:server_id/search/members',
} as const

/** Hits on one page of results. */
export const SEARCH_PAGE_SIZE = 20
/** Most members one member search answers. */
export const MEMBER_SEARCH_LIMIT = 20

/** Longest text a member search takes (a nickname is at most 32 characters). */
export const MEMBER_QUERY_MAX_LENGTH = 64
/** Characters of text a hit shows around its first match. */
export const SEARCH_SNIPPET_LENGTH = 160

/** The search calls (core/wire/search.ts). */
export const SEARCH_CALLS = {
  search: { method: 'GET', path: SEARCH_PATHS.search, auth: 'anyone' },
  members: { method: 'GET', path: SEARCH_PATHS.members, auth: 'anyone' },
} as const
