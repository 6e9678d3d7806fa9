/**
 * Row shapes of the chat tables (migration 0003-chat): messages, their reactions and
 * each member's read position per channel.
 */

/** A message of a channel. Ids are time-ordered (core/domain/ids.ts), so history pages on (channel_id, message_id). */
export interface MessagesTable {
  message_id: string
  channel_id: string
  /** The channel's server, so a member's unread counts of one server are one query. */
  server_id: string
  author_uid: string
  content: string
  /** The sender's nonce; unique per author, so a retried send finds its message instead of adding one. */
  nonce: string | null
  /** The message this one answers (same channel), or null. */
  reply_to: string | null
  /** JSON array of the mentioned members' uids. */
  mentions: string
  /** JSON array of core/wire/messages.ts Attachment. */
  attachments: string
  created_at: number
  edited_at: number | null
}

/** One member's reaction with one emoji on one message. */
export interface ReactionsTable {
  message_id: string
  emoji: string
  uid: string
  created_at: number
}

/** How far a member has read a channel, and how many unread messages mention them there. */
export interface ReadStatesTable {
  uid: string
  channel_id: string
  /** The newest message the member has seen; null when the state exists only for a mention. */
  last_read_id: string | null
  mention_count: number
}
