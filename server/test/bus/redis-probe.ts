/**
 * The Redis the server's Redis tests run against: 127.0.0.1:6379 (CI starts one),
 * REDIS_TEST_URL overrides it; the tests skip, saying so, when none answers.
 */
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
