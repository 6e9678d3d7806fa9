/**
 * Slow mode of a chat channel (core/domain/slow-mode.ts): ManageChannels sets it (off, 5 s …
 * 6 h; audited; CHANNEL_UPDATE carries it live), a member then sends once per interval — ten
 * parallel sends under ten nonces pass once, a retry of the same nonce is the same message, a
 * refusal is 429 SLOW_MODE_WAIT in words with Retry-After and writes nothing — and moderators
 * (ManageMessages or ManageChannels) are exempt. On SQLite, and PostgreSQL with DATABASE_URL.
 */
import { SERVER_CODES, type Channel } from '@core/wire/entities'
import type { ChatMessage, SlowModeState } from '@core/wire/messages'
import type { AuditLog } from '@core/wire/trust'
import { createInProcessBus, type BusEvent } from '../../src/bus'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { DEMO_OWNER, envelope, signInAsJoinedGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

const SERVER = '832828'
/** The busy server's lobby, a discussion channel. */
const LOBBY = '83282802'
/** A post channel: no chat, so no slow mode. */
const POSTS = '83282804'
/** The demo server's 版主: their role holds ManageMessages, not ManageChannels. */
const DEMO_MODERATOR = '100003'

type Headers = Record<string, string>
type Session = { headers: Headers, uid: string }

let test: TestApp
let db: Db
let owner: Headers
let clock = 2_000_000_000
let nonceCounter = 0
const events: BusEvent[] = []

beforeAll(async () => {
  const bus = createInProcessBus()
  bus.subscribe(event => { events.push(event) })
  test = await startTestApp({}, { bus, now: () => clock })
  db = (await openDatabase(test.config)).db
  owner = (await signInAsMember(test, DEMO_OWNER)).headers
})
afterAll(async () => {
  await db.destroy()
  await test.close()
})
beforeEach(() => { events.length = 0 })

/** A new guest who has joined the server (membership written directly). */
const member = (): Promise<Session> => signInAsJoinedGuest(test, db, SERVER)

/** The demo server's 版主 (100003): ManageMessages, without ManageChannels. */
function moderator (): Promise<Session> {
  return signInAsMember(test, DEMO_MODERATOR)
}

function nonce (): string {
  nonceCounter += 1
  return `slow-${process.pid}-${nonceCounter}`
}

function send (session: Session, content: string, withNonce = nonce(), channelId = LOBBY) {
  return test.inject({ method: 'POST', url: `/channels/${channelId}/messages`, headers: session.headers, payload: { content, nonce: withNonce } })
}

function setSlowMode (seconds: unknown, headers = owner, channelId = LOBBY) {
  return test.inject({ method: 'PATCH', url: `/channels/${channelId}`, headers, payload: { slow_mode_seconds: seconds } })
}

async function slowModeOf (session: Session, channelId = LOBBY): Promise<SlowModeState> {
  const response = await test.inject({ url: `/channels/${channelId}/slow-mode`, headers: session.headers })
  expect(response.statusCode).toBe(200)
  return envelope<SlowModeState>(response).data
}

async function messagesBy (uid: string): Promise<number> {
  const row = await db.selectFrom('messages').select(eb => eb.fn.countAll<number>().as('n')).where('author_uid', '=', uid).executeTakeFirstOrThrow()
  return Number(row.n)
}

describe('setting a channel\'s slow mode', () => {
  afterEach(async () => { await setSlowMode(0) })

  it('starts off on a chat channel and is absent from a channel without chat', async () => {
    expect(envelope<Channel>(await test.inject(`/channels/${LOBBY}`)).data.slow_mode_seconds).toBe(0)
    expect(envelope<Channel>(await test.inject(`/channels/${POSTS}`)).data).not.toHaveProperty('slow_mode_seconds')
  })

  it('lets ManageChannels set it, tells the channel\'s readers live, and writes who changed it from what to what', async () => {
    const response = await setSlowMode(30)
    expect(response.statusCode).toBe(200)
    const updated = envelope<Channel>(response).data
    expect(updated.slow_mode_seconds).toBe(30)
    expect(events).toMatchObject([{ t: 'CHANNEL_UPDATE', server_id: SERVER, channel_id: LOBBY, d: { channel_id: LOBBY, slow_mode_seconds: 30 } }])
    const log = envelope<AuditLog>(await test.inject({ url: `/servers/${SERVER}/audit-log`, headers: owner })).data
    expect(log.items.find(entry => entry.action === 'channel_update' && entry.target_id === LOBBY)).toMatchObject({ actor: { uid: DEMO_OWNER }, changes: [{ field: 'slow_mode_seconds', from: '0', to: '30' }] })
  })

  it.each([[7], [-5], [21_601], [1.5], ['1e309'], ['thirty']])('refuses %p with a 400 and changes nothing', async seconds => {
    const response = await setSlowMode(seconds)
    expect(response.statusCode).toBe(400)
    expect(envelope(response).code).toBe(SERVER_CODES.BAD_REQUEST)
    expect(envelope<Channel>(await test.inject(`/channels/${LOBBY}`)).data.slow_mode_seconds).toBe(0)
    expect(events).toEqual([])
  })

  it('refuses it on a channel without chat, and for a member without ManageChannels, writing nothing', async () => {
    const posts = await setSlowMode(30, owner, POSTS)
    expect(posts.statusCode).toBe(400)
    expect(envelope(posts).msg).toMatch(/^body\.slow_mode_seconds: only a chat channel has a slow mode/)
    const mod = await moderator()
    const refused = await setSlowMode(30, mod.headers)
    expect(refused.statusCode).toBe(403)
    expect(envelope<Channel>(await test.inject(`/channels/${LOBBY}`)).data.slow_mode_seconds).toBe(0)
    expect(events).toEqual([])
  })
})

describe('sending under slow mode', () => {
  beforeAll(async () => { expect((await setSlowMode(60)).statusCode).toBe(200) })
  afterAll(async () => { await setSlowMode(0) })

  it('lets a member send once, then refuses in words with 429 SLOW_MODE_WAIT and Retry-After, writing nothing, until the interval has passed', async () => {
    const alice = await member()
    expect(await slowModeOf(alice)).toEqual({ seconds: 60, wait_seconds: 0, exempt: false })
    expect((await send(alice, '第一条')).statusCode).toBe(200)
    clock += 12
    const refused = await send(alice, '第二条')
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('48')
    expect(envelope(refused)).toEqual({ code: SERVER_CODES.SLOW_MODE_WAIT, msg: '慢速模式已开启，还需等待 48 秒才能再发言', data: null })
    const english = await test.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers: { ...alice.headers, 'accept-language': 'en' }, payload: { content: 'second', nonce: nonce() } })
    expect(envelope(english).msg).toBe('slow mode is on: you can send here again in 48 s')
    expect(await messagesBy(alice.uid)).toBe(1)
    expect(await slowModeOf(alice)).toEqual({ seconds: 60, wait_seconds: 48, exempt: false })
    clock += 48
    expect(await slowModeOf(alice)).toEqual({ seconds: 60, wait_seconds: 0, exempt: false })
    expect((await send(alice, '一分钟后')).statusCode).toBe(200)
    expect(await messagesBy(alice.uid)).toBe(2)
  })

  it('passes exactly one of ten parallel sends under ten nonces (two sockets, two tabs, a retry under a new nonce)', async () => {
    const bob = await member()
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => send(bob, `并发 ${index}`)))
    expect(answers.map(answer => answer.statusCode).sort()).toEqual([200, ...Array(9).fill(429)])
    for (const answer of answers.filter(one => one.statusCode === 429)) expect(envelope(answer).code).toBe(SERVER_CODES.SLOW_MODE_WAIT)
    expect(await messagesBy(bob.uid)).toBe(1)
    expect(events.filter(event => event.t === 'MESSAGE_CREATE')).toHaveLength(1)
  })

  it('answers a retry of the same nonce with the same message, not a refusal, and counts it once', async () => {
    const carol = await member()
    const key = nonce()
    const first = await send(carol, '可能丢了回答', key)
    clock += 3
    const again = await send(carol, '可能丢了回答', key)
    expect(again.statusCode).toBe(200)
    expect(envelope<ChatMessage>(again).data.message_id).toBe(envelope<ChatMessage>(first).data.message_id)
    const racing = await Promise.all([send(carol, '同一个', nonce()), send(carol, '同一个', key)])
    expect(racing.map(answer => answer.statusCode)).toEqual([429, 200])
    expect(await messagesBy(carol.uid)).toBe(1)
  })

  it('holds each member apart and each channel apart', async () => {
    const dave = await member()
    const erin = await member()
    expect((await send(dave, 'dave')).statusCode).toBe(200)
    expect((await send(erin, 'erin')).statusCode).toBe(200)
    expect((await send(dave, '另一个频道', nonce(), `${SERVER}00`)).statusCode).toBe(200)
    expect((await send(dave, '另一个频道 2', nonce(), `${SERVER}00`)).statusCode).toBe(200)
  })

  it('exempts ManageMessages and the owner (ManageChannels): they send freely, and are told so', async () => {
    const mod = await moderator()
    expect(await slowModeOf(mod)).toEqual({ seconds: 60, wait_seconds: 0, exempt: true })
    const modAnswers = [await send(mod, '1'), await send(mod, '2'), await send(mod, '3')]
    expect(modAnswers.map(answer => answer.statusCode)).toEqual([200, 200, 200])
    const ownerSession = { headers: owner, uid: DEMO_OWNER }
    const ownerAnswers = await Promise.all([send(ownerSession, '甲'), send(ownerSession, '乙')])
    expect(ownerAnswers.map(answer => answer.statusCode)).toEqual([200, 200])
  })

  it('lets everyone send again once it is turned off', async () => {
    const frank = await member()
    expect((await send(frank, '开着')).statusCode).toBe(200)
    expect((await send(frank, '还开着')).statusCode).toBe(429)
    await setSlowMode(0)
    expect(await slowModeOf(frank)).toEqual({ seconds: 0, wait_seconds: 0, exempt: false })
    expect((await send(frank, '关了')).statusCode).toBe(200)
    expect((await send(frank, '关了 2')).statusCode).toBe(200)
    await setSlowMode(60)
  })

  it('tells the slow mode only to a signed-in member of a chat channel', async () => {
    expect((await test.inject(`/channels/${LOBBY}/slow-mode`)).statusCode).toBe(401)
    const grace = await member()
    expect((await test.inject({ url: `/channels/${POSTS}/slow-mode`, headers: grace.headers })).statusCode).toBe(400)
  })
})
