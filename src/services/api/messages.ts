/**
 * The chat's calls: a discussion channel's history by cursor, sending with a
 * nonce, edits, deletions, my reactions, typing and read marks (membership and the member
 * list are the members API's, src/services/api/members.ts). Built on the same request chain as every
 * other call; stores take a {@link MessagesApi}, so tests pass a fake.
 */
import { fillPath } from '@core/wire/paths'
import { MESSAGES_PATHS } from '@core/wire/messages-paths'
import { request as defaultRequest } from '@/services/request/request'
import type { ChatMessage, ChatMessagePage, SendMessageBody } from '@/stores/chat/types'
import { done } from './done'
import type { Requester } from './index'

/** Which page of history: the newest (none), older than `before`, newer than `after`, or around a message; 1..100 items, 50 by default. */
export interface HistoryQuery {
  before?: string
  after?: string
  around?: string
  limit?: number
}

/** Every chat call. Each resolves with the envelope's data or rejects with a RequestError. */
export interface MessagesApi {
  /** A page of a channel's history, oldest first, and whether more lie beyond it. */
  listHistory (channelId: string, query?: HistoryQuery): Promise<ChatMessagePage>
  /** Sends a message; the same nonce again answers the same message (no second one). */
  sendMessage (channelId: string, body: SendMessageBody): Promise<ChatMessage>
  /** Replaces the content of my message. */
  editMessage (channelId: string, messageId: string, content: string): Promise<ChatMessage>
  deleteMessage (channelId: string, messageId: string): Promise<void>
  addReaction (channelId: string, messageId: string, emoji: string): Promise<void>
  removeReaction (channelId: string, messageId: string, emoji: string): Promise<void>
  /** Tells the channel's viewers I am typing. */
  sendTyping (channelId: string): Promise<void>
  /** Marks the channel read up to this message on every device of mine. */
  markRead (channelId: string, messageId: string): Promise<void>
}

/** Builds the chat's calls on `send` (the request chain in the app). */
export function createMessagesApi (send: Requester = defaultRequest): MessagesApi {
  const messagePath = (channelId: string, messageId: string) => fillPath(MESSAGES_PATHS.message, { channel_id: channelId, message_id: messageId })
  const reactionPath = (channelId: string, messageId: string, emoji: string) => fillPath(MESSAGES_PATHS.myReaction, { channel_id: channelId, message_id: messageId, emoji })
  return {
    listHistory: (channelId, query = {}) => send<ChatMessagePage>({
      path: fillPath(MESSAGES_PATHS.messages, { channel_id: channelId }),
      query: { before: query.before, after: query.after, around: query.around, limit: query.limit },
    }),
    sendMessage: (channelId, body) => send<ChatMessage>({ path: fillPath(MESSAGES_PATHS.messages, { channel_id: channelId }), method: 'POST', data: body }),
    // POST: the mini-program's request API has no PATCH (the server takes both)
    editMessage: (channelId, messageId, content) => send<ChatMessage>({ path: messagePath(channelId, messageId), method: 'POST', data: { content } }),
    deleteMessage: (channelId, messageId) => done(send({ path: messagePath(channelId, messageId), method: 'DELETE' })),
    addReaction: (channelId, messageId, emoji) => done(send({ path: reactionPath(channelId, messageId, emoji), method: 'PUT' })),
    removeReaction: (channelId, messageId, emoji) => done(send({ path: reactionPath(channelId, messageId, emoji), method: 'DELETE' })),
    sendTyping: channelId => done(send({ path: fillPath(MESSAGES_PATHS.typing, { channel_id: channelId }), method: 'POST', data: {} })),
    markRead: (channelId, messageId) => done(send({ path: fillPath(MESSAGES_PATHS.read, { channel_id: channelId }), method: 'POST', data: { message_id: messageId } })),
  }
}
