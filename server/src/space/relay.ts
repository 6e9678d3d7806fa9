/**
 * Where a gather space lives when several processes serve one product (REDIS_URL):
 * on one process at a time, the holder of its lease in Redis (`space:owner:<channel_id>`,
 * renewed each third of GATEWAY_LEASE_MS). A member connected to another process is relayed:
 * their process sends the space ops to the holder, and the holder sends that member's frames
 * back, over a Redis channel per process (`space:to:<process>`). The holder keeps the space's
 * count (`space:count:<channel_id>`) and, about once a second, the positions of the people
 * in it (`space:pos:<channel_id>`), so when it dies and the lease runs out the next holder
 * puts them back where they stood. With one process the relay is in-process: every space is
 * this process's, nothing travels. The lease and the mailbox are the shared lease relay's
 * (server/src/bus/lease-relay.ts, kind `space`); this file names the space's messages and kept values.
 */
import type { SpaceClientFrame, SpaceServerFrame } from '@core/wire/space'
import { createLocalLeaseRelay, createRedisLeaseRelay, type LeaseHolding, type LeaseRelay } from '../bus/lease-relay'
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

/** The spaces' shared state and messages across processes (a lease per space: server/src/bus/lease-relay.ts). */
export interface SpaceRelay extends LeaseHolding<RelayMessage> {
  /** Keeps the count of a space this process holds. */
  keepCount (channelId: string, count: number): Promise<void>
  /** The count its holder kept (0 when none). */
  countOf (channelId: string): Promise<number>
  /** Keeps where the people of a space stand (uid → [x, y]). */
  keepPositions (channelId: string, positions: Record<string, [number, number]>): Promise<void>
  /** Where the people of a space stood at its holder's last keep. */
  positionsOf (channelId: string): Promise<Record<string, [number, number]>>
}

/** The space relay over a lease relay: the count and the positions are values kept beside a space's lease. */
function spaceRelayOver (relay: LeaseRelay<RelayMessage>): SpaceRelay {
  return {
    process: relay.process,
    leaseMs: relay.leaseMs,
    claim: channelId => relay.claim(channelId),
    holderOf: channelId => relay.holderOf(channelId),
    renew: channelIds => relay.renew(channelIds),
    release: channelId => relay.release(channelId),
    send: (to, message) => relay.send(to, message),
    listen: handler => { relay.listen(handler) },
    keepCount: (channelId, count) => relay.keep(channelId, 'count', String(count)),
    async countOf (channelId) {
      const [count] = await relay.keptOf([channelId], 'count')
      return Number(count ?? 0)
    },
    keepPositions: (channelId, positions) => relay.keep(channelId, 'pos', JSON.stringify(positions)),
    async positionsOf (channelId) {
      const [text] = await relay.keptOf([channelId], 'pos')
      return text === null ? {} : JSON.parse(text) as Record<string, [number, number]>
    },
    close: () => relay.close(),
  }
}

/** One process: every space is this process's and nothing travels. */
export function createLocalSpaceRelay (leaseMs: number): SpaceRelay {
  return spaceRelayOver(createLocalLeaseRelay(leaseMs))
}

/** The relay over Redis at `url` (keys under `prefix`), connected and listening when it resolves. */
export async function createRedisSpaceRelay (url: string, prefix: string, leaseMs: number): Promise<SpaceRelay> {
  return spaceRelayOver(await createRedisLeaseRelay<RelayMessage>(url, { prefix, kind: 'space', kept: ['count', 'pos'] }, leaseMs))
}
