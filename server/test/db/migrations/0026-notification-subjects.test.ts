/**
 * The notifications' subject indexes: a deleted message's (or comment's) notifications are
 * found through an index, on SQLite and PostgreSQL, and `down` takes the indexes away again.
 */
import { sql, type Kysely } from 'kysely'
import { isSqlite } from '../../../src/db/engine'
import { down, up } from '../../../src/db/migrations/0026-notification-subjects'
import { usesPostgres } from '../../helper'
import { appDatabaseForMigrations } from './app-database'

const opened = appDatabaseForMigrations()
const INDEXES = ['notifications_message', 'notifications_post_comment']

/** The notifications table's index names this test app's database holds. */
async function indexNames (): Promise<string[]> {
  const db = opened.db()
  if (isSqlite(db)) {
    return (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'notifications'`.execute(db)).rows.map(row => row.name)
  }
  const schema = opened.app().config.databaseSchema
  return (await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'notifications' and schemaname = ${schema}`.execute(db)).rows.map(row => row.indexname)
}

describe('0026-notification-subjects', () => {
  it('indexes notifications by message and by post and comment, and drops the indexes on the way down', async () => {
    expect(await indexNames()).toEqual(expect.arrayContaining(INDEXES))
    await down(opened.db() as unknown as Kysely<unknown>)
    expect((await indexNames()).filter(name => INDEXES.includes(name))).toEqual([])
    await up(opened.db() as unknown as Kysely<unknown>)
    expect(await indexNames()).toEqual(expect.arrayContaining(INDEXES))
  })

  // the plan of a near-empty table on PostgreSQL is a scan whatever its indexes: read on SQLite
  ;(usesPostgres ? it.skip : it)('finds a message\'s notifications through its index on SQLite, not by reading the table', async () => {
    const db = opened.db()
    const plan = (await sql<{ detail: string }>`explain query plan select uid, notification_id from notifications where message_id = ${'1'} and comment_id is null`.execute(db)).rows.map(row => row.detail).join('\n')
    expect(plan).toMatch(/USING INDEX notifications_message/)
  })
})
