/**
 * The rules of a message that every way of writing one shares — a channel message, a
 * direct message, a message in a space, over HTTP or the gateway: its content (trimmed,
 * within the limit, empty only with a picture), the history cursor, the reaction caps, the
 * typing throttle and the per-account message allowance.
 */
import type { FastifyRequest } from 'fastify'
import { MESSAGE_CONTENT_MAX_LENGTH, REACTIONS_PER_MEMBER_ON_OTHERS_MAX, sendableContentOf } from '@core/domain/messages'
import type { User } from '@core/wire/entities'
import { MESSAGE_CODES, type MessageHistoryQuery } from '@core/wire/messages'
import type { AppContext } from '../context'
import type { MessagesTable } from '../db/schema'
import { ApiError, badRequest, spokenError } from '../errors'
import type { HistoryCursor, MessageParts } from '../repositories/messages'

/** Most distinct emoji one message carries; a new one beyond it is refused. */
export const REACTION_EMOJI_PER_MESSAGE_MAX = 20

/** A member's typing is published at most once per this many milliseconds per channel; the clients show it for longer. */
export const TYPING_THROTTLE_MS = 3000

/** The trimmed content, or 400 when it is over the limit, or empty without a picture to carry. */
export function contentOf (content: string, attachmentCount = 0): string {
  const text = sendableContentOf(content, attachmentCount)
  if (text === null) throw badRequest(`body.content must hold 1 to ${MESSAGE_CONTENT_MAX_LENGTH} characters after trimming${attachmentCount > 0 ? '' : ' (it may be empty only when the message carries attachments)'}`)
  return text
}

/** The cursor of a history query (400 when it names both directions). */
export function cursorOf (query: MessageHistoryQuery): HistoryCursor {
  if (query.before !== undefined && query.after !== undefined) throw badRequest('querystring: before and after cannot be combined')
  if (query.before !== undefined) return { before: query.before }
  if (query.after !== undefined) return { after: query.after }
  return null
}

/**
 * The refusal of a reaction `uid` has just added, or null when it fits: on someone else's
 * message a member holds at most {@link REACTIONS_PER_MEMBER_ON_OTHERS_MAX} distinct emoji
 * (409) and the message at most {@link REACTION_EMOJI_PER_MESSAGE_MAX} (400); the author's
 * own reactions always fit, up to {@link REACTION_EMOJI_PER_MESSAGE_MAX} of their own,
 * however many others put there.
 */
export async function reactionCapRefusal (
  reactions: Pick<MessageParts, 'reactionEmojiCount'>, message: Pick<MessagesTable, 'message_id' | 'author_uid'>, uid: string,
): Promise<ApiError | null> {
  const mine = await reactions.reactionEmojiCount(message.message_id, uid)
  if (message.author_uid === uid) {
    return mine > REACTION_EMOJI_PER_MESSAGE_MAX ? badRequest(`a message carries at most ${REACTION_EMOJI_PER_MESSAGE_MAX} different emoji of its author`) : null
  }
  if (mine > REACTIONS_PER_MEMBER_ON_OTHERS_MAX) {
    return new ApiError(409, MESSAGE_CODES.REACTIONS_PER_MEMBER, `one member puts at most ${REACTIONS_PER_MEMBER_ON_OTHERS_MAX} different emoji on someone else's message (take one back first)`)
  }
  if (await reactions.reactionEmojiCount(message.message_id) > REACTION_EMOJI_PER_MESSAGE_MAX) {
    return badRequest(`a message carries at most ${REACTION_EMOJI_PER_MESSAGE_MAX} different emoji`)
  }
  return null
}

/**
 * Counts one send or edit of `user` against the per-account message limit (
 * whichever IP it comes from; edits count as sends do; channel and direct messages share
 * it); 429 with Retry-After when over. Called once the write is known to be new, so a
 * retry of a stored nonce costs nothing.
 */
export async function requireMessageAllowance (ctx: AppContext, request: Pick<FastifyRequest, 'ip'>, user: User): Promise<void> {
  if (ctx.config.rateLimit.allowList.includes(request.ip)) return
  const { max, windowMs } = ctx.config.rateLimit.messages
  const { count, resetMs } = await ctx.limits.hit(`messages ${user.uid}`, windowMs)
  if (count <= max) return
  const seconds = Math.max(1, Math.ceil(resetMs / 1000))
  throw spokenError(429, {
    'zh-CN': `发言太频繁：每 ${windowMs / 1000} 秒最多 ${max} 条，请 ${seconds} 秒后再试`,
    en: `too many messages: at most ${max} per ${windowMs / 1000} s, try again in ${seconds} s`,
  }, seconds)
}
