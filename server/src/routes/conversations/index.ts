/**
 * Direct messages: one-to-one and group conversations (up to ten people) between members
 * who share a server. Each member chooses who may start one with them (members of a
 * shared server, or nobody) and may block a member, who is then told only "cannot send";
 * a member may leave a group, or block it (leave for good). How many conversations an
 * account starts and how many new people it reaches per hour is limited (services/quotas.ts
 * chargeDmReach, core/domain/dm-reach.ts).
 * Messages pass the gates of a channel's (the per-account message limit, the audit, the
 * same nonce answering the same message, the reaction caps) and every write is published
 * after it commits, to the conversation's participants only (core/wire/dispatches.ts).
 *
 * A conversation and a direct message are made in {@link createConversation} and
 * {@link sendDirectMessage}: what should follow either (a notice in an inbox) belongs there.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { createTimeIdSource } from '@core/domain/ids'
import { isReactionEmoji, mentionedUids } from '@core/domain/messages'
import { CONVERSATION_CALLS, CONVERSATION_CALL_SCHEMAS, CONVERSATION_PARTICIPANTS_MAX, DM_CODES, type Conversation } from '@core/wire/direct-messages'
import type { User } from '@core/wire/entities'
import { HISTORY_LIMIT_DEFAULT, type ChatMessage, type MessageHistoryQuery, type ReactionEvent, type SendMessageBody } from '@core/wire/messages'
import type { AppContext, RouteOptions } from '../../context'
import type { ConversationsTable, DirectMessagesTable } from '../../db/tables/direct-messages'
import { ApiError, badRequest, forbidden, notFound } from '../../errors'
import { signedInUser, signInThroughout } from '../../plugins/auth'
import { directKeyOf, type MessagingRefusal } from '../../repositories/conversations'
import { requireAuditPass, storedAttachments } from '../../rules/content'
import { ok } from '../../http/envelope'
import { contentOf, cursorOf, reactionCapRefusal, requireMessageAllowance, TYPING_THROTTLE_MS } from '../../rules/messages'
import { route } from '../../http/route'
import { notifyEach, tellSubjectDeleted } from '../../services/notifications'
import { chargeChatText, charged, chargeDmReach } from '../../services/quotas'

/** A conversation the signed-in member takes part in, and who takes part. */
interface Joined {
  row: ConversationsTable
  uids: string[]
}

/** The refusal to write to `uid`: 403 naming why, never whether a block is the reason (privacy and blocks read alike). */
function messagingRefused (reason: MessagingRefusal, uid: string): ApiError {
  if (reason === 'no_shared_server') {
    return new ApiError(403, DM_CODES.NO_SHARED_SERVER, `you share no server with ${uid}`, {
      'zh-CN': '你们没有共同的服务器，不能发私信', en: `you share no server with ${uid}: direct messages need one`,
    })
  }
  return new ApiError(403, DM_CODES.CANNOT_SEND, 'cannot send direct messages to this member', { 'zh-CN': '无法向对方发送私信', en: 'cannot send direct messages to this member' })
}

/** Refuses (403) when `sender` may not write to one of `uids` (unknown users are 404). */
async function requireMayMessage (ctx: AppContext, sender: User, uids: readonly string[]): Promise<void> {
  for (const uid of uids) {
    if (!await ctx.repos.users.get(uid)) throw notFound(`uid: no user ${uid}`)
    const reason = await ctx.repos.conversations.refusal(sender.uid, uid)
    if (reason) throw messagingRefused(reason, uid)
  }
}

/**
 * Makes a conversation of `creator` and `others` (all checked first: nothing is written on
 * a refusal) and tells its participants; a one-to-one conversation of the same pair is
 * found instead and told to nobody. The one place a conversation comes to be.
 */
export async function createConversation (ctx: AppContext, creator: User, others: readonly string[], kind: ConversationsTable['kind'], newId: () => string): Promise<Conversation> {
  const uids = [creator.uid, ...new Set(others.filter(uid => uid !== creator.uid))]
  if (uids.length < 2) throw badRequest('a conversation needs someone besides you')
  requireGroupSize(uids.length)
  const existing = kind === 'direct' ? await ctx.repos.conversations.direct(uids[0], uids[1]) : null
  await requireMayMessage(ctx, creator, uids.slice(1))
  if (existing) return ctx.repos.conversations.view(existing, creator.uid)
  const { row, created } = await withinReach(ctx, creator, 1, uids.slice(1), () => ctx.repos.conversations.create({
    conversation_id: newId(),
    kind,
    direct_key: kind === 'direct' ? directKeyOf(uids[0], uids[1]) : null,
    created_by: creator.uid,
    created_at: ctx.now(),
    last_message_id: null,
  }, uids))
  const conversation = await ctx.repos.conversations.view(row, creator.uid)
  if (created) await ctx.bus.publish('CONVERSATION_CREATE', { conversation_id: row.conversation_id, uids }, conversation)
  return conversation
}

/** Refuses (400) a conversation of more than {@link CONVERSATION_PARTICIPANTS_MAX} people. */
function requireGroupSize (people: number): void {
  if (people <= CONVERSATION_PARTICIPANTS_MAX) return
  throw new ApiError(400, DM_CODES.TOO_MANY_PARTICIPANTS, `a conversation holds at most ${CONVERSATION_PARTICIPANTS_MAX} people, you included`, {
    'zh-CN': `群聊最多 ${CONVERSATION_PARTICIPANTS_MAX} 人（含你自己）`, en: `a conversation holds at most ${CONVERSATION_PARTICIPANTS_MAX} people, you included`,
  })
}

/**
 * Runs `write` (which starts `conversations` conversations and brings in `reached`) within
 * `user`'s hourly direct-message reach: those of `reached` who share no conversation with
 * them yet count as new recipients (core/domain/dm-reach.ts). A 429 over either limit
 * writes nothing; a write that fails, or finds the conversation the other side made at the
 * same moment (`created` false), counts nothing.
 */
async function withinReach<T extends { created: boolean }> (ctx: AppContext, user: User, conversations: number, reached: readonly string[], write: () => Promise<T>): Promise<T> {
  const newRecipients = (await ctx.repos.conversations.newRecipientsAmong(user.uid, reached)).length
  return charged(await chargeDmReach(ctx, user, { conversations, newRecipients }), write)
}

/**
 * Adds `uids` to a group `adder` takes part in, under the rules of starting one: each must
 * share a server with the adder and take their messages, the group stays within
 * {@link CONVERSATION_PARTICIPANTS_MAX}, the new recipients count on the adder's reach, and a
 * member who blocked this group is never added again (403 "cannot send", as a privacy
 * choice reads). Those added are told the conversation as new to them.
 */
async function addToGroup (ctx: AppContext, joined: Joined, adder: User, uids: readonly string[]): Promise<Conversation> {
  const conversationId = joined.row.conversation_id
  if (joined.row.kind !== 'group') throw notAGroup()
  const added = [...new Set(uids)].filter(uid => !joined.uids.includes(uid))
  requireGroupSize(joined.uids.length + added.length)
  await requireMayMessage(ctx, adder, added)
  const [blocker] = await ctx.repos.conversations.groupBlockersAmong(conversationId, added)
  if (blocker !== undefined) throw messagingRefused('cannot_send', blocker)
  if (added.length > 0) {
    await withinReach(ctx, adder, 0, added, async () => {
      await ctx.repos.conversations.addParticipants(conversationId, added, ctx.now())
      return { created: true }
    })
  }
  const conversation = await ctx.repos.conversations.view(joined.row, adder.uid)
  if (added.length > 0) await ctx.bus.publish('CONVERSATION_CREATE', { conversation_id: conversationId, uids: added }, conversation)
  return conversation
}

/** 400: a one-to-one conversation is neither left nor added to. */
function notAGroup (): ApiError {
  return new ApiError(400, DM_CODES.NOT_A_GROUP, 'only a group conversation can be left or added to; block the member instead', {
    'zh-CN': '只有群聊可以退出或加人；不想再收到对方的私信请屏蔽对方', en: 'only a group conversation can be left or added to; block the member instead',
  })
}

/**
 * Writes `author`'s message to a conversation they take part in and tells its participants,
 * or answers the message the same nonce already made; its text counts on the daily text
 * quotas of the author and of the client `ip` (services/quotas.ts). The one place a
 * direct message comes to be.
 */
export async function sendDirectMessage (
  ctx: AppContext, joined: Joined, author: User, body: SendMessageBody, messageId: () => string, countSend: () => Promise<void>, ip: string,
): Promise<ChatMessage> {
  const conversationId = joined.row.conversation_id
  const sent = await ctx.repos.conversations.byNonce(author.uid, body.nonce)
  if (sent) {
    if (sent.conversation_id !== conversationId) throw badRequest(`body.nonce already sent a message to conversation ${sent.conversation_id}`)
    return ctx.repos.conversations.message(sent, author.uid)
  }
  await requireMayKeepWriting(ctx, joined, author)
  await countSend()
  const attachments = body.attachments ?? []
  const content = contentOf(body.content, attachments.length)
  const replyTo = body.reply_to ?? null
  if (replyTo !== null && !await ctx.repos.conversations.messageRow(conversationId, replyTo)) throw badRequest(`body.reply_to: conversation ${conversationId} has no message ${replyTo}`)
  requireAuditPass(ctx, { content })
  const { row, created } = await charged(await chargeChatText(ctx, { uid: author.uid, ip }, [content]), async () => ctx.repos.conversations.send({
    message_id: messageId(),
    conversation_id: conversationId,
    author_uid: author.uid,
    content,
    nonce: body.nonce,
    reply_to: replyTo,
    mentions: await mentionsIn(ctx, joined, author.uid, content),
    attachments,
    created_at: ctx.now(),
  }))
  if (created) {
    await ctx.bus.publish('DM_MESSAGE_CREATE', { conversation_id: conversationId, uids: joined.uids }, await ctx.repos.conversations.message(row, null))
    // a new direct message in each other participant's inbox (never the author's; none to one who blocks them)
    const told = await ctx.repos.conversations.notBlocking(author.uid, joined.uids)
    await notifyEach(ctx, told, { kind: 'direct_message', actorUid: author.uid, channelId: conversationId, messageId: row.message_id, excerpt: content })
  }
  return ctx.repos.conversations.message(row, author.uid)
}

/** The participants `content` mentions as `<@uid>`, less those who block the author. */
async function mentionsIn (ctx: AppContext, joined: Joined, authorUid: string, content: string): Promise<string[]> {
  return ctx.repos.conversations.notBlocking(authorUid, mentionedUids(content).filter(uid => joined.uids.includes(uid)))
}

/**
 * Refuses (403 "cannot send") a write of `author` to a conversation where someone blocks
 * them; in a one-to-one conversation also when they no longer share a server or the other
 * now takes messages from nobody.
 */
async function requireMayKeepWriting (ctx: AppContext, joined: Joined, author: User): Promise<void> {
  const others = joined.uids.filter(uid => uid !== author.uid)
  if (joined.row.kind === 'direct') {
    await requireMayMessage(ctx, author, others)
    return
  }
  for (const uid of others) if (await ctx.repos.conversations.blocks(uid, author.uid)) throw messagingRefused('cannot_send', uid)
}

/** Registers /conversations and the privacy and block routes under /users/me. */
export default async function conversationsRoutes (instance: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  signInThroughout(instance) // every route here, reads too, is a participant's or one's own settings
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  const nextId = createTimeIdSource()

  /** The conversation a path names, when `user` takes part in it (404 otherwise: others' conversations are not told apart from none). */
  async function joinedBy (conversationId: string, user: User): Promise<Joined> {
    const row = await ctx.repos.conversations.row(conversationId)
    const uids = row ? await ctx.repos.conversations.participants(conversationId) : []
    if (!row || !uids.includes(user.uid)) throw notFound(`path.conversation_id: no conversation ${conversationId} of yours`)
    return { row, uids }
  }

  /** The stored message a path names (404 when the conversation has no such message). */
  async function existingMessage (joined: Joined, messageId: string): Promise<DirectMessagesTable> {
    const row = await ctx.repos.conversations.messageRow(joined.row.conversation_id, messageId)
    if (!row) throw notFound(`path.message_id: conversation ${joined.row.conversation_id} has no message ${messageId}`)
    return row
  }

  const everyone = (joined: Joined): { conversation_id: string, uids: string[] } => ({ conversation_id: joined.row.conversation_id, uids: joined.uids })

  route(fastify, CONVERSATION_CALLS.list, CONVERSATION_CALL_SCHEMAS.list, { schema: { summary: 'My direct conversations, the most recently active first, with unread counts' } }, async request => ok({ items: await ctx.repos.conversations.listFor(signedInUser(request).uid) }))

  route(fastify, CONVERSATION_CALLS.direct, CONVERSATION_CALL_SCHEMAS.direct, { schema: { summary: 'The one-to-one conversation with a member who shares a server with me, found or made (403 when they take no messages from me)' } }, async request => ok(await createConversation(ctx, signedInUser(request), [request.body.uid], 'direct', nextId)))

  route(fastify, CONVERSATION_CALLS.createGroup, CONVERSATION_CALL_SCHEMAS.createGroup, { schema: { summary: `A group conversation with members who share a server with me (at most ${CONVERSATION_PARTICIPANTS_MAX} people, me included)` } }, async request => ok(await createConversation(ctx, signedInUser(request), request.body.uids, 'group', nextId)))

  route(fastify, CONVERSATION_CALLS.addParticipants, CONVERSATION_CALL_SCHEMAS.addParticipants, { schema: { summary: `Add members who share a server with me to a group of mine (at most ${CONVERSATION_PARTICIPANTS_MAX} people; never one who blocked the group)` } }, async request => {
    const user = signedInUser(request)
    return ok(await addToGroup(ctx, await joinedBy(request.params.conversation_id, user), user, request.body.uids))
  })

  /** The signed-in member leaves the group a path names; `block`: for good, so nobody adds them to it again. */
  async function leaveGroup (request: { params: { conversation_id: string } }, user: User, block: boolean): Promise<null> {
    const joined = await joinedBy(request.params.conversation_id, user)
    if (joined.row.kind !== 'group') throw notAGroup()
    await ctx.repos.conversations.leave(joined.row.conversation_id, user.uid, block ? { now: ctx.now() } : null)
    return null
  }

  route(fastify, CONVERSATION_CALLS.leaveGroup, CONVERSATION_CALL_SCHEMAS.leaveGroup, { schema: { summary: 'Leave a group: its messages no longer reach me (someone may add me again)' } }, async request => ok(await leaveGroup(request, signedInUser(request), false)))

  route(fastify, CONVERSATION_CALLS.blockGroup, CONVERSATION_CALL_SCHEMAS.blockGroup, { schema: { summary: 'Block a group: leave it for good, nobody adds me to it again and nothing more of it reaches me' } }, async request => ok(await leaveGroup(request, signedInUser(request), true)))

  route(fastify, CONVERSATION_CALLS.history, CONVERSATION_CALL_SCHEMAS.history, { schema: { summary: 'History of a conversation of mine: before/after a message id (oldest first, has_more)' } }, async request => {
    const user = signedInUser(request)
    const joined = await joinedBy(request.params.conversation_id, user)
    const query: MessageHistoryQuery = request.query
    return ok(await ctx.repos.conversations.history(joined.row.conversation_id, cursorOf(query), query.limit ?? HISTORY_LIMIT_DEFAULT, user.uid))
  })

  route(fastify, CONVERSATION_CALLS.send, CONVERSATION_CALL_SCHEMAS.send, { schema: { summary: 'Send a direct message (participants only; audited; the same nonce again answers the same message)' } }, async request => {
    const user = signedInUser(request)
    const joined = await joinedBy(request.params.conversation_id, user)
    const body = { ...request.body, attachments: storedAttachments(ctx, request, request.body.attachments) }
    return ok(await sendDirectMessage(ctx, joined, user, body, nextId, () => requireMessageAllowance(ctx, request, user), request.ip))
  })

  // one declaration answers PATCH and POST (EDIT_METHODS): the mini-program's request API has no PATCH
  route(fastify, CONVERSATION_CALLS.edit, CONVERSATION_CALL_SCHEMAS.edit, { schema: { summary: 'Edit a direct message (its author only; audited; counted as a send; POST for clients without PATCH)' } }, async request => {
    const user = signedInUser(request)
    const joined = await joinedBy(request.params.conversation_id, user)
    const row = await existingMessage(joined, request.params.message_id)
    if (row.author_uid !== user.uid) throw forbidden('only the author can edit a message')
    await requireMayKeepWriting(ctx, joined, user)
    const content = contentOf(request.body.content, JSON.parse(row.attachments).length)
    await requireMessageAllowance(ctx, request, user)
    requireAuditPass(ctx, { content })
    const edited = await ctx.repos.conversations.edit(row, content, await mentionsIn(ctx, joined, user.uid, content), ctx.now())
    await ctx.bus.publish('DM_MESSAGE_UPDATE', everyone(joined), await ctx.repos.conversations.message(edited, null))
    return ok(await ctx.repos.conversations.message(edited, user.uid))
  })

  route(fastify, CONVERSATION_CALLS.delete, CONVERSATION_CALL_SCHEMAS.delete, { schema: { summary: 'Delete a direct message (its author only)' } }, async request => {
    const user = signedInUser(request)
    const joined = await joinedBy(request.params.conversation_id, user)
    const row = await existingMessage(joined, request.params.message_id)
    if (row.author_uid !== user.uid) throw forbidden('only the author can delete a direct message')
    const quoting = await ctx.repos.notifications.quoting({ message_id: row.message_id, direct: true })
    await ctx.repos.conversations.remove(row)
    const deleted = { channel_id: joined.row.conversation_id, message_id: row.message_id }
    await ctx.bus.publish('DM_MESSAGE_DELETE', everyone(joined), deleted)
    await tellSubjectDeleted(ctx, quoting)
    return ok(deleted)
  })

  route(fastify, CONVERSATION_CALLS.react, CONVERSATION_CALL_SCHEMAS.react, { schema: { summary: 'React to a direct message with an emoji' } }, async request => {
    const user = signedInUser(request)
    const joined = await joinedBy(request.params.conversation_id, user)
    const row = await existingMessage(joined, request.params.message_id)
    const emoji = request.params.emoji
    if (!isReactionEmoji(emoji)) throw badRequest('path.emoji must be one emoji')
    await requireMayKeepWriting(ctx, joined, user)
    const event: ReactionEvent = { channel_id: joined.row.conversation_id, message_id: row.message_id, emoji, uid: user.uid }
    if (await ctx.repos.conversations.addReaction(row.message_id, emoji, user.uid, ctx.now())) {
      // checked after the insert so two new emoji racing cannot both slip under a cap
      const refusal = await reactionCapRefusal(ctx.repos.conversations, row, user.uid)
      if (refusal) {
        await ctx.repos.conversations.removeReaction(row.message_id, emoji, user.uid)
        throw refusal
      }
      await ctx.bus.publish('DM_REACTION_ADD', everyone(joined), event)
    }
    return ok(event)
  })

  route(fastify, CONVERSATION_CALLS.unreact, CONVERSATION_CALL_SCHEMAS.unreact, { schema: { summary: "Remove the signed-in participant's reaction" } }, async request => {
    const user = signedInUser(request)
    const joined = await joinedBy(request.params.conversation_id, user)
    const row = await existingMessage(joined, request.params.message_id)
    const event: ReactionEvent = { channel_id: joined.row.conversation_id, message_id: row.message_id, emoji: request.params.emoji, uid: user.uid }
    if (await ctx.repos.conversations.removeReaction(row.message_id, event.emoji, user.uid)) await ctx.bus.publish('DM_REACTION_REMOVE', everyone(joined), event)
    return ok(event)
  })

  route(fastify, CONVERSATION_CALLS.typing, CONVERSATION_CALL_SCHEMAS.typing, { schema: { summary: 'The signed-in participant is typing (published to the participants, never stored)' } }, async request => {
    const user = signedInUser(request)
    const joined = await joinedBy(request.params.conversation_id, user)
    await requireMayKeepWriting(ctx, joined, user)
    if ((await ctx.limits.hit(`typing ${user.uid} ${joined.row.conversation_id}`, TYPING_THROTTLE_MS)).count === 1) {
      await ctx.bus.publish('DM_TYPING', everyone(joined), { channel_id: joined.row.conversation_id, uid: user.uid, nickname: user.nickname, at: ctx.now() })
    }
    return ok(null)
  })

  route(fastify, CONVERSATION_CALLS.read, CONVERSATION_CALL_SCHEMAS.read, { schema: { summary: 'The signed-in participant has read the conversation up to a message (their other sessions hear it)' } }, async request => {
    const user = signedInUser(request)
    const joined = await joinedBy(request.params.conversation_id, user)
    const state = await ctx.repos.conversations.markRead(user.uid, joined.row.conversation_id, request.body.message_id)
    if (!state) throw notFound(`path.conversation_id: conversation ${joined.row.conversation_id} has no messages`)
    await ctx.bus.publish('DM_READ', { uid: user.uid }, state) // the reader's own devices only
    return ok(state)
  })

  route(fastify, CONVERSATION_CALLS.privacy, CONVERSATION_CALL_SCHEMAS.privacy, { schema: { summary: 'Who may start a direct conversation with me' } }, async request => ok({ dm_privacy: await ctx.repos.conversations.privacy(signedInUser(request).uid) }))

  route(fastify, CONVERSATION_CALLS.setPrivacy, CONVERSATION_CALL_SCHEMAS.setPrivacy, { schema: { summary: 'Choose who may start a direct conversation with me: members of a server we share, or nobody' } }, async request => {
    await ctx.repos.conversations.setPrivacy(signedInUser(request).uid, request.body.dm_privacy)
    return ok({ dm_privacy: request.body.dm_privacy })
  })

  route(fastify, CONVERSATION_CALLS.blocks, CONVERSATION_CALL_SCHEMAS.blocks, { schema: { summary: 'The members I block' } }, async request => ok({ items: await ctx.repos.conversations.blocked(signedInUser(request).uid) }))

  route(fastify, CONVERSATION_CALLS.block, CONVERSATION_CALL_SCHEMAS.block, { schema: { summary: 'Block a member: they can no longer message me or mention-notify me (they are told only "cannot send")' } }, async request => {
    const user = signedInUser(request)
    const uid = request.params.uid
    if (uid === user.uid) throw badRequest('path.uid: you cannot block yourself')
    if (!await ctx.repos.users.get(uid)) throw notFound(`path.uid: no user ${uid}`)
    await ctx.repos.conversations.block(user.uid, uid, ctx.now())
    return ok(null)
  })

  route(fastify, CONVERSATION_CALLS.unblock, CONVERSATION_CALL_SCHEMAS.unblock, { schema: { summary: 'Stop blocking a member' } }, async request => {
    await ctx.repos.conversations.unblock(signedInUser(request).uid, request.params.uid)
    return ok(null)
  })
}
