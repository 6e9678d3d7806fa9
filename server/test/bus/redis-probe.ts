/**
 * The Redis the server's Redis tests run against: 127.0.0.1:6379 (CI starts one),
 * REDIS_TEST_URL overrides it; the tests skip, saying so, when none answers.
 */
import { randomBytes } from 'crypto'
import Redis from 'ioredis'

/** The test Redis's URL. */
export const REDIS_TEST_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379'

/** True when the test Redis answers a PING within a second. */
export async function redisAnswers (): Promise<boolean> {
  const probe = new Redis(REDIS_TEST_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 })
  try {
    await probe.connect()
    return await probe.ping() === 'PONG'
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}

/** A key prefix of one test's own, so tests sharing the Redis never see each other's keys. */
export function freshRedisPrefix (): string {
  return `openrealm-test:${process.pid}:${randomBytes(4).toString('hex')}:`
}

/** Deletes every key under each of `prefixes` from the test Redis. */
export async function dropRedisKeys (...prefixes: string[]): Promise<void> {
  const admin = new Redis(REDIS_TEST_URL)
  try {
    for (const prefix of prefixes) {
      const keys = await admin.keys(`${prefix}*`)
      if (keys.length > 0) await admin.del(...keys)
    }
  } finally {
    admin.disconnect()
  }
}

/**
 * `it` for a test that needs the test Redis: it passes without running when `available()`
 * says none answered (the file's beforeAll probed with {@link redisAnswers} and said so).
 */
export function redisGatedIt (available: () => boolean): (name: string, test: () => Promise<void>, timeout?: number) => void {
  return (name, test, timeout) => {
    it(name, async () => {
      if (available()) await test()
    }, timeout)
  }
}
