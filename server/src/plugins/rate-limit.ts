/**
 * The rate limits ("per member as well as per IP for every write"):
 * - every request: RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS per client IP (before the
 *   body is read), and the per-route limits routes declare (`config.rateLimit`, e.g.
 *   guest sign-ups per IP) or create (`fastify.createRateLimit`, e.g. messages per account);
 * - every write (POST, PUT, PATCH, DELETE) of a signed-in member or bot: MEMBER_WRITE_LIMIT_MAX
 *   per MEMBER_WRITE_LIMIT_WINDOW_MS per account, whatever IPs and sessions it comes from.
 * Every count lives in the shared {@link HitCounter} (Redis with REDIS_URL), so it holds
 * across server processes. The RATE_LIMIT_ALLOW addresses (loopback by default, for local
 * benchmarks; `none` limits everyone) are exempt from all of them. A refusal is 429 in the
 * envelope with `Retry-After`, saying in words what the limit is and when to try again.
 */
import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { HitCounter } from '../services/rate-counter'
import type { RateLimitConfig } from '../config'
import { spokenError } from '../errors'
import { WRITE_METHODS } from './auth'

/** What @fastify/rate-limit hands a store at run time (its types say less): the window, and for a route limit the route. */
interface StoreOptions {
  timeWindow?: unknown
  routeInfo?: { method?: unknown, url?: unknown }
}

/**
 * @fastify/rate-limit's store over `counter`: the global limit's keys as they are, a
 * route's under `<METHOD><url>-` (as the plugin's own Redis store does), so a route limit
 * never shares a count with the global one. Limits made with `createRateLimit` have no
 * route and name their keys themselves (`messages <uid>`).
 */
function counterStore (counter: HitCounter, namespace = ''): new (options: object) => FastifyRateLimitStore {
  return class CounterStore implements FastifyRateLimitStore {
    private readonly windowMs: number
    constructor (options: object) {
      const { timeWindow } = options as StoreOptions
      this.windowMs = typeof timeWindow === 'number' ? timeWindow : 60_000
    }

    incr (key: string, callback: (error: Error | null, result?: { current: number, ttl: number }) => void, timeWindow?: number): void {
      counter.hit(`${namespace}${key}`, typeof timeWindow === 'number' ? timeWindow : this.windowMs)
        .then(({ count, resetMs }) => callback(null, { current: count, ttl: resetMs }), error => callback(error as Error))
    }

    child (options: object): FastifyRateLimitStore {
      const { routeInfo } = options as StoreOptions
      const route = routeInfo?.method === undefined ? '' : `${String(routeInfo.method)}${String(routeInfo.url)}-`
      return new (counterStore(counter, `${namespace}${route}`))(options)
    }
  }
}

/** True when `request` comes from an address the limits never apply to (RATE_LIMIT_ALLOW). */
function isExempt (config: RateLimitConfig, request: FastifyRequest): boolean {
  return config.allowList.includes(request.ip)
}

/** Whole seconds of a duration for a refusal, at least 1. */
function wholeSeconds (ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000))
}

/**
 * A preHandler (it runs after the sign-in hook has named the account) that
 * counts each write of a signed-in member against MEMBER_WRITE_LIMIT_MAX per window, keyed
 * by uid: one account's writes are limited together from any IP and any of its sessions.
 */
function memberWriteLimit (config: RateLimitConfig, counter: HitCounter): preHandlerAsyncHookHandler {
  const { max, windowMs } = config.memberWrites
  return async request => {
    const uid = request.currentUser?.uid
    if (uid === undefined || !WRITE_METHODS.has(request.method) || isExempt(config, request)) return
    const { count, resetMs } = await counter.hit(`writes ${uid}`, windowMs)
    if (count <= max) return
    throw spokenError(429, {
      'zh-CN': `操作太频繁：每个账号每 ${wholeSeconds(windowMs)} 秒最多 ${max} 次，请 ${wholeSeconds(resetMs)} 秒后再试`,
      en: `too many writes: each account may make at most ${max} per ${wholeSeconds(windowMs)} s, try again in ${wholeSeconds(resetMs)} s`,
    }, wholeSeconds(resetMs))
  }
}

/** Installs the limits on `fastify`, counted in `counter`. */
export async function installRateLimit (fastify: FastifyInstance, config: RateLimitConfig, counter: HitCounter): Promise<void> {
  await fastify.register(fastifyRateLimit, {
    global: true,
    max: config.max,
    timeWindow: config.windowMs,
    allowList: config.allowList,
    store: counterStore(counter),
    errorResponseBuilder: (_request, context) => spokenError(context.statusCode, {
      'zh-CN': `请求太频繁：最多 ${context.max} 次，请 ${wholeSeconds(context.ttl)} 秒后再试`,
      en: `too many requests: at most ${context.max} per ${context.after}, try again later`,
    }),
  })
  fastify.addHook('preHandler', memberWriteLimit(config, counter))
}
