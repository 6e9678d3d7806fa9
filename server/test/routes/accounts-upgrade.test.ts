/**
 * A guest who signs up keeps everything (SPEC §3: the B_ uid cannot stay, so every row
 * moves to the account's uid in one transaction and the old uid resolves to the account).
 * Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
import type { AccountSignInData } from '@core/wire/accounts'
import type { User } from '@core/wire/entities'
import type { BusEvent } from '../../src/bus'
import type { Db } from '../../src/db/schema'
import { directKeyOf } from '../../src/repositories/conversations'
import { DOC_KEY_MAX, lookUp } from '../../src/search/documents'
import { envelope, signInAsGuest, signInAsMember, type TestApp } from '../helper'
import { footprint as footprintIn, FRIEND, keepBusy, LOBBY, SERVER, startAccountApp, type AccountApp } from './account-fixtures'
import type { SmtpInbox } from '../services/smtp-inbox'

let app: AccountApp
let test: TestApp
let inbox: SmtpInbox
let db: Db
let events: BusEvent[]

beforeAll(async () => {
  app = await startAccountApp()
  ;({ test, inbox, db, events } = app)
}, 30_000) // a fresh PostgreSQL schema migrates and seeds slowly on a busy machine
afterAll(async () => { await app.close() })

const footprint = (uid: string) => footprintIn(db, uid)

/** A new guest who has done a bit of everything (keepBusy). */
async function busyGuest (): Promise<{ headers: Record<string, string>, uid: string, messageId: string }> {
  const guest = await signInAsGuest(test)
  return { ...guest, messageId: await keepBusy(test, db, guest) }
}

/** Signs `headers`' caller up with a fresh address. */
async function signUp (headers: Record<string, string>, email: string): Promise<AccountSignInData> {
  await test.inject({ method: 'POST', url: '/auth/email/start', payload: { email } })
  const code = await inbox.codeFor(email)
  return envelope<AccountSignInData>(await test.inject({ method: 'POST', url: '/auth/email/verify', headers, payload: { email, code } })).data
}

describe('a guest who signs up', () => {
  it('keeps every row it had, moved to the account in one go (row counts per table before and after)', async () => {
    const guest = await busyGuest()
    const before = await footprint(guest.uid)
    expect(Object.values(before.naming).reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(10)
    const account = await signUp(guest.headers, 'busy.guest@mail.example')
    expect(account.upgraded_from).toBe(guest.uid)
    const afterOld = await footprint(guest.uid)
    const afterNew = await footprint(account.user.uid)
    expect(Object.values(afterOld.naming).every(n => n === 0)).toBe(true)
    // the one row added is the address it signed up with
    expect(afterNew.naming).toEqual({ ...before.naming, 'account_emails.uid': 1 })
    expect(afterNew.totals).toEqual({ ...before.totals, account_emails: before.totals.account_emails + 1 })
  })

  it('shows as a user afterwards, with a fresh token; the guest token is revoked and its sockets closed', async () => {
    const guest = await busyGuest()
    events.length = 0
    const account = await signUp(guest.headers, 'shown.guest@mail.example')
    expect(account.user.uid).not.toMatch(/^B_/)
    expect(account.user.nickname).not.toMatch(/游客/)
    expect((await test.inject({ url: '/user/me', headers: guest.headers })).statusCode).toBe(401)
    const me = envelope<User>(await test.inject({ url: '/user/me', headers: { authorization: `Bearer ${account.token}` } })).data
    expect(me.uid).toBe(account.user.uid)
    expect(events).toContainEqual({ t: 'SESSION_REVOKED', server_id: '', uid: guest.uid, d: { uid: guest.uid, session_ids: null, reason: 'revoked' } })
  })

  it('keeps its membership, message, mention and read state under the new uid', async () => {
    const guest = await busyGuest()
    // its read positions: the one it moved by reading, and those its join set at each channel's newest message
    const readBefore = await db.selectFrom('read_states').select('channel_id').where('uid', '=', guest.uid).execute()
    expect(readBefore.length).toBeGreaterThanOrEqual(1)
    const account = await signUp(guest.headers, 'member.guest@mail.example')
    expect(await db.selectFrom('server_members').select('uid').where('server_id', '=', SERVER).where('uid', '=', account.user.uid).executeTakeFirst()).toBeDefined()
    const read = await db.selectFrom('read_states').select('channel_id').where('uid', '=', account.user.uid).execute()
    expect(read.map(row => row.channel_id).sort()).toEqual(readBefore.map(row => row.channel_id).sort())
    const mention = await db.selectFrom('messages').select(['mentions', 'content']).where('nonce', '=', `mention-${guest.uid}`).executeTakeFirstOrThrow()
    expect(JSON.parse(mention.mentions)).toEqual([account.user.uid])
    expect(mention.content).toBe(`hi <@${account.user.uid}>`)
    const message = await db.selectFrom('messages').select('author_uid').where('message_id', '=', guest.messageId).executeTakeFirstOrThrow()
    expect(message.author_uid).toBe(account.user.uid)
  })

  it('keeps its direct conversation, the mention in it, its notification and its search index rows under the new uid', async () => {
    const guest = await busyGuest()
    const conversation = await db.selectFrom('conversations').select('conversation_id').where('direct_key', '=', directKeyOf(guest.uid, FRIEND)).executeTakeFirstOrThrow()
    const notificationsBefore = await db.selectFrom('notifications').select('notification_id').where('uid', '=', guest.uid).execute()
    expect(notificationsBefore.length).toBeGreaterThanOrEqual(1)
    const account = await signUp(guest.headers, 'direct.guest@mail.example')
    const uid = account.user.uid
    // the pair's key is built again: the friend finds the same conversation with the account
    const found = await db.selectFrom('conversations').select('conversation_id').where('direct_key', '=', directKeyOf(uid, FRIEND)).executeTakeFirst()
    expect(found?.conversation_id).toBe(conversation.conversation_id)
    const friend = await signInAsMember(test, FRIEND)
    expect(envelope<{ conversation_id: string }>(await test.inject({ method: 'POST', url: '/conversations/direct', headers: friend.headers, payload: { uid } })).data.conversation_id).toBe(conversation.conversation_id)
    const mention = await db.selectFrom('direct_messages').select(['mentions', 'content']).where('nonce', '=', `dm-mention-${guest.uid}`).executeTakeFirstOrThrow()
    expect([JSON.parse(mention.mentions), mention.content]).toEqual([[uid], `好 <@${uid}>`])
    expect((await db.selectFrom('notifications').select('notification_id').where('uid', '=', uid).execute()).sort()).toEqual(notificationsBefore.sort())
    // a search from: the account finds what the guest wrote (the author's filter word is in the index's words)
    const byAuthor = (author: string) => lookUp(db, { words: [], serverId: SERVER, channelIds: [LOBBY], authorUids: [author], has: [], lowerKey: BigInt(0), upperKey: DOC_KEY_MAX, limit: 10 })
    expect((await byAuthor(uid)).map(item => item.item_id)).toEqual([guest.messageId])
    expect(await byAuthor(guest.uid)).toEqual([])
  })

  it('leaves the old uid naming the account', async () => {
    const guest = await busyGuest()
    const account = await signUp(guest.headers, 'alias.guest@mail.example')
    expect(envelope<User>(await test.inject({ url: `/users/${guest.uid}` })).data.uid).toBe(account.user.uid)
  })
})
