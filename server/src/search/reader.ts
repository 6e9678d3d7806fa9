/**
 * Reads the search index off the event loop. better-sqlite3 is synchronous, so an FTS5
 * lookup run on the app's connection holds every other request until it is done (the
 * message history's p99 was 2.39× while searches ran: bench/RESULTS.md). On a SQLite
 * file the lookup runs instead on a worker thread with its own read-only connection to
 * the same file: the database is in WAL mode (db/dialects.ts), so that reader sees every
 * committed write and never blocks the writer. The statements are the ones ./documents.ts
 * lookUp runs, compiled here and sent to the worker together, which runs them by the same
 * rule (until one's first row says settled), so the answers are the same in one round trip.
 * PostgreSQL (its driver does not block) and an in-memory SQLite database (no file a
 * second connection could open) are read in process.
 */
import { Worker } from 'worker_threads'
import { sql } from 'kysely'
import type { Db } from '../db/schema'
import { isSqlite } from '../db/engine'
import { itemsOfRows, lookUp, lookupStatements, type IndexedItem, type IndexLookup, type LookupRow } from './documents'

/** Answers index lookups; `close` ends its worker (the app's onClose). */
export interface IndexReader {
  lookUp (lookup: IndexLookup): Promise<IndexedItem[]>
  /** Whether lookups run on a worker thread (a SQLite file) rather than on the app's connection. */
  inWorker (): Promise<boolean>
  close (): Promise<void>
}

/** One compiled statement. */
interface Statement { sql: string, parameters: readonly unknown[] }
/** A lookup's statements for the worker, and its answer: the rows of the statement that answered. */
interface Request { id: number, statements: Statement[] }
type Answer = { id: number, rows: LookupRow[] } | { id: number, error: string }

/**
 * The worker's code (plain CommonJS, so it runs the same under tsx, jest and a build): a
 * read-only connection to `file`, prepared statements kept by their text, one answer per
 * request — the rows of its first statement whose first row says settled, or of its last.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('worker_threads')
const Database = require(workerData.driver)
const database = new Database(workerData.file, { readonly: true, fileMustExist: true })
database.pragma('busy_timeout = 5000')
const statements = new Map()
const prepared = (sql) => {
  let statement = statements.get(sql)
  if (!statement) {
    statement = database.prepare(sql)
    statements.set(sql, statement)
  }
  return statement
}
parentPort.on('message', ({ id, statements: lookup }) => {
  try {
    let rows = []
    for (const { sql, parameters } of lookup) {
      rows = prepared(sql).all(parameters)
      if (rows.length > 0 && rows[0].settled === 1) break
    }
    parentPort.postMessage({ id, rows })
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) })
  }
})
`

/** The file of the SQLite database behind `db`; null for an in-memory (or temporary) one. */
async function sqliteFile (db: Db): Promise<string | null> {
  const rows = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db)
  const file = rows.rows[0]?.file ?? ''
  return file === '' ? null : file
}

/** One worker thread answering lookups in the order they were sent, started again if it dies. */
class LookupWorker {
  private worker: Worker | null = null
  private nextId = 0
  private readonly pending = new Map<number, { resolve: (rows: LookupRow[]) => void, reject: (error: Error) => void }>()

  constructor (private readonly file: string) {}

  private started (): Worker {
    if (this.worker) return this.worker
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: this.file, driver: require.resolve('better-sqlite3') } })
    worker.on('message', (answer: Answer) => {
      const waiting = this.pending.get(answer.id)
      if (!waiting) return
      this.pending.delete(answer.id)
      if ('error' in answer) waiting.reject(new Error(`search index lookup failed: ${answer.error}`))
      else waiting.resolve(answer.rows)
    })
    const failAll = (error: Error): void => {
      if (this.worker === worker) this.worker = null
      for (const waiting of this.pending.values()) waiting.reject(error)
      this.pending.clear()
    }
    worker.on('error', failAll)
    worker.on('exit', code => { failAll(new Error(`search index worker stopped (exit code ${code})`)) })
    this.worker = worker
    return worker
  }

  run (statements: Statement[]): Promise<LookupRow[]> {
    const worker = this.started()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      worker.postMessage({ id, statements } satisfies Request)
    })
  }

  async stop (): Promise<void> {
    const worker = this.worker
    this.worker = null
    if (worker) await worker.terminate()
  }
}

/** An index reader for `db`: on a SQLite file a worker thread (started at the first lookup), otherwise `db` itself. */
export function createIndexReader (db: Db): IndexReader {
  let closed = false
  // decided at the first lookup (the file's name is a query away); null: in process
  let worker: Promise<LookupWorker | null> | null = null
  const workerOf = (): Promise<LookupWorker | null> => {
    worker ??= isSqlite(db) ? sqliteFile(db).then(file => file === null ? null : new LookupWorker(file)) : Promise.resolve(null)
    return worker
  }
  return {
    async lookUp (lookup) {
      if (closed) throw new Error('search index reader is closed')
      const reader = await workerOf()
      if (closed) throw new Error('search index reader is closed')
      if (reader === null || lookup.channelIds.length === 0) return await lookUp(db, lookup)
      const statements = lookupStatements(db, lookup).map(statement => {
        const { sql: text, parameters } = statement.compile(db)
        return { sql: text, parameters }
      })
      return itemsOfRows(await reader.run(statements))
    },
    async inWorker () {
      return (await workerOf()) !== null
    },
    async close () {
      closed = true
      await (await worker)?.stop()
    },
  }
}
