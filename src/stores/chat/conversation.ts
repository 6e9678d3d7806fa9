/**
 * What a conversation's history and outbox need to know of it: its id and its calls,
 * already bound to it. A server channel is one conversation; a direct message will be
 * another, with calls of its own and the same history and outbox.
 */
import type { HistoryQuery, MessagesApi } from '@/services/api/messages'
import type { ChatMessage, ChatMessagePage, SendMessageBody } from './types'

/** The calls of one conversation. Each resolves with the envelope's data or rejects with a RequestError. */
export interface ConversationApi {
  /** A page of the conversation's history, oldest first, and whether more lie beyond it. */
  listHistory (query: HistoryQuery): Promise<ChatMessagePage>
  /** Sends a message; the same nonce again answers the same message (no second one). */
  sendMessage (body: SendMessageBody): Promise<ChatMessage>
  /** Replaces the content of my message. */
  editMessage (messageId: string, content: string): Promise<ChatMessage>
  /** Deletes a message (mine, or another's for a moderator). */
  deleteMessage (messageId: string): Promise<void>
  /** Adds my reaction to a message. */
  addReaction (messageId: string, emoji: string): Promise<void>
  /** Takes my reaction back. */
  removeReaction (messageId: string, emoji: string): Promise<void>
  /** Tells the conversation's viewers I am typing. */
  sendTyping (): Promise<void>
  /** Marks the conversation read up to this message on every device of mine. */
  markRead (messageId: string): Promise<void>
}

/** The dispatch names a conversation's events arrive under, by what they do. */
export interface ConversationDispatchNames {
  create: 'MESSAGE_CREATE' | 'DM_MESSAGE_CREATE'
  update: 'MESSAGE_UPDATE' | 'DM_MESSAGE_UPDATE'
  delete: 'MESSAGE_DELETE' | 'DM_MESSAGE_DELETE'
  reactionAdd: 'REACTION_ADD' | 'DM_REACTION_ADD'
  reactionRemove: 'REACTION_REMOVE' | 'DM_REACTION_REMOVE'
  typing: 'TYPING_START' | 'DM_TYPING'
  read: 'READ_STATE_UPDATE' | 'DM_READ'
}

/** A server channel's events. */
export const CHANNEL_DISPATCH_NAMES: ConversationDispatchNames = {
  create: 'MESSAGE_CREATE', update: 'MESSAGE_UPDATE', delete: 'MESSAGE_DELETE', reactionAdd: 'REACTION_ADD', reactionRemove: 'REACTION_REMOVE', typing: 'TYPING_START', read: 'READ_STATE_UPDATE',
}

/** A direct conversation's events (the same payloads, delivered to its participants only). */
export const DIRECT_DISPATCH_NAMES: ConversationDispatchNames = {
  create: 'DM_MESSAGE_CREATE', update: 'DM_MESSAGE_UPDATE', delete: 'DM_MESSAGE_DELETE', reactionAdd: 'DM_REACTION_ADD', reactionRemove: 'DM_REACTION_REMOVE', typing: 'DM_TYPING', read: 'DM_READ',
}

/** One conversation: the id its messages and dispatches carry, where its messages say they were written, and its calls. */
export interface Conversation {
  /** The id dispatches name it by (a channel's `channel_id`). */
  readonly id: string
  /** Its name among conversations of every kind (`channel:<id>`), for what is kept per conversation on the device. */
  readonly key: string
  /** The place a message of mine shows while on its way (the server's answer says it again). */
  readonly place: Pick<ChatMessage, 'channel_id' | 'server_id'>
  readonly api: ConversationApi
  /** The names its gateway events arrive under. */
  readonly dispatches: ConversationDispatchNames
}

/** Which channel to open, and how many of its messages were unread then (for the "new messages" divider; left out while unknown). */
export interface ChannelChatInput {
  channelId: string
  serverId: string
  unreadCount?: number
  /** The read position then, when known: the divider goes above the first of others' messages after it. */
  lastReadId?: string | null
  /** Open at this message (a search hit) instead of the newest: the messages around it load first. */
  aroundId?: string
  /** Another conversation than the channel's own (a direct one, {@link directConversation}): its calls and dispatch names. */
  conversation?: Conversation
}

/** A server channel's conversation, on the chat's calls. */
export function channelConversation (channel: { channelId: string, serverId: string }, api: MessagesApi): Conversation {
  const { channelId } = channel
  return {
    id: channelId,
    key: `channel:${channelId}`,
    place: { channel_id: channelId, server_id: channel.serverId },
    dispatches: CHANNEL_DISPATCH_NAMES,
    api: {
      listHistory: query => api.listHistory(channelId, query),
      sendMessage: body => api.sendMessage(channelId, body),
      editMessage: (messageId, content) => api.editMessage(channelId, messageId, content),
      deleteMessage: messageId => api.deleteMessage(channelId, messageId),
      addReaction: (messageId, emoji) => api.addReaction(channelId, messageId, emoji),
      removeReaction: (messageId, emoji) => api.removeReaction(channelId, messageId, emoji),
      sendTyping: () => api.sendTyping(channelId),
      markRead: messageId => api.markRead(channelId, messageId),
    },
  }
}

/** A direct conversation: its messages name it as their `channel_id` and no server (core/wire/direct-messages.ts). */
export function directConversation (conversationId: string, api: ConversationApi): Conversation {
  return { id: conversationId, key: `dm:${conversationId}`, place: { channel_id: conversationId, server_id: '' }, api, dispatches: DIRECT_DISPATCH_NAMES }
}
