/** One channel and its paged feeds: posts (post channels only) and live items (messages: routes/messages). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { API_PATHS, ChannelParamsSchema, LiveListDataSchema, PageQuerySchema, PostListDataSchema } from '@core/wire/api'
import { ChannelSchema, ChannelType, type Channel } from '@core/wire/entities'
import type { AppContext, RouteOptions } from '../../context'
import { badRequest, notFound } from '../../errors'
import { pageRequestOf } from '../../repositories/paging'
import { ok } from '../envelope'
import { responses } from '../schemas'

async function existingChannel (ctx: AppContext, channelId: string): Promise<Channel> {
  const channel = await ctx.repos.channels.get(channelId)
  if (!channel) throw notFound(`path.channel_id: no channel ${channelId}`)
  return channel
}

/** Registers everything under /channels/:channel_id. */
export default async function channelsRoutes (instance: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  const params = ChannelParamsSchema
  const querystring = PageQuerySchema

  fastify.get(API_PATHS.channel, {
    schema: { summary: 'One channel', params, response: responses(ChannelSchema) },
  }, async request => ok(await existingChannel(ctx, request.params.channel_id)))

  fastify.get(API_PATHS.channelPosts, {
    schema: { summary: 'Posts of a post channel (paged, newest first)', params, querystring, response: responses(PostListDataSchema) },
  }, async request => {
    const channel = await existingChannel(ctx, request.params.channel_id)
    if (channel.channel_type !== ChannelType.Post) throw badRequest(`path.channel_id: channel ${channel.channel_id} is not a post channel`)
    return ok(await ctx.repos.feeds.posts(channel.channel_id, pageRequestOf(request.query)))
  })

  fastify.get(API_PATHS.channelLives, {
    schema: { summary: 'Live items of a channel (paged)', params, querystring, response: responses(LiveListDataSchema) },
  }, async request => {
    const channel = await existingChannel(ctx, request.params.channel_id)
    return ok(await ctx.repos.feeds.lives({ channel_id: channel.channel_id }, pageRequestOf(request.query)))
  })
}
