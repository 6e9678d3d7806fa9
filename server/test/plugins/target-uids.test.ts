/**
 * A guest's uid that became an account names that account in every write taking a target
 * uid (path `:uid`, body `uid` / `uids`, a member's `target_id`): the write acts on the account. Runs on SQLite,
 * and on PostgreSQL with DATABASE_URL.
 */
import type { AccountSignInData } from '@core/wire/accounts'
import type { Db } from '../../src/db/schema'
import { DEMO_OWNER, envelope, signInAsGuest, signInAsMember, type TestApp } from '../helper'
import { POSTS, SERVER, startAccountApp, type AccountApp } from '../routes/account-fixtures'
import type { SmtpInbox } from '../services/smtp-inbox'

let app: AccountApp
let test: TestApp
let inbox: SmtpInbox
let db: Db
let addresses = 0

beforeAll(async () => {
  app = await startAccountApp()
  ;({ test, inbox, db } = app)
}, 30_000) // a fresh PostgreSQL schema migrates and seeds slowly on a busy machine
afterAll(async () => { await app.close() })

/** A guest who joined the busy server and then signed up: its old uid and the account's. */
async function upgradedGuest (): Promise<{ oldUid: string, uid: string }> {
  const guest = await signInAsGuest(test)
  expect((await test.inject({ method: 'POST', url: `/servers/${SERVER}/members/me`, headers: guest.headers })).statusCode).toBe(200)
  addresses += 1
  const email = `upgraded${addresses}@mail.example`
  await test.inject({ method: 'POST', url: '/auth/email/start', payload: { email } })
  const code = await inbox.codeFor(email)
  const account = envelope<AccountSignInData>(await test.inject({ method: 'POST', url: '/auth/email/verify', headers: guest.headers, payload: { email, code } })).data
  expect(account.upgraded_from).toBe(guest.uid)
  return { oldUid: guest.uid, uid: account.user.uid }
}

describe("a write naming an upgraded guest's old uid", () => {
  let owner: { headers: Record<string, string> }
  beforeAll(async () => { owner = { headers: { ...(await signInAsMember(test, DEMO_OWNER)).headers, 'accept-language': 'en' } } })

  it('times out the account the guest became', async () => {
    const { oldUid, uid } = await upgradedGuest()
    const until = Math.floor(Date.now() / 1000) + 600
    const response = await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/${oldUid}/timeout`, headers: owner.headers, payload: { until } })
    expect(response.statusCode).toBe(200)
    expect(await db.selectFrom('member_timeouts').select('uid').where('uid', 'in', [oldUid, uid]).execute()).toEqual([{ uid }])
  })

  it('gives the account the guest became a role, and takes it back', async () => {
    const { oldUid, uid } = await upgradedGuest()
    const role = `${SERVER}-trainee`
    expect((await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/${oldUid}/roles/${role}`, headers: owner.headers })).statusCode).toBe(200)
    expect(await db.selectFrom('member_roles').select('uid').where('role_id', '=', role).where('uid', 'in', [oldUid, uid]).execute()).toEqual([{ uid }])
    expect((await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/members/${oldUid}/roles/${role}`, headers: owner.headers })).statusCode).toBe(200)
    expect(await db.selectFrom('member_roles').select('uid').where('role_id', '=', role).where('uid', '=', uid).execute()).toEqual([])
  })

  it('kicks the account the guest became', async () => {
    const { oldUid, uid } = await upgradedGuest()
    expect((await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/members/${oldUid}`, headers: owner.headers })).statusCode).toBe(200)
    expect(await db.selectFrom('server_members').select('uid').where('server_id', '=', SERVER).where('uid', 'in', [oldUid, uid]).execute()).toEqual([])
  })

  it('bans the account the guest became, and lifts the ban', async () => {
    const { oldUid, uid } = await upgradedGuest()
    const ban = await test.inject({ method: 'PUT', url: `/servers/${SERVER}/bans/${oldUid}`, headers: owner.headers, payload: {} })
    expect(ban.statusCode).toBe(200)
    expect(await db.selectFrom('bans').select('uid').where('server_id', '=', SERVER).where('uid', 'in', [oldUid, uid]).execute()).toEqual([{ uid }])
    expect((await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/bans/${oldUid}`, headers: owner.headers })).statusCode).toBe(200)
    expect(await db.selectFrom('bans').select('uid').where('server_id', '=', SERVER).where('uid', '=', uid).execute()).toEqual([])
  })

  it('blocks the account the guest became from direct messages', async () => {
    const { oldUid, uid } = await upgradedGuest()
    const blocker = await signInAsMember(test, '100003')
    expect((await test.inject({ method: 'PUT', url: `/users/me/blocks/${oldUid}`, headers: blocker.headers })).statusCode).toBe(200)
    expect(await db.selectFrom('user_blocks').select('blocked_uid').where('blocker_uid', '=', blocker.uid).where('blocked_uid', 'in', [oldUid, uid]).execute()).toEqual([{ blocked_uid: uid }])
    expect((await test.inject({ method: 'DELETE', url: `/users/me/blocks/${oldUid}`, headers: blocker.headers })).statusCode).toBe(200)
    expect(await db.selectFrom('user_blocks').select('blocked_uid').where('blocker_uid', '=', blocker.uid).where('blocked_uid', '=', uid).execute()).toEqual([])
  })

  it('opens the direct conversation with the account the guest became', async () => {
    const { oldUid, uid } = await upgradedGuest()
    const response = await test.inject({ method: 'POST', url: '/conversations/direct', headers: owner.headers, payload: { uid: oldUid } })
    expect(response.statusCode).toBe(200)
    const { conversation_id: conversationId } = envelope<{ conversation_id: string }>(response).data
    const participants = await db.selectFrom('conversation_participants').select('uid').where('conversation_id', '=', conversationId).orderBy('uid').execute()
    expect(participants.map(row => row.uid)).toEqual([DEMO_OWNER, uid].sort())
  })

  it('reports the account the guest became, and sets a channel override for it', async () => {
    const { oldUid, uid } = await upgradedGuest()
    const reporter = await signInAsMember(test, '100003')
    expect((await test.inject({ method: 'POST', url: '/reports', headers: reporter.headers, payload: { target_type: 'member', target_id: oldUid, server_id: SERVER, reason: 'spam' } })).statusCode).toBe(200)
    expect(await db.selectFrom('reports').select('target_id').where('reporter_uid', '=', reporter.uid).where('target_id', 'in', [oldUid, uid]).execute()).toEqual([{ target_id: uid }])
    const override = await test.inject({ method: 'PUT', url: `/channels/${POSTS}/overrides/member/${oldUid}`, headers: owner.headers, payload: { allow: 0, deny: 1 } })
    expect(override.statusCode).toBe(200)
    expect(await db.selectFrom('channel_overrides').select('target_id').where('channel_id', '=', POSTS).where('target_id', 'in', [oldUid, uid]).execute()).toEqual([{ target_id: uid }])
  })

  it('refuses a uid nobody has, in the envelope and writing nothing', async () => {
    const response = await test.inject({ method: 'PUT', url: `/servers/${SERVER}/bans/B_000000000000`, headers: owner.headers, payload: {} })
    expect(response.statusCode).toBe(404)
    expect(envelope(response).code).not.toBe(0)
    expect(await db.selectFrom('bans').select('uid').where('uid', '=', 'B_000000000000').execute()).toEqual([])
  })
})
