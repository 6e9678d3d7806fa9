/**
 * The account's own data: sign out everywhere, export, delete (row counts per table before
 * and after; runs on SQLite, and on PostgreSQL with DATABASE_URL).
 */
import { sql } from 'kysely'
import type { AccountExport, AccountSignInData, SignInMethods } from '@core/wire/accounts'
import type { AuditEntry, Report } from '@core/wire/trust'
import { AUDIT_MEMBER_FIELD } from '@core/wire/trust-paths'
import type { BusEvent } from '../../src/bus'
import type { Db } from '../../src/db/schema'
import { DELETED_ACCOUNT_NAME } from '../../src/repositories/account-data'
import { DOC_KEY_MAX, lookUp } from '../../src/search/documents'
import { DEMO_OWNER, envelope, PNG_1X1, signInAsMember, usesPostgres, type TestApp } from '../helper'
import type { SmtpInbox } from '../services/smtp-inbox'
import { footprint, keepBusy, LOBBY, POSTS, SERVER, startAccountApp, type AccountApp } from './account-fixtures'

let app: AccountApp
let test: TestApp
let inbox: SmtpInbox
let db: Db
let events: BusEvent[]
let addresses = 0

beforeAll(async () => {
  app = await startAccountApp()
  ;({ test, inbox, db, events } = app)
}, 30_000) // a fresh PostgreSQL schema migrates and seeds slowly on a busy machine
afterAll(async () => { await app.close() })

/** Signs in with `email` (a new account the first time); resolves its bearer header and uid. */
async function signIn (email: string): Promise<{ headers: Record<string, string>, uid: string }> {
  await test.inject({ method: 'POST', url: '/auth/email/start', payload: { email } })
  const code = await inbox.codeFor(email)
  const { data } = envelope<AccountSignInData>(await test.inject({ method: 'POST', url: '/auth/email/verify', payload: { email, code } }))
  return { headers: { authorization: `Bearer ${data.token}`, 'accept-language': 'en' }, uid: data.user.uid }
}

/** A new account that has done a bit of everything. */
async function busyAccount (): Promise<{ headers: Record<string, string>, uid: string, email: string }> {
  addresses += 1
  const email = `data${addresses}@mail.example`
  const account = await signIn(email)
  await keepBusy(test, db, account)
  return { ...account, email }
}

const me = (headers: Record<string, string>) => test.inject({ url: '/user/me', headers })
/** The columns of `naming` other than `except` that still name the uid. */
const nonZero = (naming: Record<string, number>, except: readonly string[]) => Object.fromEntries(Object.entries(naming).filter(([column, n]) => n > 0 && !except.includes(column)))
const remove = (headers: Record<string, string>, content: 'keep' | 'remove') => test.inject({ method: 'POST', url: '/account/delete', headers, payload: { content } })

describe('account', () => {
  it('lists its sign-in methods', async () => {
    const account = await busyAccount()
    expect(envelope<SignInMethods>(await test.inject({ url: '/account', headers: account.headers })).data).toEqual({ email: account.email, passkeys: 0, wechat: false })
  })

  it('signs out everywhere: every session ends and every socket of the account closes', async () => {
    const account = await busyAccount()
    const otherDevice = await signIn(account.email)
    events.length = 0
    expect((await test.inject({ method: 'POST', url: '/auth/sign-out-everywhere', headers: account.headers })).statusCode).toBe(200)
    expect((await me(account.headers)).statusCode).toBe(401)
    expect((await me(otherDevice.headers)).statusCode).toBe(401)
    expect(events).toEqual([{ t: 'SESSION_REVOKED', server_id: '', uid: account.uid, d: { uid: account.uid, session_ids: null, reason: 'revoked' } }])
  })

  it('exports its profile, memberships, messages, posts and comments as a JSON download', async () => {
    const account = await busyAccount()
    const response = await test.inject({ url: '/account/export', headers: account.headers })
    expect(response.headers['content-disposition']).toBe(`attachment; filename="openrealm-${account.uid}.json"`)
    const data = envelope<AccountExport>(response).data
    expect(data.profile.uid).toBe(account.uid)
    expect(data.memberships.map(membership => membership.server_id)).toEqual([SERVER])
    expect(data.messages.map(message => message.content)).toEqual(['你好'])
    expect(data.posts.map(post => post.title)).toEqual(['作品'])
    expect(data.comments.map(comment => comment.content)).toEqual(['好看'])
    expect(data.sign_in_methods.email).toBe(account.email)
  })

  it('deletes the account keeping its content as 已注销用户: every other row naming it goes (row counts per table before and after)', async () => {
    const account = await busyAccount()
    const before = await footprint(db, account.uid)
    events.length = 0
    expect((await remove(account.headers, 'keep')).statusCode).toBe(200)
    const after = await footprint(db, account.uid)
    // what it wrote stays under its uid (now 已注销用户), so does the record of the conversation it started; nothing else names it
    const kept = ['messages.author_uid', 'direct_messages.author_uid', 'posts.author_uid', 'post_comments.author_uid', 'search_documents.author_uid', 'conversations.created_by']
    for (const column of kept) expect([column, before.naming[column] > 0, after.naming[column]]).toEqual([column, true, before.naming[column]])
    expect(nonZero(after.naming, kept)).toEqual({})
    const gone = ['account_emails.uid', 'server_members.uid', 'member_roles.uid', 'read_states.uid', 'reactions.uid', 'post_likes.uid', 'live_reminders.uid', 'account_usage.uid',
      'conversation_participants.uid', 'direct_reactions.uid', 'dm_settings.uid', 'user_blocks.blocker_uid', 'notifications.uid', 'channel_overrides.target_id']
    for (const column of gone) expect([column, before.naming[column] > 0]).toEqual([column, true])
    const user = await db.selectFrom('users').selectAll().where('uid', '=', account.uid).executeTakeFirstOrThrow()
    expect(user).toMatchObject({ nickname: DELETED_ACCOUNT_NAME, avatar: '', signature: '' })
    expect(await db.selectFrom('sessions').select('uid').where('uid', '=', account.uid).execute()).toEqual([])
    expect((await me(account.headers)).statusCode).toBe(401)
    expect(events).toContainEqual({ t: 'SESSION_REVOKED', server_id: '', uid: account.uid, d: { uid: account.uid, session_ids: null, reason: 'revoked' } })
    // the address is free again: signing in with it makes a new account
    expect((await signIn(account.email)).uid).not.toBe(account.uid)
  })

  it('deletes the account removing what it wrote when the member chooses so: no row names it but the conversation it started', async () => {
    const account = await busyAccount()
    const before = await footprint(db, account.uid)
    expect((await remove(account.headers, 'remove')).statusCode).toBe(200)
    const after = await footprint(db, account.uid)
    for (const authored of ['messages.author_uid', 'direct_messages.author_uid', 'posts.author_uid', 'post_comments.author_uid']) {
      expect([authored, before.naming[authored], after.naming[authored]]).toEqual([authored, 1, 0])
    }
    expect(nonZero(after.naming, [])).toEqual({ 'conversations.created_by': 1 })
    expect(after.totals.messages).toBe(before.totals.messages - 1)
    // the index holds no word of what it wrote (SQLite keeps the words in their own table)
    const found = await lookUp(db, { words: [], serverId: SERVER, channelIds: [LOBBY, POSTS], authorUids: [account.uid], has: [], lowerKey: BigInt(0), upperKey: DOC_KEY_MAX, limit: 10 })
    expect(found).toEqual([])
    if (!usesPostgres) {
      const { rows } = await sql<{ words: number, documents: number }>`select (select count(*) from search_words) as words, (select count(*) from search_documents) as documents`.execute(db)
      expect(Number(rows[0].words)).toBe(Number(rows[0].documents))
    }
  })

  it('deletes its uploaded avatar file and its e-mail codes, and keeps the audit entries and reports about it naming 已注销用户', async () => {
    const account = await busyAccount()
    const owner = { ...(await signInAsMember(test, DEMO_OWNER)).headers, 'accept-language': 'en' }
    const stored = envelope<{ url: string }>(await test.inject({ method: 'POST', url: '/resource/base64', headers: account.headers, payload: { data: PNG_1X1.toString('base64') } }))
    expect(stored.code).toBe(0)
    expect((await test.inject({ method: 'PATCH', url: '/user/me', headers: account.headers, payload: { avatar: stored.data.url } })).statusCode).toBe(200)
    const avatarPath = new URL(stored.data.url).pathname
    expect((await test.inject({ url: avatarPath })).statusCode).toBe(200)
    // a moderator's act on the member and another member's report of it
    expect((await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/${account.uid}/timeout`, headers: owner, payload: { until: Math.floor(Date.now() / 1000) + 600, reason: 'cool down' } })).statusCode).toBe(200)
    const reporter = await signInAsMember(test, '100003')
    expect((await test.inject({ method: 'POST', url: '/reports', headers: reporter.headers, payload: { target_type: 'member', target_id: account.uid, server_id: SERVER, reason: 'spam' } })).statusCode).toBe(200)
    expect((await test.inject({ method: 'POST', url: '/reports', headers: account.headers, payload: { target_type: 'member', target_id: reporter.uid, server_id: SERVER, reason: 'spam' } })).statusCode).toBe(200)
    // a code asked for again after signing in: the address holds a code row
    await test.inject({ method: 'POST', url: '/auth/email/start', payload: { email: account.email } })
    expect(await db.selectFrom('email_codes').select('email').where('email', '=', account.email).execute()).toHaveLength(1)

    expect((await remove(account.headers, 'keep')).statusCode).toBe(200)
    expect((await test.inject({ url: avatarPath })).statusCode).toBe(404)
    expect(await db.selectFrom('email_codes').select('email').where('email', '=', account.email).execute()).toEqual([])
    const log = envelope<{ items: AuditEntry[] }>(await test.inject({ url: `/servers/${SERVER}/audit-log`, headers: owner })).data.items
    const timeout = log.find(entry => entry.action === 'member_timeout' && entry.target_id === account.uid)
    expect(timeout?.changes).toContainEqual({ field: AUDIT_MEMBER_FIELD, from: null, to: DELETED_ACCOUNT_NAME })
    expect(timeout?.reason).toBe('cool down')
    const reports = envelope<{ items: Report[] }>(await test.inject({ url: `/servers/${SERVER}/reports`, headers: owner })).data.items
    expect(reports.filter(report => report.target_type === 'member' && report.target_id === account.uid)).toHaveLength(1)
    // the one it filed stays too, its reporter shown as the deleted account
    expect(reports.filter(report => report.reporter.uid === account.uid).map(report => report.reporter.nickname)).toEqual([DELETED_ACCOUNT_NAME])
    const profile = envelope<{ nickname: string }>(await test.inject({ url: `/users/${account.uid}` })).data
    expect(profile.nickname).toBe(DELETED_ACCOUNT_NAME)
  })

  it("keeps an avatar file another member's avatar names too", async () => {
    const account = await busyAccount()
    const other = await signIn(`sharer${addresses}@mail.example`)
    const stored = envelope<{ url: string }>(await test.inject({ method: 'POST', url: '/resource/base64', headers: account.headers, payload: { data: PNG_1X1.toString('base64') } })).data
    for (const headers of [account.headers, other.headers]) expect((await test.inject({ method: 'PATCH', url: '/user/me', headers, payload: { avatar: stored.url } })).statusCode).toBe(200)
    expect((await remove(account.headers, 'keep')).statusCode).toBe(200)
    expect((await test.inject({ url: new URL(stored.url).pathname })).statusCode).toBe(200)
  })

  it('refuses to delete the account of a server owner, writing nothing', async () => {
    const owner = await signInAsMember(test, DEMO_OWNER)
    const response = await remove({ ...owner.headers, 'accept-language': 'en' }, 'keep')
    expect(response.statusCode).toBe(409)
    expect(envelope(response).msg).toMatch(/you own server/)
    expect((await me(owner.headers)).statusCode).toBe(200)
  })
})
