/**
 * Which engine a query runs on, for the few statements SQLite and PostgreSQL spell
 * differently (a catalogue query, a row lock, a full-text index).
 */
import { SqliteAdapter, type Kysely } from 'kysely'

/** True on SQLite, false on PostgreSQL; a transaction answers as its database. */
export function isSqlite (db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter
}
