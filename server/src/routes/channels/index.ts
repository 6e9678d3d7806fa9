/** One channel and its live items (messages: routes/messages; posts: routes/posts). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { API_PATHS, ChannelParamsSchema, LiveListDataSchema, PageQuerySchema } from '@core/wire/api'
import { ChannelSchema, type Channel } from '@core/wire/entities'
import type { AppContext, RouteOptions } from '../../context'
import { notFound } from '../../errors'
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

  fastify.get(API_PATHS.channelLives, {
    schema: { summary: 'Live items of a channel (paged)', params, querystring, response: responses(LiveListDataSchema) },
  }, async request => {
    const channel = await existingChannel(ctx, request.params.channel_id)
    return ok(await ctx.repos.feeds.lives({ channel_id: channel.channel_id }, pageRequestOf(request.query)))
  })
}
