/**
 * The migration of pins: down drops the pins table and messages.notice, up makes them again,
 * on both dialects; a message is pinned at most once, and its pin goes when it is deleted.
 */
import type { Kysely } from 'kysely'
import { down, up } from '../../../src/db/migrations/0024-pins'
import { appDatabaseForMigrations } from './app-database'

const opened = appDatabaseForMigrations()

describe('0024-pins', () => {
  it('drops and makes again the pins table and messages.notice, leaving the messages as they were', async () => {
    const db = opened.db()
    const count = async () => Number((await db.selectFrom('messages').select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
    const before = await count()
    await down(db as unknown as Kysely<unknown>)
    // PostgreSQL lists every schema's tables: only the test app's own count
    const schema = opened.app().config.databaseSchema
    const names = (await db.introspection.getTables()).filter(table => schema === null || table.schema === schema).map(table => table.name)
    expect(names).not.toContain('pins')
    await up(db as unknown as Kysely<unknown>)
    expect(await count()).toBe(before)
    expect(await db.selectFrom('messages').select('notice').where('notice', 'is not', null).execute()).toEqual([])
  })

  it('pins a message once, and lets its pin go with it', async () => {
    const db = opened.db()
    const message = await db.selectFrom('messages').select(['message_id', 'channel_id', 'server_id']).orderBy('message_id').executeTakeFirstOrThrow()
    const pin = { ...message, pinned_by: '100001', pinned_at: 1_900_000_000 }
    await db.insertInto('pins').values(pin).execute()
    // matched by message: better-sqlite3's error class may come from another test file's realm in a shared worker
    await expect(db.insertInto('pins').values(pin).execute()).rejects.toMatchObject({ message: expect.stringMatching(/unique|duplicate key|constraint/i) })
    await db.deleteFrom('reactions').where('message_id', '=', message.message_id).execute()
    await db.deleteFrom('mention_notices').where('message_id', '=', message.message_id).execute()
    await db.deleteFrom('messages').where('message_id', '=', message.message_id).execute()
    expect(await db.selectFrom('pins').selectAll().execute()).toEqual([])
  })
})
