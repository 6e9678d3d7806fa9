/**
 * The migration of slow mode: down drops channels.slow_mode_seconds and slow_mode_sends, up
 * makes them again with every channel off, on both dialects; a member has one last send per
 * channel, gone with the channel.
 */
import type { Kysely } from 'kysely'
import { down, up } from '../../../src/db/migrations/0025-slow-mode'
import { appDatabaseForMigrations } from './app-database'

const opened = appDatabaseForMigrations()
const LOBBY = '83282802'

describe('0025-slow-mode', () => {
  it('drops and makes again the column and the table, every channel off and every channel kept', async () => {
    const db = opened.db()
    const before = Number((await db.selectFrom('channels').select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
    await db.updateTable('channels').set({ slow_mode_seconds: 30 }).where('channel_id', '=', LOBBY).execute()
    await down(db as unknown as Kysely<unknown>)
    const schema = opened.app().config.databaseSchema
    const tables = (await db.introspection.getTables()).filter(table => schema === null || table.schema === schema)
    expect(tables.map(table => table.name)).not.toContain('slow_mode_sends')
    expect(tables.find(table => table.name === 'channels')?.columns.map(column => column.name)).not.toContain('slow_mode_seconds')
    await up(db as unknown as Kysely<unknown>)
    const channels = await db.selectFrom('channels').select(['channel_id', 'slow_mode_seconds']).execute()
    expect(channels).toHaveLength(before)
    expect(channels.filter(channel => channel.slow_mode_seconds !== 0)).toEqual([])
  })

  it('keeps one last send per member and channel, and drops it with its channel', async () => {
    const db = opened.db()
    await db.insertInto('slow_mode_sends').values({ channel_id: LOBBY, uid: '100004', sent_at: 2_000_000_000 }).execute()
    // matched by message: better-sqlite3's error class may come from another test file's realm in a shared worker
    await expect(db.insertInto('slow_mode_sends').values({ channel_id: LOBBY, uid: '100004', sent_at: 2_000_000_001 }).execute()).rejects.toMatchObject({ message: expect.stringMatching(/unique|duplicate key/i) })
    expect(await db.selectFrom('slow_mode_sends').select('sent_at').where('channel_id', '=', LOBBY).executeTakeFirstOrThrow()).toEqual({ sent_at: 2_000_000_000 })
    await db.deleteFrom('channels').where('channel_id', '=', LOBBY).execute()
    expect(await db.selectFrom('slow_mode_sends').selectAll().execute()).toEqual([])
  })
})
