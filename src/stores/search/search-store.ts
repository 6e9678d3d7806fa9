/**
 * Searching one server (docs/product-tour.md "Search syntax"): the text in the box and the filter
 * chips read from it (core/domain/search.ts parses it as the server does), the hits of
 * the submitted query paged by the cursor each page answers, each hit's text cut into
 * highlighted pieces (shown as text, never HTML) and where tapping it leads: the channel
 * opened at that message, or the post.
 */
import { makeAutoObservable } from 'mobx'
import {
  formatSearchQuery, highlightSegments, parseSearchQuery, type HighlightSegment, type SearchFilterKey, type SearchHas, type SearchQuery,
} from '@core/domain/search'
import type { SearchHit, SearchResult } from '@core/wire/search'
import { createSearchApi, type SearchApi } from '@/services/api/search'
import type { MembersApi } from '@/services/api/members'
import { chatTextPieces } from '@/utils/chat-text'
import type { StoreLogger, StoreStatus } from '../support/load-tracker'
import { PagedList, type ListPage } from '../support/paged-list'
import { ServerMembers } from '../chat/members'

/** One piece of a hit's text as the page shows it: text, or a mention shown as @nickname (as the chat shows it); highlighted when the query matched it. */
export type HitPiece =
  | { kind: 'text', text: string, match: boolean }
  | { kind: 'mention', uid: string, name: string, match: boolean }

/** One filter of the query in the box, shown as a chip that can be taken away. */
export interface SearchChip {
  key: SearchFilterKey
  value: string
}

/** Where a hit leads: a page and its query. */
export interface SearchTarget {
  page: 'channel' | 'post'
  query: Record<string, string>
}

/** What the search store needs. */
export interface SearchStoreDeps {
  api: Pick<SearchApi, 'search'>
  logger: StoreLogger
  /** The server's members whose nicknames name mentions (hits' authors are known without them); loaded with the first search. */
  members?: Pick<ServerMembers, 'nicknameOf' | 'load' | 'status'>
}

/** The filters of a parsed query as chips, in the order the keys are listed. */
function chipsOf (query: SearchQuery): SearchChip[] {
  return [
    ...query.from.map(value => ({ key: 'from' as const, value })),
    ...query.in.map(value => ({ key: 'in' as const, value })),
    ...query.has.map(value => ({ key: 'has' as const, value })),
    ...(query.before ? [{ key: 'before' as const, value: query.before }] : []),
    ...(query.after ? [{ key: 'after' as const, value: query.after }] : []),
  ]
}

/** `query` without one filter. */
function withoutChip (query: SearchQuery, chip: SearchChip): SearchQuery {
  switch (chip.key) {
    case 'from': return { ...query, from: query.from.filter(value => value !== chip.value) }
    case 'in': return { ...query, in: query.in.filter(value => value !== chip.value) }
    case 'has': return { ...query, has: query.has.filter(value => value !== chip.value) }
    case 'before': return { ...query, before: null }
    case 'after': return { ...query, after: null }
  }
}

/** `query` with one more filter (a day replaces the one there; a value already there is not added twice). */
function withChip (query: SearchQuery, chip: SearchChip): SearchQuery {
  switch (chip.key) {
    case 'from': return query.from.includes(chip.value) ? query : { ...query, from: [...query.from, chip.value] }
    case 'in': return query.in.includes(chip.value) ? query : { ...query, in: [...query.in, chip.value] }
    case 'has': return query.has.includes(chip.value as SearchHas) ? query : { ...query, has: [...query.has, chip.value as SearchHas] }
    case 'before': return { ...query, before: chip.value }
    case 'after': return { ...query, after: chip.value }
  }
}

/** The search of one server: the box, its chips and the pages of hits. */
export class SearchStore {
  /** What is typed in the box. */
  text = ''
  /** The query whose hits are shown ('' before the first search). */
  submitted = ''
  /** The hits of the submitted query, newest first, page by page. */
  readonly results: PagedList<SearchHit, string, ListPage<SearchHit, string>>

  constructor (readonly serverId: string, private readonly deps: SearchStoreDeps) {
    this.results = new PagedList<SearchHit, string>(
      async cursor => this.pageOf(await deps.api.search(serverId, this.submitted, cursor ?? undefined)),
      hit => `${hit.kind} ${hit.id}`,
      { logger: deps.logger },
    )
    makeAutoObservable<SearchStore, 'deps'>(this, { serverId: false, results: false, deps: false })
  }

  /** The filters typed in the box, as chips (none while the box holds a mistake). */
  get chips (): SearchChip[] {
    const parse = parseSearchQuery(this.text)
    return parse.ok ? chipsOf(parse.query) : []
  }

  /** What is wrong with the text in the box (a bad has:, a day that is no day, too long), or null. */
  get problem (): string | null {
    const parse = parseSearchQuery(this.text)
    return parse.ok ? null : parse.reason
  }

  /** Where the hits stand: 'idle' before the first search, then the list's status. */
  get status (): StoreStatus {
    return this.results.status
  }

  /** Replaces the text in the box. */
  setText (text: string): void {
    this.text = text
  }

  /** Adds a filter to the box (has:image, in:a channel …). */
  addChip (chip: SearchChip): void {
    const parse = parseSearchQuery(this.text)
    if (parse.ok) this.text = formatSearchQuery(withChip(parse.query, chip))
  }

  /** Takes a filter out of the box. */
  removeChip (chip: SearchChip): void {
    const parse = parseSearchQuery(this.text)
    if (parse.ok) this.text = formatSearchQuery(withoutChip(parse.query, chip))
  }

  /** Searches for the text in the box; nothing for an empty box or one with a mistake ({@link problem} says which). */
  async submit (): Promise<void> {
    const text = this.text.trim()
    if (text === '' || this.problem !== null) return
    this.submitted = text
    const members = this.deps.members
    if (members?.status === 'idle') members.load().catch(error => this.deps.logger.warn('[search] the member list failed; mentions of others show as @用户:', error))
    await this.results.load()
  }

  /** Searches the submitted query again from its first page (a pull-down), whatever the box holds now; nothing before the first search. */
  async refresh (): Promise<void> {
    if (this.submitted === '') return
    await this.results.load()
  }

  /** Loads the next page of hits (reach-bottom). */
  async loadMore (): Promise<void> {
    await this.results.loadMore()
  }

  /** A hit's text in plain and highlighted pieces. */
  segmentsOf (hit: SearchHit): HighlightSegment[] {
    return highlightSegments(hit.text, hit.matches)
  }

  /** The nickname of a mentioned member: an author of a shown hit, else a loaded member; null when unknown. */
  nameOf (uid: string): string | null {
    return this.results.items.find(hit => hit.author.uid === uid)?.author.nickname ?? this.deps.members?.nicknameOf(uid) ?? null
  }

  /**
   * A hit's text as the chat shows it — mentions (`<@uid>`) as @nickname (@用户 when
   * unknown), everything else as text — with the matched words highlighted; a mention is
   * highlighted whole when the query matched any of it.
   */
  piecesOf (hit: SearchHit): HitPiece[] {
    const segments = this.segmentsOf(hit)
    const matchedAt = (start: number, end: number): boolean => {
      let at = 0
      return segments.some(segment => {
        const from = at
        at += segment.text.length
        return segment.match && from < end && at > start
      })
    }
    const pieces: HitPiece[] = []
    let at = 0
    for (const piece of chatTextPieces(hit.text, uid => this.nameOf(uid))) {
      if (piece.kind === 'mention') {
        const length = `<@${piece.uid}>`.length
        pieces.push({ kind: 'mention', uid: piece.uid, name: piece.name, match: matchedAt(at, at + length) })
        at += length
        continue
      }
      const text = piece.kind === 'link' ? piece.url : piece.text
      pieces.push(...textPiecesOf(segments, at, at + text.length))
      at += text.length
    }
    return pieces
  }

  /** Where tapping a hit leads: the channel opened at the message, or the post (of a comment too). */
  targetOf (hit: SearchHit): SearchTarget {
    if (hit.kind === 'message') return { page: 'channel', query: { channel_id: hit.channel_id, around: hit.id } }
    return { page: 'post', query: { post_id: hit.post_id ?? hit.id } }
  }

  private pageOf (result: SearchResult): ListPage<SearchHit, string> {
    return { items: result.items, hasMore: result.has_more, next: result.next }
  }
}

/** The highlighted pieces of the hit's text between `start` and `end` (offsets into the text `segments` cut). */
function textPiecesOf (segments: readonly HighlightSegment[], start: number, end: number): HitPiece[] {
  const pieces: HitPiece[] = []
  let at = 0
  for (const segment of segments) {
    const from = Math.max(at, start)
    const to = Math.min(at + segment.text.length, end)
    if (to > from) pieces.push({ kind: 'text', text: segment.text.slice(from - at, to - at), match: segment.match })
    at += segment.text.length
  }
  return pieces
}

/**
 * The search of `serverId` on the app's request chain (the page's store: it and its API
 * load with the search page only), naming mentioned members from the server's member list.
 */
export function openSearch (serverId: string, root: { logger: StoreLogger, members: Pick<MembersApi, 'list'> }): SearchStore {
  const members = new ServerMembers(serverId, { listMembers: (id, page) => root.members.list(id, page), logger: root.logger })
  return new SearchStore(serverId, { api: createSearchApi(), logger: root.logger, members })
}
