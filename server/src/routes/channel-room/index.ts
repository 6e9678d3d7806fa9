/**
 * SPEC §7 GET /channel/room/game/mapcfg?server_id=&channel_id=: the showroom of a
 * metaverse channel — map (category, background, natural size), hotspots (fractions of
 * the map size) and interaction events in play order; the client plays the first. A
 * channel the caller may not see answers 404, as one that does not exist.
 */
import type { FastifyInstance } from 'fastify'
import { channelTypeHas } from '@core/domain/channel-types'
import type { RouteOptions } from '../../context'
import { badRequest, notFound } from '../../errors'
import { optionalUser } from '../../plugins/auth'
import { requireVisible } from '../../rules/access'
import { ok } from '../../http/envelope'
import { API_CALLS, API_CALL_SCHEMAS } from '@core/wire/api-calls'
import { route } from '../../http/route'

/** Registers GET /channel/room/game/mapcfg. */
export default async function channelRoomRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  route(fastify, API_CALLS.mapcfg, API_CALL_SCHEMAS.mapcfg, { schema: { summary: 'Showroom of a metaverse channel (SPEC §7)' } }, async request => {
    const { server_id: serverId, channel_id: channelId } = request.query
    const channel = await ctx.repos.channels.get(channelId)
    const unknown = notFound(`query.channel_id: no channel ${channelId} in server ${serverId}`)
    if (!channel || channel.server_id !== serverId) throw unknown
    await requireVisible(ctx, channel, await optionalUser(ctx, request), unknown) // a channel the caller may not see is none to them
    if (!channelTypeHas(channel.channel_type, 'carriesSpace')) throw badRequest(`query.channel_id: channel ${channelId} is not a metaverse channel`)
    const showroom = await ctx.repos.showrooms.get(channelId)
    if (!showroom) throw notFound(`query.channel_id: channel ${channelId} has no showroom`)
    return ok(showroom)
  })
}
