/**
 * Where something that lives on one process at a time (a gather space, a voice room) is held
 * when several processes serve one product (REDIS_URL): on the holder of its lease in Redis
 * (`<kind>:owner:<id>`, renewed by its holder each third of the lease), with a mailbox per
 * process (the Redis channel `<kind>:to:<process>`) for what the other processes send it. The
 * holder may keep values beside the lease (`<kind>:<what>:<id>`, for KEPT_LEASES leases
 * after their last keep) for the other processes to read, and for the next holder when this
 * one dies; a release deletes the lease and them. Values that belong to no lease and must
 * outlast every process (a moderator's voice mute) are held in a hash `<kind>:held:<what>`
 * with no expiry until taken off. With one process the relay is in-process:
 * everything is this process's, nothing travels (`process` is 'local').
 *
 * The space (server/src/space/relay.ts) and the voice rooms (server/src/voice/relay.ts) each
 * run one, under their own kind and with their own messages.
 */
import { randomBytes } from 'crypto'
import Redis from 'ioredis'

/** What a holder of leases does, whatever it holds (`M`: the messages its processes send each other). */
export interface LeaseHolding<M> {
  /** This process ('local' when there is only one). */
  readonly process: string
  /** How long a lease lasts without renewal (ms); renewals and liveness run each third of it. */
  readonly leaseMs: number
  /** The process holding `id`, this one when nobody held it. */
  claim (id: string): Promise<string>
  /** The process holding `id`, or null. */
  holderOf (id: string): Promise<string | null>
  /** Renews this process's leases of `ids`; resolves those it no longer holds. */
  renew (ids: readonly string[]): Promise<string[]>
  /** Gives up `id` (what it held is empty), its kept values with it. */
  release (id: string): Promise<void>
  /** Sends `message` to process `to`. */
  send (to: string, message: M): Promise<void>
  /** Hears the messages sent to this process. */
  listen (handler: (message: M) => void): void
  close (): Promise<void>
}

/** A lease relay: holding, and the values a holder keeps beside its leases. */
export interface LeaseRelay<M> extends LeaseHolding<M> {
  /** The holders of `ids` (null where none), in order. */
  holdersOf (ids: readonly string[]): Promise<Array<string | null>>
  /** Keeps `text` as the value `what` of `id` (for KEPT_LEASES leases, or `ms` when given). */
  keep (id: string, what: string, text: string, ms?: number): Promise<void>
  /** The values `what` of `ids` last kept (null where none), in order. */
  keptOf (ids: readonly string[], what: string): Promise<Array<string | null>>
  /** Holds `text` as field `field` of the values `what` until it is held again or taken off (`text` null): no lease, no expiry, read by every process. */
  hold (what: string, field: string, text: string | null): Promise<void>
  /** The field `field` of the values `what` held, or null. */
  heldOf (what: string, field: string): Promise<string | null>
}

/** Kept values outlive their last keep by this many leases: long enough for the next holder to read them. */
export const KEPT_LEASES = 5

/** One process: everything is this process's and nothing travels or is kept (held values live in the process's memory). */
export function createLocalLeaseRelay<M> (leaseMs: number): LeaseRelay<M> {
  const process = 'local'
  const held = new Map<string, string>()
  return {
    process,
    leaseMs,
    claim: async () => process,
    holderOf: async () => process,
    holdersOf: async ids => ids.map(() => process),
    renew: async () => [],
    release: async () => undefined,
    send: async () => undefined,
    listen: () => undefined,
    keep: async () => undefined,
    keptOf: async ids => ids.map(() => null),
    async hold (what, field, text) {
      if (text === null) held.delete(`${what} ${field}`)
      else held.set(`${what} ${field}`, text)
    },
    heldOf: async (what, field) => held.get(`${what} ${field}`) ?? null,
    close: async () => undefined,
  }
}

/** KEYS: lease. ARGV: process, ms. Renews the lease if this process holds it (1), else 0. */
const RENEW = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end"
/** KEYS: lease, then the kept values. ARGV: process. Deletes them all if this process holds the lease. */
const RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', unpack(KEYS)) end return 0"

/** Where a Redis lease relay keeps its keys: under `prefix`, as `kind` (`space`, `voice`), the values named `kept` deleted on release. */
export interface LeaseRelayKeys {
  prefix: string
  kind: string
  kept: readonly string[]
}

/** The relay over Redis at `url`, connected and listening when it resolves. */
export async function createRedisLeaseRelay<M> (url: string, { prefix, kind, kept }: LeaseRelayKeys, leaseMs: number): Promise<LeaseRelay<M>> {
  const process = randomBytes(8).toString('hex')
  const key = {
    owner: (id: string) => `${prefix}${kind}:owner:${id}`,
    value: (id: string, what: string) => `${prefix}${kind}:${what}:${id}`,
    to: (target: string) => `${prefix}${kind}:to:${target}`,
    held: (what: string) => `${prefix}${kind}:held:${what}`,
  }
  const commands = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 })
  const subscriber = new Redis(url, { lazyConnect: true })
  const handlers: Array<(message: M) => void> = []
  try {
    await Promise.all([commands.connect(), subscriber.connect()])
    subscriber.on('message', (_channel: string, text: string) => {
      const message = JSON.parse(text) as M
      for (const handler of handlers) handler(message)
    })
    await subscriber.subscribe(key.to(process))
  } catch (error) {
    commands.disconnect()
    subscriber.disconnect()
    throw error
  }
  const keptMs = KEPT_LEASES * leaseMs
  /** The holder of `id`, this process when nobody held it (a lease that ran out between the two reads: try again). */
  const claim = async (id: string): Promise<string> => {
    if (await commands.set(key.owner(id), process, 'PX', leaseMs, 'NX') === 'OK') return process
    return (await commands.get(key.owner(id))) ?? (await claim(id))
  }
  const many = async (keys: string[]): Promise<Array<string | null>> => keys.length === 0 ? [] : await commands.mget(...keys)
  return {
    process,
    leaseMs,
    claim,
    holderOf: id => commands.get(key.owner(id)),
    holdersOf: ids => many(ids.map(key.owner)),
    async renew (ids) {
      const lost: string[] = []
      for (const id of ids) {
        if (Number(await commands.eval(RENEW, 1, key.owner(id), process, leaseMs)) !== 1) lost.push(id)
      }
      return lost
    },
    async release (id) {
      await commands.eval(RELEASE, 1 + kept.length, key.owner(id), ...kept.map(what => key.value(id, what)), process)
    },
    async send (to, message) {
      await commands.publish(key.to(to), JSON.stringify(message))
    },
    listen (handler) { handlers.push(handler) },
    async keep (id, what, text, ms = keptMs) {
      await commands.set(key.value(id, what), text, 'PX', ms)
    },
    keptOf: (ids, what) => many(ids.map(id => key.value(id, what))),
    async hold (what, field, text) {
      if (text === null) await commands.hdel(key.held(what), field)
      else await commands.hset(key.held(what), field, text)
    },
    heldOf: (what, field) => commands.hget(key.held(what), field),
    async close () {
      handlers.length = 0
      await Promise.all([commands.quit().catch(() => undefined), subscriber.quit().catch(() => undefined)])
    },
  }
}
