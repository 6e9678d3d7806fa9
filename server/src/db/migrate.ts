/**
 * Runs the schema migrations (server/src/db/migrations, in name order) up to the
 * newest. Called on every start; a database already at the newest version is left as is.
 * Several processes may start on one fresh database at once (a cluster, two `npm start`s):
 * migrating holds a lock, so the others wait for it and find the work done.
 */
import { Migrator, sql, type Migration } from 'kysely'
import * as initial from './migrations/0001-initial'
import * as gateway from './migrations/0002-gateway'
import * as chat from './migrations/0003-chat'
import * as posts from './migrations/0004-posts'
import * as trust from './migrations/0005-trust'
import * as abuseLimits from './migrations/0006-abuse-limits'
import * as postsFinish from './migrations/0007-posts-finish'
import * as trustRecords from './migrations/0008-trust-records'
import * as contentLimits from './migrations/0009-content-limits'
import * as sharedQuotas from './migrations/0010-shared-quotas'
import * as accounts from './migrations/0011-accounts'
import * as search from './migrations/0012-search'
import * as directMessages from './migrations/0013-direct-messages'
import * as notifications from './migrations/0014-notifications'
import * as webPush from './migrations/0015-web-push'
import * as spaceMaps from './migrations/0016-space-maps'
import * as searchByServer from './migrations/0017-search-by-server'
import * as messagesByAuthor from './migrations/0018-messages-by-author'
import * as groupBlocks from './migrations/0019-group-blocks'
import * as botSignInRows from './migrations/0020-bot-sign-in-rows'
import * as fileUploaders from './migrations/0021-file-uploaders'
import * as voiceChannels from './migrations/0022-voice-channels'
import * as gamePlaza from './migrations/0023-game-plaza'
import * as pins from './migrations/0024-pins'
import * as slowMode from './migrations/0025-slow-mode'
import * as notificationSubjects from './migrations/0026-notification-subjects'
import { isSqlite } from './engine'
import type { Db } from './schema'

/** Every migration by name; names sort in the order they must run. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-gateway': gateway,
  '0003-chat': chat,
  '0004-posts': posts,
  '0005-trust': trust,
  '0006-abuse-limits': abuseLimits,
  '0007-posts-finish': postsFinish,
  '0008-trust-records': trustRecords,
  '0009-content-limits': contentLimits,
  '0010-shared-quotas': sharedQuotas,
  '0011-accounts': accounts,
  '0012-search': search,
  '0013-direct-messages': directMessages,
  '0014-notifications': notifications,
  '0015-web-push': webPush,
  '0016-space-maps': spaceMaps,
  '0017-search-by-server': searchByServer,
  '0018-messages-by-author': messagesByAuthor,
  '0019-group-blocks': groupBlocks,
  '0020-bot-sign-in-rows': botSignInRows,
  '0021-file-uploaders': fileUploaders,
  '0022-voice-channels': voiceChannels,
  '0023-game-plaza': gamePlaza,
  '0024-pins': pins,
  '0025-slow-mode': slowMode,
  '0026-notification-subjects': notificationSubjects,
}

/**
 * Brings the schema to the newest migration; throws with the failing migration's error.
 * On PostgreSQL `schema` names where the migration bookkeeping lives (the working schema,
 * 'public' by default): Kysely looks for its tables across all schemas otherwise and
 * would take another schema's for its own.
 */
export async function migrateToLatest (db: Db, schema?: string): Promise<void> {
  if (isSqlite(db)) {
    await db.connection().execute(connection => withSqliteWriteLock(connection, () => runMigrations(connection)))
  } else {
    // PostgreSQL: Kysely's migrator runs in one transaction holding pg_advisory_xact_lock
    await runMigrations(db, schema)
  }
}

/**
 * Runs `work` inside BEGIN IMMEDIATE on `connection`: the file's write lock is taken
 * first, so a second process waits (the connection's busy timeout) until the first has
 * committed, then finds the migrations done. Kysely's SQLite adapter takes no lock itself.
 */
async function withSqliteWriteLock (connection: Db, work: () => Promise<void>): Promise<void> {
  await sql`begin immediate`.execute(connection)
  try {
    await work()
  } catch (error) {
    await sql`rollback`.execute(connection)
    throw error
  }
  await sql`commit`.execute(connection)
}

async function runMigrations (db: Db, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    // each branch owns one migration (0002 … 0006) and they merge in any order: a database
    // that already ran a later one still gets an earlier one that lands afterwards
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find(result => result.status === 'Error')
    // the cause is kept: a failed start names a database that cannot be reached (start-failure.ts)
    throw Object.assign(new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${error instanceof Error ? error.message : String(error)}`), { cause: error })
  }
}
