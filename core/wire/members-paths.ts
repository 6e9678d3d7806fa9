/**
 * Values of the membership calls (./members.ts) the client needs: paths and page sizes.
 * No imports, so the client takes them from here without loading TypeBox.
 */

/** Paths of the membership calls, relative to the API base. */
export const MEMBERS_PATHS = {
  /** POST joins, DELETE leaves (the signed-in user). */
  myMembership: '/servers/:server_id/members/me',
  /** GET: the member list. */
  members: '/servers/:server_id/members',
} as const

/** Most members on one page of the list. */
export const MEMBER_PAGE_MAX = 100
/** Members on one page when `limit` is not given. */
export const MEMBER_PAGE_DEFAULT = 50
