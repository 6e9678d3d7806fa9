/**
 * The migration that deletes the ways in a bot or map account held before they were
 * refused: passkeys, addresses and WeChat identities of bot and map accounts, and bots'
 * session rows, go; an ordinary member's stay.
 */
import type { Kysely } from 'kysely'
import { up } from '../../../src/db/migrations/0020-bot-sign-in-rows'
import { newSession } from '../../../src/repositories/users'
import { appDatabaseForMigrations } from './app-database'

const opened = appDatabaseForMigrations()

/** Gives `uid` a passkey, an address, a WeChat identity and a session. */
async function waysIn (uid: string): Promise<void> {
  await opened.db().insertInto('passkeys').values({ credential_id: `key-${uid}`, uid, public_key: 'k', counter: 0, transports: '[]', name: 'x', created_at: 1, last_used_at: 1 }).execute()
  await opened.db().insertInto('account_emails').values({ uid, email: `${uid.toLowerCase()}@mail.example`, verified_at: 1 }).execute()
  await opened.db().insertInto('wechat_identities').values({ app: 'web', openid: `openid-${uid}`, unionid: null, uid, created_at: 1 }).execute()
  await opened.db().insertInto('sessions').values(newSession(uid, 1).row).execute()
}

async function count (table: 'passkeys' | 'account_emails' | 'wechat_identities' | 'sessions', uid: string): Promise<number> {
  return Number((await opened.db().selectFrom(table).select(eb => eb.fn.countAll<number>().as('n')).where('uid', '=', uid).executeTakeFirstOrThrow()).n)
}

describe('deleting the ways in that bots and map accounts held', () => {
  it('deletes a bot\'s and a map account\'s passkeys, addresses and WeChat identities, a bot\'s sessions, and keeps a member\'s', async () => {
    for (const uid of ['C_200001', 'D_400001', '100004']) await waysIn(uid)
    await up(opened.db() as unknown as Kysely<unknown>)
    for (const table of ['passkeys', 'account_emails', 'wechat_identities', 'sessions'] as const) {
      expect(await count(table, 'C_200001')).toBe(0)
      expect(await count(table, '100004')).toBeGreaterThan(0)
    }
    for (const table of ['passkeys', 'account_emails', 'wechat_identities'] as const) expect(await count(table, 'D_400001')).toBe(0)
  })
})
