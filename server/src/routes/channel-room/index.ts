/**
 * SPEC §7 GET /channel/room/game/mapcfg?server_id=&channel_id=: the showroom of a
 * metaverse channel — map (category, background, natural size), hotspots (fractions of
 * the map size) and interaction events in play order; the client plays the first.
 */
import type { FastifyInstance } from 'fastify'
import { API_PATHS, type MapCfgQuery } from '@core/wire/api'
import { ChannelType } from '@core/wire/entities'
import type { RouteOptions } from '../../context'
import { badRequest, notFound } from '../../errors'
import { ok } from '../envelope'
import { idSchema, responses, type JsonSchema } from '../schemas'

const str = { type: 'string' }
const num = { type: 'number' }

/** core/wire/api.ts MapCfgData */
export const mapCfgSchema: JsonSchema = {
  type: 'object',
  required: ['channel_id', 'server_id', 'map', 'hotspots', 'interaction_events'],
  properties: {
    channel_id: str,
    server_id: str,
    map: {
      type: 'object',
      required: ['map_category', 'background', 'width', 'height'],
      properties: { map_category: { type: 'integer' }, background: str, width: { type: 'integer' }, height: { type: 'integer' } },
    },
    hotspots: {
      type: 'array',
      items: { type: 'object', required: ['hotspot_id', 'x', 'y', 'title', 'event_id'], properties: { hotspot_id: str, x: num, y: num, title: str, event_id: str } },
    },
    interaction_events: {
      type: 'array',
      items: {
        type: 'object',
        required: ['event_id', 'type', 'title', 'text', 'image', 'price', 'video_url'],
        properties: {
          event_id: str,
          type: { type: 'string', enum: ['welcome', 'product', 'video'] },
          title: str,
          text: str,
          image: str,
          price: { type: ['integer', 'null'] },
          video_url: { type: ['string', 'null'] },
        },
      },
    },
  },
}

/** Registers GET /channel/room/game/mapcfg. */
export default async function channelRoomRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  fastify.get<{ Querystring: MapCfgQuery }>(API_PATHS.mapcfg, {
    schema: {
      summary: 'Showroom of a metaverse channel (SPEC §7)',
      querystring: { type: 'object', required: ['server_id', 'channel_id'], properties: { server_id: idSchema, channel_id: idSchema } },
      response: responses(mapCfgSchema),
    },
  }, async request => {
    const { server_id: serverId, channel_id: channelId } = request.query
    const channel = await ctx.repos.channels.get(channelId)
    if (!channel || channel.server_id !== serverId) throw notFound(`query.channel_id: no channel ${channelId} in server ${serverId}`)
    if (channel.channel_type !== ChannelType.Metaverse) throw badRequest(`query.channel_id: channel ${channelId} is not a metaverse channel`)
    const showroom = await ctx.repos.showrooms.get(channelId)
    if (!showroom) throw notFound(`query.channel_id: channel ${channelId} has no showroom`)
    return ok(showroom)
  })
}
