/**
 * The search calls (core/wire/search.ts): a server's messages, posts and comments by a
 * typed query, paged by the cursor each page answers, and its members by nickname. On
 * the same request chain as every other call; stores take a {@link SearchApi}, so tests pass a fake.
 */
import { fillPath } from '@core/wire/paths'
import { SEARCH_PATHS } from '@core/wire/search-paths'
import type { MemberSearchResult, SearchResult } from '@core/wire/search'
import { request } from '@/services/request/request'
import type { Requester } from './index'

/** The search calls. */
export interface SearchApi {
  /** One page of hits for `q`, newest first; `cursor` is the previous page's `next` (of the same query). */
  search (serverId: string, q: string, cursor?: string): Promise<SearchResult>
  /** Members of `serverId` whose nickname (or uid, or pinyin initials) matches `q`, best first. */
  findMembers (serverId: string, q: string): Promise<MemberSearchResult>
}

/** The search calls sent through `send`. */
export function createSearchApi (send: Requester = request): SearchApi {
  return {
    search: (serverId, q, cursor) => send<SearchResult>({ path: fillPath(SEARCH_PATHS.search, { server_id: serverId }), query: { q, cursor } }),
    findMembers: (serverId, q) => send<MemberSearchResult>({ path: fillPath(SEARCH_PATHS.members, { server_id: serverId }), query: { q } }),
  }
}
