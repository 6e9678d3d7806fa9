/**
 * Pins (精华) of a chat channel: the list (anyone who may see the channel), pinning and
 * unpinning (a member holding ManageMessages there, core/domain/pins.ts). A pin puts a
 * system line in the chat and counts against the sender's message allowance as a message
 * does; pin and unpin are audited in the same transaction as the write. A channel the
 * caller may not see is 404, as on every channel route; every refusal writes nothing.
 * Readers of the channel hear CHANNEL_PINS_UPDATE (and the line as MESSAGE_CREATE).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { createTimeIdSource } from '@core/domain/ids'
import { Permission } from '@core/domain/permissions'
import { pinRefusal, PINS_PER_CHANNEL_MAX } from '@core/domain/pins'
import type { Channel, User } from '@core/wire/entities'
import type { ChatMessage } from '@core/wire/messages'
import { PIN_CALLS, PIN_CALL_SCHEMAS, PIN_CODES, type ChannelPinsUpdate } from '@core/wire/pins'
import type { AppContext, RouteOptions } from '../../context'
import type { MessagesTable } from '../../db/schema'
import { ApiError, badRequest, notFound } from '../../errors'
import { ok } from '../../http/envelope'
import { route } from '../../http/route'
import { optionalUser, signedInUser } from '../../plugins/auth'
import { auditRecord, requireChannelOfMember, requireVisibleChannel } from '../../rules/access'
import { requireMessageAllowance } from '../../rules/messages'

/** The stored message a pin path names (404 when the channel has no such message). */
async function pinnedMessage (ctx: AppContext, channelId: string, messageId: string): Promise<MessagesTable> {
  const row = await ctx.repos.messages.row(channelId, messageId)
  if (!row) throw notFound(`path.message_id: channel ${channelId} has no message ${messageId}`)
  return row
}

/** The channel of a pin write, when `user` may manage its messages: 404 when they may not see it, 403 without ManageMessages (or timed out). */
async function moderatedChannel (ctx: AppContext, channelId: string, user: User): Promise<Channel> {
  return requireChannelOfMember(ctx, channelId, user, Permission.ManageMessages)
}

/** The refusal of a pin core/domain/pins.ts `pinRefusal` names, as the 4xx the client tells apart. */
function pinRefused (reason: 'not_chat' | 'notice' | 'full', channelId: string): ApiError {
  if (reason === 'not_chat') return badRequest(`path.channel_id: channel ${channelId} is not a discussion channel`)
  if (reason === 'notice') {
    return new ApiError(400, PIN_CODES.NOT_PINNABLE, 'a system line cannot be pinned', { 'zh-CN': '系统消息不能设为精华', en: 'a system line cannot be pinned' })
  }
  return new ApiError(409, PIN_CODES.CHANNEL_FULL, `the channel holds ${PINS_PER_CHANNEL_MAX} pinned messages; unpin one first`, {
    'zh-CN': `本频道的精华消息已满 ${PINS_PER_CHANNEL_MAX} 条，请先取消一条`,
    en: `this channel holds ${PINS_PER_CHANNEL_MAX} pinned messages; unpin one first`,
  })
}

/** Registers /channels/:channel_id/pins. */
export default async function pinsRoutes (instance: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  const nextMessageId = createTimeIdSource()

  /** Where a dispatch of `channel` goes: those who may read it. */
  const readersOf = (channel: Channel): { server_id: string, channel_id: string } => ({ server_id: channel.server_id, channel_id: channel.channel_id })

  route(fastify, PIN_CALLS.list, PIN_CALL_SCHEMAS.list, { schema: { summary: 'The pinned messages (精华) of a channel, newest pin first (anyone who may see the channel)' } }, async request => {
    const viewer = await optionalUser(ctx, request)
    const channel = await requireVisibleChannel(ctx, request.params.channel_id, viewer)
    return ok({ list: await ctx.repos.pins.list(channel.channel_id, viewer?.uid ?? null) })
  })

  route(fastify, PIN_CALLS.pin, PIN_CALL_SCHEMAS.pin, { schema: { summary: `Pin a message (ManageMessages; at most ${PINS_PER_CHANNEL_MAX} per channel; a system line says so in the chat; audited; pinning it again changes nothing)` } }, async request => {
    const user = signedInUser(request)
    const channel = await moderatedChannel(ctx, request.params.channel_id, user)
    const row = await pinnedMessage(ctx, channel.channel_id, request.params.message_id)
    const existing = await ctx.repos.pins.get(row.message_id)
    const message: ChatMessage = await ctx.repos.messages.message(row, user.uid)
    if (existing) return ok(await ctx.repos.pins.pinOf(existing, message))
    const refusal = pinRefusal(channel, message, { count: await ctx.repos.pins.count(channel.channel_id), already: false })
    if (refusal) throw pinRefused(refusal, channel.channel_id)
    // the system line is a message in the chat: it counts against the moderator's allowance as one
    await requireMessageAllowance(ctx, request, user)
    const now = ctx.now()
    const pin = { message_id: row.message_id, channel_id: channel.channel_id, server_id: channel.server_id, pinned_by: user.uid, pinned_at: now }
    const noticeId = nextMessageId()
    const written = await ctx.repos.pins.pin(pin, {
      message_id: noticeId,
      channel_id: channel.channel_id,
      server_id: channel.server_id,
      author_uid: user.uid,
      content: '',
      nonce: `pin-${noticeId}`,
      reply_to: null,
      mentions: [],
      attachments: [],
      created_at: now,
      notice: { kind: 'pin', message_id: row.message_id },
    }, auditRecord(ctx, { user, serverId: channel.server_id }, 'message_pin', row.message_id, `by ${row.author_uid}`))
    if (!written.created) {
      if (written.full) throw pinRefused('full', channel.channel_id)
      // a pin racing this one wrote it first: answer that one
      const raced = await ctx.repos.pins.get(row.message_id)
      if (!raced) throw notFound(`path.message_id: message ${row.message_id} is gone`)
      return ok(await ctx.repos.pins.pinOf(raced, message))
    }
    const published = await ctx.repos.pins.pinOf(pin, await ctx.repos.messages.message(row, null))
    await ctx.bus.publish('CHANNEL_PINS_UPDATE', readersOf(channel), { channel_id: channel.channel_id, message_id: row.message_id, pin: published })
    await ctx.bus.publish('MESSAGE_CREATE', readersOf(channel), await ctx.repos.messages.message(written.notice, null))
    return ok({ ...published, message })
  })

  route(fastify, PIN_CALLS.unpin, PIN_CALL_SCHEMAS.unpin, { schema: { summary: 'Unpin a message (ManageMessages; audited; unpinning one not pinned changes nothing)' } }, async request => {
    const user = signedInUser(request)
    const channel = await moderatedChannel(ctx, request.params.channel_id, user)
    const row = await pinnedMessage(ctx, channel.channel_id, request.params.message_id)
    const event: ChannelPinsUpdate = { channel_id: channel.channel_id, message_id: row.message_id, pin: null }
    const audit = auditRecord(ctx, { user, serverId: channel.server_id }, 'message_unpin', row.message_id, `by ${row.author_uid}`)
    if (await ctx.repos.pins.unpin(row.message_id, audit)) await ctx.bus.publish('CHANNEL_PINS_UPDATE', readersOf(channel), event)
    return ok(event)
  })
}
