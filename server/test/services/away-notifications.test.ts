/**
 * Away from the app (server/src/services/away-notifications.ts), against a fake
 * push service and a fake WeChat on loopback: the VAPID keys are made once and kept in
 * DATA_DIR (0600); a browser's subscription is validated and kept; a notification for a
 * member with no open gateway session is pushed (encrypted, decrypted here to its title,
 * excerpt and path), never while they have one; a 410 deletes the subscription; a direct
 * message reaches a member who bound their openid as the DM template's subscribe message; a
 * session open on another process (the Redis directory) holds the push back too. The
 * endpoint is checked by the public-address guard again right before each push and the push
 * connects to the address checked (names resolve through a fake resolver, to loopback only);
 * one notification sends at most PUSHES_PER_NOTIFICATION pushes, and a push service's answer
 * is read only up to its bound.
 */
import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'crypto'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'fs'
import { createServer, type Server } from 'http'
import type { AddressInfo } from 'net'
import { tmpdir } from 'os'
import path from 'path'
import type { Conversation } from '@core/wire/direct-messages'
import type { PushSubscriptionState, VapidPublicKey } from '@core/wire/notifications'
import Redis from 'ioredis'
import type { Notification } from '@core/wire/notifications'
import { createRedisDirectory } from '../../src/gateway/directory'
import { createAwayNotifier, loadVapidKeys, PUSHES_PER_NOTIFICATION, VAPID_FILE, type AwayNotifierOptions, type PushPayload } from '../../src/services/away-notifications'
import type { PushSubscriptionsTable } from '../../src/db/tables/notifications'
import type { Resolve } from '../../src/services/public-address'
import { REDIS_TEST_URL, redisAnswers } from '../bus/redis-probe'
import { listeningApp, type TestAccount } from '../gateway/listening-app'
import { pause } from '../gateway/client'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { envelope } from '../helper'
import { startFakeWechat, type FakeWechat } from './fake-wechat'

const SERVER = '832828'
const LOBBY = '83282802'
const APP_ID = 'wx-away-app'
const APP_SECRET = 'away-app-secret-0123456789'
const DM_TEMPLATE = 'tmpl-direct-message'
const MENTION_TEMPLATE = 'tmpl-mention'

/** One push the fake push service took. */
interface Received { path: string, headers: Record<string, string | string[] | undefined>, body: Buffer }

/** A push service on loopback: records each push; a path in `gone` answers 410, one in `huge` a 1 MiB body. */
const pushService = { received: [] as Received[], gone: new Set<string>(), huge: new Set<string>(), base: '' }
let pushServer: Server
let wechat: FakeWechat

beforeAll(async () => {
  pushServer = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      pushService.received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) })
      response.statusCode = pushService.gone.has(request.url ?? '') ? 410 : 201
      response.end(pushService.huge.has(request.url ?? '') ? Buffer.alloc(1024 * 1024, 'x') : undefined)
    })
  })
  await new Promise<void>(resolve => pushServer.listen(0, '127.0.0.1', resolve))
  pushService.base = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise(resolve => pushServer.close(resolve))
  await wechat.close()
})

// the app reads WX_API_BASE when it starts (listeningApp's beforeAll, registered after this one)
const env: Record<string, string> = {}
beforeAll(async () => {
  wechat = await startFakeWechat(APP_ID, APP_SECRET)
  // the tests' push service listens on loopback http: taken only with the tests' own setting
  Object.assign(env, { PUSH_ALLOW_LOOPBACK: '1', WX_MP_APP_ID: APP_ID, WX_MP_APP_SECRET: APP_SECRET, WX_API_BASE: wechat.base, WX_SUBSCRIBE_DM_TEMPLATE_ID: DM_TEMPLATE, WX_SUBSCRIBE_MENTION_TEMPLATE_ID: MENTION_TEMPLATE })
})
const gateway = listeningApp(env)
let db: Db
beforeAll(async () => { db = (await openDatabase(gateway.test.config)).db })
afterAll(async () => { await db.destroy() })

beforeEach(() => { pushService.received.length = 0 })

let counter = 0
const member = (): Promise<TestAccount> => gateway.guestMember(SERVER)

/** A browser's push keys: its P-256 key pair and auth secret. */
interface Browser { ecdh: ECDH, auth: Buffer, endpoint: string }

function browser (): Browser {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { ecdh, auth: randomBytes(16), endpoint: `${pushService.base}/push/${process.pid}-${++counter}` }
}

function subscriptionOf (b: Browser): object {
  return { endpoint: b.endpoint, expirationTime: null, keys: { p256dh: b.ecdh.getPublicKey().toString('base64url'), auth: b.auth.toString('base64url') } }
}

async function subscribe (account: TestAccount, b: Browser): Promise<void> {
  const response = await gateway.test.inject({ method: 'PUT', url: '/push/subscription', headers: account.headers, payload: subscriptionOf(b) })
  expect(envelope<PushSubscriptionState>(response).data).toEqual({ endpoint: b.endpoint, subscribed: true })
}

/** RFC 8291 (aes128gcm) as the browser decrypts a push. */
function decrypt (b: Browser, body: Buffer): PushPayload {
  const salt = body.subarray(0, 16)
  const idLength = body[20]
  const serverKey = body.subarray(21, 21 + idLength)
  const cipherText = body.subarray(21 + idLength)
  const hmac = (key: Buffer, data: Buffer): Buffer => createHmac('sha256', key).update(data).digest()
  const secret = b.ecdh.computeSecret(serverKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), b.ecdh.getPublicKey(), serverKey, Buffer.from([1])])
  const ikm = hmac(hmac(b.auth, secret), keyInfo)
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16)
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16))
  const plain = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()])
  return JSON.parse(plain.subarray(0, plain.lastIndexOf(2)).toString('utf8')) as PushPayload
}

/** Waits until `check` holds (the push goes out after the write answered). */
async function eventually (check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms
  while (!await check()) {
    if (Date.now() > until) throw new Error('timed out waiting')
    await pause(20)
  }
}

async function mention (from: TestAccount, to: TestAccount): Promise<string> {
  const response = await gateway.test.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers: from.headers, payload: { content: `look <@${to.uid}>`, nonce: `away-${++counter}` } })
  expect(response.statusCode).toBe(200)
  return envelope<{ message_id: string }>(response).data.message_id
}

const pushesTo = (b: Browser): Received[] => pushService.received.filter(push => push.path === new URL(b.endpoint).pathname)

/** The subscription row of `b` for `uid`, its endpoint on `host` when given (the push service's port kept). */
function rowOf (b: Browser, uid: string, host?: string): PushSubscriptionsTable {
  const endpoint = new URL(b.endpoint)
  if (host !== undefined) endpoint.hostname = host
  return { endpoint: endpoint.href, uid, p256dh: b.ecdh.getPublicKey().toString('base64url'), auth: b.auth.toString('base64url'), created_at: 0 }
}

/** A notifier of the test app's keys over fake repositories (no subscriptions, nobody online, names resolve to nothing) with `changes`. */
function notifierOf (changes: Partial<AwayNotifierOptions>): ReturnType<typeof createAwayNotifier> {
  return createAwayNotifier({
    presence: { openSessionsOf: async () => [] },
    notifications: { pushSubscriptionsOf: async () => [], deletePushSubscription: async () => true },
    users: { openidOf: async () => null },
    vapid: vapidKeys,
    subject: 'mailto:ops@realm.example',
    wechat: gateway.test.config.wechat,
    subscribeSend: null,
    log: { warn: () => undefined },
    resolve: async host => { throw new Error(`${host} resolves to nothing here`) },
    allowLoopback: true,
    ...changes,
  })
}
let vapidKeys: Awaited<ReturnType<typeof loadVapidKeys>>
beforeAll(async () => { vapidKeys = await loadVapidKeys(gateway.test.config.dataDir) })

const REPLY: Notification = {
  notification_id: '1000000000000000001', kind: 'reply', actor: null, server_id: SERVER, channel_id: LOBBY, message_id: 'm1', post_id: null, comment_id: null, excerpt: 'hi', act: '', created_at: 1_700_000_000, read: false, deleted: false,
}

describe('VAPID keys', () => {
  it('are made at first start, kept in DATA_DIR readable by the owner only, reused after, and handed to browsers', async () => {
    const file = path.join(gateway.test.config.dataDir, VAPID_FILE)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const kept = await loadVapidKeys(gateway.test.config.dataDir)
    const a = await member()
    const answer = envelope<VapidPublicKey>(await gateway.test.inject({ url: '/push/vapid-public-key', headers: a.headers })).data
    expect(answer).toEqual({ public_key: kept.publicKey })
    expect(Buffer.from(kept.publicKey, 'base64url')).toHaveLength(65)
  })

  it('refuses to start on a vapid.json that holds no key pair, rather than making new keys every subscriber would lose', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vapid-'))
    try {
      writeFileSync(path.join(dir, VAPID_FILE), '{"publicKey": 1}')
      await expect(loadVapidKeys(dir)).rejects.toThrow('holds no VAPID key pair')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('PUT and DELETE /push/subscription', () => {
  it('refuses a body that is not a push subscription, and an endpoint that is not https on a public host (loopback only with PUSH_ALLOW_LOOPBACK), with a 4xx {code,msg}', async () => {
    const a = await member()
    const good = subscriptionOf(browser()) as { endpoint: string, keys: object }
    for (const payload of [{}, { ...good, keys: { p256dh: 'short', auth: 'x' } }, { ...good, extra: 1 }, { ...good, endpoint: 'http://push.example/abc' }, { ...good, endpoint: 'ftp://127.0.0.1/x' }, { ...good, endpoint: 'https://10.0.0.1/x' }]) {
      const response = await gateway.test.inject({ method: 'PUT', url: '/push/subscription', headers: a.headers, payload })
      expect(response.statusCode).toBe(400)
      expect(envelope(response)).toEqual({ code: expect.any(Number), msg: expect.any(String), data: null })
    }
    expect((await gateway.test.inject({ method: 'PUT', url: '/push/subscription', payload: good })).statusCode).toBe(401)
  })

  it('takes loopback push services only with the tests\' PUSH_ALLOW_LOOPBACK setting', async () => {
    const endpoints = ['http://127.0.0.1:9/p', 'http://[::1]:9/p']
    expect(await Promise.all(endpoints.map(endpoint => notifierOf({ allowLoopback: false }).checkEndpoint(endpoint))))
      .toEqual([{ ok: false, reason: 'scheme' }, { ok: false, reason: 'scheme' }])
    expect(await Promise.all(endpoints.map(endpoint => notifierOf({ allowLoopback: true }).checkEndpoint(endpoint))))
      .toMatchObject([{ ok: true, addresses: ['127.0.0.1'] }, { ok: true, addresses: ['::1'] }])
  })

  it('forgets only the signed-in member\'s own subscription', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const phone = browser()
    await subscribe(b, phone)
    await gateway.test.inject({ method: 'DELETE', url: '/push/subscription', headers: a.headers, payload: { endpoint: phone.endpoint } })
    await mention(a, b)
    await eventually(() => pushesTo(phone).length === 1)
    const deleted = await gateway.test.inject({ method: 'DELETE', url: '/push/subscription', headers: b.headers, payload: { endpoint: phone.endpoint } })
    expect(envelope(deleted).data).toEqual({ endpoint: phone.endpoint, subscribed: false })
    await mention(a, b)
    await pause(200)
    expect(pushesTo(phone)).toHaveLength(1)
  })
})

describe('pushes to a member who is away', () => {
  it('a mention of a member with no open session is pushed, signed with the VAPID key, to each of their browsers: who, the excerpt and the path that opens the message', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const [phone, laptop] = [browser(), browser()]
    await subscribe(b, phone)
    await subscribe(b, laptop)
    const messageId = await mention(a, b)
    await eventually(() => pushesTo(phone).length === 1 && pushesTo(laptop).length === 1)
    const [push] = pushesTo(phone)
    const { publicKey } = await loadVapidKeys(gateway.test.config.dataDir)
    expect(push.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', authorization: expect.stringContaining(`k=${publicKey}`) })
    const nickname = envelope<{ nickname: string }>(await gateway.test.inject({ url: '/user/me', headers: a.headers })).data.nickname
    const named = envelope<{ nickname: string }>(await gateway.test.inject({ url: '/user/me', headers: b.headers })).data.nickname
    expect(decrypt(phone, push.body)).toEqual({ title: nickname, body: `look @${named}`, path: `/pages/channel/index?server_id=${SERVER}&channel_id=${LOBBY}&around=${messageId}` })
  })

  it('nothing is pushed while the member has an open session', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()])
    const [bPhone, cPhone] = [browser(), browser()]
    await subscribe(b, bPhone)
    await subscribe(c, cPhone)
    await gateway.session(b.token)
    await mention(a, b)
    await mention(a, c)
    await eventually(() => pushesTo(cPhone).length === 1)
    await pause(200)
    expect(pushesTo(bPhone)).toEqual([])
  })

  it('a push service answering 410 (the browser unsubscribed) has the subscription deleted', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const phone = browser()
    await subscribe(b, phone)
    pushService.gone.add(new URL(phone.endpoint).pathname)
    await mention(a, b)
    await eventually(() => pushesTo(phone).length === 1)
    await eventually(async () => (await db.selectFrom('push_subscriptions').select('uid').where('uid', '=', b.uid).execute()).length === 0)
  })
})

describe('each push is checked again right before it is sent', () => {
  /** A notifier pushing `rows` for 'away' and logging its warnings into `warnings`; `names` says what each host resolves to now. */
  function sender (rows: PushSubscriptionsTable[], names: Record<string, string[]>, warnings: string[] = [], deleted: string[] = []): ReturnType<typeof createAwayNotifier> {
    const resolve: Resolve = async host => names[host] ?? []
    return notifierOf({
      resolve,
      notifications: { pushSubscriptionsOf: async () => rows, deletePushSubscription: async endpoint => { deleted.push(endpoint); return true } },
      log: { warn: (_object, message) => { warnings.push(message) } },
    })
  }

  it('connects to the address the name was checked to have (here the loopback push service), not to what a second lookup would say', async () => {
    const phone = browser()
    await sender([rowOf(phone, 'away', 'push.realm.test')], { 'push.realm.test': ['127.0.0.1'] }).tell('away', REPLY)
    expect(pushesTo(phone)).toHaveLength(1)
    expect(decrypt(phone, pushesTo(phone)[0].body)).toMatchObject({ body: 'hi' })
  })

  it('a name that resolves to a private address at send time is not requested, though it passed when it was kept', async () => {
    const phone = browser()
    const names = { 'push.realm.test': ['127.0.0.1'] }
    const row = rowOf(phone, 'away', 'push.realm.test')
    const warnings: string[] = []
    const deleted: string[] = []
    expect(await notifierOf({ resolve: async () => names['push.realm.test'] }).checkEndpoint(row.endpoint)).toMatchObject({ ok: true })
    // the name now also resolves to a private address: the guard refuses every name with one
    names['push.realm.test'] = ['127.0.0.1', '10.0.0.7']
    await sender([row], names, warnings, deleted).tell('away', REPLY)
    expect(pushesTo(phone)).toEqual([])
    expect(warnings).toEqual(['Web Push endpoint refused by the public-address guard: not requested'])
    expect(deleted).toEqual([]) // DNS may answer otherwise later: the subscription stays
  })

  it('a subscription kept before the rule on an IP address is deleted unrequested', async () => {
    const deleted: string[] = []
    await sender([{ ...rowOf(browser(), 'away'), endpoint: 'https://10.0.0.7/push/legacy' }], {}, [], deleted).tell('away', REPLY)
    expect(deleted).toEqual(['https://10.0.0.7/push/legacy'])
  })

  it(`one notification is pushed to at most ${PUSHES_PER_NOTIFICATION} subscriptions, the newest (listed first)`, async () => {
    const browsers = Array.from({ length: PUSHES_PER_NOTIFICATION + 3 }, () => browser())
    await sender(browsers.map(b => rowOf(b, 'away')), {}).tell('away', REPLY)
    expect(browsers.map(b => pushesTo(b).length)).toEqual(browsers.map((_b, i) => i < PUSHES_PER_NOTIFICATION ? 1 : 0))
  })

  it('a push service answering more than the bound ends the push (logged), rather than being read to the end', async () => {
    const phone = browser()
    pushService.huge.add(new URL(phone.endpoint).pathname)
    const warnings: string[] = []
    await sender([rowOf(phone, 'away')], {}, warnings).tell('away', REPLY)
    expect(pushesTo(phone)).toHaveLength(1)
    expect(warnings).toEqual(['Web Push not sent'])
  })
})

describe('subscribe messages in the mini-program', () => {
  it('a direct message to a member who bound their openid and is away is sent as the DM template, opening the conversation; one with an open session gets none', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const code = `code-away${++counter}`
    expect(envelope(await gateway.test.inject({ method: 'POST', url: '/login_third/wx_session', headers: b.headers, payload: { code } })).data).toEqual({ bound: true })
    const conversation = envelope<Conversation>(await gateway.test.inject({ method: 'POST', url: '/conversations/direct', headers: a.headers, payload: { uid: b.uid } })).data
    const before = wechat.messages.length
    await gateway.test.inject({ method: 'POST', url: `/conversations/${conversation.conversation_id}/messages`, headers: a.headers, payload: { content: '你好，在吗', nonce: `away-${++counter}` } })
    await eventually(() => wechat.messages.length === before + 1)
    expect(wechat.messages[before]).toMatchObject({
      touser: code.replace('code-', 'openid-'),
      template_id: DM_TEMPLATE,
      page: `pages/conversation/index?conversation_id=${conversation.conversation_id}`,
      data: { thing2: { value: '你好，在吗' }, time3: { value: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/) } },
    })
    await gateway.session(b.token)
    await gateway.test.inject({ method: 'POST', url: `/conversations/${conversation.conversation_id}/messages`, headers: a.headers, payload: { content: 'again', nonce: `away-${++counter}` } })
    await pause(300)
    expect(wechat.messages).toHaveLength(before + 1)
  })
})

describe('across processes', () => {
  it('a session open on another process (the Redis directory) holds the push back; once it closed, the push goes', async () => {
    if (!await redisAnswers()) {
      console.warn(`SKIPPED: no Redis answers at ${REDIS_TEST_URL}; the cross-process away test did not run (CI starts one)`)
      return
    }
    const prefix = `openrealm-test:${process.pid}:${randomBytes(4).toString('hex')}:`
    const [other, mine] = await Promise.all([createRedisDirectory(REDIS_TEST_URL, prefix, 10_000), createRedisDirectory(REDIS_TEST_URL, prefix, 10_000)])
    const phone = browser()
    const uid = `away-${counter}`
    const notifier = notifierOf({ presence: mine, notifications: { pushSubscriptionsOf: async () => [rowOf(phone, uid)], deletePushSubscription: async () => true } })
    const notification = REPLY
    const session = { session_id: `s-${uid}`, uid, server_ids: [] }
    try {
      await other.open(session)
      await notifier.tell(uid, notification)
      expect(pushesTo(phone)).toEqual([])
      await other.close(session)
      await notifier.tell(uid, notification)
      expect(decrypt(phone, pushesTo(phone)[0].body)).toEqual({ title: 'OpenRealm', body: 'hi', path: `/pages/channel/index?server_id=${SERVER}&channel_id=${LOBBY}&around=m1` })
    } finally {
      await Promise.all([other.dispose(), mine.dispose()])
      const admin = new Redis(REDIS_TEST_URL)
      const keys = await admin.keys(`${prefix}*`)
      if (keys.length > 0) await admin.del(...keys)
      admin.disconnect()
    }
  })
})
