/**
 * Servers (communities): the list, one server with its member count, its channels
 * grouped for display (the same groupChannels the client uses), channel creation
 * (SPEC §4, §6: types 1, 3 and 8 only, ManageChannels; title and icon audited) and live
 * items. Roles are routes/roles'.
 * The channel list and live-list pages are served from the answer cache (http/cached.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ChannelKind, type Server } from '@core/wire/entities'
import { type ServerDetail } from '@core/wire/members'
import { canCreateChannelType, CREATABLE_CHANNEL_TYPES, groupChannels } from '@core/domain/channel'
import { isChatChannel } from '@core/domain/messages'
import { Permission } from '@core/domain/permissions'
import type { AppContext, RouteOptions } from '../../context'
import { badRequest, forbidden, notFound } from '../../errors'
import { optionalUser, signedInUser } from '../../plugins/auth'
import { pageRequestOf } from '../../repositories/paging'
import { requireRoomForChannel } from '../../services/channel-limits'
import { chargeChannelCreation } from '../../services/quotas'
import { sendCachedAnswer, serverScope } from '../../http/cached'
import { accessTo, auditRecord, requireServerPermission, visibleChannels } from '../../rules/access'
import { cleanName, requireHttpUrl, requireServerAuditPass, requireVoiceSettingsFit } from '../../rules/content'
import { ok } from '../../http/envelope'
import { API_CALLS, API_CALL_SCHEMAS } from '@core/wire/api-calls'
import { route } from '../../http/route'

/** Icon of a created channel without one: the seeded icon of its type. */
export function defaultChannelIcon (channelType: number): string {
  return `/files/seed/icon-type-${channelType}.svg`
}

async function existingServer (ctx: AppContext, serverId: string): Promise<Server> {
  const server = await ctx.repos.servers.get(serverId)
  if (!server) throw notFound(`path.server_id: no server ${serverId}`)
  return server
}

/** Registers /servers and everything under /servers/:server_id. */
export default async function serversRoutes (instance: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()

  route(fastify, API_CALLS.servers, API_CALL_SCHEMAS.servers, { schema: { summary: 'Every server' } }, async () => ok({ list: await ctx.repos.servers.list() }))

  route(fastify, API_CALLS.server, API_CALL_SCHEMAS.server, { schema: { summary: 'One server with its member and online counts (and is_member with a Bearer token)' } }, async request => {
    const server = await existingServer(ctx, request.params.server_id)
    const viewer = await optionalUser(ctx, request)
    const [onlineCount, isMember] = await Promise.all([
      ctx.presence.onlineCount(server.server_id),
      viewer ? ctx.repos.members.isMember(server.server_id, viewer.uid) : undefined,
    ])
    const detail: ServerDetail = { ...server, online_count: onlineCount, ...(isMember === undefined ? {} : { is_member: isMember }) }
    return ok(detail)
  })

  route(fastify, API_CALLS.serverChannels, API_CALL_SCHEMAS.serverChannels, { schema: { summary: "The channels of a server the caller may see, grouped for display; a signed-in member's carry their unread and mention counts" } }, async (request, reply) => {
    const serverId = request.params.server_id
    const user = await optionalUser(ctx, request)
    if (user && await ctx.repos.members.isMember(serverId, user.uid)) {
      // a member's own view and counts: never from (or into) the shared answer cache
      const access = await accessTo(ctx, serverId, user)
      const channels = await visibleChannels(ctx, access, await ctx.repos.channels.listByServer(serverId))
      const counts = await ctx.repos.messages.channelCounts(user.uid, channels.filter(isChatChannel).map(channel => channel.channel_id))
      return ok({ groups: groupChannels(channels.map(channel => ({ ...channel, ...counts.get(channel.channel_id) }))) })
    }
    return sendCachedAnswer(ctx, request, reply, { scope: serverScope(serverId), variant: 'channels' }, async () => {
      // everyone else sees what a non-member may: no training channel (SPEC §6), nothing @everyone may not view
      const access = await accessTo(ctx, serverId, null)
      return ok({ groups: groupChannels(await visibleChannels(ctx, access, await ctx.repos.channels.listByServer(serverId))) })
    })
  })

  route(fastify, API_CALLS.createChannel, API_CALL_SCHEMAS.createChannel, { schema: { summary: 'Create a channel (ManageChannels; types 1, 3, 8; title and icon audited; a few per minute per account, a cap per server)' } }, async request => {
    const user = signedInUser(request)
    const serverId = request.params.server_id
    await requireServerPermission(ctx, serverId, user, Permission.ManageChannels)
    const body = { ...request.body, title: cleanName('title', request.body.title) }
    // SPEC §4, §6: users may create channels only of types 1, 3 and 8
    if (!canCreateChannelType(body.channel_type)) {
      throw forbidden(`body.channel_type ${body.channel_type} cannot be created by users (allowed: ${CREATABLE_CHANNEL_TYPES.join(', ')})`)
    }
    requireHttpUrl('icon', body.icon)
    requireVoiceSettingsFit(body.channel_type, body)
    const parentId = body.parent_id ?? null
    if (parentId !== null) {
      const parent = await ctx.repos.channels.get(parentId)
      if (!parent || parent.server_id !== serverId || parent.kind !== ChannelKind.Group) {
        throw badRequest(`body.parent_id: ${parentId} is not a channel group of server ${serverId}`)
      }
    }
    await requireServerAuditPass(ctx, serverId, { title: body.title, icon: body.icon }) // SPEC §5, §8: title 104001, icon 104004
    await requireRoomForChannel(ctx, serverId)
    const charge = await chargeChannelCreation(ctx, user.uid)
    let channel
    try {
      channel = await ctx.repos.channels.create({
        server_id: serverId,
        name: body.title,
        channel_type: body.channel_type,
        icon: body.icon ?? defaultChannelIcon(body.channel_type),
        parent_id: parentId,
        created_by: user.uid,
        user_limit: body.user_limit,
        bitrate: body.bitrate,
      }, ctx.now(), auditRecord(ctx, { user, serverId }, 'channel_create', ''))
    } catch (error) {
      await charge.refund()
      throw error
    }
    await ctx.answers.invalidate(serverScope(serverId)) // committed: the next channel list shows it, on every process
    await ctx.bus.publish('CHANNEL_CREATE', { server_id: serverId, channel_id: channel.channel_id }, channel)
    return ok(channel)
  })

  route(fastify, API_CALLS.serverLives, API_CALL_SCHEMAS.serverLives, { schema: { summary: 'Live items of a server in the channels a non-member may see (paged; the channels only members see list theirs themselves)' } }, async (request, reply) => {
    const serverId = request.params.server_id
    const page = pageRequestOf(request.query)
    return sendCachedAnswer(ctx, request, reply, { scope: serverScope(serverId), variant: `lives ${page.page} ${page.page_size}` }, async () => {
      await existingServer(ctx, serverId)
      // the server's public list, one answer for everyone (Home carries it in its page): the live items of the
      // channels a non-member may see, none of a channel @全体成员 may not view or a training channel; a member
      // finds those of the channels only they see in the channel's own list (GET /channels/:id/lives)
      const channels = await visibleChannels(ctx, await accessTo(ctx, serverId, null), await ctx.repos.channels.listByServer(serverId))
      return ok(await ctx.repos.feeds.lives({ server_id: serverId, channel_ids: channels.map(channel => channel.channel_id) }, page))
    })
  })
}
