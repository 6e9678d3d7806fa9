/**
 * Chat messages: history by cursor on the (channel_id, message_id) index
 * with one row more read for `has_more` (no OFFSET, no COUNT), idempotent sends by
 * (author, nonce), edits, deletions, reactions and each member's read position with
 * the unread and mention counts of a channel list.
 */
import { sql, type Transaction } from 'kysely'
import { replyPreviewOf } from '@core/domain/messages'
import type { User } from '@core/wire/entities'
import type { Attachment, ChatMessage, MessageHistory, MessageNotice, ReactionSummary, ReadState } from '@core/wire/messages'
import type { PlazaCard } from '@core/wire/plaza-card'
import type { Database, Db, MessagesTable } from '../db/schema'
import { indexMessage, removeDocuments } from '../search/documents'
import { writeAuditEntry, type AuditRecord } from './audit-log'
import { toUser } from './users'

/** Counting unread messages or mentions stops here: the list shows 99+ above 99 (SPEC §9), so more is never needed. */
export const UNREAD_COUNT_CAP = 100

/** Channels counted per statement (well under SQLite's 500 terms of a compound SELECT). */
const CHANNELS_PER_COUNT = 100

/** Where a history page starts: older than `before`, newer than `after`, or the newest messages. */
export type HistoryCursor = { before: string } | { after: string } | null

/** Where a channel's history page starts: a {@link HistoryCursor}, or around a message (a search hit opens there). */
export type ChannelHistoryCursor = HistoryCursor | { around: string }

/** A message about to be written (content trimmed and audited, mentions resolved to members). */
export interface NewMessage {
  message_id: string
  channel_id: string
  server_id: string
  author_uid: string
  content: string
  nonce: string
  reply_to: string | null
  mentions: string[]
  attachments: Attachment[]
  created_at: number
  /** A game plaza card (the plaza posts it, server/src/plaza); absent on a member's message. */
  card?: PlazaCard
  /** A system line (a pin's announcement, server/src/repositories/pins.ts); absent on a member's message. */
  notice?: MessageNotice
}

/** A member's counts of one channel, and where they were taken. */
export interface ChannelCounts {
  unread_count: number
  mention_count: number
  /** The channel's newest message when the counts were taken (null: none): a later message is not counted. */
  last_message_id: string | null
  /** The member's read position: their stored one, or their own newest message when that is newer (null: neither). */
  last_read_id: string | null
}

/** A send that a channel's slow mode holds back: the author's last send there must lie `seconds` or more before the new message. */
export interface SlowModeGate {
  seconds: number
}

/** Thrown by {@link MessagesRepository.create} when the author's slow mode wait is not over: nothing was written. */
export class SlowModeHeld extends Error {
  /** When the author last sent in the channel (unix seconds). */
  readonly lastSentAt: number
  constructor (lastSentAt: number) {
    super('slow mode: the last send is too recent')
    this.name = 'SlowModeHeld'
    this.lastSentAt = lastSentAt
  }
}

/** Reads and writes chat messages, reactions and read states. */
export interface MessagesRepository {
  /** A page of `channelId`'s history, oldest first; `me` of reactions is `viewerUid`'s (null: nobody's). */
  history (channelId: string, cursor: ChannelHistoryCursor, limit: number, viewerUid: string | null): Promise<MessageHistory>
  /** The stored row of a message of `channelId`, or null. */
  row (channelId: string, messageId: string): Promise<MessagesTable | null>
  /** The message `authorUid` sent with `nonce`, or null. */
  byNonce (authorUid: string, nonce: string): Promise<MessagesTable | null>
  /** A message as the chat shows it. */
  message (row: MessagesTable, viewerUid: string | null): Promise<ChatMessage>
  /**
   * Writes `message` and counts its mentions for the mentioned members, in one
   * transaction. When the author already sent this nonce (a retry racing the first
   * send) nothing is written and `created` is false. `told`: the members whose mention was counted now.
   * With `slowMode`, the same transaction moves the author's last send in the channel to the
   * message's time only when their wait is over, and throws {@link SlowModeHeld} (nothing
   * written) when it is not: of two sends racing on two sockets or processes, one passes.
   */
  create (message: NewMessage, slowMode?: SlowModeGate): Promise<{ row: MessagesTable, created: boolean, told: string[] }>
  /** When `uid` last sent a message in `channelId` while its slow mode held them (unix seconds), or null. */
  lastSlowModeSend (channelId: string, uid: string): Promise<number | null>
  /** Replaces the content and mentions; only members this message never told of a mention before get one counted (`told`). */
  edit (row: MessagesTable, content: string, mentions: string[], editedAt: number): Promise<{ row: MessagesTable, told: string[] }>
  /**
   * Deletes a message with its reactions and its pin, and records `audit` (a moderator's
   * removal) in the same transaction: all happen or none. True when the message was pinned.
   */
  remove (messageId: string, audit: AuditRecord | null): Promise<{ unpinned: boolean }>
  /** Adds `uid`'s `emoji` reaction; false when it was already there. */
  addReaction (messageId: string, emoji: string, uid: string, nowSeconds: number): Promise<boolean>
  /** Removes `uid`'s `emoji` reaction; false when there was none. */
  removeReaction (messageId: string, emoji: string, uid: string): Promise<boolean>
  /** Distinct emoji on a message (of `uid`'s reactions only, when given). */
  reactionEmojiCount (messageId: string, uid?: string): Promise<number>
  /**
   * Moves `uid`'s read position in `channelId` forward to `messageId` (never back, never
   * past the newest message) and recounts the mentions after it; null when the channel
   * has no messages.
   */
  markRead (uid: string, channelId: string, messageId: string): Promise<ReadState | null>
  /** Those of `uids` who are members of `serverId`, in the order given (whom a message's mentions can name). */
  membersAmong (serverId: string, uids: readonly string[]): Promise<string[]>
  /**
   * `uid`'s unread and mention counts of each of `channelIds`: others' messages after the
   * read position and written since `uid` joined the channel's server (reading starts at the
   * join: history from before it is never unread), capped at {@link UNREAD_COUNT_CAP}. A
   * message of `uid`'s own reads everything before it (they wrote it in the channel).
   * Each channel's newest message and the read position come with the counts.
   */
  channelCounts (uid: string, channelIds: readonly string[]): Promise<Map<string, ChannelCounts>>
}

/** The stored row of `message`: its card, notice, mentions and attachments as JSON text, never edited. */
export function messageRowOf (message: NewMessage): MessagesTable {
  const { card, notice, ...fields } = message
  return {
    ...fields,
    ...(card !== undefined ? { card: JSON.stringify(card) } : {}),
    ...(notice !== undefined ? { notice: JSON.stringify(notice) } : {}),
    mentions: JSON.stringify(message.mentions),
    attachments: JSON.stringify(message.attachments),
    edited_at: null,
  }
}

/** The LIKE pattern matching `uid` inside a JSON array of uids (`_` escaped: it is a LIKE wildcard). */
function mentionPattern (uid: string): string {
  return `%${JSON.stringify(uid).replace(/[\\%_]/g, character => `\\${character}`)}%`
}

/**
 * Counts a mention for each of `uids` the message `row` has not told yet (its author
 * never), and notes them as told: a mention edited out and back in counts once.
 * Answers the uids told now (the ones to notify).
 */
async function tellMentioned (trx: Transaction<Database>, row: Pick<MessagesTable, 'message_id' | 'channel_id' | 'author_uid'>, uids: readonly string[]): Promise<string[]> {
  const told: string[] = []
  for (const uid of uids.filter(mentioned => mentioned !== row.author_uid)) {
    const noted = await trx.insertInto('mention_notices').values({ message_id: row.message_id, uid }).onConflict(conflict => conflict.doNothing()).executeTakeFirst()
    if (Number(noted.numInsertedOrUpdatedRows ?? 0) === 0) continue
    told.push(uid)
    await trx.insertInto('read_states').values({ uid, channel_id: row.channel_id, last_read_id: null, mention_count: 1 })
      .onConflict(conflict => conflict.columns(['uid', 'channel_id']).doUpdateSet({ mention_count: sql<number>`read_states.mention_count + 1` }))
      .execute()
  }
  return told
}

/**
 * Moves the author's last send in the message's channel to the message's time, only when it
 * lies `gate.seconds` or more before (or there is none): one upsert whose conflict branch is
 * conditional, so a second send racing it waits for the first's row and then finds it too
 * recent. Throws {@link SlowModeHeld} when held (the caller's transaction rolls back).
 */
async function passSlowMode (trx: Transaction<Database>, row: Pick<MessagesTable, 'channel_id' | 'author_uid' | 'created_at'>, gate: SlowModeGate): Promise<void> {
  const passed = await trx.insertInto('slow_mode_sends').values({ channel_id: row.channel_id, uid: row.author_uid, sent_at: row.created_at })
    .onConflict(conflict => conflict.columns(['channel_id', 'uid'])
      .doUpdateSet({ sent_at: row.created_at })
      .where('slow_mode_sends.sent_at', '<=', row.created_at - gate.seconds))
    .executeTakeFirst()
  if (Number(passed.numInsertedOrUpdatedRows ?? 0) > 0) return
  const last = await trx.selectFrom('slow_mode_sends').select('sent_at').where('channel_id', '=', row.channel_id).where('uid', '=', row.author_uid).executeTakeFirstOrThrow()
  throw new SlowModeHeld(Number(last.sent_at))
}

/** Where a page of a message index starts (`op` the message id) and which way it reads. */
export type CursorRead<R> = (bound: { op: '<' | '>', id: string } | null, order: 'asc' | 'desc', count: number) => Promise<R[]>

/**
 * A page of a time-ordered message index, oldest first: `read` is asked for one row more
 * than `limit` in the cursor's direction (whether it exists is `has_more`: no COUNT).
 */
export async function cursorPage<R> (cursor: HistoryCursor, limit: number, read: CursorRead<R>): Promise<{ rows: R[], has_more: boolean }> {
  const forward = cursor !== null && 'after' in cursor
  const bound = cursor === null ? null : 'after' in cursor ? { op: '>' as const, id: cursor.after } : { op: '<' as const, id: cursor.before }
  const rows = await read(bound, forward ? 'asc' : 'desc', limit + 1)
  const page = rows.slice(0, limit)
  if (!forward) page.reverse()
  return { rows: page, has_more: rows.length > limit }
}

/** The tables a kind of message lives in: a channel's (`messages`, `reactions`) or a conversation's (`direct_messages`, `direct_reactions`); both have the same columns where these functions read. */
export interface MessageTables {
  messages: 'messages' | 'direct_messages'
  reactions: 'reactions' | 'direct_reactions'
}

/** What a message reader and a reaction writer do on one kind of message (channel or conversation). */
export interface MessageParts {
  /** ChatMessages of `rows` in their order: authors, quoted replies and reactions in three more queries, whatever the page size. */
  chatMessages (rows: readonly MessagesTable[], viewerUid: string | null): Promise<ChatMessage[]>
  /** Adds `uid`'s `emoji` reaction; false when it was already there. */
  addReaction (messageId: string, emoji: string, uid: string, nowSeconds: number): Promise<boolean>
  /** Removes `uid`'s `emoji` reaction; false when there was none. */
  removeReaction (messageId: string, emoji: string, uid: string): Promise<boolean>
  /** Distinct emoji on a message (of `uid`'s reactions only, when given). */
  reactionEmojiCount (messageId: string, uid?: string): Promise<number>
}

/**
 * The reading and reacting shared by channel messages and direct messages, on `tables`.
 * (Kysely is told the channel tables' names: the conversation tables have the same columns here.)
 */
export function createMessageParts (db: Db, tables: MessageTables): MessageParts {
  const messagesTable = tables.messages as 'messages'
  const reactionsTable = tables.reactions as 'reactions'

  async function usersByUid (uids: readonly string[]): Promise<Map<string, User>> {
    if (uids.length === 0) return new Map()
    const rows = await db.selectFrom('users').selectAll().where('uid', 'in', [...new Set(uids)]).execute()
    return new Map(rows.map(row => [row.uid, toUser(row)]))
  }

  async function reactionsOf (messageIds: readonly string[], viewerUid: string | null): Promise<Map<string, ReactionSummary[]>> {
    const byMessage = new Map<string, ReactionSummary[]>()
    if (messageIds.length === 0) return byMessage
    const rows = await db.selectFrom(reactionsTable)
      .select(eb => [
        'message_id', 'emoji',
        eb.fn.countAll<number>().as('count'),
        eb.fn.max(eb.case().when('uid', '=', viewerUid ?? '').then(1).else(0).end()).as('me'),
        eb.fn.min('created_at').as('first_at'),
      ])
      .where('message_id', 'in', messageIds)
      .groupBy(['message_id', 'emoji'])
      .orderBy('first_at').orderBy('emoji')
      .execute()
    for (const row of rows) {
      const list = byMessage.get(row.message_id) ?? []
      list.push({ emoji: row.emoji, count: Number(row.count), me: Number(row.me) === 1 })
      byMessage.set(row.message_id, list)
    }
    return byMessage
  }

  return {
    async chatMessages (rows, viewerUid) {
      if (rows.length === 0) return []
      const replyIds = [...new Set(rows.map(row => row.reply_to).filter((id): id is string => id !== null))]
      const replies = replyIds.length === 0 ? [] : await db.selectFrom(messagesTable).select(['message_id', 'author_uid', 'content']).where('message_id', 'in', replyIds).execute()
      const [users, reactions] = await Promise.all([
        usersByUid([...rows.map(row => row.author_uid), ...replies.map(reply => reply.author_uid)]),
        reactionsOf(rows.map(row => row.message_id), viewerUid),
      ])
      const replyById = new Map(replies.map(reply => [reply.message_id, reply]))
      return rows.map(row => {
        const reply = row.reply_to === null ? undefined : replyById.get(row.reply_to)
        const replyAuthor = reply && users.get(reply.author_uid)
        const author = users.get(row.author_uid)
        if (!author) throw new Error(`message ${row.message_id} has no author ${row.author_uid}`)
        return {
          message_id: row.message_id,
          channel_id: row.channel_id,
          server_id: row.server_id,
          author,
          content: row.content,
          nonce: row.nonce,
          // a reply to a since-deleted message quotes nothing
          reply_to: reply && replyAuthor ? { message_id: reply.message_id, author: replyAuthor, content: replyPreviewOf(reply.content) } : null,
          mentions: JSON.parse(row.mentions) as string[],
          reactions: reactions.get(row.message_id) ?? [],
          attachments: JSON.parse(row.attachments) as Attachment[],
          created_at: row.created_at,
          edited_at: row.edited_at,
          ...(row.card !== undefined && row.card !== null ? { card: JSON.parse(row.card) as PlazaCard } : {}),
          ...(row.notice !== undefined && row.notice !== null ? { notice: JSON.parse(row.notice) as MessageNotice } : {}),
        }
      })
    },

    async addReaction (messageId, emoji, uid, nowSeconds) {
      const result = await db.insertInto(reactionsTable).values({ message_id: messageId, emoji, uid, created_at: nowSeconds })
        .onConflict(conflict => conflict.doNothing()).executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
    },

    async removeReaction (messageId, emoji, uid) {
      const result = await db.deleteFrom(reactionsTable).where('message_id', '=', messageId).where('emoji', '=', emoji).where('uid', '=', uid).executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    async reactionEmojiCount (messageId, uid) {
      let query = db.selectFrom(reactionsTable).select(eb => eb.fn.count<number>('emoji').distinct().as('n')).where('message_id', '=', messageId)
      if (uid !== undefined) query = query.where('uid', '=', uid)
      return Number((await query.executeTakeFirstOrThrow()).n)
    },
  }
}

/** The messages repository on `db`. */
export function createMessagesRepository (db: Db): MessagesRepository {
  const parts = createMessageParts(db, { messages: 'messages', reactions: 'reactions' })
  const chatMessages = parts.chatMessages

  async function byNonce (authorUid: string, nonce: string): Promise<MessagesTable | null> {
    return (await db.selectFrom('messages').selectAll().where('author_uid', '=', authorUid).where('nonce', '=', nonce).executeTakeFirst()) ?? null
  }

  return {
    async history (channelId, cursor, limit, viewerUid) {
      if (cursor && 'around' in cursor) {
        // the older half ends with the message itself; the newer half fills the rest of the page
        const older = await db.selectFrom('messages').selectAll().where('channel_id', '=', channelId).where('message_id', '<=', cursor.around)
          .orderBy('message_id', 'desc').limit(Math.ceil(limit / 2) + 1).execute()
        const newer = await db.selectFrom('messages').selectAll().where('channel_id', '=', channelId).where('message_id', '>', cursor.around)
          .orderBy('message_id', 'asc').limit(limit - Math.min(older.length, Math.ceil(limit / 2)) + 1).execute()
        const olderPage = older.slice(0, Math.ceil(limit / 2)).reverse()
        const newerPage = newer.slice(0, limit - olderPage.length)
        return {
          items: await chatMessages([...olderPage, ...newerPage], viewerUid),
          has_more: older.length > olderPage.length,
          has_newer: newer.length > newerPage.length,
        }
      }
      const { rows, has_more: hasMore } = await cursorPage(cursor, limit, (bound, order, count) => {
        let query = db.selectFrom('messages').selectAll().where('channel_id', '=', channelId)
        if (bound) query = query.where('message_id', bound.op, bound.id)
        return query.orderBy('message_id', order).limit(count).execute()
      })
      return { items: await chatMessages(rows, viewerUid), has_more: hasMore }
    },

    async row (channelId, messageId) {
      return (await db.selectFrom('messages').selectAll().where('channel_id', '=', channelId).where('message_id', '=', messageId).executeTakeFirst()) ?? null
    },

    byNonce,

    async message (row, viewerUid) {
      const [message] = await chatMessages([row], viewerUid)
      return message
    },

    async create (message, slowMode) {
      const row = messageRowOf(message)
      try {
        const told = await db.transaction().execute(async trx => {
          await trx.insertInto('messages').values(row).execute()
          if (slowMode) await passSlowMode(trx, row, slowMode)
          await indexMessage(trx, row)
          return tellMentioned(trx, row, message.mentions)
        })
        return { row, created: true, told }
      } catch (error) {
        // the unique (author_uid, nonce) index refused a second send of the same nonce
        const existing = await byNonce(message.author_uid, message.nonce)
        if (existing) return { row: existing, created: false, told: [] }
        throw error
      }
    },

    async lastSlowModeSend (channelId, uid) {
      const found = await db.selectFrom('slow_mode_sends').select('sent_at').where('channel_id', '=', channelId).where('uid', '=', uid).executeTakeFirst()
      return found ? Number(found.sent_at) : null
    },

    async edit (row, content, mentions, editedAt) {
      const edited: MessagesTable = { ...row, content, mentions: JSON.stringify(mentions), edited_at: editedAt }
      const told = await db.transaction().execute(async trx => {
        await trx.updateTable('messages').set({ content, mentions: edited.mentions, edited_at: editedAt }).where('message_id', '=', row.message_id).execute()
        await indexMessage(trx, edited)
        return tellMentioned(trx, row, mentions)
      })
      return { row: edited, told }
    },

    async remove (messageId, audit) {
      return db.transaction().execute(async trx => {
        const unpinned = await trx.deleteFrom('pins').where('message_id', '=', messageId).executeTakeFirst()
        await trx.deleteFrom('reactions').where('message_id', '=', messageId).execute()
        await trx.deleteFrom('mention_notices').where('message_id', '=', messageId).execute()
        await trx.deleteFrom('messages').where('message_id', '=', messageId).execute()
        await removeDocuments(trx, 'message', [messageId])
        if (audit) await writeAuditEntry(trx, audit)
        return { unpinned: Number(unpinned.numDeletedRows) > 0 }
      })
    },

    addReaction: parts.addReaction,
    removeReaction: parts.removeReaction,
    reactionEmojiCount: parts.reactionEmojiCount,

    async markRead (uid, channelId, messageId) {
      return db.transaction().execute(async trx => {
        const newest = await trx.selectFrom('messages').select(eb => eb.fn.max('message_id').as('id')).where('channel_id', '=', channelId).executeTakeFirst()
        if (!newest?.id) return null
        const current = await trx.selectFrom('read_states').select('last_read_id').where('uid', '=', uid).where('channel_id', '=', channelId).executeTakeFirst()
        const requested = messageId < newest.id ? messageId : newest.id
        const position = current?.last_read_id && current.last_read_id > requested ? current.last_read_id : requested
        const mentions = await trx.selectFrom(eb => eb.selectFrom('messages').select('message_id')
          .where('channel_id', '=', channelId).where('message_id', '>', position).where('author_uid', '<>', uid)
          .where(sql<boolean>`mentions like ${mentionPattern(uid)} escape '\\'`)
          .limit(UNREAD_COUNT_CAP).as('mentioning'))
          .select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
        await trx.insertInto('read_states').values({ uid, channel_id: channelId, last_read_id: position, mention_count: Number(mentions.n) })
          .onConflict(conflict => conflict.columns(['uid', 'channel_id']).doUpdateSet(eb => ({ last_read_id: eb.ref('excluded.last_read_id'), mention_count: eb.ref('excluded.mention_count') })))
          .execute()
        return { channel_id: channelId, last_read_id: position }
      })
    },

    async membersAmong (serverId, uids) {
      if (uids.length === 0) return []
      const rows = await db.selectFrom('server_members').select('uid').where('server_id', '=', serverId).where('uid', 'in', [...uids]).execute()
      const members = new Set(rows.map(row => row.uid))
      return uids.filter(uid => members.has(uid))
    },

    async channelCounts (uid, channelIds) {
      const counts = new Map<string, ChannelCounts>(channelIds.map(id => [id, { unread_count: 0, mention_count: 0, last_message_id: null, last_read_id: null }]))
      if (channelIds.length === 0) return counts
      const states = await db.selectFrom('read_states').select(['channel_id', 'last_read_id', 'mention_count'])
        .where('uid', '=', uid).where('channel_id', 'in', [...channelIds]).execute()
      const stored = new Map(states.map(state => [state.channel_id, state]))
      for (let start = 0; start < channelIds.length; start += CHANNELS_PER_COUNT) {
        const chunk = channelIds.slice(start, start + CHANNELS_PER_COUNT)
        // each channel's newest message and my own newest there: one probe each, on (channel_id, message_id)
        // and (channel_id, author_uid, message_id) (migration 0018)
        const ends = await sql<{ channel_id: string, newest: string | null, mine: string | null }>`${sql.join(chunk.map(channelId => sql`select cast(${channelId} as text) as channel_id,
          (select max(message_id) from messages where channel_id = ${channelId}) as newest,
          (select max(message_id) from messages where channel_id = ${channelId} and author_uid = ${uid}) as mine`), sql` union all `)}`.execute(db)
        for (const end of ends.rows) {
          const entry = counts.get(end.channel_id)
          if (!entry) continue
          const position = stored.get(end.channel_id)?.last_read_id ?? null
          entry.last_message_id = end.newest
          entry.last_read_id = end.mine !== null && (position === null || end.mine > position) ? end.mine : position
        }
        // one statement for many channels: each channel's messages after its read position, at most 100 read on the
        // index; none of them is mine (the read position is at or after my newest message), so none is read to be skipped
        const parts = chunk.map((channelId, index) => sql`select channel_id from (
          select channel_id from messages where channel_id = ${channelId} and message_id > ${counts.get(channelId)?.last_read_id ?? ''} and author_uid <> ${uid}
            and created_at >= coalesce((select joined_at from server_members where server_members.server_id = messages.server_id and server_members.uid = ${uid}), 0)
            limit ${UNREAD_COUNT_CAP}
        ) as ${sql.raw(`c${index}`)}`)
        const rows = await sql<{ channel_id: string, n: number }>`select channel_id, count(*) as n from (${sql.join(parts, sql` union all `)}) as unread group by channel_id`.execute(db)
        for (const row of rows.rows) {
          const entry = counts.get(row.channel_id)
          if (entry) entry.unread_count = Number(row.n)
        }
      }
      for (const [channelId, entry] of counts) {
        // a mention is one of the unread messages: one read by my own newer message is not counted
        entry.mention_count = Math.min(stored.get(channelId)?.mention_count ?? 0, entry.unread_count)
      }
      return counts
    },
  }
}
