/**
 * The lease relay the gather space and the voice rooms share (server/src/bus/lease-relay.ts),
 * two processes' relays on the real Redis at 127.0.0.1:6379 (REDIS_TEST_URL overrides it):
 * one holder per lease, renewals, a release that takes the kept values with it, a lease that
 * runs out, and each process's mailbox. Each run works under its own key prefix and deletes
 * its keys afterwards. Skipped, saying so, when no Redis answers.
 */
import { createLocalLeaseRelay, createRedisLeaseRelay, type LeaseRelay } from '../../src/bus/lease-relay'
import { pause } from '../gateway/client'
import { dropRedisKeys, freshRedisPrefix, REDIS_TEST_URL, redisAnswers, redisGatedIt } from './redis-probe'

const LEASE_MS = 300
const prefix = freshRedisPrefix()

let available = false
let a: LeaseRelay<string>
let b: LeaseRelay<string>

beforeAll(async () => {
  available = await redisAnswers()
  if (!available) {
    console.warn(`SKIPPED: no Redis answers at ${REDIS_TEST_URL}; the lease relay tests did not run (CI starts one)`)
    return
  }
  const keys = { prefix, kind: 'thing', kept: ['count'] }
  a = await createRedisLeaseRelay<string>(REDIS_TEST_URL, keys, LEASE_MS)
  b = await createRedisLeaseRelay<string>(REDIS_TEST_URL, keys, LEASE_MS)
})

afterAll(async () => {
  if (!available) return
  await Promise.all([a.close(), b.close()])
  await dropRedisKeys(prefix)
})

const withRedis = redisGatedIt(() => available)

describe('a lease relay over Redis', () => {
  withRedis('gives a lease to the first claimant and names it to the next', async () => {
    expect(await a.claim('t1')).toBe(a.process)
    expect(await b.claim('t1')).toBe(a.process)
    expect(await b.holdersOf(['t1', 't2'])).toEqual([a.process, null])
    expect(await b.renew(['t1'])).toEqual(['t1'])
    expect(await a.renew(['t1'])).toEqual([])
  })

  withRedis('deletes the kept values with the lease at a release by its holder, and not at anyone else\'s', async () => {
    expect(await a.claim('t3')).toBe(a.process)
    await a.keep('t3', 'count', '7')
    await b.release('t3')
    expect(await b.keptOf(['t3'], 'count')).toEqual(['7'])
    await a.release('t3')
    expect(await b.keptOf(['t3'], 'count')).toEqual([null])
    expect(await b.claim('t3')).toBe(b.process)
  })

  withRedis('frees a lease its holder stops renewing, keeping its values for the next holder to read', async () => {
    expect(await a.claim('t4')).toBe(a.process)
    await a.keep('t4', 'count', '3')
    await pause(LEASE_MS + 100)
    expect(await b.holderOf('t4')).toBeNull()
    expect(await b.claim('t4')).toBe(b.process)
    expect(await b.keptOf(['t4'], 'count')).toEqual(['3'])
  })

  withRedis('delivers a message to the process it is sent to, and to none other', async () => {
    const heard: Record<string, string[]> = { a: [], b: [] }
    a.listen(message => { heard.a.push(message) })
    b.listen(message => { heard.b.push(message) })
    await a.send(b.process, 'hello b')
    await pause(100)
    expect(heard).toEqual({ a: [], b: ['hello b'] })
  })
})

describe('the local lease relay', () => {
  it('holds everything on this one process and keeps nothing', async () => {
    const local = createLocalLeaseRelay<string>(LEASE_MS)
    expect(await local.claim('t1')).toBe('local')
    expect(await local.holdersOf(['t1', 't2'])).toEqual(['local', 'local'])
    await local.keep('t1', 'count', '1')
    expect(await local.keptOf(['t1'], 'count')).toEqual([null])
  })
})
