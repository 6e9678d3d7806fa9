/**
 * Walking every declared dispatch past real sockets (one process, or several on one
 * Redis): publish each dispatch narrower than its server about a channel, as its audience
 * addresses it, between marks every member hears, and read which names each client got
 * between two marks.
 */
import { Value } from '@sinclair/typebox/value'
import { DISPATCH_NAMES, DISPATCHES, type DispatchName } from '@core/wire/dispatches'
import type { DispatchFrame, ServerFrame } from '@core/wire/gateway'
import type { EventBus } from '../../src/bus'
import type { GatewayTestClient } from './client'

/** Every declared dispatch a route publishes to fewer than all members of the server (a conversation's participants are walked in conversations.test.ts). */
export const NARROW_DISPATCHES = DISPATCH_NAMES.filter(t => !['server', 'participants'].includes(DISPATCHES[t].audience) && !('origin' in DISPATCHES[t]))
/** Those but CHANNEL_DELETE, which ends the channel (walk it last). */
export const NARROW_BEFORE_DELETE = NARROW_DISPATCHES.filter(t => t !== 'CHANNEL_DELETE')
/** The channel-bound ones among {@link NARROW_BEFORE_DELETE}: what a reader of the channel who neither moderates nor is addressed gets. */
export const CHANNEL_BOUND = NARROW_BEFORE_DELETE.filter(t => DISPATCHES[t].audience === 'channel')

/** Publishes dispatch `t` (a payload of its declared shape) about `channelId` of `serverId`: a channel's to it, a user's own to `uid`. */
export async function publishAbout (bus: EventBus, t: DispatchName, serverId: string, channelId: string, uid: string): Promise<void> {
  const audience = DISPATCHES[t].audience
  const target = audience === 'channel' ? { server_id: serverId, channel_id: channelId } : audience === 'self' || audience === 'user' ? { server_id: serverId, uid } : { server_id: serverId }
  // any declared name with a payload of its schema: the walk is typed by the declaration at run time
  const publish = bus.publish as (name: DispatchName, to: typeof target, d: unknown) => Promise<void>
  await publish(t, target, Value.Create(DISPATCHES[t].payload))
}

/** Looks at `channelId` (typing goes only there) and waits until the gateway has read it. */
export async function focus (client: GatewayTestClient, channelId: string): Promise<void> {
  client.send({ op: 'focus', d: { channel_id: channelId } })
  client.send({ op: 'heartbeat', d: { seq: null } })
  await client.next(frame => frame.op === 'heartbeat_ack')
}

/** Matches the dispatch `t` whose payload passes `match`. */
export const isDispatch = (t: DispatchName, match: (d: never) => boolean = () => true) => (frame: ServerFrame): boolean =>
  frame.op === 'dispatch' && frame.t === t && match(frame.d as never)

/** Publishes a marker every member of `serverId` hears and waits until each client got it: everything published before it was offered to them. */
export async function mark (bus: EventBus, serverId: string, label: string, clients: GatewayTestClient[]): Promise<void> {
  await bus.publish('PRESENCE_UPDATE', { server_id: serverId }, { server_id: serverId, uid: label, status: 'online', online_count: 0 })
  await Promise.all(clients.map(client => client.next(isDispatch('PRESENCE_UPDATE', (d: { uid: string }) => d.uid === label))))
}

/** The dispatch frames `client` received. */
export const dispatches = (client: GatewayTestClient): DispatchFrame[] => client.frames.filter((frame): frame is DispatchFrame => frame.op === 'dispatch')

/** The dispatch names `client` got between marks `from` and `to`. */
export function namesBetween (client: GatewayTestClient, from: string, to: string): string[] {
  const frames = dispatches(client)
  const at = (label: string): number => frames.findIndex(frame => frame.t === 'PRESENCE_UPDATE' && (frame.d as { uid: string }).uid === label)
  return frames.slice(at(from) + 1, at(to)).map(frame => frame.t)
}
