/**
 * The search call (core/wire/search.ts): a server's messages, posts and comments by a
 * typed query, paged by the cursor each page answers (members are found by the members
 * calls, services/api/members.ts). On
 * the same request chain as every other call; stores take a {@link SearchApi}, so tests pass a fake.
 */
import { fillPath } from '@core/wire/paths'
import { SEARCH_PATHS } from '@core/wire/search-paths'
import type { SearchResult } from '@core/wire/search'
import { request } from '@/services/request/request'
import type { Requester } from './index'

/** The search calls. */
export interface SearchApi {
  /** One page of hits for `q`, newest first; `cursor` is the previous page's `next` (of the same query). */
  search (serverId: string, q: string, cursor?: string): Promise<SearchResult>
}

/** The search calls sent through `send`. */
export function createSearchApi (send: Requester = request): SearchApi {
  return {
    search: (serverId, q, cursor) => send<SearchResult>({ path: fillPath(SEARCH_PATHS.search, { server_id: serverId }), query: { q, cursor } }),
  }
}
