/**
 * Values of the membership calls (./members.ts) the client needs: its calls, paths and page sizes.
 * No imports, so the client takes them from here without loading TypeBox.
 */

/** The membership calls (their shapes: `MEMBER_CALL_SCHEMAS`, core/wire/members.ts). */
export const MEMBER_CALLS = {
  /** The signed-in user (guests too) joins a server. */
  join: { method: 'POST', path: '/servers/:server_id/members/me', auth: 'user' },
  /** The signed-in user leaves a server. */
  leave: { method: 'DELETE', path: '/servers/:server_id/members/me', auth: 'user' },
  /** The member list, in join order. */
  list: { method: 'GET', path: '/servers/:server_id/members', auth: 'anyone' },
} as const

/** Most members on one page of the list. */
export const MEMBER_PAGE_MAX = 100
/** Members on one page when `limit` is not given. */
export const MEMBER_PAGE_DEFAULT = 50
