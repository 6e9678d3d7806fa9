/**
 * Channels of a server: listing, detail, and creation, edits and deletion by users — each
 * of those recorded in the audit log in its own transaction, naming what changed.
 */
import { createTimeIdSource } from '@core/domain/ids'
import { channelTypeHas } from '@core/domain/channel-types'
import { isChatChannel } from '@core/domain/messages'
import { voiceSettingsFor } from '@core/domain/voice-room'
import { AuditStatus, ChannelKind, type ChannelType, type Channel, type MapCategory } from '@core/wire/entities'
import type { AuditChange } from '@core/wire/trust'
import { isUniqueViolation } from '../db/errors'
import type { ChannelsTable, Db } from '../db/schema'
import { writeAuditEntry, type AuditRecord } from './audit-log'
import { defaultShowroom, type ShowroomsRepository } from './showrooms'

/** The wire channel of a row. */
export function toChannel (row: ChannelsTable): Channel {
  return {
    channel_id: row.channel_id,
    server_id: row.server_id,
    channel_type: row.channel_type as ChannelType,
    kind: row.kind as ChannelKind,
    name: row.name,
    parent_id: row.parent_id,
    sort: row.sort,
    map_category: row.map_category as MapCategory | null,
    link_url: row.link_url,
    icon: row.icon,
    audit_status: row.audit_status as AuditStatus,
    // a voice channel's room settings (null on other types: the fields are left out)
    ...(row.user_limit !== null ? { user_limit: row.user_limit } : {}),
    ...(row.bitrate !== null ? { bitrate: row.bitrate } : {}),
    // a chat channel's slow mode (other channels have none: the field is left out)
    ...(isChatChannel(row) ? { slow_mode_seconds: row.slow_mode_seconds } : {}),
  }
}

/** A channel a user creates (fields already validated and audited). */
export interface NewChannel {
  server_id: string
  name: string
  channel_type: ChannelType
  icon: string
  parent_id: string | null
  created_by: string
  /** A voice channel's room settings (the defaults where left out); refused on other types before. */
  user_limit?: number
  bitrate?: number
}

/** Reads and writes channels. */
export interface ChannelsRepository {
  /** Every channel of a server (groups included), in display order. */
  listByServer (serverId: string): Promise<Channel[]>
  get (channelId: string): Promise<Channel | null>
  /** How many channels (groups included) a server holds. */
  countByServer (serverId: string): Promise<number>
  /**
   * Creates a channel at the end of its group; a metaverse channel gets the default showroom.
   * One transaction, with `audit` naming the new channel, its name and type.
   */
  create (channel: NewChannel, nowSeconds: number, audit: ChannelAudit): Promise<Channel>
  /**
   * Edits a channel's title, icon, group, voice room or slow mode and moves it to `position` in its server's
   * list (fields already validated and audited). One transaction, with `audit` naming the
   * fields that changed from what to what (none written when nothing changed).
   */
  update (channelId: string, changes: ChannelChanges, audit: ChannelAudit): Promise<Channel | null>
  /**
   * Deletes a channel and what hangs off it (messages, posts, overrides, showroom);
   * a group's channels leave the group. One transaction, with `audit` keeping the channel's name.
   */
  remove (channelId: string, audit: ChannelAudit): Promise<void>
}

/** A column's value as the audit log keeps it (text; null for none). */
function textOf (value: string | number | null | undefined): string | null {
  return value === undefined || value === null ? null : String(value)
}

/** The audit record of a channel's creation, edit or deletion: the repository fills in the channel and what changed. */
export type ChannelAudit = Omit<AuditRecord, 'target_id' | 'changes'>

/** What an edit of a channel may change (never its type, SPEC §4). */
export interface ChannelChanges {
  name?: string
  icon?: string
  parent_id?: string | null
  /** The place in the server's list, 0 the top; clamped to the end. */
  position?: number
  /** A voice channel's room settings (refused on other types before). */
  user_limit?: number
  bitrate?: number
  /** A chat channel's slow mode, seconds (refused on other channels before). */
  slow_mode_seconds?: number
}

/**
 * How often a creation draws a new id when another process took the one it drew (ids
 * of one process never repeat; two processes meet only by chance).
 */
const CHANNEL_ID_ATTEMPTS = 3

/** The channels repository on `db`. */
export function createChannelsRepository (db: Db, showrooms: ShowroomsRepository): ChannelsRepository {
  // time-ordered ids never repeat within this process (the old ms + 3 random digits collided at ~1,100 creations/s)
  const nextChannelId = createTimeIdSource()
  return {
    async listByServer (serverId) {
      const rows = await db.selectFrom('channels').selectAll().where('server_id', '=', serverId).orderBy('sort').orderBy('channel_id').execute()
      return rows.map(toChannel)
    },
    async get (channelId) {
      const row = await db.selectFrom('channels').selectAll().where('channel_id', '=', channelId).executeTakeFirst()
      return row ? toChannel(row) : null
    },
    async countByServer (serverId) {
      const row = await db.selectFrom('channels').select(eb => eb.fn.countAll<number>().as('n')).where('server_id', '=', serverId).executeTakeFirst()
      return Number(row?.n ?? 0)
    },
    async create (channel, nowSeconds, audit) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await insert(channel, nextChannelId(), nowSeconds, audit)
        } catch (error) {
          if (attempt >= CHANNEL_ID_ATTEMPTS || !isUniqueViolation(error)) throw error
        }
      }
    },
    async update (channelId, { position, ...changes }, audit) {
      const fields = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Omit<ChannelChanges, 'position'>
      const found = await db.transaction().execute(async trx => {
        const before = await trx.selectFrom('channels').selectAll().where('channel_id', '=', channelId).executeTakeFirst()
        if (!before) return false
        if (Object.keys(fields).length > 0) await trx.updateTable('channels').set(fields).where('channel_id', '=', channelId).execute()
        const changed: AuditChange[] = (['name', 'icon', 'parent_id', 'user_limit', 'bitrate', 'slow_mode_seconds'] as const)
          .filter(field => fields[field] !== undefined && fields[field] !== before[field])
          .map(field => ({ field, from: textOf(before[field]), to: textOf(fields[field]) }))
        if (position !== undefined) {
          const place = await reorder(trx, before.server_id, channelId, position)
          if (place.from !== place.to) changed.push({ field: 'position', from: String(place.from), to: String(place.to) })
        }
        if (changed.length > 0) await writeAuditEntry(trx, { ...audit, target_id: channelId, changes: changed })
        return true
      })
      if (!found) return null
      const updated = await db.selectFrom('channels').selectAll().where('channel_id', '=', channelId).executeTakeFirst()
      return updated ? toChannel(updated) : null
    },
    async remove (channelId, audit) {
      await db.transaction().execute(async trx => {
        const before = await trx.selectFrom('channels').select('name').where('channel_id', '=', channelId).executeTakeFirst()
        if (!before) return
        await trx.updateTable('channels').set({ parent_id: null }).where('parent_id', '=', channelId).execute()
        await trx.deleteFrom('channels').where('channel_id', '=', channelId).execute() // the rest cascades
        // the channel is gone: its name stays in the entry so the log can still say which one
        await writeAuditEntry(trx, { ...audit, target_id: channelId, changes: [{ field: 'name', from: before.name, to: null }] })
      })
    },
  }

  /** Puts `moving` at `position` of its server's list (0 the top) and numbers the list again; resolves the place it had and the one it took. */
  async function reorder (trx: Db, serverId: string, moving: string, position: number): Promise<{ from: number, to: number }> {
    const rows = await trx.selectFrom('channels').select('channel_id').where('server_id', '=', serverId)
      .orderBy('sort').orderBy('channel_id').execute()
    const from = rows.findIndex(row => row.channel_id === moving)
    const ordered = rows.map(row => row.channel_id).filter(channelId => channelId !== moving)
    const to = Math.min(position, ordered.length)
    ordered.splice(to, 0, moving)
    for (const [index, channelId] of ordered.entries()) {
      await trx.updateTable('channels').set({ sort: index + 1 }).where('channel_id', '=', channelId).execute()
    }
    return { from, to }
  }

  /** One transaction: the channel at the end of its server, the showroom of a type carrying a space (metaverse), and the audit entry. */
  function insert (channel: NewChannel, channelId: string, nowSeconds: number, audit: ChannelAudit): Promise<Channel> {
    return db.transaction().execute(async trx => {
      const last = await trx.selectFrom('channels').select(eb => eb.fn.max('sort').as('sort'))
        .where('server_id', '=', channel.server_id).executeTakeFirst()
      const voice = voiceSettingsFor(channel.channel_type)
      const row: ChannelsTable = {
        ...channel,
        user_limit: voice ? channel.user_limit ?? voice.user_limit : null,
        bitrate: voice ? channel.bitrate ?? voice.bitrate : null,
        slow_mode_seconds: 0,
        channel_id: channelId,
        kind: ChannelKind.Channel,
        sort: Number(last?.sort ?? 0) + 1,
        map_category: null,
        link_url: null,
        audit_status: AuditStatus.Pass,
        created_at: nowSeconds,
      }
      if (channelTypeHas(channel.channel_type, 'carriesSpace')) {
        const showroom = defaultShowroom(row.channel_id, row.server_id, row.name)
        row.map_category = showroom.showroom.map_category
        await trx.insertInto('channels').values(row).execute()
        await showrooms.insert(trx, showroom)
      } else {
        await trx.insertInto('channels').values(row).execute()
      }
      await writeAuditEntry(trx, {
        ...audit, target_id: channelId, changes: [{ field: 'name', from: null, to: row.name }, { field: 'channel_type', from: null, to: String(row.channel_type) }],
      })
      return toChannel(row)
    })
  }
}
