/**
 * Writes and reads the search index of migration 0012-search. The repositories call the
 * write functions inside the transaction that writes the message, post or comment, so
 * the index never holds what the tables do not (and the reverse). Besides its words a
 * document carries filter words that cannot come from text — `_c<channel>`, `_a<author>`,
 * `_himage`, `_hlink` (ids hex-encoded) — so the channel, author and has: filters are
 * answered by the same index as the words, and every search reads the index newest first
 * by doc_key (the item's time id as an integer) and stops after one page.
 */
import { createHash } from 'crypto'
import { sql, type RawBuilder } from 'kysely'
import { isTimeId, timeIdAt } from '@core/domain/ids'
import { isSqlite } from '../db/engine'
import type { Db, MessagesTable } from '../db/schema'
import type { PostCommentsTable } from '../db/tables/posts'
import { indexWordsOf } from './text'

/** What kind of item a document is. */
export type SearchKind = 'message' | 'post' | 'comment'

/** What the index keeps of one item. */
export interface SearchDocument {
  kind: SearchKind
  item_id: string
  server_id: string
  channel_id: string
  /** The post of a comment; null otherwise. */
  parent_id: string | null
  author_uid: string
  created_at: number
  /** The searchable text (a post's title and body). */
  text: string
  has_image: boolean
  has_link: boolean
}

/** The largest doc_key (a signed 64-bit integer). */
export const DOC_KEY_MAX = BigInt('9223372036854775807')

const LINK = /https?:\/\/\S/i

/** Whether `text` holds an http(s) link. */
export function hasLink (text: string): boolean {
  return LINK.test(text)
}

/** The filter word of a channel, an author or a has: value (hex keeps any id one token, whatever its case or characters). */
export function filterWord (kind: 'channel' | 'author' | 'has', value: string): string {
  const prefix = kind === 'channel' ? '_c' : kind === 'author' ? '_a' : '_h'
  return prefix + Buffer.from(value, 'utf8').toString('hex')
}

/** The doc_key an item asks for: its time id as an integer, or for older ids the id of its creation second plus a hash of the id. */
export function preferredKey (itemId: string, createdAt: number): bigint {
  if (isTimeId(itemId)) return BigInt(itemId)
  const spread = createHash('sha256').update(itemId).digest().readUInt32BE(0) % 1_000_000
  return BigInt(timeIdAt(createdAt * 1000, spread))
}

/** The doc_key of a time in milliseconds (the first key at or after it; a time past the last key is the last key). */
export function keyAtMs (ms: number): bigint {
  const key = BigInt(timeIdAt(Math.max(0, ms)))
  return key > DOC_KEY_MAX ? DOC_KEY_MAX : key
}

/** All the words a document is indexed under. */
function documentWords (doc: SearchDocument): string[] {
  return [
    ...indexWordsOf(doc.text),
    filterWord('channel', doc.channel_id),
    filterWord('author', doc.author_uid),
    ...(doc.has_image ? [filterWord('has', 'image')] : []),
    ...(doc.has_link ? [filterWord('has', 'link')] : []),
  ]
}

/** The keys of those of `docs` already indexed: "kind item_id" → doc_key as text. */
async function existingKeys (db: Db, docs: readonly SearchDocument[]): Promise<Map<string, string>> {
  const known = new Map<string, string>()
  for (const kind of new Set(docs.map(doc => doc.kind))) {
    const itemIds = docs.filter(doc => doc.kind === kind).map(doc => doc.item_id)
    // PostgreSQL: one probe of the (kind, item_id) index per item, spelled so the planner cannot choose otherwise.
    // `item_id in (…)` on a table not yet analyzed (start-up indexing fills it from empty) was planned as a read of
    // every row of the kind: 147 ms a batch at 210,000 documents, growing with the table (1.2 ms probed)
    const rows = isSqlite(db)
      ? await db.withTables<{ search_documents: { kind: string, item_id: string, doc_key: string } }>()
        .selectFrom('search_documents').select(['item_id', sql<string>`cast(doc_key as text)`.as('key')])
        .where('kind', '=', kind).where('item_id', 'in', itemIds).execute()
      : (await sql<{ item_id: string, key: string }>`select found.item_id, found.doc_key::text as key from unnest(${itemIds}::text[]) as wanted(item_id)
          cross join lateral (select item_id, doc_key from search_documents where kind = ${kind} and item_id = wanted.item_id limit 1) as found`.execute(db)).rows
    for (const row of rows) known.set(`${kind} ${row.item_id}`, row.key)
  }
  return known
}

/** Which of `keys` other documents hold already. */
async function takenKeys (db: Db, keys: readonly bigint[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const texts = keys.map(key => key.toString())
  const rows = isSqlite(db)
    ? await sql<{ key: string }>`select cast(doc_key as text) as key from search_documents where doc_key in (${sql.join(keys)})`.execute(db)
    : await sql<{ key: string }>`select doc_key::text as key from search_documents where doc_key = any(${texts}::bigint[])`.execute(db)
  return new Set(rows.rows.map(row => row.key))
}

/**
 * A free doc_key for each new document: the one it asks for, or on a clash (two items of
 * one microsecond slot, rare) the next one nobody holds.
 */
async function freeKeys (db: Db, docs: readonly SearchDocument[]): Promise<bigint[]> {
  const wanted = docs.map(doc => preferredKey(doc.item_id, doc.created_at))
  const taken = await takenKeys(db, wanted)
  const assigned = new Set<string>()
  const keys: bigint[] = []
  for (let key of wanted) {
    while (taken.has(key.toString()) || assigned.has(key.toString())) {
      key += BigInt(1)
      if (!assigned.has(key.toString()) && (await takenKeys(db, [key])).size > 0) taken.add(key.toString())
    }
    assigned.add(key.toString())
    keys.push(key)
  }
  return keys
}

/** Indexes `docs` (again, for those indexed before: an edit replaces the words), in a few statements whatever their number. */
export async function putDocuments (db: Db, docs: readonly SearchDocument[]): Promise<void> {
  if (docs.length === 0) return
  const known = await existingKeys(db, docs)
  const fresh = docs.filter(doc => !known.has(`${doc.kind} ${doc.item_id}`))
  const freshKeys = await freeKeys(db, fresh)
  const keyOf = new Map(fresh.map((doc, index) => [`${doc.kind} ${doc.item_id}`, freshKeys[index]]))
  for (const [item, key] of known) keyOf.set(item, BigInt(key))
  const rows = docs.map(doc => ({ doc, key: keyOf.get(`${doc.kind} ${doc.item_id}`) as bigint, words: documentWords(doc) }))
  if (isSqlite(db)) {
    const replaced = [...known.values()].map(key => BigInt(key))
    if (replaced.length > 0) await sql`delete from search_words where rowid in (${sql.join(replaced)})`.execute(db)
    const inserted = rows.filter(row => !known.has(`${row.doc.kind} ${row.doc.item_id}`))
    if (inserted.length > 0) {
      await sql`insert into search_documents (doc_key, kind, item_id, server_id, channel_id, parent_id, author_uid, created_at) values ${sql.join(inserted.map(({ doc, key }) =>
        sql`(${key}, ${doc.kind}, ${doc.item_id}, ${doc.server_id}, ${doc.channel_id}, ${doc.parent_id}, ${doc.author_uid}, ${doc.created_at})`))}`.execute(db)
    }
    await sql`insert into search_words (rowid, words) values ${sql.join(rows.map(({ key, words }) => sql`(${key}, ${words.join(' ')})`))}`.execute(db)
    return
  }
  await sql`insert into search_documents (doc_key, kind, item_id, server_id, channel_id, parent_id, author_uid, created_at, words) values ${sql.join(rows.map(({ doc, key, words }) =>
    sql`(${key.toString()}::bigint, ${doc.kind}, ${doc.item_id}, ${doc.server_id}, ${doc.channel_id}, ${doc.parent_id}, ${doc.author_uid}, ${doc.created_at}, array_to_tsvector(${words}::text[]))`))}
    on conflict (doc_key) do update set words = excluded.words, channel_id = excluded.channel_id`.execute(db)
}

/** Takes the items out of the index. */
export async function removeDocuments (db: Db, kind: SearchKind, itemIds: readonly string[]): Promise<void> {
  if (itemIds.length === 0) return
  const documents = db.withTables<{ search_documents: { kind: string, item_id: string, doc_key: number } }>()
  if (isSqlite(db)) {
    await sql`delete from search_words where rowid in (select doc_key from search_documents where kind = ${kind} and item_id in (${sql.join([...itemIds])}))`.execute(db)
  }
  await documents.deleteFrom('search_documents').where('kind', '=', kind).where('item_id', 'in', [...itemIds]).execute()
}

/** The document of a chat message. */
export function messageDocument (row: Pick<MessagesTable, 'message_id' | 'server_id' | 'channel_id' | 'author_uid' | 'created_at' | 'content' | 'attachments'>): SearchDocument {
  const attachments = JSON.parse(row.attachments) as Array<{ mime?: string }>
  return {
    kind: 'message',
    item_id: row.message_id,
    server_id: row.server_id,
    channel_id: row.channel_id,
    parent_id: null,
    author_uid: row.author_uid,
    created_at: row.created_at,
    text: row.content,
    has_image: attachments.some(attachment => attachment.mime?.startsWith('image/') === true),
    has_link: hasLink(row.content),
  }
}

/** Indexes a message (written or edited). */
export async function indexMessage (db: Db, row: Parameters<typeof messageDocument>[0]): Promise<void> {
  await putDocuments(db, [messageDocument(row)])
}

/** The documents of the posts `postIds` as stored now. */
export async function postDocuments (db: Db, postIds: readonly string[]): Promise<SearchDocument[]> {
  if (postIds.length === 0) return []
  const rows = await db.selectFrom('posts').innerJoin('channels', 'channels.channel_id', 'posts.channel_id')
    .select(['posts.post_id', 'channels.server_id', 'posts.channel_id', 'posts.author_uid', 'posts.created_at', 'posts.title', 'posts.content', 'posts.cover', 'posts.images'])
    .where('posts.post_id', 'in', [...postIds]).execute()
  return rows.map(row => {
    const text = `${row.title}\n${row.content}`
    return {
      kind: 'post', item_id: row.post_id, server_id: row.server_id, channel_id: row.channel_id, parent_id: null, author_uid: row.author_uid,
      created_at: row.created_at, text, has_image: row.cover !== '' || row.images !== '[]', has_link: hasLink(text),
    }
  })
}

/** Indexes the post as it is stored now (written or edited). */
export async function indexPost (db: Db, postId: string): Promise<void> {
  await putDocuments(db, await postDocuments(db, [postId]))
}

/** Takes a post and its comments out of the index (the comments go with the post). */
export async function removePost (db: Db, postId: string): Promise<void> {
  const comments = await db.withTables<{ search_documents: { kind: string, item_id: string, parent_id: string | null } }>()
    .selectFrom('search_documents').select('item_id').where('kind', '=', 'comment').where('parent_id', '=', postId).execute()
  await removeDocuments(db, 'comment', comments.map(comment => comment.item_id))
  await removeDocuments(db, 'post', [postId])
}

/** The documents of the comments `commentIds` as stored now. */
export async function commentDocuments (db: Db, commentIds: readonly string[]): Promise<SearchDocument[]> {
  if (commentIds.length === 0) return []
  const rows = await db.selectFrom('post_comments').innerJoin('posts', 'posts.post_id', 'post_comments.post_id')
    .innerJoin('channels', 'channels.channel_id', 'posts.channel_id')
    .select(['post_comments.comment_id', 'post_comments.post_id', 'post_comments.author_uid', 'post_comments.created_at', 'post_comments.content', 'channels.server_id', 'posts.channel_id'])
    .where('post_comments.comment_id', 'in', [...commentIds]).execute()
  return rows.map(row => ({
    kind: 'comment', item_id: row.comment_id, server_id: row.server_id, channel_id: row.channel_id, parent_id: row.post_id, author_uid: row.author_uid,
    created_at: row.created_at, text: row.content, has_image: false, has_link: hasLink(row.content),
  }))
}

/** Indexes a comment as stored now (written or edited). */
export async function indexComment (db: Db, commentId: string): Promise<void> {
  await putDocuments(db, await commentDocuments(db, [commentId]))
}

/** Takes a comment and the replies under it out of the index (call before deleting them). */
export async function removeCommentThread (db: Db, postId: string, commentId: string): Promise<void> {
  const rows: Array<Pick<PostCommentsTable, 'comment_id'>> = await db.selectFrom('post_comments').select('comment_id')
    .where('post_id', '=', postId).where(eb => eb.or([eb('comment_id', '=', commentId), eb('reply_to', '=', commentId)])).execute()
  await removeDocuments(db, 'comment', rows.map(row => row.comment_id))
}

/** The documents of the messages `messageIds` as stored now. */
async function messageDocuments (db: Db, messageIds: readonly string[]): Promise<SearchDocument[]> {
  if (messageIds.length === 0) return []
  const rows = await db.selectFrom('messages').select(['message_id', 'server_id', 'channel_id', 'author_uid', 'created_at', 'content', 'attachments'])
    .where('message_id', 'in', [...messageIds]).execute()
  return rows.map(messageDocument)
}

/**
 * Indexes again every document `author_uid` names, as its item is stored now: the author's
 * filter word is in the words, so a member whose uid changed (a guest who signed up) is
 * found under the new one.
 */
export async function reindexAuthor (db: Db, authorUid: string): Promise<void> {
  const rows = await db.withTables<{ search_documents: { kind: SearchKind, item_id: string, author_uid: string } }>()
    .selectFrom('search_documents').select(['kind', 'item_id']).where('author_uid', '=', authorUid).execute()
  const idsOf = (kind: SearchKind): string[] => rows.filter(row => row.kind === kind).map(row => row.item_id)
  await putDocuments(db, [
    ...await messageDocuments(db, idsOf('message')),
    ...await postDocuments(db, idsOf('post')),
    ...await commentDocuments(db, idsOf('comment')),
  ])
}

/** Takes every document `author_uid` wrote out of the index, with the comments under their posts (before the items are deleted). */
export async function removeAuthor (db: Db, authorUid: string): Promise<void> {
  const documents = db.withTables<{ search_documents: { kind: SearchKind, item_id: string, author_uid: string } }>()
  const posts = await documents.selectFrom('search_documents').select('item_id').where('kind', '=', 'post').where('author_uid', '=', authorUid).execute()
  for (const post of posts) await removePost(db, post.item_id)
  for (const kind of ['message', 'comment'] as const) {
    const items = await documents.selectFrom('search_documents').select('item_id').where('kind', '=', kind).where('author_uid', '=', authorUid).execute()
    await removeDocuments(db, kind, items.map(item => item.item_id))
  }
}

/** An index lookup: every word, in any of the channels (of one server), with keys in [lowerKey, upperKey). */
export interface IndexLookup {
  words: string[]
  /** The server the channels belong to. */
  serverId: string
  channelIds: string[]
  /** Filter words every hit must carry as well (authors: any of them). */
  authorUids: string[]
  has: string[]
  lowerKey: bigint
  upperKey: bigint
  limit: number
}

/** One document the index found. */
export interface IndexedItem {
  kind: SearchKind
  item_id: string
  /** Its doc_key as text (it may not fit a JS number). */
  key: string
}

/**
 * An FTS5 string: the word in double quotes ('"' doubled). Whole words only: a prefix
 * query reads every word it could be in full (no prefix index), 120 ms over 1,000,000
 * messages where a word takes 20.
 */
function ftsTerm (word: string): string {
  return `"${word.replace(/"/g, '""')}"`
}

/** A tsquery lexeme: the word in single quotes (quotes and backslashes escaped). */
function tsTerm (word: string): string {
  return `'${word.replace(/['\\]/g, character => `\\${character}`)}'`
}

/** The match expression of a lookup in the engine's syntax. */
function matchExpression (lookup: IndexLookup, term: (word: string) => string, and: string, or: string): string {
  const any = (words: string[]): string => `(${words.map(term).join(or)})`
  const parts = [
    ...lookup.words.map(term),
    ...lookup.has.map(value => term(filterWord('has', value))),
    ...(lookup.authorUids.length > 0 ? [any(lookup.authorUids.map(uid => filterWord('author', uid)))] : []),
    ...(lookup.channelIds.length > 0 ? [any(lookup.channelIds.map(id => filterWord('channel', id)))] : []),
  ]
  return parts.join(and)
}

/** The match expression of a lookup in the engine's syntax: FTS5 on SQLite, a tsquery on PostgreSQL. */
function engineMatch (lookup: IndexLookup, sqlite: boolean): string {
  return sqlite ? matchExpression(lookup, ftsTerm, ' AND ', ' OR ') : matchExpression(lookup, tsTerm, ' & ', ' | ')
}

/**
 * How many of the newest documents with the words a lookup reads first, keeping those in
 * the lookup's channels (about three pages). Matching the channel words as well costs a
 * seek in every channel's document list — a server's channel words are in all of its
 * documents — for every hit: a rare word took 2.2 ms on SQLite over 1,000,000 messages
 * where its own list takes 0.1, and 16 ms on PostgreSQL where it takes 2 (bench/RESULTS.md).
 */
export const PROBE_SIZE = 64

/**
 * A row of a lookup statement: a document found, and from the probe whether its rows are
 * the lookup's whole answer (1) or not (0). When the probe keeps no document its one row
 * says only that (kind, item_id and key null).
 */
export interface LookupRow {
  kind: SearchKind | null
  item_id: string | null
  key: string | null
  settled?: number
}

/** The newest {@link PROBE_SIZE} doc_keys with the words (and has:, from:) in the engine's index, as `doc_key`. */
function probeRead (lookup: IndexLookup, sqlite: boolean): RawBuilder<unknown> {
  const unplaced = engineMatch({ ...lookup, channelIds: [] }, sqlite)
  if (sqlite) {
    return sql`select w.rowid as doc_key from search_words w where search_words match ${unplaced}
      and w.rowid >= ${lookup.lowerKey} and w.rowid < ${lookup.upperKey} order by w.rowid desc limit ${PROBE_SIZE}`
  }
  return sql`select doc_key from search_documents where words @@ ${unplaced}::tsquery
    and doc_key >= ${lookup.lowerKey.toString()}::bigint and doc_key < ${lookup.upperKey.toString()}::bigint order by doc_key desc limit ${PROBE_SIZE}`
}

/**
 * The probe, a lookup's first statement: {@link probeRead}, those in the lookup's channels
 * kept. It settles the lookup when they fill the page or when it read every document with
 * the words — a word in no readable channel is settled too, by its one row of nulls.
 */
function probeQuery (lookup: IndexLookup, sqlite: boolean): RawBuilder<LookupRow> {
  return sql<LookupRow>`with probe as materialized (${probeRead(lookup, sqlite)}),
    kept as materialized (select d.kind, d.item_id, d.doc_key from probe p join search_documents d on d.doc_key = p.doc_key
      where d.channel_id in (${sql.join(lookup.channelIds)}) order by p.doc_key desc limit ${lookup.limit})
    select k.kind, k.item_id, cast(k.doc_key as text) as key,
      case when (select count(*) from probe) < ${PROBE_SIZE} or (select count(*) from kept) >= ${lookup.limit} then 1 else 0 end as settled
    from (select 1 as one) as one left join kept k on 1 = 1
    order by k.doc_key desc`
}

/** The lookup with the channel words matched as well: always the answer, at a seek in every channel's list per hit. */
function channelWordsQuery (lookup: IndexLookup, sqlite: boolean): RawBuilder<LookupRow> {
  const expression = engineMatch(lookup, sqlite)
  if (sqlite) {
    return sql<LookupRow>`select d.kind, d.item_id, cast(d.doc_key as text) as key
      from search_words w join search_documents d on d.doc_key = w.rowid
      where search_words match ${expression} and w.rowid >= ${lookup.lowerKey} and w.rowid < ${lookup.upperKey}
      order by w.rowid desc limit ${lookup.limit}`
  }
  // ordered by the column, not by its text (an output name would win in ORDER BY): a common word then walks
  // the primary key newest first and stops after a page, a rare one is read from the GIN index (the planner's choice).
  // The server_id condition adds nothing the channel words do not already say, but the planner estimates it from the
  // column's statistics and can walk search_documents_server_key (migration 0017): without both, a common word in a small
  // server walked the whole instance's newer keys before the server's first hit (236 ms over 1,000,000: bench/RESULTS.md)
  return sql<LookupRow>`select kind, item_id, doc_key::text as key from search_documents
    where server_id = ${lookup.serverId} and words @@ ${expression}::tsquery
      and doc_key >= ${lookup.lowerKey.toString()}::bigint and doc_key < ${lookup.upperKey.toString()}::bigint
    order by search_documents.doc_key desc limit ${lookup.limit}`
}

/**
 * The statements of a lookup with at least one channel, run in order by {@link lookUp}
 * here or by ./reader.ts's worker thread until one answers — one whose first row says
 * settled, or the last: the probe, then the channel-word statement (for a word common in
 * other servers, or in channels the searcher cannot read). `in:` alone has nothing to probe by.
 */
export function lookupStatements (db: Db, lookup: IndexLookup): Array<RawBuilder<LookupRow>> {
  const sqlite = isSqlite(db)
  const probeable = lookup.words.length > 0 || lookup.has.length > 0 || lookup.authorUids.length > 0
  return [...(probeable ? [probeQuery(lookup, sqlite)] : []), channelWordsQuery(lookup, sqlite)]
}

/** The found documents of the statement that answered (the probe's settled column and its row of nulls left out). */
export function itemsOfRows (rows: readonly LookupRow[]): IndexedItem[] {
  return rows.flatMap(({ kind, item_id: itemId, key }) => kind === null || itemId === null || key === null ? [] : [{ kind, item_id: itemId, key }])
}

/** Up to `limit` documents matching the lookup, newest first (the index is read in key order and stops there). */
export async function lookUp (db: Db, lookup: IndexLookup): Promise<IndexedItem[]> {
  if (lookup.channelIds.length === 0) return []
  let rows: LookupRow[] = []
  for (const statement of lookupStatements(db, lookup)) {
    rows = (await statement.execute(db)).rows
    if (rows[0]?.settled === 1) break
  }
  return itemsOfRows(rows)
}
