/**
 * Shared hit counters behind every rate limit and throttle: the per-IP
 * and per-member HTTP limits (plugins/rate-limit.ts), the per-account message limit and
 * the typing throttle. A counter counts hits on a key in fixed windows: the first hit
 * opens a window of `windowMs`, later hits in it count up, and the key starts again at 1
 * once the window is over. In-process by default (one `npm start`); with REDIS_URL the
 * Redis counter (one small Lua script: INCR, PEXPIRE on the first hit, PTTL), so a client
 * that talks to two processes, or reconnects from one to the other, is counted once.
 */
import Redis from 'ioredis'

/** The count of a key after a hit. */
export interface HitCount {
  /** Hits in the current window, this one included (1 for the window's first). */
  count: number
  /** Milliseconds until the window is over and the count starts again. */
  resetMs: number
}

/** Counts hits per key in fixed windows. */
export interface HitCounter {
  /** Counts one hit on `key`; a new window of `windowMs` opens when none is running. */
  hit (key: string, windowMs: number): Promise<HitCount>
  /**
   * Takes the lock `key` for `ttlMs` when nobody holds it (Redis: SET NX PX, so of several
   * processes one gets it); resolves whether this caller got it. Nobody releases it: it lapses.
   */
  claim (key: string, ttlMs: number): Promise<boolean>
  /** Releases connections (Redis); the in-process counter has none. */
  close (): Promise<void>
}

/** Keys the in-process counter holds before it drops the ended windows. */
const MEMORY_PRUNE_AT = 10_000

/** The counter of one process (the embedded default); `clock` in ms. */
export function createMemoryCounter (clock: () => number = Date.now): HitCounter {
  const windows = new Map<string, { count: number, endsAt: number }>()
  const prune = (now: number): void => {
    for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key)
  }
  return {
    async hit (key, windowMs) {
      const now = clock()
      let window = windows.get(key)
      if (!window || window.endsAt <= now) {
        if (windows.size >= MEMORY_PRUNE_AT) prune(now)
        window = { count: 0, endsAt: now + windowMs }
        windows.set(key, window)
      }
      window.count += 1
      return { count: window.count, resetMs: window.endsAt - now }
    },
    async claim (key, ttlMs) {
      // a lock is a window whose first hit took it
      return (await this.hit(`lock:${key}`, ttlMs)).count === 1
    },
    async close () { windows.clear() },
  }
}

/** KEYS: the counter. ARGV: window ms. Returns the count and the ms left in the window. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`

interface CountingRedis extends Redis {
  hitCounter (key: string, windowMs: number): Promise<[number, number]>
}

/** Opens the shared counter at `url` (connected when the promise resolves); keys are `<prefix>limit:<key>`. */
export async function createRedisCounter (url: string, prefix = 'openrealm:'): Promise<HitCounter> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 }) as CountingRedis
  redis.defineCommand('hitCounter', { numberOfKeys: 1, lua: HIT_SCRIPT })
  await redis.connect()
  return {
    async hit (key, windowMs) {
      const [count, resetMs] = await redis.hitCounter(`${prefix}limit:${key}`, Math.max(1, Math.round(windowMs)))
      return { count: Number(count), resetMs: Number(resetMs) }
    },
    async claim (key, ttlMs) {
      return await redis.set(`${prefix}lock:${key}`, String(process.pid), 'PX', Math.max(1, Math.round(ttlMs)), 'NX') === 'OK'
    },
    async close () {
      await redis.quit().catch(() => undefined)
    },
  }
}
