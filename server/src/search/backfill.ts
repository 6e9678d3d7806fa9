/**
 * Start-up indexing of what was written before the search index existed (or while a
 * version without it ran): messages, posts and comments are read in id order in
 * batches, each batch indexed in one transaction, with a turn of the event loop between
 * batches so requests keep being answered (better-sqlite3 runs on the event loop). A
 * batch is sized to take about a slice ({@link BACKFILL_SLICE_MS}), measured on the batch before,
 * so a request never waits behind more than one short slice of indexing, on a fast
 * machine or a slow one. search_backfill keeps the last id done, so a restart goes on
 * from there; a kind that reached its end is not walked again (what is written later is
 * indexed as it is written).
 */
import { setImmediate as nextTurn } from 'timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import type { Db } from '../db/schema'
import { isSqlite } from '../db/engine'
import { commentDocuments, messageDocument, postDocuments, putDocuments, type SearchKind } from './documents'

/** Most items indexed per transaction (and the first batch's size). */
export const BACKFILL_BATCH = 500
/** Fewest items per transaction: below it the transactions' own cost outweighs the slice. */
export const BACKFILL_MIN_BATCH = 16
/**
 * How long one batch may take, ms. On SQLite all of it holds the event loop (better-sqlite3
 * is synchronous); on PostgreSQL most of it is spent waiting for round trips, and only the
 * documents' tokenizing holds the loop, so its batches may take longer (fewer round trips
 * per message) for the same stall.
 */
export const BACKFILL_SLICE_MS = { sqlite: 4, postgres: 15 } as const

/**
 * The next batch's size after one of `size` items took `elapsedMs`: as many as fit in a
 * slice of `sliceMs` ({@link BACKFILL_SLICE_MS}) at the rate just measured, growing at most
 * twofold a batch (one quick batch is no proof), within BACKFILL_MIN_BATCH … BACKFILL_BATCH.
 */
export function nextBatchSize (size: number, elapsedMs: number, sliceMs: number): number {
  const fitting = elapsedMs > 0 ? Math.floor(size * sliceMs / elapsedMs) : BACKFILL_BATCH
  return Math.max(BACKFILL_MIN_BATCH, Math.min(BACKFILL_BATCH, 2 * size, fitting))
}

/** A log line every this many items of a kind. */
const PROGRESS_EVERY = 10_000

/** The progress table of migration 0012-search. */
type BackfillTable = { search_backfill: { kind: string, last_id: string | null, done: number } }

/** The ids of the next batch of `kind` after `lastId`, in id order. */
async function nextBatch (db: Db, kind: SearchKind, lastId: string, size: number): Promise<string[]> {
  switch (kind) {
    case 'message':
      return (await db.selectFrom('messages').select('message_id as id').where('message_id', '>', lastId).orderBy('message_id').limit(size).execute()).map(row => row.id)
    case 'post':
      return (await db.selectFrom('posts').select('post_id as id').where('post_id', '>', lastId).orderBy('post_id').limit(size).execute()).map(row => row.id)
    case 'comment':
      return (await db.selectFrom('post_comments').select('comment_id as id').where('comment_id', '>', lastId).orderBy('comment_id').limit(size).execute()).map(row => row.id)
  }
}

/** Indexes the batch `ids` of `kind` on `trx`. */
async function indexBatch (trx: Db, kind: SearchKind, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  if (kind === 'message') {
    const rows = await trx.selectFrom('messages').select(['message_id', 'server_id', 'channel_id', 'author_uid', 'created_at', 'content', 'attachments'])
      .where('message_id', 'in', [...ids]).execute()
    await putDocuments(trx, rows.map(messageDocument))
  } else {
    await putDocuments(trx, await (kind === 'post' ? postDocuments(trx, ids) : commentDocuments(trx, ids)))
  }
}

/** A running backfill: `done` settles when it finished (or stopped); `stop` ends it after the current batch. */
export interface Backfill {
  done: Promise<void>
  stop (): Promise<void>
}

/** Starts indexing what is not indexed yet, in the background. */
export function startBackfill (db: Db, log: FastifyBaseLogger): Backfill {
  let stopped = false
  const state = db.withTables<BackfillTable>()

  async function runKind (kind: SearchKind): Promise<void> {
    const saved = await state.selectFrom('search_backfill').selectAll().where('kind', '=', kind).executeTakeFirst()
    if (saved?.done === 1) return
    let lastId = saved?.last_id ?? ''
    let indexed = 0
    let size = BACKFILL_BATCH
    const sliceMs = BACKFILL_SLICE_MS[isSqlite(db) ? 'sqlite' : 'postgres']
    const started = Date.now()
    while (!stopped) {
      const sliceStarted = performance.now()
      const ids = await nextBatch(db, kind, lastId, size)
      const finished = ids.length < size
      if (ids.length > 0) lastId = ids[ids.length - 1]
      await db.transaction().execute(async trx => {
        // PostgreSQL: the commit does not wait for its WAL flush. A crash may lose the last batches, and their
        // progress row with them (one transaction), so the next start indexes them again: nothing is lost or doubled
        if (!isSqlite(trx)) await sql`set local synchronous_commit = off`.execute(trx)
        await indexBatch(trx, kind, ids)
        await trx.withTables<BackfillTable>().insertInto('search_backfill').values({ kind, last_id: lastId, done: finished ? 1 : 0 })
          .onConflict(conflict => conflict.column('kind').doUpdateSet({ last_id: lastId, done: finished ? 1 : 0 })).execute()
      })
      size = nextBatchSize(size, performance.now() - sliceStarted, sliceMs)
      const before = indexed
      indexed += ids.length
      if (Math.floor(indexed / PROGRESS_EVERY) > Math.floor(before / PROGRESS_EVERY)) log.info({ kind, indexed }, `search index: ${indexed} ${kind}s indexed so far`)
      if (finished) {
        if (indexed > 0) log.info({ kind, indexed, ms: Date.now() - started }, `search index: ${indexed} ${kind}s indexed, done`)
        return
      }
      // let requests in between batches
      await nextTurn()
    }
  }

  const done = (async () => {
    try {
      for (const kind of ['message', 'post', 'comment'] as const) await runKind(kind)
    } catch (error) {
      // the next start goes on from the last batch that was committed
      if (!stopped) log.error({ err: error }, 'search index: start-up indexing stopped')
    }
  })()
  return {
    done,
    async stop () {
      stopped = true
      await done
    },
  }
}
