/**
 * Who may read a channel now, for the writes that tell people of it outside the channel
 * (notifications: mentions, replies, reactions, comments, likes): the members among some
 * users who hold ViewChannel there, with core/domain/permissions.ts `effectivePermissions`
 * over the facts the routes read (roles, overrides, training roles, membership) — the rule
 * `GET /channels/:id/messages` applies, so nobody is told in an inbox what the history
 * would refuse them.
 */
import { effectivePermissions, hasPermission, Permission } from '@core/domain/permissions'
import type { AppContext } from '../context'

/** A channel of a server. */
export interface ChannelPlace {
  server_id: string
  channel_id: string
}

/** Whether each of `uids` may read a channel of `serverId` now: the server's facts and the members' read once. */
async function readRuleIn (ctx: Pick<AppContext, 'repos' | 'now'>, serverId: string, uids: readonly string[]): Promise<(uid: string, channelId: string) => boolean> {
  const [server, overrides, members] = await Promise.all([
    ctx.repos.roles.permissionServer(serverId),
    ctx.repos.roles.overridesByChannel(serverId),
    Promise.all(uids.map(async uid => [uid, await ctx.repos.roles.permissionMember(serverId, uid)] as const)),
  ])
  const memberOf = new Map(members)
  const now = ctx.now()
  return (uid, channelId) => {
    const member = memberOf.get(uid)
    if (!server || !member) return false // a non-member is told nothing of a channel
    const channel = { channel_id: channelId, overrides: overrides.get(channelId) ?? [] }
    return hasPermission(effectivePermissions({ server, member, channel, now }), Permission.ViewChannel)
  }
}

/** The members of `uids` who may read `place` now (in the order given); non-members never do. */
export async function readersAmong (ctx: Pick<AppContext, 'repos' | 'now'>, place: ChannelPlace, uids: readonly string[]): Promise<string[]> {
  if (uids.length === 0) return []
  const mayRead = await readRuleIn(ctx, place.server_id, uids)
  return uids.filter(uid => mayRead(uid, place.channel_id))
}

/**
 * The channels among `places` that member `uid` may read now, as {@link placeKey} keys:
 * each server's facts are read once, however many of its channels are asked about.
 */
export async function readableOf (ctx: Pick<AppContext, 'repos' | 'now'>, uid: string, places: readonly ChannelPlace[]): Promise<Set<string>> {
  const readable = new Set<string>()
  const serverIds = new Set(places.map(place => place.server_id))
  await Promise.all([...serverIds].map(async serverId => {
    const mayRead = await readRuleIn(ctx, serverId, [uid])
    for (const place of places) if (place.server_id === serverId && mayRead(uid, place.channel_id)) readable.add(placeKey(place))
  }))
  return readable
}

/** The key of a channel in {@link readableOf}'s answer. */
export function placeKey (place: ChannelPlace): string {
  return `${place.server_id} ${place.channel_id}`
}
