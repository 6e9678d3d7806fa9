/**
 * The Redis bus and directory against the real Redis at 127.0.0.1:6379 (REDIS_TEST_URL
 * overrides it), as two server processes would use them; and two apps on one database
 * and one Redis, as the multi-node deployment runs. Each run works under its own key
 * prefix and deletes its keys afterwards. Skipped, saying so, when no Redis answers.
 */
import { mkdtempSync, rmSync } from 'fs'
import type { AddressInfo } from 'net'
import { tmpdir } from 'os'
import path from 'path'
import Redis from 'ioredis'
import type { FastifyInstance } from 'fastify'
import type { Channel } from '@core/wire/entities'
import type { ChannelListData } from '@core/wire/api'
import type { DispatchFrame } from '@core/wire/gateway'
import type { TypingEvent } from '@core/wire/messages'
import { buildApp } from '../../src/app'
import type { BusEvent, EventBus } from '../../src/bus'
import { createRedisBus } from '../../src/bus/redis'
import { createRedisDirectory } from '../../src/gateway/directory'
import { dropSchema, envelope, signInAsGuest, signInAsMember, testConfig } from '../helper'
import { identified, pause } from '../gateway/client'
import { dropRedisKeys, freshRedisPrefix, REDIS_TEST_URL, redisAnswers, redisGatedIt } from './redis-probe'


let available = false
let admin: Redis
const prefixes: string[] = []

function freshPrefix (): string {
  const prefix = freshRedisPrefix()
  prefixes.push(prefix)
  return prefix
}

beforeAll(async () => {
  available = await redisAnswers()
  if (!available) console.warn(`SKIPPED: no Redis answers at ${REDIS_TEST_URL}; the Redis bus tests did not run (CI starts one)`)
  else admin = new Redis(REDIS_TEST_URL)
})

afterAll(async () => {
  if (!available) return
  admin.disconnect()
  await dropRedisKeys(...prefixes)
})

const withRedis = redisGatedIt(() => available)

/** A typing event whose nickname names it: the bus carries it as any other declared dispatch. */
const event = (name: string): Parameters<EventBus['publish']> => ['TYPING_START', { server_id: 's1', channel_id: 'c1' }, { channel_id: 'c1', uid: 'u1', nickname: name, at: 0 }]
const nameOf = (published: BusEvent): string => (published.d as TypingEvent).nickname

describe('Redis bus', () => {
  let a: EventBus
  let b: EventBus
  beforeEach(async () => {
    if (!available) return
    const prefix = freshPrefix()
    a = await createRedisBus(REDIS_TEST_URL, prefix)
    b = await createRedisBus(REDIS_TEST_URL, prefix)
  })
  afterEach(async () => {
    if (!available) return
    await Promise.all([a.close(), b.close()])
  })

  withRedis('delivers an event published on one process to both, with the same id, in publish order', async () => {
    const heardA: Array<[string, number]> = []
    const heardB: Array<[string, number]> = []
    a.subscribe((published, id) => heardA.push([nameOf(published), id]))
    b.subscribe((published, id) => heardB.push([nameOf(published), id]))
    await a.publish(...event('ONE'))
    await b.publish(...event('TWO'))
    await a.publish(...event('THREE'))
    await pause(100)
    expect(heardA).toEqual([['ONE', 1], ['TWO', 2], ['THREE', 3]])
    expect(heardB).toEqual(heardA)
    expect(await b.lastId()).toBe(3)
  })

  withRedis('replays the log after an id on any process, and answers null for ids never issued or no longer kept', async () => {
    for (const t of ['A', 'B', 'C']) await a.publish(...event(t))
    expect((await b.eventsAfter(1))?.map(logged => [logged.id, nameOf(logged.event)])).toEqual([[2, 'B'], [3, 'C']])
    expect(await b.eventsAfter(3)).toEqual([])
    expect(await b.eventsAfter(9)).toBeNull()
    const logKeys = await admin.keys(`${prefixes[prefixes.length - 1]}bus:log`)
    await admin.del(...logKeys) // Redis lost the log (or trimmed it past id 1)
    expect(await b.eventsAfter(1)).toBeNull()
  })

  withRedis('carries answer-cache invalidations to every process', async () => {
    const scopes: string[] = []
    b.subscribeInvalidations(scope => scopes.push(scope))
    await a.publishInvalidation('server 723658')
    await pause(100)
    expect(scopes).toEqual(['server 723658'])
  })
})

describe('Redis directory', () => {
  withRedis('shows a user online on every process while a session is open, and offline after its last one closes', async () => {
    const prefix = freshPrefix()
    const a = await createRedisDirectory(REDIS_TEST_URL, prefix, 10_000)
    const b = await createRedisDirectory(REDIS_TEST_URL, prefix, 10_000)
    const first = { session_id: 'x1', uid: 'u1', server_ids: ['s1'] }
    const second = { session_id: 'x2', uid: 'u1', server_ids: ['s1'] }
    expect(await a.open(first)).toBe(true)
    expect(await b.open(second)).toBe(false)
    expect(await b.onlineCount('s1')).toBe(1)
    expect([...await b.onlineOf(['u1', 'u2'])]).toEqual(['u1'])
    expect(await a.close(first)).toBe(false)
    expect(await b.close(second)).toBe(true)
    expect(await a.onlineCount('s1')).toBe(0)
    expect(await a.ownerOf('x1')).toBe('u1')
    await Promise.all([a.dispose(), b.dispose()])
  })

  withRedis('lets the sessions of a process that died without closing them go offline once their heartbeats stop', async () => {
    const directory = await createRedisDirectory(REDIS_TEST_URL, freshPrefix(), 200)
    await directory.open({ session_id: 'x1', uid: 'u1', server_ids: ['s1'] })
    expect(await directory.onlineCount('s1')).toBe(1)
    await pause(300)
    expect(await directory.onlineCount('s1')).toBe(0)
    expect((await directory.onlineOf(['u1'])).size).toBe(0)
    expect(await directory.ownerOf('x1')).toBe('u1') // still resumable elsewhere
    await directory.dispose()
  })
})

describe('Redis directory: processes that die', () => {
  withRedis('takes the members of a process whose lease is gone offline, once across the survivors, and leaves a session resumed elsewhere alone', async () => {
    const prefix = freshPrefix()
    const [a, b, c] = [await createRedisDirectory(REDIS_TEST_URL, prefix, 10_000, 300), await createRedisDirectory(REDIS_TEST_URL, prefix, 10_000, 300), await createRedisDirectory(REDIS_TEST_URL, prefix, 10_000, 300)]
    await a.open({ session_id: 'x1', uid: 'u1', server_ids: ['s1'] })
    await a.open({ session_id: 'x2', uid: 'u2', server_ids: ['s1'] })
    await b.open({ session_id: 'x2', uid: 'u2', server_ids: ['s1'] }) // u2's client resumed on b
    await pause(400) // leases are renewed: a live process is never reaped
    expect(await b.reapDead()).toEqual([])
    await a.dispose() // a's lease is gone (a killed process's runs out)
    const reaped = await Promise.all([b.reapDead(), c.reapDead()])
    expect(reaped.flat()).toEqual(['u1'])
    expect([...await c.onlineOf(['u1', 'u2'])]).toEqual(['u2'])
    expect(await c.ownerOf('x1')).toBe('u1') // still resumable elsewhere
    expect(await b.reapDead()).toEqual([])
    await Promise.all([b.dispose(), c.dispose()])
  })
})

describe('two processes on one database and one Redis', () => {
  let root: string
  let apps: FastifyInstance[] = []
  let config: ReturnType<typeof testConfig>

  beforeAll(async () => {
    if (!available) return
    root = mkdtempSync(path.join(tmpdir(), 'openrealm-two-nodes-'))
    // the limits apply to the non-loopback addresses the limit tests send from
    config = testConfig(root, { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: freshPrefix(), MEMBER_WRITE_LIMIT_MAX: '4', MESSAGE_RATE_LIMIT_MAX: '2' })
    apps = [await buildApp(config), await buildApp(config, { seed: false })]
    for (const app of apps) await app.listen({ port: 0, host: '127.0.0.1' })
  }, 30_000)

  afterAll(async () => {
    if (!available) return
    for (const app of apps) await app.close()
    if (config.databaseUrl && config.databaseSchema) await dropSchema(config.databaseUrl, config.databaseSchema)
    rmSync(root, { recursive: true, force: true })
  })

  const urlOf = (app: FastifyInstance): string => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`

  withRedis('shows a channel created through one process in the other\'s cached channel list at once, and dispatches it to a client on the other', async () => {
    const [a, b] = apps
    const guest = await signInAsGuest({ inject: request => a.inject(request) } as Parameters<typeof signInAsGuest>[0])
    await a.inject({ method: 'POST', url: '/servers/723658/members/me', headers: guest.headers })
    const { client } = await identified(urlOf(b), guest.token)
    const listed = (response: { json: () => unknown }): string[] =>
      (response.json() as { data: ChannelListData }).data.groups.flatMap(group => group.channels).map(channel => channel.channel_id)
    listed(await b.inject('/servers/723658/channels')) // now cached on b
    const creator = await signInAsMember({ config } as Parameters<typeof signInAsMember>[0]) // guests may not create channels
    const created = envelope<Channel>(await a.inject({ method: 'POST', url: '/servers/723658/channels', headers: creator.headers, payload: { title: '跨进程', channel_type: 1 } })).data
    expect(listed(await b.inject('/servers/723658/channels'))).toContain(created.channel_id)
    const dispatched = await client.next<DispatchFrame>(frame => frame.op === 'dispatch' && frame.t === 'CHANNEL_CREATE')
    expect(dispatched.d).toMatchObject({ channel_id: created.channel_id, name: '跨进程' })
    client.close()
  }, 20_000)

  /** The busy demo server and its lobby. */
  const [BUSY, LOBBY] = ['832828', '83282802']
  /** A new guest who joined the busy server through `app` (one write). */
  async function member (app: FastifyInstance): Promise<{ headers: Record<string, string>, uid: string }> {
    const guest = await signInAsGuest({ inject: request => app.inject(request) } as Parameters<typeof signInAsGuest>[0])
    expect((await app.inject({ method: 'POST', url: `/servers/${BUSY}/members/me`, headers: guest.headers })).statusCode).toBe(200)
    return guest
  }

  withRedis('counts one member\'s writes on both processes together, from any IP', async () => {
    const [a, b] = apps
    const guest = await member(a) // from loopback: exempt, not counted
    const write = (app: FastifyInstance, remoteAddress: string) => app.inject({ method: 'POST', url: `/channels/${LOBBY}/typing`, headers: guest.headers, remoteAddress })
    for (const [app, index] of [[b, 1], [a, 2], [b, 3], [a, 4]] as const) expect((await write(app, `10.3.0.${index}`)).statusCode).toBe(200)
    const limited = await write(b, '10.3.0.5')
    expect(limited.statusCode).toBe(429)
    expect(envelope(limited).msg).toMatch(/^操作太频繁：每个账号每 60 秒最多 4 次/)
  })

  withRedis('limits one account\'s messages on both processes together', async () => {
    const [a, b] = apps
    const guest = await member(b)
    const send = (app: FastifyInstance, index: number) => app.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers: guest.headers, payload: { content: `第${index}条`, nonce: `limit-${guest.uid}-${index}` }, remoteAddress: '10.4.0.1' })
    expect((await send(a, 1)).statusCode).toBe(200)
    expect((await send(b, 2)).statusCode).toBe(200)
    const limited = await send(a, 3)
    expect(limited.statusCode).toBe(429)
    expect(envelope(limited).msg).toMatch(/^发言太频繁：每 10 秒最多 2 条/)
  })

  withRedis('publishes a member\'s typing once per throttle window whichever processes it reaches', async () => {
    const [a, b] = apps
    const guest = await member(a)
    const listener = await createRedisBus(REDIS_TEST_URL, config.redisKeyPrefix)
    const typing: BusEvent[] = []
    listener.subscribe(heard => { if (heard.t === 'TYPING_START') typing.push(heard) })
    try {
      for (const app of [a, b, a, b]) expect((await app.inject({ method: 'POST', url: `/channels/${LOBBY}/typing`, headers: guest.headers })).statusCode).toBe(200)
      await pause(150)
      expect(typing.map(heard => (heard.d as { uid: string }).uid)).toEqual([guest.uid])
    } finally {
      await listener.close()
    }
  })
})
