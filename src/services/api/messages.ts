/**
 * The chat's calls: a discussion channel's history by cursor, sending with a
 * nonce, edits, deletions, my reactions, typing, read marks and my slow mode wait (membership and the member
 * list are the members API's, src/services/api/members.ts). Built on the same request chain as every
 * other call; stores take a {@link MessagesApi}, so tests pass a fake.
 */
import { MESSAGE_CALLS } from '@core/wire/messages-paths'
import type { MESSAGE_CALL_SCHEMAS, SlowModeState } from '@core/wire/messages'
import { request as defaultRequest } from '@/services/request/request'
import type { ChatMessage, ChatMessagePage, SendMessageBody } from '@/stores/chat/types'
import { callsOf } from './call'
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
  /** The channel's slow mode as I meet it: its seconds, whether I am exempt, how long until I may send. */
  slowMode (channelId: string): Promise<SlowModeState>
}

/** Builds the chat's calls on `send` (the request chain in the app). */
export function createMessagesApi (send: Requester = defaultRequest): MessagesApi {
  const calls = callsOf<typeof MESSAGE_CALLS, typeof MESSAGE_CALL_SCHEMAS>(send, MESSAGE_CALLS)
  const message = (channelId: string, messageId: string) => ({ channel_id: channelId, message_id: messageId })
  return {
    // only a page/page_size query is answered the old page: a cursor query's answer is always the cursor page
    listHistory: (channelId, query = {}) => calls.history({
      params: { channel_id: channelId },
      query: { before: query.before, after: query.after, around: query.around, limit: query.limit },
    }) as Promise<ChatMessagePage>,
    sendMessage: (channelId, body) => calls.send({ params: { channel_id: channelId }, body }),
    editMessage: (channelId, messageId, content) => calls.edit({ params: message(channelId, messageId), body: { content } }),
    deleteMessage: (channelId, messageId) => done(calls.delete({ params: message(channelId, messageId) })),
    addReaction: (channelId, messageId, emoji) => done(calls.react({ params: { ...message(channelId, messageId), emoji } })),
    removeReaction: (channelId, messageId, emoji) => done(calls.unreact({ params: { ...message(channelId, messageId), emoji } })),
    sendTyping: channelId => done(calls.typing({ params: { channel_id: channelId } })),
    markRead: (channelId, messageId) => done(calls.read({ params: { channel_id: channelId }, body: { message_id: messageId } })),
    slowMode: channelId => calls.slowMode({ params: { channel_id: channelId } }),
  }
}
