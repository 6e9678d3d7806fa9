/**
 * Row shapes of the chat tables (migration 0003-chat): messages, their reactions and
 * each member's read position per channel.
 */
import type { ChatMessage } from '@core/wire/messages'

/**
 * A message of a channel: the wire ChatMessage less what is joined or counted when it is
 * read (author, quoted reply, reactions), its author as a uid, the message it answers as
 * an id (same channel, or null), and the mentioned uids and attachments as JSON text.
 * Ids are time-ordered (core/domain/ids.ts), so history pages on (channel_id, message_id);
 * the nonce is unique per author, so a retried send finds its message instead of adding one.
 */
export type MessagesTable = Omit<ChatMessage, 'author' | 'reply_to' | 'mentions' | 'reactions' | 'attachments' | 'card' | 'notice'> & {
  author_uid: string
  reply_to: string | null
  /** JSON array of the mentioned members' uids. */
  mentions: string
  /** JSON array of core/wire/messages.ts Attachment. */
  attachments: string
  /** JSON core/wire/plaza-card.ts PlazaCard of a message the game plaza posted (migration 0023-game-plaza); null or absent on others (direct messages have none). */
  card?: string | null
  /** JSON core/wire/messages.ts MessageNotice of a system line (a pin's announcement, migration 0024-pins); null or absent on others (direct messages have none). */
  notice?: string | null
}

/** A pinned message of a channel (migration 0024-pins): at most one row per message. */
export interface PinsTable {
  message_id: string
  channel_id: string
  server_id: string
  pinned_by: string
  /** unix seconds */
  pinned_at: number
}

/** One member's reaction with one emoji on one message. */
export interface ReactionsTable {
  message_id: string
  emoji: string
  uid: string
  created_at: number
}

/** A member a message has told of their mention (migration 0009): an edit never tells them again. */
export interface MentionNoticesTable {
  message_id: string
  uid: string
}

/** How far a member has read a channel, and how many unread messages mention them there. */
export interface ReadStatesTable {
  uid: string
  channel_id: string
  /** The newest message the member has seen; null when the state exists only for a mention. */
  last_read_id: string | null
  mention_count: number
}
