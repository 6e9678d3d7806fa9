import { timeIdAt } from '@core/domain/ids'
import type { ChatMessage } from '@core/wire/messages'
import type { SearchResult } from '@core/wire/search'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { DOC_KEY_MAX, lookUp, putDocuments, type IndexLookup, type SearchDocument } from '../../src/search/documents'
import { createIndexReader, type IndexReader } from '../../src/search/reader'
import { envelope, signInAsGuest, startTestApp, usesPostgres, type TestApp } from '../helper'

const SERVER = '832828'
const LOBBY = '83282802'
const ANNOUNCEMENTS = '83282800'
const OWNER = '100001'
const FIRST_MS = Date.UTC(2021, 0, 1)
const COUNT = 300

let test: TestApp
let db: Db
let reader: IndexReader

/** Starting an app (a fresh PostgreSQL schema, migrations, the seed) takes seconds on a busy machine. */
const START_TIMEOUT_MS = 30_000

/** The `index`-th document: every one says "readerword", every third "readerlink" with a link, every seventh is in the announcements. */
function documentAt (index: number): SearchDocument {
  const ms = FIRST_MS + index * 1000
  return {
    kind: 'message', item_id: timeIdAt(ms, 7), server_id: SERVER, channel_id: index % 7 === 0 ? ANNOUNCEMENTS : LOBBY, parent_id: null,
    author_uid: index % 2 === 0 ? OWNER : '100002', created_at: Math.floor(ms / 1000),
    text: index % 3 === 0 ? `readerword readerlink https://example.com/${index}` : 'readerword', has_image: false, has_link: index % 3 === 0,
  }
}

function lookupOf (fields: Partial<IndexLookup>): IndexLookup {
  return { words: ['readerword'], serverId: SERVER, channelIds: [LOBBY, ANNOUNCEMENTS], authorUids: [], has: [], lowerKey: BigInt(0), upperKey: DOC_KEY_MAX, limit: 21, ...fields }
}

beforeAll(async () => {
  test = await startTestApp()
  db = (await openDatabase(test.config)).db
  await putDocuments(db, Array.from({ length: COUNT }, (_, index) => documentAt(index)))
  reader = createIndexReader(db)
}, START_TIMEOUT_MS)

afterAll(async () => {
  await reader.close()
  await db.destroy()
  await test.close()
})

describe('search index reader', () => {
  it('reads a SQLite file on a worker thread, PostgreSQL in process', async () => {
    expect(await reader.inWorker()).toBe(!usesPostgres)
  })

  it('answers every kind of lookup with the same documents, in the same order, as the in-process query', async () => {
    const middle = BigInt(documentAt(COUNT / 2).item_id)
    const lookups = [
      lookupOf({}),
      lookupOf({ limit: COUNT + 10 }),
      lookupOf({ words: ['readerword', 'readerlink'] }),
      lookupOf({ has: ['link'] }),
      lookupOf({ authorUids: ['100002'], channelIds: [LOBBY] }),
      lookupOf({ channelIds: [ANNOUNCEMENTS], upperKey: middle }),
      lookupOf({ lowerKey: middle }),
      lookupOf({ words: ['nowhereatall'] }),
      lookupOf({ channelIds: [] }),
      lookupOf({ words: [], channelIds: [ANNOUNCEMENTS] }),
    ]
    for (const lookup of lookups) {
      const fromReader = await reader.lookUp(lookup)
      expect(fromReader).toEqual(await lookUp(db, lookup))
    }
    // and they are the documents written, newest first
    const all = await reader.lookUp(lookupOf({ limit: COUNT + 10 }))
    expect(all.map(item => item.item_id)).toEqual(Array.from({ length: COUNT }, (_, index) => documentAt(COUNT - 1 - index).item_id))
    expect(all[0]).toEqual({ kind: 'message', item_id: documentAt(COUNT - 1).item_id, key: documentAt(COUNT - 1).item_id })
  })

  it('reaches past the newest documents with a word when they are in other channels, and stops at a word\'s last document', async () => {
    // 30 older in the lobby, then 70 newer in another server's channel: more than the first
    // statement reads (PROBE_SIZE), so the lobby's are found by the channel words
    const other = '72365802'
    const documents = Array.from({ length: 100 }, (_, index) => ({
      ...documentAt(COUNT + 100 + index), channel_id: index < 30 ? LOBBY : other, server_id: index < 30 ? SERVER : '723658', text: index % 10 === 0 ? 'probeword proberare' : 'probeword',
    }))
    await putDocuments(db, documents)
    const newestFirst = (kept: typeof documents): string[] => kept.map(document => document.item_id).reverse()
    const lobby = documents.filter(document => document.channel_id === LOBBY)
    for (const lookup of [lookupOf({ words: ['probeword'] }), lookupOf({ words: ['probeword'], limit: 40 })]) {
      const found = await reader.lookUp(lookup)
      expect(found.map(item => item.item_id)).toEqual(newestFirst(lobby).slice(0, lookup.limit))
      expect(await lookUp(db, lookup)).toEqual(found)
    }
    // a rare word: every document with it read at once, three of them in the lookup's channels
    const rare = lookupOf({ words: ['proberare'] })
    expect((await reader.lookUp(rare)).map(item => item.item_id)).toEqual(newestFirst(lobby.filter(document => document.text.includes('proberare'))))
    expect(await lookUp(db, rare)).toEqual(await reader.lookUp(rare))
    // only in the other server's channel: nothing, whether the first statement read every such document (the rare word) or not
    const elsewhere = { upperKey: BigInt(documents[99].item_id) + BigInt(1), lowerKey: BigInt(documents[30].item_id) }
    for (const words of [['probeword'], ['proberare']]) {
      expect(await reader.lookUp(lookupOf({ words, ...elsewhere }))).toEqual([])
      expect(await lookUp(db, lookupOf({ words, ...elsewhere }))).toEqual([])
    }
  })

  it('sees what was written after its first lookup (a read-only connection in WAL mode reads every commit)', async () => {
    const lookup = lookupOf({ words: ['readerlater'] })
    expect(await reader.lookUp(lookup)).toEqual([])
    const later = { ...documentAt(COUNT + 1), text: 'readerlater' }
    await putDocuments(db, [later])
    expect((await reader.lookUp(lookup)).map(item => item.item_id)).toEqual([later.item_id])
  })

  it('answers in process for an in-memory SQLite database', async () => {
    if (usesPostgres) return
    const { Kysely, SqliteDialect } = await import('kysely')
    const SqliteDatabase = (await import('better-sqlite3')).default
    const memory = new Kysely({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) }) as unknown as Db
    const inMemory = createIndexReader(memory)
    try {
      expect(await inMemory.inWorker()).toBe(false)
    } finally {
      await inMemory.close()
      await memory.destroy()
    }
  })

  it('refuses lookups once closed', async () => {
    const closing = createIndexReader(db)
    expect(await closing.lookUp(lookupOf({ limit: 1 }))).toHaveLength(1)
    await closing.close()
    await expect(closing.lookUp(lookupOf({}))).rejects.toThrow('closed')
  })
})

describe('an app searching through the reader', () => {
  it('finds a message written through the app and closes cleanly', async () => {
    const app = await startTestApp()
    let closed = false
    try {
      const writer = await signInAsGuest(app)
      const other = (await openDatabase(app.config)).db
      try {
        await other.insertInto('server_members').values({ server_id: SERVER, uid: writer.uid, joined_at: 1 }).execute()
      } finally {
        await other.destroy()
      }
      const sent = await app.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers: writer.headers, payload: { content: '读者 readerroute', nonce: `reader-${process.pid}` } })
      expect(sent.statusCode).toBe(200)
      const response = await app.inject({ method: 'GET', url: `/servers/${SERVER}/search?q=readerroute` })
      expect(response.statusCode).toBe(200)
      expect(envelope<SearchResult>(response).data.items.map(hit => hit.id)).toEqual([envelope<ChatMessage>(sent).data.message_id])
      await app.close()
      closed = true
    } finally {
      if (!closed) await app.close()
    }
  }, START_TIMEOUT_MS)
})
