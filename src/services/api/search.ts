/**
 * The search call (core/wire/search.ts): a server's messages, posts and comments by a
 * typed query, paged by the cursor each page answers (members are found by the members
 * calls, services/api/members.ts). On
 * the same request chain as every other call; stores take a {@link SearchApi}, so tests pass a fake.
 */
import { SEARCH_CALLS } from '@core/wire/search-paths'
import type { SEARCH_CALL_SCHEMAS, SearchResult } from '@core/wire/search'
import { request } from '@/services/request/request'
import { callsOf } from './call'
import type { Requester } from './index'

/** The search calls. */
export interface SearchApi {
  /** One page of hits for `q`, newest first; `cursor` is the previous page's `next` (of the same query). */
  search (serverId: string, q: string, cursor?: string): Promise<SearchResult>
}

/** The search calls sent through `send`. */
export function createSearchApi (send: Requester = request): SearchApi {
  const calls = callsOf<typeof SEARCH_CALLS, typeof SEARCH_CALL_SCHEMAS>(send, SEARCH_CALLS)
  return {
    search: (serverId, q, cursor) => calls.search({ params: { server_id: serverId }, query: { q, cursor } }),
  }
}
