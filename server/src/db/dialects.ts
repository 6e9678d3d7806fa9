/**
 * Opens the database behind the one query layer (Kysely): PostgreSQL when a
 * DATABASE_URL is configured, otherwise the embedded SQLite file DATA_DIR/openrealm.sqlite.
 */
import { mkdirSync } from 'fs'
import path from 'path'
import SqliteDatabase from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import { Client, Pool, types } from 'pg'
import { isUniqueViolation } from './errors'
import type { Database, Db } from './schema'

/** Which engine is underneath. */
export type DialectName = 'sqlite' | 'postgres'

/** An open database. */
export interface OpenDatabase {
  db: Db
  dialect: DialectName
}

/** Where and how to open the database. */
export interface DatabaseOptions {
  dataDir: string
  databaseUrl: string | null
  /** PostgreSQL only: the schema to work in, created when missing. */
  databaseSchema: string | null
}

/** File name of the embedded database inside DATA_DIR. */
export const SQLITE_FILE = 'openrealm.sqlite'

// COUNT(*) is a bigint in PostgreSQL; every count here fits a JS number.
types.setTypeParser(types.builtins.INT8, value => Number(value))

function openSqlite (dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true })
  const database = new SqliteDatabase(path.join(dataDir, SQLITE_FILE))
  database.pragma('journal_mode = WAL')
  database.pragma('foreign_keys = ON')
  database.pragma('busy_timeout = 5000')
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) })
}

async function openPostgres (url: string, schema: string | null): Promise<Db> {
  if (schema !== null) {
    const client = new Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(`create schema if not exists "${schema}"`)
    } catch (error) {
      // another process starting at the same moment created it first
      if (!isUniqueViolation(error)) throw error
    } finally {
      await client.end()
    }
  }
  const pool = new Pool({
    connectionString: url,
    max: 10,
    ...(schema !== null ? { options: `-c search_path=${schema}` } : {}),
  })
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
}

/** Opens the configured database (migrations are run separately, see migrate.ts). */
export async function openDatabase (options: DatabaseOptions): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    return { db: await openPostgres(options.databaseUrl, options.databaseSchema), dialect: 'postgres' }
  }
  return { db: openSqlite(options.dataDir), dialect: 'sqlite' }
}
