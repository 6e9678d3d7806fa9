/**
 * The direct-message calls: my conversations, finding or starting one, a conversation's
 * messages (the chat's calls on /conversations, bound per conversation by
 * src/stores/chat/conversation.ts `directConversation`), leaving or blocking a group, who
 * may message me and whom I block. Stores take a {@link ConversationsApi}, so tests pass a fake.
 */
import { CONVERSATION_CALLS, type DmPrivacy } from '@core/wire/direct-messages-paths'
import type { CONVERSATION_CALL_SCHEMAS, Conversation } from '@core/wire/direct-messages'
import type { User } from '@core/wire/entities'
import { request as defaultRequest } from '@/services/request/request'
import type { ConversationApi } from '@/stores/chat/conversation'
import { callsOf } from './call'
import type { Requester } from './index'
import { done } from './done'

/** Every direct-message call. Each resolves with the envelope's data or rejects with a RequestError. */
export interface ConversationsApi {
  /** My conversations, the most recently active first, with unread counts. */
  list (): Promise<Conversation[]>
  /** The one-to-one conversation with a member, found or made. */
  openDirect (uid: string): Promise<Conversation>
  /** A new group with these members (at most nine besides me). */
  createGroup (uids: string[]): Promise<Conversation>
  /** Leaves a group; `block`: for good, nobody adds me to it again. */
  leaveGroup (conversationId: string, block: boolean): Promise<void>
  /** The calls of one conversation's messages. */
  messages (conversationId: string): ConversationApi
  /** Who may start a conversation with me. */
  privacy (): Promise<DmPrivacy>
  setPrivacy (privacy: DmPrivacy): Promise<void>
  /** The members I block. */
  blocked (): Promise<User[]>
  block (uid: string): Promise<void>
  unblock (uid: string): Promise<void>
}

/** Builds the direct-message calls on `send` (the request chain in the app). */
export function createConversationsApi (send: Requester = defaultRequest): ConversationsApi {
  const calls = callsOf<typeof CONVERSATION_CALLS, typeof CONVERSATION_CALL_SCHEMAS>(send, CONVERSATION_CALLS)
  return {
    list: async () => (await calls.list({})).items,
    openDirect: uid => calls.direct({ body: { uid } }),
    createGroup: uids => calls.createGroup({ body: { uids } }),
    leaveGroup: (conversationId, block) => done(block
      ? calls.blockGroup({ params: { conversation_id: conversationId } })
      : calls.leaveGroup({ params: { conversation_id: conversationId } })),
    messages: conversationId => {
      const message = (messageId: string) => ({ conversation_id: conversationId, message_id: messageId })
      return {
        listHistory: query => calls.history({ params: { conversation_id: conversationId }, query: { before: query.before, after: query.after, limit: query.limit } }),
        sendMessage: body => calls.send({ params: { conversation_id: conversationId }, body }),
        editMessage: (messageId, content) => calls.edit({ params: message(messageId), body: { content } }),
        deleteMessage: messageId => done(calls.delete({ params: message(messageId) })),
        addReaction: (messageId, emoji) => done(calls.react({ params: { ...message(messageId), emoji } })),
        removeReaction: (messageId, emoji) => done(calls.unreact({ params: { ...message(messageId), emoji } })),
        sendTyping: () => done(calls.typing({ params: { conversation_id: conversationId } })),
        markRead: messageId => done(calls.read({ params: { conversation_id: conversationId }, body: { message_id: messageId } })),
      }
    },
    privacy: async () => (await calls.privacy({})).dm_privacy,
    setPrivacy: privacy => done(calls.setPrivacy({ body: { dm_privacy: privacy } })),
    blocked: async () => (await calls.blocks({})).items,
    block: uid => done(calls.block({ params: { uid } })),
    unblock: uid => done(calls.unblock({ params: { uid } })),
  }
}
