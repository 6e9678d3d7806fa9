/**
 * Membership calls (core/wire/members.ts): join and leave a server as the signed-in user,
 * its member list, and its members found by nickname (or pinyin initials), on the same
 * request chain as every other call.
 */
import { MEMBER_CALLS } from '@core/wire/members-paths'
import type { MEMBER_CALL_SCHEMAS, MemberListData, MembershipData } from '@core/wire/members'
import { SEARCH_CALLS } from '@core/wire/search-paths'
import type { MemberSearchResult, SEARCH_CALL_SCHEMAS } from '@core/wire/search'
import { request } from '@/services/request/request'
import { callsOf } from './call'
import type { Requester } from './index'

/** The membership calls. */
export interface MembersApi {
  /** Joins `serverId` (guests may); resolves the membership and counts after it. */
  join (serverId: string): Promise<MembershipData>
  /** Leaves `serverId`. */
  leave (serverId: string): Promise<MembershipData>
  /** One page of members in join order; `after` is the previous page's `next`. */
  list (serverId: string, page?: { after?: string, limit?: number }): Promise<MemberListData>
  /** Members of `serverId` whose nickname (or uid, or pinyin initials: "zs" finds 张三) matches `q`, best first. */
  find (serverId: string, q: string): Promise<MemberSearchResult>
}

/** The membership calls sent through `send`. */
export function createMembersApi (send: Requester = request): MembersApi {
  const calls = callsOf<typeof MEMBER_CALLS, typeof MEMBER_CALL_SCHEMAS>(send, MEMBER_CALLS)
  const search = callsOf<typeof SEARCH_CALLS, typeof SEARCH_CALL_SCHEMAS>(send, SEARCH_CALLS)
  return {
    join: serverId => calls.join({ params: { server_id: serverId } }),
    leave: serverId => calls.leave({ params: { server_id: serverId } }),
    list: (serverId, page = {}) => calls.list({ params: { server_id: serverId }, query: { after: page.after, limit: page.limit } }),
    find: (serverId, q) => search.members({ params: { server_id: serverId }, query: { q } }),
  }
}
