/**
 * Chat in a channel: history by cursor (and the old pages for old clients),
 * sending (SendMessages, audited with the global and the server's words, idempotent by
 * nonce, limited per account, held by the channel's slow mode), editing (the author only, through the same gates and the
 * same limit as a send) and deleting (the author, or ManageMessages, audited), reactions
 * (AddReactions), typing and read positions; reading needs ViewChannel. Every write is
 * published on the bus after its transaction commits (ARCHITECTURE.md "Data flow").
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { createTimeIdSource } from '@core/domain/ids'
import { slowModeWaitSeconds } from '@core/domain/slow-mode'
import { hasPermission, Permission } from '@core/domain/permissions'
import { isChatChannel, isReactionEmoji, mentionedUids, mentionsEveryone } from '@core/domain/messages'
import type { Channel, User } from '@core/wire/entities'
import { HISTORY_LIMIT_DEFAULT, MESSAGE_CALLS, MESSAGE_CALL_SCHEMAS, type ChatMessage, type MessageHistoryQuery, type ReactionEvent } from '@core/wire/messages'
import type { AppContext, RouteOptions } from '../../context'
import { badRequest, forbidden, notFound } from '../../errors'
import { optionalUser, signedInUser } from '../../plugins/auth'
import type { MessagesTable } from '../../db/schema'
import { SlowModeHeld, type ChannelHistoryCursor } from '../../repositories/messages'
import { pageRequestOf } from '../../repositories/paging'
import { accessTo, channelPermissions, requireChannelMember, requireChannelOfMember, requireRemoval, requireVisibleChannel } from '../../rules/access'
import { notify, notifyEach, notifyEveryone, tellSubjectDeleted, type NotificationDraft } from '../../services/notifications'
import { chargeChatText, charged, writerOf } from '../../services/quotas'
import { readersAmong } from '../../services/readers'
import { requireServerAuditPass, storedAttachments } from '../../rules/content'
import { contentOf, cursorOf, reactionCapRefusal, requireMessageAllowance, TYPING_THROTTLE_MS } from '../../rules/messages'
import { slowModeGateOf, slowModeOf, slowModeRefusal } from '../../rules/slow-mode'
import { ok } from '../../http/envelope'
import { route } from '../../http/route'

/**
 * The channel, when members chat in it and `user` holds `wanted` there: 404 for a channel
 * they may not see (as for none, before anything else is said of it), 403 naming the missing
 * permission (core/domain/permissions.ts: non-members and muted members), then 400 for a
 * channel that is not a discussion channel.
 */
async function chatChannelFor (ctx: AppContext, channelId: string, user: User, wanted: number): Promise<Channel> {
  const channel = await requireChannelOfMember(ctx, channelId, user, wanted)
  if (!isChatChannel(channel)) throw badRequest(`path.channel_id: channel ${channelId} is not a discussion channel`)
  return channel
}

/** The stored message a path names (404 when the channel has no such message). */
async function existingMessage (ctx: AppContext, channelId: string, messageId: string): Promise<MessagesTable> {
  const row = await ctx.repos.messages.row(channelId, messageId)
  if (!row) throw notFound(`path.message_id: channel ${channelId} has no message ${messageId}`)
  return row
}

/**
 * The members `content` of `authorUid` mentions as `<@uid>` in `channel`: mentions of
 * non-members, of members who may not read the channel (it would hand them its text) and
 * of members who block the author stay plain text, and count and tell nothing.
 */
async function mentionsOf (ctx: AppContext, channel: Channel, authorUid: string, content: string): Promise<string[]> {
  const members = await ctx.repos.messages.membersAmong(channel.server_id, mentionedUids(content))
  return ctx.repos.conversations.notBlocking(authorUid, await readersAmong(ctx, channel, members))
}

/** True when `content` is an @全体成员 that notifies: its author holds MentionEveryone in the channel (else it is plain text). */
async function notifiesEveryone (ctx: AppContext, channel: Channel, user: User, content: string): Promise<boolean> {
  if (!mentionsEveryone(content)) return false
  return hasPermission(await channelPermissions(ctx, await accessTo(ctx, channel.server_id, user), channel.channel_id), Permission.MentionEveryone)
}

/** The notification of `kind` a message makes, by its author. */
function messageDraft (kind: NotificationDraft['kind'], row: MessagesTable): NotificationDraft {
  return { kind, actorUid: row.author_uid, serverId: row.server_id, channelId: row.channel_id, messageId: row.message_id, excerpt: row.content }
}

/**
 * Tells the members a new message mentioned for the first time (`told`), the author of
 * the message it replies to (as a reply, unless a mention already told them), and, for an
 * @全体成员 (`everyone`), every other member who may read the channel.
 */
async function notifyOfMessage (ctx: AppContext, row: MessagesTable, told: readonly string[], everyone: boolean): Promise<void> {
  await notifyEach(ctx, told, messageDraft('mention', row))
  const answered = row.reply_to === null ? null : await ctx.repos.messages.row(row.channel_id, row.reply_to)
  if (answered && !told.includes(answered.author_uid)) await notify(ctx, answered.author_uid, messageDraft('reply', row))
  if (everyone) await notifyEveryone(ctx, { ...messageDraft('mention', row), serverId: row.server_id, channelId: row.channel_id }, answered ? [...told, answered.author_uid] : told)
}

/** The cursor of a channel's history query: {@link cursorOf}, or around a message (400 when combined with another). */
function channelCursorOf (query: MessageHistoryQuery): ChannelHistoryCursor {
  if (query.around === undefined) return cursorOf(query)
  if (query.before !== undefined || query.after !== undefined) throw badRequest('querystring: before, after and around cannot be combined')
  return { around: query.around }
}

/** Registers everything under /channels/:channel_id/messages, typing and read. */
export default async function messagesRoutes (instance: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  const nextMessageId = createTimeIdSource()

  /** Where a dispatch of `channel` goes: those who may read it. */
  const readersOf = (channel: Channel): { server_id: string, channel_id: string } => ({ server_id: channel.server_id, channel_id: channel.channel_id })

  route(fastify, MESSAGE_CALLS.history, MESSAGE_CALL_SCHEMAS.history, { schema: { summary: 'History of a channel: before/after a message id (oldest first, has_more); page/page_size answer the old page' } }, async request => {
    const viewer = await optionalUser(ctx, request) // a signed-in caller sees which reactions are theirs
    const channel = await requireVisibleChannel(ctx, request.params.channel_id, viewer) // SPEC §6: a training channel only for its role
    const query = request.query
    const cursor = channelCursorOf(query)
    if (query.page !== undefined || query.page_size !== undefined) {
      if (cursor !== null || query.limit !== undefined) throw badRequest('querystring: page and page_size cannot be combined with before, after or limit')
      return ok(await ctx.repos.feeds.messages(channel.channel_id, pageRequestOf(query)))
    }
    return ok(await ctx.repos.messages.history(channel.channel_id, cursor, query.limit ?? HISTORY_LIMIT_DEFAULT, viewer?.uid ?? null))
  })

  route(fastify, MESSAGE_CALLS.send, MESSAGE_CALL_SCHEMAS.send, { schema: { summary: 'Send a message (members only; content audited; the same nonce again answers the same message)' } }, async request => {
    const user = signedInUser(request)
    const body = request.body
    const channel = await chatChannelFor(ctx, request.params.channel_id, user, Permission.SendMessages | ((body.attachments ?? []).length > 0 ? Permission.AttachFiles : 0))
    // a retry after a lost answer: the message the first send made, nothing new
    const sent = await ctx.repos.messages.byNonce(user.uid, body.nonce)
    if (sent) {
      if (sent.channel_id !== channel.channel_id) throw badRequest(`body.nonce already sent a message to channel ${sent.channel_id}`)
      return ok(await ctx.repos.messages.message(sent, user.uid))
    }
    // slow mode: refused before anything is counted; the database holds the race (below)
    const slowMode = await slowModeOf(ctx, channel, user)
    if (slowMode.wait_seconds > 0) throw slowModeRefusal(slowMode.wait_seconds)
    await requireMessageAllowance(ctx, request, user)
    const attachments = storedAttachments(ctx, request, body.attachments)
    const content = contentOf(body.content, attachments.length)
    const replyTo = body.reply_to ?? null
    if (replyTo !== null && !await ctx.repos.messages.row(channel.channel_id, replyTo)) throw badRequest(`body.reply_to: channel ${channel.channel_id} has no message ${replyTo}`)
    // message text is audited with its own 104xxx code, against the global and the server's words; nothing is written on rejection
    await requireServerAuditPass(ctx, channel.server_id, { content })
    const everyone = await notifiesEveryone(ctx, channel, user, content)
    const { row, created, told } = await charged(await chargeChatText(ctx, writerOf(request, user), [content]), async () => ctx.repos.messages.create({
      message_id: nextMessageId(),
      channel_id: channel.channel_id,
      server_id: channel.server_id,
      author_uid: user.uid,
      content,
      nonce: body.nonce,
      reply_to: replyTo,
      mentions: await mentionsOf(ctx, channel, user.uid, content),
      attachments,
      created_at: ctx.now(),
    }, slowModeGateOf(slowMode)).catch(error => {
      // another send of the member (another socket, process or nonce) passed the slow mode first
      if (error instanceof SlowModeHeld) throw slowModeRefusal(slowModeWaitSeconds(slowMode.seconds, error.lastSentAt, ctx.now()))
      throw error
    }))
    const message = await ctx.repos.messages.message(row, user.uid)
    if (created) {
      await ctx.bus.publish('MESSAGE_CREATE', readersOf(channel), await ctx.repos.messages.message(row, null))
      await notifyOfMessage(ctx, row, told, everyone)
    }
    return ok(message)
  })

  // one declaration answers PATCH and POST (EDIT_METHODS): the mini-program's request API has no PATCH
  route(fastify, MESSAGE_CALLS.edit, MESSAGE_CALL_SCHEMAS.edit, { schema: { summary: 'Edit a message (its author only, while they may send there; content audited; counted as a send; POST for clients without PATCH)' } }, async request => {
    const user = signedInUser(request)
    const channel = await requireVisibleChannel(ctx, request.params.channel_id, user)
    const row = await existingMessage(ctx, channel.channel_id, request.params.message_id)
    if (row.author_uid !== user.uid) throw forbidden('only the author can edit a message')
    // an edit passes the gates a send does: a member still, SendMessages there, not timed out
    await requireChannelMember(ctx, channel, user, Permission.SendMessages)
    const content = contentOf(request.body.content)
    await requireMessageAllowance(ctx, request, user)
    await requireServerAuditPass(ctx, channel.server_id, { content })
    const { row: edited, told } = await ctx.repos.messages.edit(row, content, await mentionsOf(ctx, channel, user.uid, content), ctx.now())
    const message: ChatMessage = await ctx.repos.messages.message(edited, null)
    await ctx.bus.publish('MESSAGE_UPDATE', readersOf(channel), message)
    await notifyEach(ctx, told, messageDraft('mention', edited))
    return ok(await ctx.repos.messages.message(edited, user.uid))
  })

  route(fastify, MESSAGE_CALLS.delete, MESSAGE_CALL_SCHEMAS.delete, { schema: { summary: "Delete a message (its author, or ManageMessages for others' messages, audited)" } }, async request => {
    const user = signedInUser(request)
    const channel = await requireVisibleChannel(ctx, request.params.channel_id, user)
    const row = await existingMessage(ctx, channel.channel_id, request.params.message_id)
    const record = await requireRemoval(ctx, channel, user, row.author_uid, 'message_delete', row.message_id)
    const quoting = await ctx.repos.notifications.quoting({ message_id: row.message_id, direct: false })
    const { unpinned } = await ctx.repos.messages.remove(row.message_id, record)
    const deleted = { channel_id: channel.channel_id, message_id: row.message_id }
    await ctx.bus.publish('MESSAGE_DELETE', readersOf(channel), deleted)
    // a pinned message that is deleted leaves the channel's pins
    if (unpinned) await ctx.bus.publish('CHANNEL_PINS_UPDATE', readersOf(channel), { ...deleted, pin: null })
    // the inboxes that quote it hear too: MESSAGE_DELETE reaches only who may read the channel now
    await tellSubjectDeleted(ctx, quoting)
    return ok(deleted)
  })

  route(fastify, MESSAGE_CALLS.react, MESSAGE_CALL_SCHEMAS.react, { schema: { summary: 'React to a message with an emoji (members only)' } }, async request => {
    const user = signedInUser(request)
    const channel = await chatChannelFor(ctx, request.params.channel_id, user, Permission.AddReactions)
    const row = await existingMessage(ctx, channel.channel_id, request.params.message_id)
    const emoji = request.params.emoji
    if (!isReactionEmoji(emoji)) throw badRequest('path.emoji must be one emoji')
    const event: ReactionEvent = { channel_id: channel.channel_id, message_id: row.message_id, emoji, uid: user.uid }
    if (await ctx.repos.messages.addReaction(row.message_id, emoji, user.uid, ctx.now())) {
      // checked after the insert so two new emoji racing cannot both slip under a cap
      const refusal = await reactionCapRefusal(ctx.repos.messages, row, user.uid)
      if (refusal) {
        await ctx.repos.messages.removeReaction(row.message_id, emoji, user.uid)
        throw refusal
      }
      await ctx.bus.publish('REACTION_ADD', readersOf(channel), event)
      await notify(ctx, row.author_uid, { ...messageDraft('reaction', row), actorUid: user.uid, excerpt: `${emoji} ${row.content}` })
    }
    return ok(event)
  })

  route(fastify, MESSAGE_CALLS.unreact, MESSAGE_CALL_SCHEMAS.unreact, { schema: { summary: "Remove the signed-in member's reaction" } }, async request => {
    const user = signedInUser(request)
    const channel = await requireVisibleChannel(ctx, request.params.channel_id, user)
    const row = await existingMessage(ctx, channel.channel_id, request.params.message_id)
    const event: ReactionEvent = { channel_id: channel.channel_id, message_id: row.message_id, emoji: request.params.emoji, uid: user.uid }
    if (await ctx.repos.messages.removeReaction(row.message_id, event.emoji, user.uid)) await ctx.bus.publish('REACTION_REMOVE', readersOf(channel), event)
    return ok(event)
  })

  route(fastify, MESSAGE_CALLS.typing, MESSAGE_CALL_SCHEMAS.typing, { schema: { summary: 'The signed-in member is typing (members only; published to those looking at the channel, never stored)' } }, async request => {
    const user = signedInUser(request)
    const channel = await chatChannelFor(ctx, request.params.channel_id, user, Permission.SendMessages)
    // the throttle is counted across processes (ctx.limits): two connections still publish once
    if ((await ctx.limits.hit(`typing ${user.uid} ${channel.channel_id}`, TYPING_THROTTLE_MS)).count === 1) {
      await ctx.bus.publish('TYPING_START', readersOf(channel), { channel_id: channel.channel_id, uid: user.uid, nickname: user.nickname, at: ctx.now() })
    }
    return ok(null)
  })

  route(fastify, MESSAGE_CALLS.slowMode, MESSAGE_CALL_SCHEMAS.slowMode, { schema: { summary: "The channel's slow mode as the signed-in member meets it: its seconds, whether they are exempt (ManageMessages or ManageChannels), how long until they may send" } }, async request => {
    const user = signedInUser(request)
    const channel = await requireVisibleChannel(ctx, request.params.channel_id, user)
    if (!isChatChannel(channel)) throw badRequest(`path.channel_id: channel ${channel.channel_id} is not a discussion channel`)
    return ok(await slowModeOf(ctx, channel, user))
  })

  route(fastify, MESSAGE_CALLS.read, MESSAGE_CALL_SCHEMAS.read, { schema: { summary: 'The signed-in member has read the channel up to a message (members only; their other sessions hear it)' } }, async request => {
    const user = signedInUser(request)
    const channel = await chatChannelFor(ctx, request.params.channel_id, user, Permission.ViewChannel)
    const state = await ctx.repos.messages.markRead(user.uid, channel.channel_id, request.body.message_id)
    if (!state) throw notFound(`path.channel_id: channel ${channel.channel_id} has no messages`)
    await ctx.bus.publish('READ_STATE_UPDATE', { server_id: channel.server_id, uid: user.uid }, state)
    return ok(state)
  })
}
