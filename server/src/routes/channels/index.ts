/** One channel and its paged feeds: messages, live items (posts: routes/posts). */
import type { FastifyInstance } from 'fastify'
import { API_PATHS, type PageQuery } from '@core/wire/api'
import type { Channel } from '@core/wire/entities'
import type { AppContext, RouteOptions } from '../../context'
import { notFound } from '../../errors'
import { pageRequestOf } from '../../repositories/paging'
import { ok } from '../envelope'
import { channelSchema, idSchema, liveItemSchema, messageSchema, pagedOf, pageQuerySchema, responses } from '../schemas'

type ChannelParams = { Params: { channel_id: string } }
type ChannelPage = ChannelParams & { Querystring: PageQuery }

const channelParams = { type: 'object', required: ['channel_id'], properties: { channel_id: idSchema } }

async function existingChannel (ctx: AppContext, channelId: string): Promise<Channel> {
  const channel = await ctx.repos.channels.get(channelId)
  if (!channel) throw notFound(`path.channel_id: no channel ${channelId}`)
  return channel
}

/** Registers everything under /channels/:channel_id. */
export default async function channelsRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  fastify.get<ChannelParams>(API_PATHS.channel, {
    schema: { summary: 'One channel', params: channelParams, response: responses(channelSchema) },
  }, async request => ok(await existingChannel(ctx, request.params.channel_id)))

  fastify.get<ChannelPage>(API_PATHS.channelMessages, {
    schema: { summary: 'Messages of a channel (paged, newest first)', params: channelParams, querystring: pageQuerySchema, response: responses(pagedOf(messageSchema)) },
  }, async request => {
    const channel = await existingChannel(ctx, request.params.channel_id)
    return ok(await ctx.repos.feeds.messages(channel.channel_id, pageRequestOf(request.query)))
  })

  fastify.get<ChannelPage>(API_PATHS.channelLives, {
    schema: { summary: 'Live items of a channel (paged)', params: channelParams, querystring: pageQuerySchema, response: responses(pagedOf(liveItemSchema)) },
  }, async request => {
    const channel = await existingChannel(ctx, request.params.channel_id)
    return ok(await ctx.repos.feeds.lives({ channel_id: channel.channel_id }, pageRequestOf(request.query)))
  })
}
