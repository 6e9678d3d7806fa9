/**
 * Direct messages: conversations and their participants, their messages (history by
 * cursor on (conversation_id, message_id), idempotent sends by (author, nonce), edits,
 * deletions, reactions, read positions), each member's privacy choice and blocks. A
 * message is read as the channel's ChatMessage with the conversation in `channel_id` and
 * `''` in `server_id` (core/wire/direct-messages.ts), through the parts channel messages use.
 */
import { sql } from 'kysely'
import type { Conversation, DmPrivacy } from '@core/wire/direct-messages'
import type { User } from '@core/wire/entities'
import type { Attachment, ChatMessage, MessageHistory, ReadState } from '@core/wire/messages'
import type { Db, MessagesTable } from '../db/schema'
import type { ConversationsTable, DirectMessagesTable } from '../db/tables/direct-messages'
import { createMessageParts, cursorPage, UNREAD_COUNT_CAP, type HistoryCursor, type MessageParts } from './messages'
import { toUser } from './users'

/** Conversations one list answers (the most recently active). */
export const CONVERSATION_LIST_MAX = 100

/** Why `sender` may not write to a member: they share no server, or the member does not take their messages (privacy or block, never told apart). */
export type MessagingRefusal = 'no_shared_server' | 'cannot_send'

/** A direct message about to be written (content trimmed and audited, mentions resolved to participants). */
export interface NewDirectMessage {
  message_id: string
  conversation_id: string
  author_uid: string
  content: string
  nonce: string
  reply_to: string | null
  mentions: string[]
  attachments: Attachment[]
  created_at: number
}

/** The key that finds the one-to-one conversation of two people, whoever started it. */
export function directKeyOf (a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`
}

/** A direct message row as the shared message parts read it (conversation in place of channel, no server). */
function asChatRow (row: DirectMessagesTable): MessagesTable {
  const { conversation_id: conversationId, ...rest } = row
  return { ...rest, channel_id: conversationId, server_id: '' }
}

/** Reads and writes conversations, direct messages, privacy choices and blocks. */
export interface ConversationsRepository extends Pick<MessageParts, 'addReaction' | 'removeReaction' | 'reactionEmojiCount'> {
  /** Why `senderUid` may not start a conversation with or write to `recipientUid`, or null when they may. */
  refusal (senderUid: string, recipientUid: string): Promise<MessagingRefusal | null>
  /** True when `blockerUid` blocks `blockedUid`. */
  blocks (blockerUid: string, blockedUid: string): Promise<boolean>
  /** Those of `uids` who do not block `authorUid`, in the order given (whom a mention of theirs may notify). */
  notBlocking (authorUid: string, uids: readonly string[]): Promise<string[]>
  /** The conversation row, or null. */
  row (conversationId: string): Promise<ConversationsTable | null>
  /** The one-to-one conversation of `a` and `b`, or null. */
  direct (a: string, b: string): Promise<ConversationsTable | null>
  /** The uids of a conversation's participants, in the order they joined. */
  participants (conversationId: string): Promise<string[]>
  /** Those of `uids` who take part in no conversation with `uid` yet, in the order given (whom a conversation would newly reach). */
  newRecipientsAmong (uid: string, uids: readonly string[]): Promise<string[]>
  /** Adds `uids` (none of them in it yet) to a group conversation from `now`. */
  addParticipants (conversationId: string, uids: readonly string[], now: number): Promise<void>
  /** `uid` leaves a conversation; with `block`, for good: nobody adds them to it again (true when they took part). */
  leave (conversationId: string, uid: string, block: { now: number } | null): Promise<boolean>
  /** Those of `uids` who block the conversation. */
  groupBlockersAmong (conversationId: string, uids: readonly string[]): Promise<string[]>
  /**
   * Writes a conversation with `uids` as its participants. A one-to-one conversation made
   * at the same moment by the other side is found instead (`created` false).
   */
  create (conversation: ConversationsTable, uids: readonly string[]): Promise<{ row: ConversationsTable, created: boolean }>
  /** A conversation as `viewerUid` sees it (participants, newest message, their unread count). */
  view (row: ConversationsTable, viewerUid: string): Promise<Conversation>
  /** `uid`'s conversations, the most recently active first (at most {@link CONVERSATION_LIST_MAX}). */
  listFor (uid: string): Promise<Conversation[]>
  /** A page of a conversation's history, oldest first; `me` of reactions is `viewerUid`'s. */
  history (conversationId: string, cursor: HistoryCursor, limit: number, viewerUid: string): Promise<MessageHistory>
  /** The stored row of a message of a conversation, or null. */
  messageRow (conversationId: string, messageId: string): Promise<DirectMessagesTable | null>
  /** The direct message `authorUid` sent with `nonce`, or null. */
  byNonce (authorUid: string, nonce: string): Promise<DirectMessagesTable | null>
  /** A direct message as the chat shows it. */
  message (row: DirectMessagesTable, viewerUid: string | null): Promise<ChatMessage>
  /** Writes a message and makes it its conversation's newest; `created` false when the author already sent this nonce. */
  send (message: NewDirectMessage): Promise<{ row: DirectMessagesTable, created: boolean }>
  /** Replaces a message's content and mentions. */
  edit (row: DirectMessagesTable, content: string, mentions: string[], editedAt: number): Promise<DirectMessagesTable>
  /** Deletes a message with its reactions (the conversation's newest becomes the one before). */
  remove (row: DirectMessagesTable): Promise<void>
  /** How far `uid` has read a conversation (the last message id read), or null before anything. */
  readPosition (uid: string, conversationId: string): Promise<string | null>
  /** Moves `uid`'s read position forward to `messageId` (never back, never past the newest); null when the conversation has no messages. */
  markRead (uid: string, conversationId: string, messageId: string): Promise<ReadState | null>
  /** `uid`'s privacy choice (members of a shared server when never chosen). */
  privacy (uid: string): Promise<DmPrivacy>
  /** Keeps `uid`'s privacy choice. */
  setPrivacy (uid: string, privacy: DmPrivacy): Promise<void>
  /** `blockerUid` blocks `blockedUid` from now (again: nothing changes). */
  block (blockerUid: string, blockedUid: string, now: number): Promise<void>
  /** `blockerUid` no longer blocks `blockedUid`. */
  unblock (blockerUid: string, blockedUid: string): Promise<void>
  /** The members `blockerUid` blocks, the most recent first. */
  blocked (blockerUid: string): Promise<User[]>
}

/** The conversations repository on `db`. */
export function createConversationsRepository (db: Db): ConversationsRepository {
  const parts = createMessageParts(db, { messages: 'direct_messages', reactions: 'direct_reactions' })
  const chatMessages = (rows: readonly DirectMessagesTable[], viewerUid: string | null): Promise<ChatMessage[]> => parts.chatMessages(rows.map(asChatRow), viewerUid)

  async function byNonce (authorUid: string, nonce: string): Promise<DirectMessagesTable | null> {
    return (await db.selectFrom('direct_messages').selectAll().where('author_uid', '=', authorUid).where('nonce', '=', nonce).executeTakeFirst()) ?? null
  }

  async function direct (a: string, b: string): Promise<ConversationsTable | null> {
    return (await db.selectFrom('conversations').selectAll().where('direct_key', '=', directKeyOf(a, b)).executeTakeFirst()) ?? null
  }

  async function blocks (blockerUid: string, blockedUid: string): Promise<boolean> {
    return (await db.selectFrom('user_blocks').select('blocker_uid').where('blocker_uid', '=', blockerUid).where('blocked_uid', '=', blockedUid).executeTakeFirst()) !== undefined
  }

  async function privacy (uid: string): Promise<DmPrivacy> {
    return (await db.selectFrom('dm_settings').select('dm_privacy').where('uid', '=', uid).executeTakeFirst())?.dm_privacy ?? 'server_members'
  }

  /** `uid`'s read position and unread count (others' messages after it, capped) of each conversation. */
  async function unreadCounts (uid: string, conversationIds: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>()
    if (conversationIds.length === 0) return counts
    const positions = await db.selectFrom('conversation_participants').select(['conversation_id', 'last_read_id'])
      .where('uid', '=', uid).where('conversation_id', 'in', [...conversationIds]).execute()
    await Promise.all(positions.map(async position => {
      const row = await db.selectFrom(eb => eb.selectFrom('direct_messages').select('message_id')
        .where('conversation_id', '=', position.conversation_id).where('message_id', '>', position.last_read_id ?? '').where('author_uid', '<>', uid)
        .limit(UNREAD_COUNT_CAP).as('unread'))
        .select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      counts.set(position.conversation_id, Number(row.n))
    }))
    return counts
  }

  /** Conversations of `rows` as `viewerUid` sees them: participants, newest messages and counts in a few queries. */
  async function views (rows: readonly ConversationsTable[], viewerUid: string): Promise<Conversation[]> {
    if (rows.length === 0) return []
    const ids = rows.map(row => row.conversation_id)
    const lastIds = rows.map(row => row.last_message_id).filter((id): id is string => id !== null)
    const [members, lastRows, unread] = await Promise.all([
      db.selectFrom('conversation_participants').innerJoin('users', 'users.uid', 'conversation_participants.uid')
        .selectAll('users').select('conversation_participants.conversation_id')
        .where('conversation_participants.conversation_id', 'in', ids).orderBy('conversation_participants.joined_at').execute(),
      lastIds.length === 0 ? [] : db.selectFrom('direct_messages').selectAll().where('message_id', 'in', lastIds).execute(),
      unreadCounts(viewerUid, ids),
    ])
    const lastMessages = new Map((await chatMessages(lastRows, viewerUid)).map(message => [message.message_id, message]))
    return rows.map(row => ({
      conversation_id: row.conversation_id,
      kind: row.kind,
      participants: members.filter(member => member.conversation_id === row.conversation_id).map(({ conversation_id: _omit, ...user }) => toUser(user)),
      last_message: row.last_message_id === null ? null : lastMessages.get(row.last_message_id) ?? null,
      unread_count: unread.get(row.conversation_id) ?? 0,
      created_at: row.created_at,
    }))
  }

  return {
    addReaction: parts.addReaction,
    removeReaction: parts.removeReaction,
    reactionEmojiCount: parts.reactionEmojiCount,

    async refusal (senderUid, recipientUid) {
      const shared = await db.selectFrom('server_members as mine').innerJoin('server_members as theirs', 'theirs.server_id', 'mine.server_id')
        .select('mine.server_id').where('mine.uid', '=', senderUid).where('theirs.uid', '=', recipientUid).limit(1).executeTakeFirst()
      if (!shared) return 'no_shared_server'
      if (await blocks(recipientUid, senderUid) || await privacy(recipientUid) === 'nobody') return 'cannot_send'
      return null
    },

    blocks,

    async notBlocking (authorUid, uids) {
      if (uids.length === 0) return []
      const rows = await db.selectFrom('user_blocks').select('blocker_uid').where('blocked_uid', '=', authorUid).where('blocker_uid', 'in', [...uids]).execute()
      const blockers = new Set(rows.map(row => row.blocker_uid))
      return uids.filter(uid => !blockers.has(uid))
    },

    async row (conversationId) {
      return (await db.selectFrom('conversations').selectAll().where('conversation_id', '=', conversationId).executeTakeFirst()) ?? null
    },

    direct,

    async participants (conversationId) {
      const rows = await db.selectFrom('conversation_participants').select('uid').where('conversation_id', '=', conversationId).orderBy('joined_at').orderBy('uid').execute()
      return rows.map(row => row.uid)
    },

    async newRecipientsAmong (uid, uids) {
      if (uids.length === 0) return []
      const known = await db.selectFrom('conversation_participants as mine')
        .innerJoin('conversation_participants as theirs', 'theirs.conversation_id', 'mine.conversation_id')
        .select('theirs.uid').distinct().where('mine.uid', '=', uid).where('theirs.uid', 'in', [...uids]).execute()
      const reached = new Set(known.map(row => row.uid))
      return uids.filter(other => !reached.has(other))
    },

    async addParticipants (conversationId, uids, now) {
      if (uids.length === 0) return
      await db.insertInto('conversation_participants')
        .values(uids.map(uid => ({ conversation_id: conversationId, uid, last_read_id: null, joined_at: now })))
        .execute()
    },

    async leave (conversationId, uid, block) {
      return db.transaction().execute(async trx => {
        const left = await trx.deleteFrom('conversation_participants').where('conversation_id', '=', conversationId).where('uid', '=', uid).executeTakeFirst()
        if (block) {
          await trx.insertInto('conversation_blocks').values({ conversation_id: conversationId, uid, created_at: block.now })
            .onConflict(conflict => conflict.doNothing()).execute()
        }
        return Number(left.numDeletedRows) > 0
      })
    },

    async groupBlockersAmong (conversationId, uids) {
      if (uids.length === 0) return []
      const rows = await db.selectFrom('conversation_blocks').select('uid').where('conversation_id', '=', conversationId).where('uid', 'in', [...uids]).execute()
      return rows.map(row => row.uid)
    },

    async create (conversation, uids) {
      try {
        await db.transaction().execute(async trx => {
          await trx.insertInto('conversations').values(conversation).execute()
          await trx.insertInto('conversation_participants')
            .values(uids.map(uid => ({ conversation_id: conversation.conversation_id, uid, last_read_id: null, joined_at: conversation.created_at })))
            .execute()
        })
        return { row: conversation, created: true }
      } catch (error) {
        // the unique direct_key refused a second one-to-one conversation of the same pair
        const [a, b] = conversation.direct_key?.split(':') ?? []
        const existing = a !== undefined && b !== undefined ? await direct(a, b) : null
        if (existing) return { row: existing, created: false }
        throw error
      }
    },

    async view (row, viewerUid) {
      const [conversation] = await views([row], viewerUid)
      return conversation
    },

    async listFor (uid) {
      const rows = await db.selectFrom('conversations').innerJoin('conversation_participants', 'conversation_participants.conversation_id', 'conversations.conversation_id')
        .selectAll('conversations').where('conversation_participants.uid', '=', uid)
        .orderBy(sql`coalesce(conversations.last_message_id, '')`, 'desc').orderBy('conversations.created_at', 'desc')
        .limit(CONVERSATION_LIST_MAX).execute()
      return views(rows, uid)
    },

    async history (conversationId, cursor, limit, viewerUid) {
      const { rows, has_more: hasMore } = await cursorPage(cursor, limit, (bound, order, count) => {
        let query = db.selectFrom('direct_messages').selectAll().where('conversation_id', '=', conversationId)
        if (bound) query = query.where('message_id', bound.op, bound.id)
        return query.orderBy('message_id', order).limit(count).execute()
      })
      return { items: await chatMessages(rows, viewerUid), has_more: hasMore }
    },

    async messageRow (conversationId, messageId) {
      return (await db.selectFrom('direct_messages').selectAll().where('conversation_id', '=', conversationId).where('message_id', '=', messageId).executeTakeFirst()) ?? null
    },

    byNonce,

    async message (row, viewerUid) {
      const [message] = await chatMessages([row], viewerUid)
      return message
    },

    async send (message) {
      const row: DirectMessagesTable = { ...message, mentions: JSON.stringify(message.mentions), attachments: JSON.stringify(message.attachments), edited_at: null }
      try {
        await db.transaction().execute(async trx => {
          await trx.insertInto('direct_messages').values(row).execute()
          await trx.updateTable('conversations').set({ last_message_id: row.message_id }).where('conversation_id', '=', row.conversation_id).execute()
          // the author has read what they wrote
          await trx.updateTable('conversation_participants').set({ last_read_id: row.message_id })
            .where('conversation_id', '=', row.conversation_id).where('uid', '=', row.author_uid).execute()
        })
        return { row, created: true }
      } catch (error) {
        // the unique (author_uid, nonce) index refused a second send of the same nonce
        const existing = await byNonce(message.author_uid, message.nonce)
        if (existing) return { row: existing, created: false }
        throw error
      }
    },

    async edit (row, content, mentions, editedAt) {
      const edited: DirectMessagesTable = { ...row, content, mentions: JSON.stringify(mentions), edited_at: editedAt }
      await db.updateTable('direct_messages').set({ content, mentions: edited.mentions, edited_at: editedAt }).where('message_id', '=', row.message_id).execute()
      return edited
    },

    async remove (row) {
      await db.transaction().execute(async trx => {
        await trx.deleteFrom('direct_reactions').where('message_id', '=', row.message_id).execute()
        await trx.deleteFrom('direct_messages').where('message_id', '=', row.message_id).execute()
        const newest = await trx.selectFrom('direct_messages').select(eb => eb.fn.max('message_id').as('id')).where('conversation_id', '=', row.conversation_id).executeTakeFirst()
        await trx.updateTable('conversations').set({ last_message_id: newest?.id ?? null }).where('conversation_id', '=', row.conversation_id).execute()
      })
    },

    async readPosition (uid, conversationId) {
      const row = await db.selectFrom('conversation_participants').select('last_read_id').where('uid', '=', uid).where('conversation_id', '=', conversationId).executeTakeFirst()
      return row?.last_read_id ?? null
    },

    async markRead (uid, conversationId, messageId) {
      return db.transaction().execute(async trx => {
        const newest = await trx.selectFrom('direct_messages').select(eb => eb.fn.max('message_id').as('id')).where('conversation_id', '=', conversationId).executeTakeFirst()
        if (!newest?.id) return null
        const current = await trx.selectFrom('conversation_participants').select('last_read_id').where('uid', '=', uid).where('conversation_id', '=', conversationId).executeTakeFirst()
        const requested = messageId < newest.id ? messageId : newest.id
        const position = current?.last_read_id && current.last_read_id > requested ? current.last_read_id : requested
        await trx.updateTable('conversation_participants').set({ last_read_id: position }).where('uid', '=', uid).where('conversation_id', '=', conversationId).execute()
        return { channel_id: conversationId, last_read_id: position }
      })
    },

    privacy,

    async setPrivacy (uid, choice) {
      await db.insertInto('dm_settings').values({ uid, dm_privacy: choice })
        .onConflict(conflict => conflict.column('uid').doUpdateSet({ dm_privacy: choice })).execute()
    },

    async block (blockerUid, blockedUid, now) {
      await db.insertInto('user_blocks').values({ blocker_uid: blockerUid, blocked_uid: blockedUid, created_at: now })
        .onConflict(conflict => conflict.doNothing()).execute()
    },

    async unblock (blockerUid, blockedUid) {
      await db.deleteFrom('user_blocks').where('blocker_uid', '=', blockerUid).where('blocked_uid', '=', blockedUid).execute()
    },

    async blocked (blockerUid) {
      const rows = await db.selectFrom('user_blocks').innerJoin('users', 'users.uid', 'user_blocks.blocked_uid')
        .selectAll('users').where('user_blocks.blocker_uid', '=', blockerUid).orderBy('user_blocks.created_at', 'desc').execute()
      return rows.map(toUser)
    },
  }
}
