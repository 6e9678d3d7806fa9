/**
 * Pins (精华, migration 0024-pins): a channel's pinned messages, newest pin first. A pin is
 * written in one transaction with its system line in the chat and its audit-log entry, and
 * an unpin with its entry: each happens whole or not at all. A deleted message takes its
 * pin with it (MessagesRepository.remove; a deleted channel cascades).
 */
import { PINS_PER_CHANNEL_MAX } from '@core/domain/pins'
import type { User } from '@core/wire/entities'
import type { ChatMessage } from '@core/wire/messages'
import type { Pin } from '@core/wire/pins'
import { isSqlite } from '../db/engine'
import type { Db, MessagesTable } from '../db/schema'
import type { PinsTable } from '../db/tables/messages'
import { writeAuditEntry, type AuditRecord } from './audit-log'
import { createMessageParts, messageRowOf, type NewMessage } from './messages'
import { toUser } from './users'

/** What {@link PinsRepository.pin} did: pinned now (`created`, with the system line's row), already pinned, or refused as over the channel's limit (`full`). */
export type PinWrite = { created: true, notice: MessagesTable } | { created: false, full: boolean }

/** Reads and writes a channel's pins. */
export interface PinsRepository {
  /** The pins of `channelId`, newest pin first; `me` of reactions is `viewerUid`'s. */
  list (channelId: string, viewerUid: string | null): Promise<Pin[]>
  /** How many messages `channelId` has pinned. */
  count (channelId: string): Promise<number>
  /** The pin of `messageId`, or null when it is not pinned. */
  get (messageId: string): Promise<PinsTable | null>
  /**
   * Pins a message, with `notice` (the system line announcing it) and `audit`, in one
   * transaction. Nothing is written when the message is pinned already, nor when another
   * pin racing this one filled the channel to {@link PINS_PER_CHANNEL_MAX} first.
   */
  pin (pin: PinsTable, notice: NewMessage, audit: AuditRecord): Promise<PinWrite>
  /** Unpins `messageId` and records `audit` in the same transaction; false (nothing written) when it was not pinned. */
  unpin (messageId: string, audit: AuditRecord): Promise<boolean>
  /** `pin` as the list shows it, its message being `message`. */
  pinOf (pin: PinsTable, message: ChatMessage): Promise<Pin>
}

/** Thrown inside a pin's transaction to roll it back when the channel overflowed. */
class ChannelFull extends Error {}

/** The pins repository on `db`. */
export function createPinsRepository (db: Db): PinsRepository {
  const parts = createMessageParts(db, { messages: 'messages', reactions: 'reactions' })

  async function pinnersOf (uids: readonly string[]) {
    if (uids.length === 0) return new Map<string, User>()
    const rows = await db.selectFrom('users').selectAll().where('uid', 'in', [...new Set(uids)]).execute()
    return new Map(rows.map(row => [row.uid, toUser(row)]))
  }

  function pinned (pin: PinsTable, message: ChatMessage, pinners: Map<string, User>): Pin {
    const by = pinners.get(pin.pinned_by)
    if (!by) throw new Error(`pin of ${pin.message_id} has no pinner ${pin.pinned_by}`)
    return { message, pinned_by: by, pinned_at: pin.pinned_at }
  }

  return {
    async list (channelId, viewerUid) {
      const pins = await db.selectFrom('pins').selectAll().where('channel_id', '=', channelId)
        .orderBy('pinned_at', 'desc').orderBy('message_id', 'desc').limit(PINS_PER_CHANNEL_MAX).execute()
      if (pins.length === 0) return []
      const rows = await db.selectFrom('messages').selectAll().where('message_id', 'in', pins.map(pin => pin.message_id)).execute()
      const messages = new Map((await parts.chatMessages(rows, viewerUid)).map(message => [message.message_id, message]))
      const pinners = await pinnersOf(pins.map(pin => pin.pinned_by))
      return pins.flatMap(pin => {
        const message = messages.get(pin.message_id)
        return message ? [pinned(pin, message, pinners)] : []
      })
    },

    async count (channelId) {
      const row = await db.selectFrom('pins').select(eb => eb.fn.countAll<number>().as('n')).where('channel_id', '=', channelId).executeTakeFirstOrThrow()
      return Number(row.n)
    },

    async get (messageId) {
      return (await db.selectFrom('pins').selectAll().where('message_id', '=', messageId).executeTakeFirst()) ?? null
    },

    async pin (pin, notice, audit) {
      try {
        return await db.transaction().execute(async (trx): Promise<PinWrite> => {
          // PostgreSQL: the channel's row is locked first, so two pins racing for its last place are counted one after
          // the other (each alone would see only its own uncommitted row); SQLite runs one write transaction at a time
          if (!isSqlite(trx)) await trx.selectFrom('channels').select('channel_id').where('channel_id', '=', pin.channel_id).forUpdate().execute()
          const inserted = await trx.insertInto('pins').values(pin).onConflict(conflict => conflict.column('message_id').doNothing()).executeTakeFirst()
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { created: false, full: false }
          // counted after the insert: the overflowing pin rolls back
          const count = await trx.selectFrom('pins').select(eb => eb.fn.countAll<number>().as('n')).where('channel_id', '=', pin.channel_id).executeTakeFirstOrThrow()
          if (Number(count.n) > PINS_PER_CHANNEL_MAX) throw new ChannelFull()
          const row = messageRowOf(notice)
          await trx.insertInto('messages').values(row).execute()
          await writeAuditEntry(trx, audit)
          return { created: true, notice: row }
        })
      } catch (error) {
        if (error instanceof ChannelFull) return { created: false, full: true }
        throw error
      }
    },

    async unpin (messageId, audit) {
      return db.transaction().execute(async trx => {
        const removed = await trx.deleteFrom('pins').where('message_id', '=', messageId).executeTakeFirst()
        if (Number(removed.numDeletedRows) === 0) return false
        await writeAuditEntry(trx, audit)
        return true
      })
    },

    async pinOf (pin, message) {
      return pinned(pin, message, await pinnersOf([pin.pinned_by]))
    },
  }
}
