/**
 * One contract for both hit counters (server/src/services/rate-counter.ts): the in-process one and
 * the Redis one (against the real Redis at 127.0.0.1:6379, REDIS_TEST_URL overrides it;
 * skipped, saying so, when none answers). The Redis one is also shared: two counters on
 * one Redis, as two server processes hold them, count one key together.
 */
import { randomBytes } from 'crypto'
import Redis from 'ioredis'
import { createMemoryCounter, createRedisCounter, type HitCounter } from '../../src/services/rate-counter'
import { pause } from '../gateway/client'
import { REDIS_TEST_URL, redisAnswers } from '../bus/redis-probe'


const prefix = `openrealm-test:${process.pid}:${randomBytes(4).toString('hex')}:`
let redisAvailable = false

beforeAll(async () => {
  redisAvailable = await redisAnswers()
  if (!redisAvailable) console.warn(`SKIPPED: no Redis answers at ${REDIS_TEST_URL}; the Redis counter did not run (CI starts one)`)
})

afterAll(async () => {
  if (!redisAvailable) return
  const admin = new Redis(REDIS_TEST_URL)
  const keys = await admin.keys(`${prefix}*`)
  if (keys.length > 0) await admin.del(...keys)
  admin.disconnect()
})

const implementations: Array<[string, () => Promise<HitCounter | null>]> = [
  ['in-process', async () => createMemoryCounter()],
  ['Redis', async () => redisAvailable ? createRedisCounter(REDIS_TEST_URL, prefix) : null],
]

describe.each(implementations)('the %s hit counter', (_name, open) => {
  let counter: HitCounter | null
  beforeEach(async () => { counter = await open() })
  afterEach(async () => { await counter?.close() })
  const key = (): string => `contract ${randomBytes(4).toString('hex')}`

  it('counts hits on a key from 1 within one window, and says how long the window has left', async () => {
    if (!counter) return
    const name = key()
    const first = await counter.hit(name, 5000)
    expect(first.count).toBe(1)
    expect(first.resetMs).toBeGreaterThan(4000)
    expect(first.resetMs).toBeLessThanOrEqual(5000)
    expect((await counter.hit(name, 5000)).count).toBe(2)
    const third = await counter.hit(name, 5000)
    expect(third.count).toBe(3)
    expect(third.resetMs).toBeLessThanOrEqual(first.resetMs)
  })

  it('keeps each key on its own', async () => {
    if (!counter) return
    const [one, two] = [key(), key()]
    await counter.hit(one, 5000)
    await counter.hit(one, 5000)
    expect((await counter.hit(two, 5000)).count).toBe(1)
  })

  it('starts again at 1 once the window is over (the window is not stretched by later hits)', async () => {
    if (!counter) return
    const name = key()
    expect((await counter.hit(name, 150)).count).toBe(1)
    await pause(80)
    expect((await counter.hit(name, 150)).count).toBe(2)
    await pause(120)
    expect((await counter.hit(name, 150)).count).toBe(1)
  })

  it('gives a lock to one of many concurrent claims, and again once it lapsed', async () => {
    if (!counter) return
    const name = key()
    const claims = await Promise.all(Array.from({ length: 10 }, () => counter!.claim(name, 150)))
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await counter.claim(name, 150)).toBe(false)
    await pause(250)
    expect(await counter.claim(name, 150)).toBe(true)
  })

  it('counts concurrent hits exactly once each', async () => {
    if (!counter) return
    const name = key()
    const hits = await Promise.all(Array.from({ length: 50 }, () => counter!.hit(name, 5000)))
    expect(hits.map(hit => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1))
  })
})

describe('two Redis counters (two processes)', () => {
  it('count one key together', async () => {
    if (!redisAvailable) return
    const [a, b] = [await createRedisCounter(REDIS_TEST_URL, prefix), await createRedisCounter(REDIS_TEST_URL, prefix)]
    try {
      expect((await a.hit('shared', 5000)).count).toBe(1)
      expect((await b.hit('shared', 5000)).count).toBe(2)
      expect((await a.hit('shared', 5000)).count).toBe(3)
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })

  it('hold one lock between them (SET NX PX): only one process gets it', async () => {
    if (!redisAvailable) return
    const [a, b] = [await createRedisCounter(REDIS_TEST_URL, prefix), await createRedisCounter(REDIS_TEST_URL, prefix)]
    try {
      const [first, second] = await Promise.all([a.claim('shared-lock', 5000), b.claim('shared-lock', 5000)])
      expect([first, second].filter(Boolean)).toHaveLength(1)
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})
