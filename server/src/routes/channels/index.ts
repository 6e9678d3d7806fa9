/**
 * One channel and its live items (messages: routes/messages; posts: routes/posts), and
 * the owner's edits of it: title, icon, group and place, a voice room's settings, a chat
 * channel's slow mode (CHANNEL_UPDATE carries it live to the readers), or deletion — with
 * ManageChannels, title and icon audited like a created channel's (SPEC §5), each write
 * one transaction with its audit-log entry (who, and what changed), published after it
 * commits (CHANNEL_UPDATE, CHANNEL_DELETE). A channel
 * keeps the type it was created with (SPEC §4).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ChannelKind, type Channel } from '@core/wire/entities'
import { type ChannelDeleted } from '@core/wire/server-settings'
import { Permission } from '@core/domain/permissions'
import type { AppContext, RouteOptions } from '../../context'
import { badRequest, notFound } from '../../errors'
import { optionalUser, signedInUser } from '../../plugins/auth'
import { pageRequestOf } from '../../repositories/paging'
import { auditRecord, requireServerPermission, requireVisibleChannel } from '../../rules/access'
import { cleanName, requireHttpUrl, requireServerAuditPass, requireSlowModeFit, requireVoiceSettingsFit } from '../../rules/content'
import { ok } from '../../http/envelope'
import { serverScope } from '../../http/cached'
import { API_CALLS, API_CALL_SCHEMAS } from '@core/wire/api-calls'
import { declaredRoute, route } from '../../http/route'

/**
 * The channel the path names, for a caller who may see it (ViewChannel: roles, overrides,
 * SPEC §6 training roles; signed out, what @全体成员 sees); 404 otherwise, the answer for a
 * channel that does not exist, so its name and its lives are not known to others.
 */
async function visibleChannel (ctx: AppContext, request: FastifyRequest & { params: { channel_id: string } }): Promise<Channel> {
  return requireVisibleChannel(ctx, request.params.channel_id, await optionalUser(ctx, request))
}

/** Registers everything under /channels/:channel_id. */
export default async function channelsRoutes (instance: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()

  route(fastify, API_CALLS.channel, API_CALL_SCHEMAS.channel, { schema: { summary: 'One channel' } }, async request => ok(await visibleChannel(ctx, request)))

  route(fastify, API_CALLS.channelLives, API_CALL_SCHEMAS.channelLives, { schema: { summary: 'Live items of a channel (paged)' } }, async request => {
    const channel = await visibleChannel(ctx, request)
    return ok(await ctx.repos.feeds.lives({ channel_id: channel.channel_id }, pageRequestOf(request.query)))
  })

  // POST as well as PATCH: the mini-program's request API has no PATCH method
  fastify.route({
    ...declaredRoute(API_CALLS.editChannel, API_CALL_SCHEMAS.editChannel, { schema: { summary: 'Edit a channel: title, icon, group, place, a voice room\'s limit and bitrate, a chat channel\'s slow mode (ManageChannels; title and icon audited; the type stays)' } }),
    handler: async request => {
      const user = signedInUser(request)
      const channel = await requireVisibleChannel(ctx, request.params.channel_id, user)
      const serverId = channel.server_id
      await requireServerPermission(ctx, serverId, user, Permission.ManageChannels)
      const audit = auditRecord(ctx, { user, serverId }, 'channel_update', channel.channel_id)
      const { icon, parent_id: parentId, position, user_limit: userLimit, bitrate, slow_mode_seconds: slowModeSeconds } = request.body
      const title = cleanName('title', request.body.title)
      requireHttpUrl('icon', icon)
      requireVoiceSettingsFit(channel.channel_type, request.body)
      requireSlowModeFit(channel, request.body)
      if (parentId !== undefined && parentId !== null) {
        const parent = await ctx.repos.channels.get(parentId)
        if (channel.kind === ChannelKind.Group) throw badRequest('body.parent_id: a channel group cannot go into another group')
        if (!parent || parent.server_id !== serverId || parent.kind !== ChannelKind.Group) {
          throw badRequest(`body.parent_id: ${parentId} is not a channel group of server ${serverId}`)
        }
      }
      await requireServerAuditPass(ctx, serverId, { title, icon }) // SPEC §5, §8: title 104001, icon 104004; nothing written on refusal
      const updated = await ctx.repos.channels.update(channel.channel_id, { name: title, icon, parent_id: parentId, position, user_limit: userLimit, bitrate, slow_mode_seconds: slowModeSeconds }, audit)
      if (!updated) throw notFound(`path.channel_id: no channel ${channel.channel_id}`)
      await ctx.answers.invalidate(serverScope(serverId)) // committed: the next channel list shows it, on every process
      await ctx.bus.publish('CHANNEL_UPDATE', { server_id: serverId, channel_id: updated.channel_id }, updated)
      return ok(updated)
    },
  })

  route(fastify, API_CALLS.deleteChannel, API_CALL_SCHEMAS.deleteChannel, { schema: { summary: 'Delete a channel with its messages and posts (ManageChannels; a group\'s channels stay, out of the group)' } }, async request => {
    const user = signedInUser(request)
    const channel = await requireVisibleChannel(ctx, request.params.channel_id, user)
    await requireServerPermission(ctx, channel.server_id, user, Permission.ManageChannels)
    await ctx.repos.channels.remove(channel.channel_id, auditRecord(ctx, { user, serverId: channel.server_id }, 'channel_delete', channel.channel_id))
    const deleted: ChannelDeleted = { server_id: channel.server_id, channel_id: channel.channel_id }
    await ctx.answers.invalidate(serverScope(channel.server_id))
    await ctx.bus.publish('CHANNEL_DELETE', { server_id: channel.server_id, channel_id: channel.channel_id }, deleted)
    return ok(deleted)
  })
}
