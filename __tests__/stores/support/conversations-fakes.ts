/**
 * Fakes of the direct-message calls (src/services/api/conversations.ts) for store and page
 * tests: every list call answers empty, every write succeeds, and a conversation's message
 * calls go to one fake MessagesApi with the conversation's id as the channel's.
 */
import type { Conversation } from '@core/wire/direct-messages'
import type { ConversationsApi } from '@/services/api/conversations'
import { fakeMessagesApi, LIN, ME, type FakeMessagesApi } from './chat-fakes'

/** The direct-message calls, each a jest mock. */
export type FakeConversationsApi = { [K in keyof ConversationsApi]: jest.Mock<ReturnType<ConversationsApi[K]>, Parameters<ConversationsApi[K]>> }

/** The direct-message calls: lists empty, writes done, a conversation's messages on `calls` (history fails unless a test answers it). */
export function fakeConversationsApi (calls: FakeMessagesApi = fakeMessagesApi()): FakeConversationsApi {
  return {
    list: jest.fn().mockResolvedValue([]),
    openDirect: jest.fn(),
    createGroup: jest.fn(),
    leaveGroup: jest.fn().mockResolvedValue(undefined),
    messages: jest.fn(id => ({
      listHistory: query => calls.listHistory(id, query),
      sendMessage: body => calls.sendMessage(id, body),
      editMessage: (messageId, content) => calls.editMessage(id, messageId, content),
      deleteMessage: messageId => calls.deleteMessage(id, messageId),
      addReaction: (messageId, emoji) => calls.addReaction(id, messageId, emoji),
      removeReaction: (messageId, emoji) => calls.removeReaction(id, messageId, emoji),
      sendTyping: () => calls.sendTyping(id),
      markRead: messageId => calls.markRead(id, messageId),
    })),
    privacy: jest.fn().mockResolvedValue('server_members'),
    setPrivacy: jest.fn().mockResolvedValue(undefined),
    blocked: jest.fn().mockResolvedValue([]),
    block: jest.fn().mockResolvedValue(undefined),
    unblock: jest.fn().mockResolvedValue(undefined),
  }
}

/** A one-to-one conversation of ME and LIN, nothing written yet. */
export function conversation (id: string, overrides: Partial<Conversation> = {}): Conversation {
  return { conversation_id: id, kind: 'direct', participants: [ME, LIN], last_message: null, unread_count: 0, created_at: 1_790_000_000, ...overrides }
}
