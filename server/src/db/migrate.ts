/**
 * Runs the schema migrations (server/src/db/migrations, in name order) up to the
 * newest. Called on every start; a database already at the newest version is left as is.
 */
import { Migrator, type Migration } from 'kysely'
import * as initial from './migrations/0001-initial'
import * as gateway from './migrations/0002-gateway'
import * as chat from './migrations/0003-chat'
import * as abuseLimits from './migrations/0006-abuse-limits'
import type { Db } from './schema'

/** Every migration by name; names sort in the order they must run. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-gateway': gateway,
  '0003-chat': chat,
  '0006-abuse-limits': abuseLimits,
}

/**
 * Brings the schema to the newest migration; throws with the failing migration's error.
 * On PostgreSQL `schema` names where the migration bookkeeping lives (the working schema,
 * 'public' by default): Kysely looks for its tables across all schemas otherwise and
 * would take another schema's for its own.
 */
export async function migrateToLatest (db: Db, schema?: string): Promise<void> {
  // each branch owns one migration (0002 … 0006) and they merge in any order: a database
  // that already ran a later one still gets an earlier one that lands afterwards
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS }, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find(result => result.status === 'Error')
    // the cause is kept: a failed start names a database that cannot be reached (start-failure.ts)
    throw Object.assign(new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${error instanceof Error ? error.message : String(error)}`), { cause: error })
  }
}
