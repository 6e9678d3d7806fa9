/**
 * The gather space's HTTP side (the live side is the gateway's `space_*` ops):
 * its map and count (`GET /channels/:id/space`; 404 as every channel route for a channel the
 * caller may not see, and for one that is not a metaverse channel), the counts of a server's
 * spaces for its channel list and who stands in them for its member list, a host (map account, SPEC §3 `D_` uid, with its token as a bot
 * uses its own) saying something in its space, and a moderator (a moderation bit
 * server-wide) moving or removing a member from a space.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { MODERATION_PERMISSIONS, Permission } from '@core/domain/permissions'
import { readSpaceMap } from '@core/domain/space'
import { channelTypeHas } from '@core/domain/channel-types'
import type { Channel, User } from '@core/wire/entities'
import type { AppContext, RouteOptions } from '../../context'
import { forbidden, notFound } from '../../errors'
import { optionalUser, signedInUser } from '../../plugins/auth'
import { accessTo, requireAnyBit, requireOutranksAnyone, requireVisibleChannel, serverPermissions, unknownChannel, visibleChannels } from '../../rules/access'
import { requireServerAuditPass } from '../../rules/content'
import { contentOf, requireMessageAllowance } from '../../rules/messages'
import { ok } from '../../http/envelope'
import { SPACE_CALLS, SPACE_CALL_SCHEMAS } from '@core/wire/space'
import { route } from '../../http/route'

/** A metaverse channel the caller may see, else 404 as for none. */
async function spaceChannel (ctx: AppContext, channelId: string, user: User | null, wanted: number = Permission.ViewChannel): Promise<Channel> {
  const channel = await requireVisibleChannel(ctx, channelId, user, wanted)
  if (!channelTypeHas(channel.channel_type, 'carriesSpace')) throw unknownChannel(channelId) // no space there: nothing to find
  return channel
}

/**
 * The caller may act on `uid` in the channel's space: they hold a moderation bit in its server
 * (403 otherwise) and sit above `uid` in the role order, as for kick, ban and timeout (403
 * OUTRANKED: never the owner, never someone at or above the caller's highest role).
 */
async function requireModeratorOver (ctx: AppContext, channel: Channel, user: User, uid: string): Promise<void> {
  const access = await accessTo(ctx, channel.server_id, user)
  requireAnyBit(access, serverPermissions(ctx, access), MODERATION_PERMISSIONS)
  await requireOutranksAnyone(ctx, access, uid)
}

/** The metaverse channels of `serverId` the caller of `request` may see (a visitor or guest: those a visitor sees). */
async function visibleSpaces (ctx: AppContext, serverId: string, request: FastifyRequest): Promise<Channel[]> {
  const access = await accessTo(ctx, serverId, await optionalUser(ctx, request))
  const spaces = (await ctx.repos.channels.listByServer(serverId)).filter(channel => channelTypeHas(channel.channel_type, 'carriesSpace'))
  return visibleChannels(ctx, access, spaces)
}

/** Registers the space routes. */
export default async function spaceRoutes (instance: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()

  route(fastify, SPACE_CALLS.space, SPACE_CALL_SCHEMAS.space, { schema: { summary: "A metaverse channel's gather space: its Tiled map and how many stand in it" } }, async request => {
    const channel = await spaceChannel(ctx, request.params.channel_id, await optionalUser(ctx, request))
    const stored = await ctx.repos.showrooms.spaceMap(channel.channel_id)
    if (!stored) throw notFound(`path.channel_id: channel ${channel.channel_id} has no space`)
    return ok({ channel_id: channel.channel_id, server_id: channel.server_id, map: stored.map, count: await ctx.spaces.countOf(channel.channel_id) })
  })

  route(fastify, SPACE_CALLS.counts, SPACE_CALL_SCHEMAS.counts, { schema: { summary: "How many stand in each of a server's metaverse channels' spaces (those the caller may see)" } }, async request => {
    const serverId = request.params.server_id
    const counts = await Promise.all((await visibleSpaces(ctx, serverId, request)).map(async channel => ({ server_id: serverId, channel_id: channel.channel_id, count: await ctx.spaces.countOf(channel.channel_id) })))
    return ok({ counts })
  })

  route(fastify, SPACE_CALLS.people, SPACE_CALL_SCHEMAS.people, { schema: { summary: "Who stands in each of a server's metaverse channels' spaces (those the caller may see; empty ones left out)" } }, async request => {
    const present = await Promise.all((await visibleSpaces(ctx, request.params.server_id, request)).map(async channel => ({ channel_id: channel.channel_id, name: channel.name, uids: await ctx.spaces.peopleOf(channel.channel_id) })))
    return ok({ spaces: present.filter(space => space.uids.length > 0) })
  })

  route(fastify, SPACE_CALLS.say, SPACE_CALL_SCHEMAS.say, { schema: { summary: 'A host (map account, its token) says something in its space, heard within the talk radius; `said` false when nobody stands there' } }, async request => {
    const user = signedInUser(request)
    const channel = await spaceChannel(ctx, request.params.channel_id, user)
    const stored = await ctx.repos.showrooms.spaceMap(channel.channel_id)
    if (!stored || !readSpaceMap(stored.map).hosts.some(host => host.uid === user.uid)) throw forbidden(`only a host of this space (a map account on its map) speaks in it, not ${user.uid}`)
    const content = contentOf(request.body.text)
    await requireMessageAllowance(ctx, request, user)
    await requireServerAuditPass(ctx, channel.server_id, { content })
    return ok({ said: await ctx.spaces.hostSay(channel.channel_id, user.uid, content) })
  })

  route(fastify, SPACE_CALLS.move, SPACE_CALL_SCHEMAS.move, { schema: { summary: 'Move a member in a space (a moderator)' } }, async request => {
    const user = signedInUser(request)
    const channel = await spaceChannel(ctx, request.params.channel_id, user)
    await requireModeratorOver(ctx, channel, user, request.params.uid)
    if (!await ctx.spaces.moderate(channel.channel_id, request.params.uid, request.body)) throw notFound(`path.uid: ${request.params.uid} is not in the space of channel ${channel.channel_id}`)
    return ok(null)
  })

  route(fastify, SPACE_CALLS.remove, SPACE_CALL_SCHEMAS.remove, { schema: { summary: 'Remove a member from a space (a moderator); they get space_left removed' } }, async request => {
    const user = signedInUser(request)
    const channel = await spaceChannel(ctx, request.params.channel_id, user)
    await requireModeratorOver(ctx, channel, user, request.params.uid)
    if (!await ctx.spaces.moderate(channel.channel_id, request.params.uid, null)) throw notFound(`path.uid: ${request.params.uid} is not in the space of channel ${channel.channel_id}`)
    return ok(null)
  })
}
