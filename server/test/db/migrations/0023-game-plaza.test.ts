/**
 * The migration of the game plaza: down drops its tables and messages.card, up makes them
 * again, on both dialects; a move's nonce is unique per table (one nonce at two tables is two
 * moves), and a message's card is null unless the plaza posted it.
 */
import type { Kysely } from 'kysely'
import { down, up } from '../../../src/db/migrations/0023-game-plaza'
import { appDatabaseForMigrations } from './app-database'

const opened = appDatabaseForMigrations()

const tableRow = (tableId: string) => ({
  table_id: tableId, server_id: '723658', channel_id: '72365812', game: 'gomoku' as const, status: 'waiting' as const, access: 'open' as const, invite_code: null,
  turn_seconds: 60, seats: '[]', created_by: '100001', created_at: 1_900_000_000_000, round: 1, version: 0, seed: 1, state: null,
  turn_deadline: null, grace_deadline: null, result: null, watchers: 0, card_channel_id: null,
})
const moveRow = (tableId: string, seq: number, nonce: string) => ({ table_id: tableId, round: 1, seq, seat: 0, uid: '100001', nonce, move: '{}', at: 1_900_000_000_000 })

describe('0023-game-plaza', () => {
  it('drops and makes again the plaza tables and messages.card, leaving the messages as they were', async () => {
    const db = opened.db()
    const before = (await db.selectFrom('messages').select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n
    await down(db as unknown as Kysely<unknown>)
    // PostgreSQL lists every schema's tables: only the test app's own count
    const schema = opened.app().config.databaseSchema
    const names = (await db.introspection.getTables()).filter(table => schema === null || table.schema === schema).map(table => table.name)
    expect(names.filter(name => ['plaza_tables', 'plaza_moves', 'plaza_watchers', 'game_records'].includes(name))).toEqual([])
    await up(db as unknown as Kysely<unknown>)
    expect(Number((await db.selectFrom('messages').select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(Number(before))
    expect((await db.selectFrom('messages').select('card').where('card', 'is not', null).execute())).toEqual([])
  })

  it('keeps a nonce unique per table, and a unix-millisecond time whole on PostgreSQL (bigint)', async () => {
    const db = opened.db()
    await db.insertInto('plaza_tables').values([tableRow('m-a'), tableRow('m-b')]).execute()
    await db.insertInto('plaza_moves').values([moveRow('m-a', 0, 'same'), moveRow('m-b', 0, 'same')]).execute()
    // matched by message: better-sqlite3's error class may come from another test file's realm in a shared worker, where toThrow's instanceof fails
    await expect(db.insertInto('plaza_moves').values(moveRow('m-a', 1, 'same')).execute()).rejects.toMatchObject({ message: expect.stringMatching(/unique|duplicate key/i) })
    const stored = await db.selectFrom('plaza_tables').select('created_at').where('table_id', '=', 'm-a').executeTakeFirstOrThrow()
    expect(stored.created_at).toBe(1_900_000_000_000)
  })
})
