/**
 * The search contract (docs/product-tour.md "Search syntax"): the query of the search routes and the
 * hits they answer. A hit carries its text as plain text with the ranges that matched
 * (UTF-16 offsets into `text`): the client highlights them as text, never as HTML.
 */
import { Type, type Static } from '@sinclair/typebox'
import { SEARCH_QUERY_MAX_LENGTH } from '../domain/search'
import { UserSchema } from './entities'
import { CursorPageSchema, Nullable } from './fields'
import { MemberSchema } from './members'
import { ServerParamsSchema } from './api'
import type { CallSchemasOf } from './call-schemas'
import { MEMBER_QUERY_MAX_LENGTH, SEARCH_CALLS } from './search-paths'

export * from './search-paths'

/** GET /servers/:server_id/search query: the typed query and, for the next page, the cursor of the last. */
export const SearchQuerySchema = Type.Object({
  // 5× the limit so a long query reaches the handler and is refused with the limit named
  q: Type.String({ maxLength: 5 * SEARCH_QUERY_MAX_LENGTH }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
}, { additionalProperties: false })

/** What kind of item a hit is. */
export const SearchHitKindSchema = Type.Union([Type.Literal('message'), Type.Literal('post'), Type.Literal('comment')])

/** One match inside a hit's text: [start, end) in UTF-16 code units. */
export const SearchMatchSchema = Type.Tuple([Type.Integer({ minimum: 0 }), Type.Integer({ minimum: 0 })])
/** One match inside a hit's text. */
export type SearchMatch = Static<typeof SearchMatchSchema>

/** One item that matched. */
export const SearchHitSchema = Type.Object({
  kind: SearchHitKindSchema,
  /** The message, post or comment id. */
  id: Type.String(),
  server_id: Type.String(),
  channel_id: Type.String(),
  /** The post of a post or comment hit; null for messages. */
  post_id: Nullable(Type.String()),
  author: UserSchema,
  /** Plain text around the first match (a post's title and body). */
  text: Type.String(),
  /** Where the query matched in `text`. */
  matches: Type.Array(SearchMatchSchema),
  created_at: Type.Integer(),
})
/** One item that matched. */
export type SearchHit = Static<typeof SearchHitSchema>

/** A page of hits, newest first; `next` is the cursor of the following page (bound to this query), null on the last. */
export const SearchResultSchema = Type.Object({
  ...CursorPageSchema(SearchHitSchema).properties,
  next: Nullable(Type.String()),
})
/** A page of hits. */
export type SearchResult = Static<typeof SearchResultSchema>

/** GET /servers/:server_id/search/members query. */
export const MemberSearchQuerySchema = Type.Object({
  q: Type.String({ minLength: 1, maxLength: MEMBER_QUERY_MAX_LENGTH }),
}, { additionalProperties: false })

/** Members whose nickname (or uid, or pinyin initials) matches, best first, as the member list shows them. */
export const MemberSearchResultSchema = Type.Object({ items: Type.Array(MemberSchema) })
/** Members whose nickname matches. */
export type MemberSearchResult = Static<typeof MemberSearchResultSchema>

/** The shapes of the search calls (core/wire/search-paths.ts `SEARCH_CALLS`). */
export const SEARCH_CALL_SCHEMAS = {
  search: { params: ServerParamsSchema, query: SearchQuerySchema, answer: SearchResultSchema },
  members: { params: ServerParamsSchema, query: MemberSearchQuerySchema, answer: MemberSearchResultSchema },
} as const satisfies CallSchemasOf<typeof SEARCH_CALLS>
