/**
 * Search on PostgreSQL reads a server's documents newest first: an index on
 * search_documents (server_id, doc_key). Without it, a common word searched in a small
 * server whose documents are older than a big server's walked the primary key backwards
 * through every newer document of the instance (190,250 rows, 118 ms at 210,000 documents;
 * 236 ms p50 at 1,000,000): the planner cannot tell how few of them the channel words
 * keep. With it, the walk stays inside the server (0.07 ms; bench/RESULTS.md). SQLite
 * needs none: its FTS5 table drives the lookup and keeps key order itself.
 */
import { SqliteAdapter, type Kysely } from 'kysely'

const sqliteOf = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof SqliteAdapter

/** Creates search_documents_server_key on PostgreSQL. */
export async function up (db: Kysely<unknown>): Promise<void> {
  if (sqliteOf(db)) return
  await db.schema.createIndex('search_documents_server_key').on('search_documents').columns(['server_id', 'doc_key']).execute()
}

/** Drops it. */
export async function down (db: Kysely<unknown>): Promise<void> {
  if (sqliteOf(db)) return
  await db.schema.dropIndex('search_documents_server_key').ifExists().execute()
}
