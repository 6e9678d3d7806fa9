/**
 * The gather space's HTTP calls a member makes (core/wire/space.ts): a metaverse channel's
 * map and count, a server's space counts and who stands in them, and a moderator's move and
 * removal, on the same request chain as every other call. Walking and talking go over the gateway (GatewayStore.sendSpace).
 */
import { SPACE_CALLS } from '@core/wire/space-paths'
import type { SPACE_CALL_SCHEMAS, SpaceCounts, SpaceInfo, SpacePeople } from '@core/wire/space'
import { request } from '@/services/request/request'
import { callsOf } from './call'
import type { Requester } from './index'

/** The space calls. */
export interface SpaceApi {
  /** The space of a metaverse channel: its map and how many stand in it. */
  space (channelId: string): Promise<SpaceInfo>
  /** How many stand in each of a server's spaces (those the caller may see). */
  counts (serverId: string): Promise<SpaceCounts>
  /** Who stands in each of a server's spaces (those the caller may see): the member list's 在 <space>. */
  people (serverId: string): Promise<SpacePeople>
  /** Puts a member's avatar at a map point (a moderator; a blocked point: the nearest walkable tile). */
  move (channelId: string, uid: string, to: { x: number, y: number }): Promise<null>
  /** Takes a member out of a space (a moderator): they are told space_left 'removed'. */
  remove (channelId: string, uid: string): Promise<null>
}

/** The space calls sent through `send`. */
export function createSpaceApi (send: Requester = request): SpaceApi {
  const calls = callsOf<typeof SPACE_CALLS, typeof SPACE_CALL_SCHEMAS>(send, SPACE_CALLS)
  return {
    space: channelId => calls.space({ params: { channel_id: channelId } }),
    counts: serverId => calls.counts({ params: { server_id: serverId } }),
    people: serverId => calls.people({ params: { server_id: serverId } }),
    move: (channelId, uid, to) => calls.move({ params: { channel_id: channelId, uid }, body: to }),
    remove: (channelId, uid) => calls.remove({ params: { channel_id: channelId, uid } }),
  }
}
