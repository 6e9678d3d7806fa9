/**
 * Row shapes of the direct-message tables (migrations 0013-direct-messages, 0019-group-blocks).
 */
import type { DmPrivacy } from '@core/wire/direct-messages-paths'
import type { MessagesTable } from './messages'

/** A conversation: one-to-one (found again by `direct_key`, the pair's uids ordered and joined) or a group. */
export interface ConversationsTable {
  conversation_id: string
  kind: 'direct' | 'group'
  /** `uidA:uidB` with uidA < uidB for a one-to-one conversation; null for a group. */
  direct_key: string | null
  created_by: string
  created_at: number
  /** The newest message (the list's order and preview), or null before the first. */
  last_message_id: string | null
}

/** One person in a conversation and how far they have read it. */
export interface ConversationParticipantsTable {
  conversation_id: string
  uid: string
  last_read_id: string | null
  joined_at: number
}

/** A message of a conversation: a channel message's columns with the conversation in place of channel and server. */
export type DirectMessagesTable = Omit<MessagesTable, 'channel_id' | 'server_id' | 'nonce'> & { conversation_id: string, nonce: string }

/** One participant's reaction with one emoji on one direct message. */
export interface DirectReactionsTable {
  message_id: string
  emoji: string
  uid: string
  created_at: number
}

/** A member's choice of who may start a conversation with them (no row: members of a server they share). */
export interface DmSettingsTable {
  uid: string
  dm_privacy: DmPrivacy
}

/** A member (`blocker_uid`) who blocks another: no conversation, message or mention notice from them. */
export interface UserBlocksTable {
  blocker_uid: string
  blocked_uid: string
  created_at: number
}

/** A member who blocks a group conversation: they left it and nobody adds them to it again. */
export interface ConversationBlocksTable {
  conversation_id: string
  uid: string
  created_at: number
}
