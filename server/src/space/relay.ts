/**
 * Where a gather space lives when several processes serve one product (REDIS_URL):
 * on one process at a time, the holder of its lease in Redis (`space:owner:<channel_id>`,
 * renewed each third of GATEWAY_LEASE_MS). A member connected to another process is relayed:
 * their process sends the space ops to the holder, and the holder sends that member's frames
 * back, over a Redis channel per process (`space:to:<process>`). The holder keeps the space's
 * count (`space:count:<channel_id>`) and, about once a second, the positions of the people
 * in it (`space:pos:<channel_id>`), so when it dies and the lease runs out the next holder
 * puts them back where they stood. With one process the relay is in-process: every space is
 * this process's, nothing travels.
 */
import { randomBytes } from 'crypto'
import Redis from 'ioredis'
import type { SpaceClientFrame, SpaceServerFrame } from '@core/wire/space'
import type { SpacePerson } from './space'

/** A relayed member: the process their socket is on and their key there. */
export interface RelayedMember { process: string, key: string }

/** What travels between processes about spaces. */
export type RelayMessage =
  | { t: 'enter', from: RelayedMember, channel_id: string, person: SpacePerson, near_uid?: string }
  | { t: 'op', from: RelayedMember, frame: SpaceClientFrame }
  | { t: 'alive', process: string, keys: string[] }
  /** `n`: how many frames the holder has sent this member so far, this one included (a gap: one was lost). */
  | { t: 'frame', key: string, frame: SpaceServerFrame, n: number }
  /** The holder refused a relayed entry (`msg`: the SpaceRefused error's text). */
  | { t: 'refused', key: string, msg: string }
  | { t: 'moderate', channel_id: string, uid: string, to: { x: number, y: number } | null }
  | { t: 'host_say', channel_id: string, uid: string, text: string }

/** The spaces' shared state and messages across processes. */
export interface SpaceRelay {
  /** This process. */
  readonly process: string
  /** How long a lease lasts without renewal (ms); renewals and liveness run each third of it. */
  readonly leaseMs: number
  /** The process holding the space of `channelId`, this one when nobody held it. */
  claim (channelId: string): Promise<string>
  /** The process holding the space of `channelId`, or null. */
  holderOf (channelId: string): Promise<string | null>
  /** Renews this process's leases of `channelIds`; resolves those it no longer holds. */
  renew (channelIds: readonly string[]): Promise<string[]>
  /** Gives up the space of `channelId` (nobody is in it). */
  release (channelId: string): Promise<void>
  /** Sends `message` to process `to`. */
  send (to: string, message: RelayMessage): Promise<void>
  /** Hears the messages sent to this process. */
  listen (handler: (message: RelayMessage) => void): void
  /** Keeps the count of a space this process holds. */
  keepCount (channelId: string, count: number): Promise<void>
  /** The count its holder kept (0 when none). */
  countOf (channelId: string): Promise<number>
  /** Keeps where the people of a space stand (uid → [x, y]). */
  keepPositions (channelId: string, positions: Record<string, [number, number]>): Promise<void>
  /** Where the people of a space stood at its holder's last keep. */
  positionsOf (channelId: string): Promise<Record<string, [number, number]>>
  close (): Promise<void>
}

/** One process: every space is this process's and nothing travels. */
export function createLocalSpaceRelay (leaseMs: number): SpaceRelay {
  const process = 'local'
  return {
    process,
    leaseMs,
    claim: async () => process,
    holderOf: async () => process,
    renew: async () => [],
    release: async () => undefined,
    send: async () => undefined,
    listen: () => undefined,
    keepCount: async () => undefined,
    countOf: async () => 0,
    keepPositions: async () => undefined,
    positionsOf: async () => ({}),
    close: async () => undefined,
  }
}

/** KEYS: lease. ARGV: process, ms. Renews the lease if this process holds it (1), else 0. */
const RENEW = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end"
/** KEYS: lease, count, positions. ARGV: process. Deletes them if this process holds the lease. */
const RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1], KEYS[2], KEYS[3]) end return 0"

/** The relay over Redis at `url` (keys under `prefix`), connected and listening when it resolves. */
export async function createRedisSpaceRelay (url: string, prefix: string, leaseMs: number): Promise<SpaceRelay> {
  const process = randomBytes(8).toString('hex')
  const key = {
    owner: (channelId: string) => `${prefix}space:owner:${channelId}`,
    count: (channelId: string) => `${prefix}space:count:${channelId}`,
    positions: (channelId: string) => `${prefix}space:pos:${channelId}`,
    to: (target: string) => `${prefix}space:to:${target}`,
  }
  const commands = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 })
  const subscriber = new Redis(url, { lazyConnect: true })
  const handlers: Array<(message: RelayMessage) => void> = []
  try {
    await Promise.all([commands.connect(), subscriber.connect()])
    subscriber.on('message', (_channel: string, text: string) => {
      const message = JSON.parse(text) as RelayMessage
      for (const handler of handlers) handler(message)
    })
    await subscriber.subscribe(key.to(process))
  } catch (error) {
    commands.disconnect()
    subscriber.disconnect()
    throw error
  }
  // positions outlive the holder by a few leases: long enough for the next one to read them
  const keptMs = 5 * leaseMs
  /** The holder of a space, this process when nobody held it (a lease that ran out between the two reads: try again). */
  const claim = async (channelId: string): Promise<string> => {
    if (await commands.set(key.owner(channelId), process, 'PX', leaseMs, 'NX') === 'OK') return process
    return (await commands.get(key.owner(channelId))) ?? (await claim(channelId))
  }
  return {
    process,
    leaseMs,
    claim,
    holderOf: channelId => commands.get(key.owner(channelId)),
    async renew (channelIds) {
      const lost: string[] = []
      for (const channelId of channelIds) {
        if (Number(await commands.eval(RENEW, 1, key.owner(channelId), process, leaseMs)) !== 1) lost.push(channelId)
      }
      return lost
    },
    async release (channelId) {
      await commands.eval(RELEASE, 3, key.owner(channelId), key.count(channelId), key.positions(channelId), process)
    },
    async send (to, message) {
      await commands.publish(key.to(to), JSON.stringify(message))
    },
    listen (handler) { handlers.push(handler) },
    async keepCount (channelId, count) {
      await commands.set(key.count(channelId), String(count), 'PX', keptMs)
    },
    async countOf (channelId) {
      return Number(await commands.get(key.count(channelId)) ?? 0)
    },
    async keepPositions (channelId, positions) {
      await commands.set(key.positions(channelId), JSON.stringify(positions), 'PX', keptMs)
    },
    async positionsOf (channelId) {
      const text = await commands.get(key.positions(channelId))
      return text === null ? {} : JSON.parse(text) as Record<string, [number, number]>
    },
    async close () {
      handlers.length = 0
      await Promise.all([commands.quit().catch(() => undefined), subscriber.quit().catch(() => undefined)])
    },
  }
}
