/**
 * TEMPORARY: the chat wire shapes and the gateway seam the chat builds against, copied
 * from the brief's contracts until core/wire/messages.ts, core/wire/members.ts (msg, gw)
 * and src/stores/gateway-store.ts (gw) reach this branch. At the merge these become
 * re-exports of the real declarations (`import type` only, so nothing here ships).
 */
import type { User } from '@core/wire/entities'

/** A message reply's quoted original: its id, author and first 100 characters. */
export interface ChatReplyQuote {
  message_id: string
  author: User
  content: string
}

/** One emoji's reactions on a message: how many, and whether mine is among them. */
export interface ChatReaction {
  emoji: string
  count: number
  me: boolean
}

/** An image or file attached to a message. */
export interface ChatAttachment {
  url: string
  width: number
  height: number
  size: number
  mime: string
}

/** A message of a discussion channel as the server sends it. */
export interface ChatMessage {
  message_id: string
  channel_id: string
  server_id: string
  author: User
  content: string
  /** The sender's idempotency key; null for messages sent without one. */
  nonce: string | null
  reply_to: ChatReplyQuote | null
  /** uids mentioned in the content. */
  mentions: string[]
  reactions: ChatReaction[]
  attachments: ChatAttachment[]
  /** unix seconds */
  created_at: number
  /** unix seconds of the last edit, or null. */
  edited_at: number | null
}

/** One page of a channel's history, oldest first. */
export interface ChatMessagePage {
  items: ChatMessage[]
  has_more: boolean
}

/** The body of a new message. */
export interface SendMessageBody {
  content: string
  nonce: string
  reply_to?: string
}

/** A member of a server. */
export interface Member {
  user: User
  /** unix seconds */
  joined_at: number
  online: boolean
  role_ids: string[]
}

/** One page of a server's members. */
export interface MemberPage {
  items: Member[]
  has_more: boolean
  next: string | null
  online_count: number
}

/** MESSAGE_DELETE's payload. */
export interface MessageDeleteEvent {
  channel_id: string
  message_id: string
}

/** REACTION_ADD's and REACTION_REMOVE's payload. */
export interface ReactionEvent {
  channel_id: string
  message_id: string
  emoji: string
  uid: string
}

/** TYPING_START's payload. */
export interface TypingEvent {
  channel_id: string
  uid: string
  nickname: string
  /** unix seconds */
  at: number
}

/** READ_STATE_UPDATE's payload (sent to the reader's own sessions). */
export interface ReadStateEvent {
  channel_id: string
  last_read_id: string
}

/** PRESENCE_UPDATE's payload. */
export interface PresenceEvent {
  server_id: string
  uid: string
  status: 'online' | 'offline'
  online_count: number
}

/** The gateway dispatches the chat applies, by name. */
export interface ChatDispatches {
  MESSAGE_CREATE: ChatMessage
  MESSAGE_UPDATE: ChatMessage
  MESSAGE_DELETE: MessageDeleteEvent
  REACTION_ADD: ReactionEvent
  REACTION_REMOVE: ReactionEvent
  TYPING_START: TypingEvent
  READ_STATE_UPDATE: ReadStateEvent
  PRESENCE_UPDATE: PresenceEvent
}

/** Where the gateway connection stands. */
export type GatewayConnection = 'connecting' | 'online' | 'reconnecting' | 'offline'

/** What the chat needs of the GatewayStore: its connection state, dispatch subscriptions and channel focus. */
export interface ChatGateway {
  readonly connection: GatewayConnection
  on<T extends keyof ChatDispatches> (t: T, handler: (d: ChatDispatches[T]) => void): () => void
  focus (channelId: string | null): void
}

/** The chat's HTTP paths (core/wire/messages.ts MESSAGES_PATHS at the merge). */
export const CHAT_PATHS = {
  messages: '/channels/:channel_id/messages',
  message: '/channels/:channel_id/messages/:message_id',
  myReaction: '/channels/:channel_id/messages/:message_id/reactions/:emoji/me',
  typing: '/channels/:channel_id/typing',
  read: '/channels/:channel_id/read',
} as const
