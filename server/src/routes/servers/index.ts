/**
 * Servers (communities): the list, one server with its member count, its channels
 * grouped for display (the same groupChannels the client uses), channel creation
 * (SPEC §4, §6: types 1, 3 and 8 only, ManageChannels; title and icon audited) and live
 * items. Roles are routes/roles'.
 * The channel list and live-list pages are served from the answer cache (routes/cached.ts).
 */
import type { FastifyInstance } from 'fastify'
import { API_PATHS, type ChannelListData, type CreateChannelBody, type PageQuery, type ServerListData } from '@core/wire/api'
import { ChannelKind, type Server } from '@core/wire/entities'
import { canCreateChannelType, CREATABLE_CHANNEL_TYPES, groupChannels } from '@core/domain/channel'
import { Permission } from '@core/domain/permissions'
import type { AppContext, RouteOptions } from '../../context'
import { badRequest, forbidden, notFound } from '../../errors'
import { requireUser, signedInUser } from '../../plugins/auth'
import { pageRequestOf } from '../../repositories/paging'
import { sendCachedAnswer } from '../cached'
import { requireServerPermission } from '../access'
import { requireHttpUrl, requireServerAuditPass } from '../checks'
import { ok } from '../envelope'
import {
  channelGroupSchema, channelSchema, idSchema, imageUrlSchema, lineTextSchema, liveItemSchema, pagedOf, pageQuerySchema, responses, serverSchema,
} from '../schemas'

/** Longest channel title. */
export const CHANNEL_TITLE_MAX_LENGTH = 40

/** Icon of a created channel without one: the seeded icon of its type. */
export function defaultChannelIcon (channelType: number): string {
  return `/files/seed/icon-type-${channelType}.svg`
}

type ServerParams = { Params: { server_id: string } }

/**
 * Cache scope of the answers built from a server's channels and live items (its channel
 * list and live-list pages). Those rows change only by channel creation (which
 * invalidates it) and by the seed, which runs before the app answers.
 */
export function serverScope (serverId: string): string {
  return `server ${serverId}`
}

const serverParams = { type: 'object', required: ['server_id'], properties: { server_id: idSchema } }

async function existingServer (ctx: AppContext, serverId: string): Promise<Server> {
  const server = await ctx.repos.servers.get(serverId)
  if (!server) throw notFound(`path.server_id: no server ${serverId}`)
  return server
}

/** Registers /servers and everything under /servers/:server_id. */
export default async function serversRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  fastify.get(API_PATHS.servers, {
    schema: { summary: 'Every server', response: responses({ type: 'object', required: ['list'], properties: { list: { type: 'array', items: serverSchema } } }) },
  }, async () => {
    const data: ServerListData = { list: await ctx.repos.servers.list() }
    return ok(data)
  })

  fastify.get<ServerParams>(API_PATHS.server, {
    schema: { summary: 'One server with its member count', params: serverParams, response: responses(serverSchema) },
  }, async request => ok(await existingServer(ctx, request.params.server_id)))

  fastify.get<ServerParams>(API_PATHS.serverChannels, {
    schema: {
      summary: 'The channels of a server, grouped for display',
      params: serverParams,
      response: responses({ type: 'object', required: ['groups'], properties: { groups: { type: 'array', items: channelGroupSchema } } }),
    },
  }, async (request, reply) => {
    const serverId = request.params.server_id
    return sendCachedAnswer(ctx, request, reply, { scope: serverScope(serverId), variant: 'channels' }, async () => {
      await existingServer(ctx, serverId)
      const data: ChannelListData = { groups: groupChannels(await ctx.repos.channels.listByServer(serverId)) }
      return ok(data)
    })
  })

  fastify.post<ServerParams & { Body: CreateChannelBody }>(API_PATHS.serverChannels, {
    onRequest: requireUser(ctx),
    schema: {
      summary: 'Create a channel (ManageChannels; types 1, 3, 8; title and icon audited)',
      security: [{ bearer: [] }],
      params: serverParams,
      body: {
        type: 'object',
        required: ['title', 'channel_type'],
        additionalProperties: false,
        properties: {
          title: lineTextSchema(CHANNEL_TITLE_MAX_LENGTH),
          channel_type: { type: 'integer' },
          icon: imageUrlSchema,
          parent_id: { anyOf: [idSchema, { type: 'null' }] },
        },
      },
      response: responses(channelSchema),
    },
  }, async request => {
    const user = signedInUser(request)
    const serverId = request.params.server_id
    await requireServerPermission(ctx, serverId, user, Permission.ManageChannels)
    const body = request.body
    // SPEC §4, §6: users may create channels only of types 1, 3 and 8
    if (!canCreateChannelType(body.channel_type)) {
      throw forbidden(`body.channel_type ${body.channel_type} cannot be created by users (allowed: ${CREATABLE_CHANNEL_TYPES.join(', ')})`)
    }
    requireHttpUrl('icon', body.icon)
    const parentId = body.parent_id ?? null
    if (parentId !== null) {
      const parent = await ctx.repos.channels.get(parentId)
      if (!parent || parent.server_id !== serverId || parent.kind !== ChannelKind.Group) {
        throw badRequest(`body.parent_id: ${parentId} is not a channel group of server ${serverId}`)
      }
    }
    await requireServerAuditPass(ctx, serverId, { title: body.title, icon: body.icon }) // SPEC §5, §8: title 104001, icon 104004
    const channel = await ctx.repos.channels.create({
      server_id: serverId,
      name: body.title,
      channel_type: body.channel_type,
      icon: body.icon ?? defaultChannelIcon(body.channel_type),
      parent_id: parentId,
      created_by: user.uid,
    }, ctx.now())
    ctx.answers.invalidate(serverScope(serverId)) // committed: the next channel list shows it
    await ctx.bus.publish({ t: 'CHANNEL_CREATE', server_id: serverId, d: channel })
    return ok(channel)
  })

  fastify.get<ServerParams & { Querystring: PageQuery }>(API_PATHS.serverLives, {
    schema: { summary: 'Live items of a server (paged)', params: serverParams, querystring: pageQuerySchema, response: responses(pagedOf(liveItemSchema)) },
  }, async (request, reply) => {
    const serverId = request.params.server_id
    const page = pageRequestOf(request.query)
    return sendCachedAnswer(ctx, request, reply, { scope: serverScope(serverId), variant: `lives ${page.page} ${page.page_size}` }, async () => {
      await existingServer(ctx, serverId)
      return ok(await ctx.repos.feeds.lives({ server_id: serverId }, page))
    })
  })
}
