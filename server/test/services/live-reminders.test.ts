/**
 * The live reminders' WeChat subscribe messages (server/src/services/live-reminders.ts)
 * against a fake WeChat on loopback: members who bound their openid from the mini-program get
 * one message when the reserved item's start has come, members without one are skipped, a
 * refusal is not retried, an unreachable WeChat is; of two senders one sends per interval; the
 * app runs the sender by itself when the app secret and template id are configured.
 */
import { createMemoryCounter, type HitCounter } from '../../src/services/rate-counter'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { createReminderSender, reminderSettingsOf, reminderTime, type ReminderSenderOptions } from '../../src/services/live-reminders'
import { createSubscribeSender } from '../../src/services/wechat'
import { envelope, signInAsGuest, startTestApp, type TestApp } from '../helper'
import { startFakeWechat, type FakeWechat } from './fake-wechat'

type Member = Awaited<ReturnType<typeof signInAsGuest>>

const SERVER = '832828'
const APP_ID = 'wx-reminder-app'
const APP_SECRET = 'reminder-app-secret-0123456789'
const TEMPLATE = 'tmpl-live-start'

/** A lock that is always free: one sender alone, passes back to back. */
const FREE: HitCounter = { hit: async () => ({ count: 1, resetMs: 0 }), claim: async () => true, close: async () => undefined }

let wechat: FakeWechat
let test: TestApp
let db: Db

beforeAll(async () => {
  wechat = await startFakeWechat(APP_ID, APP_SECRET)
  // the app's own sender waits an hour between passes: these tests drive passes themselves
  test = await startTestApp({ WX_MP_APP_ID: APP_ID, WX_MP_APP_SECRET: APP_SECRET, WX_API_BASE: wechat.base, WX_SUBSCRIBE_TEMPLATE_ID: TEMPLATE, REMINDER_INTERVAL_MS: '3600000' })
  db = (await openDatabase(test.config)).db
})
afterAll(async () => {
  await db.destroy()
  await test.close()
  await wechat.close()
})

const now = (): number => Math.floor(Date.now() / 1000)

function sender (limits: HitCounter = FREE): ReturnType<typeof createReminderSender> {
  const settings = reminderSettingsOf(test.config.wechat) as ReminderSenderOptions['wechat']
  return createReminderSender({ db, wechat: settings, limits, now, send: createSubscribeSender(settings, now) })
}

/** A guest who is a member of the busy server; with `code`, who bound their openid from the mini-program. */
async function member (code?: string): Promise<Member> {
  const guest = await signInAsGuest(test)
  await db.insertInto('server_members').values({ server_id: SERVER, uid: guest.uid, joined_at: 1 }).execute()
  if (code) {
    const bound = await test.inject({ method: 'POST', url: '/login_third/wx_session', headers: guest.headers, payload: { code } })
    expect(envelope(bound)).toEqual({ code: 0, msg: 'ok', data: { bound: true } })
  }
  return guest
}

/** A reserved item of the busy server, with its start put in the future (not due yet). */
async function reservedItem (index: number): Promise<{ live_id: string, channel_id: string, title: string }> {
  const items = await db.selectFrom('lives').select(['live_id', 'channel_id', 'title']).where('server_id', '=', SERVER).where('is_live', '=', 0).orderBy('live_id').execute()
  const item = items[index]
  await db.updateTable('lives').set({ started_at: now() + 3600 }).where('live_id', '=', item.live_id).execute()
  return item
}

async function remind (who: Member, liveId: string): Promise<void> {
  expect((await test.inject({ method: 'PUT', url: `/lives/${liveId}/reminders/me`, headers: who.headers })).statusCode).toBe(200)
}

async function starts (liveId: string, at: number): Promise<void> {
  await db.updateTable('lives').set({ started_at: at }).where('live_id', '=', liveId).execute()
}

/** Reserved item `index`, a member bound to WeChat with `code` who asked to be reminded of it, and the item just started. */
async function startedWithReminder (index: number, code: string): Promise<{ item: { live_id: string }, who: Member }> {
  const item = await reservedItem(index)
  const who = await member(code)
  await remind(who, item.live_id)
  await starts(item.live_id, now() - 1)
  return { item, who }
}

async function notifiedAt (liveId: string, uid: string): Promise<number | null> {
  return (await db.selectFrom('live_reminders').select('notified_at').where('live_id', '=', liveId).where('uid', '=', uid).executeTakeFirstOrThrow()).notified_at
}

describe('the live reminder sender', () => {
  it('sends one subscribe message per member with an openid at the start time, skips the others and never sends twice', async () => {
    const item = await reservedItem(0)
    const alice = await member('code-alice')
    const refusing = await member('code-refusing')
    const h5Only = await member()
    for (const who of [alice, refusing, h5Only]) await remind(who, item.live_id)
    wechat.refusedOpenids.add('openid-refusing')
    const reminders = sender()

    expect(await reminders.pass()).toEqual({ sent: 0, skipped: 0, refused: 0, retried: 0 }) // not started yet
    const startedAt = now() - 5
    await starts(item.live_id, startedAt)
    expect(await reminders.pass()).toEqual({ sent: 1, skipped: 1, refused: 1, retried: 0 })
    expect(wechat.messages).toEqual([{
      touser: 'openid-alice',
      template_id: TEMPLATE,
      page: `pages/channel/index?sid=${SERVER}&channel_id=${item.channel_id}&live_id=${encodeURIComponent(item.live_id)}`,
      data: { thing1: { value: item.title.slice(0, 20) }, time2: { value: reminderTime(startedAt) } },
    }])
    for (const who of [alice, refusing, h5Only]) expect(await notifiedAt(item.live_id, who.uid)).toEqual(expect.any(Number))

    expect(await reminders.pass()).toEqual({ sent: 0, skipped: 0, refused: 0, retried: 0 })
    expect(wechat.messages).toHaveLength(1)
    expect(wechat.calls.filter(call => call === '/cgi-bin/token')).toHaveLength(1) // the access token is kept
  })

  it('gives a reminder back when WeChat does not answer, and sends it on the next pass', async () => {
    const { item, who: bob } = await startedWithReminder(1, 'code-bob')
    const reminders = sender()
    const before = wechat.messages.length
    wechat.unreachable = true
    try {
      expect(await reminders.pass()).toEqual({ sent: 0, skipped: 0, refused: 0, retried: 1 })
      expect(await notifiedAt(item.live_id, bob.uid)).toBeNull()
    } finally {
      wechat.unreachable = false
    }
    expect(await reminders.pass()).toEqual({ sent: 1, skipped: 0, refused: 0, retried: 0 })
    expect(wechat.messages.slice(before).map(message => message.touser)).toEqual(['openid-bob'])
  })

  it('lets one of two senders sharing a lock send per interval', async () => {
    await startedWithReminder(2, 'code-carol')
    const shared = createMemoryCounter()
    const before = wechat.messages.length
    const passes = await Promise.all([sender(shared).pass(), sender(shared).pass()])
    expect(passes.filter(pass => pass === null)).toHaveLength(1)
    expect(passes.find(pass => pass !== null)).toEqual({ sent: 1, skipped: 0, refused: 0, retried: 0 })
    expect(wechat.messages.slice(before).map(message => message.touser)).toEqual(['openid-carol'])
  })
})

describe('the app with a WeChat template configured', () => {
  it('sends a due reminder by itself on its interval', async () => {
    const own = await startTestApp({ WX_MP_APP_ID: APP_ID, WX_MP_APP_SECRET: APP_SECRET, WX_API_BASE: wechat.base, WX_SUBSCRIBE_TEMPLATE_ID: TEMPLATE, REMINDER_INTERVAL_MS: '200' })
    const ownDb = (await openDatabase(own.config)).db
    try {
      const guest = await signInAsGuest(own)
      await ownDb.insertInto('server_members').values({ server_id: SERVER, uid: guest.uid, joined_at: 1 }).execute()
      await own.inject({ method: 'POST', url: '/login_third/wx_session', headers: guest.headers, payload: { code: 'code-dora' } })
      const item = await ownDb.selectFrom('lives').select('live_id').where('server_id', '=', SERVER).where('is_live', '=', 0).orderBy('live_id').executeTakeFirstOrThrow()
      await ownDb.updateTable('lives').set({ started_at: now() + 3600 }).where('live_id', '=', item.live_id).execute()
      expect((await own.inject({ method: 'PUT', url: `/lives/${item.live_id}/reminders/me`, headers: guest.headers })).statusCode).toBe(200)
      await ownDb.updateTable('lives').set({ started_at: now() - 1 }).where('live_id', '=', item.live_id).execute()
      const deadline = Date.now() + 5000
      while (!wechat.messages.some(message => message.touser === 'openid-dora') && Date.now() < deadline) await new Promise(resolve => setTimeout(resolve, 50))
      expect(wechat.messages.filter(message => message.touser === 'openid-dora')).toHaveLength(1)
    } finally {
      await ownDb.destroy()
      await own.close()
    }
  })
})

describe('POST /login_third/wx_session', () => {
  it('needs a session and refuses a code WeChat does not know with 400, keeping nothing', async () => {
    expect((await test.inject({ method: 'POST', url: '/login_third/wx_session', payload: { code: 'code-x' } })).statusCode).toBe(401)
    const guest = await signInAsGuest(test)
    const refused = await test.inject({ method: 'POST', url: '/login_third/wx_session', headers: guest.headers, payload: { code: 'forged' } })
    expect(envelope(refused)).toEqual({ code: 400000, msg: 'body.code: WeChat refused the sign-in code (40029)', data: null })
    expect(await db.selectFrom('wechat_accounts').selectAll().where('uid', '=', guest.uid).execute()).toEqual([])
    expect((await test.inject({ method: 'POST', url: '/login_third/wx_session', headers: guest.headers, payload: { code: '' } })).statusCode).toBe(400)
  })

  it('keeps the newest openid of a member who signs in again', async () => {
    const guest = await signInAsGuest(test)
    for (const code of ['code-first', 'code-second']) {
      expect((await test.inject({ method: 'POST', url: '/login_third/wx_session', headers: guest.headers, payload: { code } })).statusCode).toBe(200)
    }
    expect(await db.selectFrom('wechat_accounts').select('openid').where('uid', '=', guest.uid).execute()).toEqual([{ openid: 'openid-second' }])
  })
})
