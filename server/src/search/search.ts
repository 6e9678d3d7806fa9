/**
 * A search of one server (docs/product-tour.md "Search syntax"): the typed query parsed
 * (core/domain/search.ts), its filters resolved against what the searcher may read
 * (channels by rules/access.ts visibleChannels, the same rule as history), the index
 * read newest first (./documents.ts, through ./reader.ts), and the hits made with their text and match ranges.
 * A query the index cannot answer by itself — nothing to look for but days — is refused,
 * never answered by a scan.
 */
import { createHash } from 'crypto'
import { parseSearchQuery, searchTimeRange, type SearchQuery } from '@core/domain/search'
import type { Channel } from '@core/wire/entities'
import { SEARCH_PAGE_SIZE, type SearchHit, type SearchResult } from '@core/wire/search'
import type { Db } from '../db/schema'
import { badRequest, spokenError } from '../errors'
import { toUser } from '../repositories/users'
import { DOC_KEY_MAX, keyAtMs, type IndexedItem } from './documents'
import type { IndexReader } from './reader'
import { foldText, matchRanges, queryWordsOf, snippetOf } from './text'

/** What the search needs of the request once access is checked. */
export interface SearchRequest {
  serverId: string
  /** The channels of the server the searcher may read (ViewChannel). */
  readable: readonly Channel[]
  q: string
  cursor?: string
}

/** The hash a cursor carries: the server and the query it pages, spaces and case of filter keys aside. */
function queryHash (serverId: string, query: SearchQuery): string {
  return createHash('sha256').update(JSON.stringify([serverId, query])).digest('base64url').slice(0, 16)
}

/** The cursor after `key` for this query. */
function cursorText (hash: string, key: string): string {
  return Buffer.from(`${hash}.${key}`, 'utf8').toString('base64url')
}

/** The doc_key a cursor continues below; 400 when it is no cursor or belongs to another query. */
function cursorKey (cursor: string, hash: string): bigint {
  const [owner, key] = Buffer.from(cursor, 'base64url').toString('utf8').split('.')
  if (owner !== hash || key === undefined || !/^\d{1,19}$/.test(key) || BigInt(key) > DOC_KEY_MAX) throw badRequest('query.cursor belongs to another query (start again without it)')
  return BigInt(key)
}

/** The channels `in:` names (by id, by name, folded) among the readable ones; 400 naming one that is none of them. */
function channelsNamed (readable: readonly Channel[], names: readonly string[]): Channel[] {
  if (names.length === 0) return [...readable]
  return names.map(name => {
    const folded = foldText(name).text
    const channel = readable.find(candidate => candidate.channel_id === name || foldText(candidate.name).text === folded)
    // the same answer for a channel that does not exist and one the searcher cannot open
    if (!channel) throw spokenError(400, { 'zh-CN': `in: 这个社区没有你能看的频道「${name}」`, en: `in: no channel "${name}" you can read in this server` })
    return channel
  })
}

/** The uids `from:` names (uid, or nickname) among the server's members; 400 naming one that is no member. */
async function authorsNamed (db: Db, serverId: string, names: readonly string[]): Promise<string[]> {
  const uids: string[] = []
  for (const name of names) {
    const rows = await db.selectFrom('server_members').innerJoin('users', 'users.uid', 'server_members.uid').select('users.uid')
      .where('server_members.server_id', '=', serverId)
      .where(eb => eb.or([eb('users.uid', '=', name), eb('users.nickname', '=', name)]))
      .limit(20).execute()
    if (rows.length === 0) throw spokenError(400, { 'zh-CN': `from: 这个社区没有成员「${name}」`, en: `from: no member "${name}" in this server` })
    uids.push(...rows.map(row => row.uid))
  }
  return [...new Set(uids)]
}

/** The hits of the found items, in their order (items deleted since are left out). */
async function hitsOf (db: Db, items: readonly IndexedItem[], words: readonly string[]): Promise<SearchHit[]> {
  const idsOf = (kind: IndexedItem['kind']): string[] => items.filter(item => item.kind === kind).map(item => item.item_id)
  const [messages, posts, comments] = await Promise.all([
    idsOf('message').length === 0 ? [] : db.selectFrom('messages').select(['message_id as id', 'server_id', 'channel_id', 'author_uid', 'content as text', 'created_at'])
      .where('message_id', 'in', idsOf('message')).execute(),
    idsOf('post').length === 0 ? [] : db.selectFrom('posts').innerJoin('channels', 'channels.channel_id', 'posts.channel_id')
      .select(['posts.post_id as id', 'channels.server_id', 'posts.channel_id', 'posts.author_uid', 'posts.title', 'posts.content', 'posts.created_at'])
      .where('posts.post_id', 'in', idsOf('post')).execute(),
    idsOf('comment').length === 0 ? [] : db.selectFrom('post_comments').innerJoin('posts', 'posts.post_id', 'post_comments.post_id').innerJoin('channels', 'channels.channel_id', 'posts.channel_id')
      .select(['post_comments.comment_id as id', 'post_comments.post_id', 'channels.server_id', 'posts.channel_id', 'post_comments.author_uid', 'post_comments.content as text', 'post_comments.created_at'])
      .where('post_comments.comment_id', 'in', idsOf('comment')).execute(),
  ])
  const rows = new Map<string, { id: string, server_id: string, channel_id: string, author_uid: string, text: string, created_at: number, post_id: string | null }>()
  for (const row of messages) rows.set(`message ${row.id}`, { ...row, post_id: null })
  for (const row of posts) rows.set(`post ${row.id}`, { ...row, text: `${row.title}\n${row.content}`, post_id: row.id })
  for (const row of comments) rows.set(`comment ${row.id}`, row)
  const uids = [...new Set([...rows.values()].map(row => row.author_uid))]
  const users = uids.length === 0 ? [] : await db.selectFrom('users').selectAll().where('uid', 'in', uids).execute()
  const userByUid = new Map(users.map(user => [user.uid, toUser(user)]))
  const hits: SearchHit[] = []
  for (const item of items) {
    const row = rows.get(`${item.kind} ${item.item_id}`)
    const author = row && userByUid.get(row.author_uid)
    if (!row || !author) continue
    const snippet = snippetOf(row.text, matchRanges(row.text, words))
    hits.push({
      kind: item.kind, id: row.id, server_id: row.server_id, channel_id: row.channel_id, post_id: row.post_id,
      author, text: snippet.text, matches: snippet.matches, created_at: row.created_at,
    })
  }
  return hits
}

/**
 * Answers a search, the index read by `index` (./reader.ts: off the event loop on SQLite);
 * 400 for a query the index cannot answer, a filter naming nothing readable, or a cursor of another query.
 */
export async function searchServer (db: Db, index: Pick<IndexReader, 'lookUp'>, request: SearchRequest): Promise<SearchResult> {
  const parsed = parseSearchQuery(request.q)
  if (!parsed.ok) throw badRequest(`query.q: ${parsed.reason}`)
  const query = parsed.query
  const words = queryWordsOf(query.words)
  // only days (or nothing) to go by would read a whole server: refused, not scanned
  if (words.length === 0 && query.from.length === 0 && query.in.length === 0 && query.has.length === 0) {
    throw spokenError(400, {
      'zh-CN': '请输入要找的词，或加上 from:、in:、has: 筛选（只有 before:/after: 时什么也筛不出）',
      en: 'query.q: type a word to look for, or a from:, in: or has: filter (before:/after: alone narrow nothing)',
    })
  }
  const hash = queryHash(request.serverId, query)
  const channels = channelsNamed(request.readable, query.in)
  const authorUids = await authorsNamed(db, request.serverId, query.from)
  const { fromMs, toMs } = searchTimeRange(query)
  let upperKey = toMs === null ? DOC_KEY_MAX : keyAtMs(toMs)
  if (request.cursor !== undefined) {
    const after = cursorKey(request.cursor, hash)
    if (after < upperKey) upperKey = after
  }
  const items = await index.lookUp({
    words,
    serverId: request.serverId,
    channelIds: channels.map(channel => channel.channel_id),
    authorUids,
    has: query.has,
    lowerKey: fromMs === null ? BigInt(0) : keyAtMs(fromMs),
    upperKey,
    limit: SEARCH_PAGE_SIZE + 1,
  })
  const page = items.slice(0, SEARCH_PAGE_SIZE)
  const hasMore = items.length > SEARCH_PAGE_SIZE
  return {
    items: await hitsOf(db, page, words),
    has_more: hasMore,
    next: hasMore ? cursorText(hash, page[page.length - 1].key) : null,
  }
}
