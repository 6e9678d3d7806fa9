/**
 * The direct-message calls: my conversations, finding or starting one, a conversation's
 * messages (the chat's calls on /conversations, bound per conversation by
 * src/stores/chat/conversation.ts `directConversation`), leaving or blocking a group, who
 * may message me and whom I block. Stores take a {@link ConversationsApi}, so tests pass a fake.
 */
import { CONVERSATIONS_PATHS, type DmPrivacy } from '@core/wire/direct-messages-paths'
import type { BlockList, Conversation, ConversationList } from '@core/wire/direct-messages'
import type { User } from '@core/wire/entities'
import { fillPath } from '@core/wire/paths'
import { request as defaultRequest } from '@/services/request/request'
import type { ConversationApi } from '@/stores/chat/conversation'
import type { ChatMessage, ChatMessagePage } from '@/stores/chat/types'
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
  const at = (path: string, conversationId: string, rest: Record<string, string> = {}) => fillPath(path, { conversation_id: conversationId, ...rest })
  return {
    list: async () => (await send<ConversationList>({ path: CONVERSATIONS_PATHS.conversations })).items,
    openDirect: uid => send<Conversation>({ path: CONVERSATIONS_PATHS.direct, method: 'POST', data: { uid } }),
    createGroup: uids => send<Conversation>({ path: CONVERSATIONS_PATHS.conversations, method: 'POST', data: { uids } }),
    leaveGroup: (conversationId, block) => done(block
      ? send({ path: at(CONVERSATIONS_PATHS.groupBlock, conversationId), method: 'PUT' })
      : send({ path: at(CONVERSATIONS_PATHS.leave, conversationId), method: 'POST', data: {} })),
    messages: conversationId => ({
      listHistory: query => send<ChatMessagePage>({ path: at(CONVERSATIONS_PATHS.messages, conversationId), query: { before: query.before, after: query.after, limit: query.limit } }),
      sendMessage: body => send<ChatMessage>({ path: at(CONVERSATIONS_PATHS.messages, conversationId), method: 'POST', data: body }),
      // POST: the mini-program's request API has no PATCH (the server takes both)
      editMessage: (messageId, content) => send<ChatMessage>({ path: at(CONVERSATIONS_PATHS.message, conversationId, { message_id: messageId }), method: 'POST', data: { content } }),
      deleteMessage: messageId => done(send({ path: at(CONVERSATIONS_PATHS.message, conversationId, { message_id: messageId }), method: 'DELETE' })),
      addReaction: (messageId, emoji) => done(send({ path: at(CONVERSATIONS_PATHS.myReaction, conversationId, { message_id: messageId, emoji }), method: 'PUT' })),
      removeReaction: (messageId, emoji) => done(send({ path: at(CONVERSATIONS_PATHS.myReaction, conversationId, { message_id: messageId, emoji }), method: 'DELETE' })),
      sendTyping: () => done(send({ path: at(CONVERSATIONS_PATHS.typing, conversationId), method: 'POST', data: {} })),
      markRead: messageId => done(send({ path: at(CONVERSATIONS_PATHS.read, conversationId), method: 'POST', data: { message_id: messageId } })),
    }),
    privacy: async () => (await send<{ dm_privacy: DmPrivacy }>({ path: CONVERSATIONS_PATHS.privacy })).dm_privacy,
    setPrivacy: privacy => done(send({ path: CONVERSATIONS_PATHS.privacy, method: 'PUT', data: { dm_privacy: privacy } })),
    blocked: async () => (await send<BlockList>({ path: CONVERSATIONS_PATHS.blocks })).items,
    block: uid => done(send({ path: fillPath(CONVERSATIONS_PATHS.block, { uid }), method: 'PUT' })),
    unblock: uid => done(send({ path: fillPath(CONVERSATIONS_PATHS.block, { uid }), method: 'DELETE' })),
  }
}
