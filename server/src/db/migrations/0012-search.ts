/**
 * The search index (server/src/search): one row per indexed message, post or comment in
 * search_documents, keyed by doc_key — the item's time-ordered id read as a 64-bit
 * integer, so newest-first is the key's order and a page of hits is read from the index
 * newest first, never sorted after a scan. The words live in a SQLite FTS5 table whose
 * rowid is doc_key (contentless: the text stays in its own table), or in a tsvector
 * column with a GIN index on PostgreSQL. search_backfill remembers how far the start-up
 * indexing of rows written before this migration has come.
 */
import { SqliteAdapter, sql, type Kysely } from 'kysely'

/** Creates search_documents, its words (FTS5 table or tsvector with GIN) and search_backfill. */
export async function up (db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  let documents = db.schema.createTable('search_documents')
    .addColumn('doc_key', sqlite ? 'integer' : 'bigint', col => col.primaryKey())
    .addColumn('kind', 'text', col => col.notNull())
    .addColumn('item_id', 'text', col => col.notNull())
    .addColumn('server_id', 'text', col => col.notNull())
    .addColumn('channel_id', 'text', col => col.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('author_uid', 'text', col => col.notNull())
    .addColumn('created_at', 'integer', col => col.notNull())
    .addUniqueConstraint('search_documents_item', ['kind', 'item_id'])
  if (!sqlite) documents = documents.addColumn('words', sql`tsvector`, col => col.notNull())
  await documents.execute()
  await db.schema.createIndex('search_documents_parent').on('search_documents').columns(['parent_id']).execute()
  if (sqlite) {
    // the words are folded and cut before they get here; '_' keeps the filter words (_c…, _a…, _h…) whole
    await sql`create virtual table search_words using fts5(words, content='', contentless_delete=1, tokenize="unicode61 remove_diacritics 0 tokenchars '_'")`.execute(db)
  } else {
    await sql`create index search_documents_words on search_documents using gin (words)`.execute(db)
  }
  await db.schema.createTable('search_backfill')
    .addColumn('kind', 'text', col => col.primaryKey())
    .addColumn('last_id', 'text')
    .addColumn('done', 'integer', col => col.notNull().defaultTo(0))
    .execute()
}

/** Drops the search index. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists search_words`.execute(db)
  await db.schema.dropTable('search_documents').ifExists().execute()
  await db.schema.dropTable('search_backfill').ifExists().execute()
}
