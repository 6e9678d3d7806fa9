/** Channels of a server: listing, detail and creation by users. */
import { randomInt } from 'crypto'
import { AuditStatus, ChannelKind, ChannelType, type Channel, type MapCategory } from '@core/wire/entities'
import type { ChannelsTable, Db } from '../db/schema'
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
}

/** Reads and writes channels. */
export interface ChannelsRepository {
  /** Every channel of a server (groups included), in display order. */
  listByServer (serverId: string): Promise<Channel[]>
  get (channelId: string): Promise<Channel | null>
  /** Creates a channel at the end of its group; a metaverse channel gets the default showroom. One transaction. */
  create (channel: NewChannel, nowSeconds: number): Promise<Channel>
}

/** A fresh numeric channel id (ms clock + 3 random digits), like the seeded numeric ids but never equal to one. */
function newChannelId (): string {
  return `${Date.now()}${String(randomInt(1000)).padStart(3, '0')}`
}

/** The channels repository on `db`. */
export function createChannelsRepository (db: Db, showrooms: ShowroomsRepository): ChannelsRepository {
  return {
    async listByServer (serverId) {
      const rows = await db.selectFrom('channels').selectAll().where('server_id', '=', serverId).orderBy('sort').orderBy('channel_id').execute()
      return rows.map(toChannel)
    },
    async get (channelId) {
      const row = await db.selectFrom('channels').selectAll().where('channel_id', '=', channelId).executeTakeFirst()
      return row ? toChannel(row) : null
    },
    async create (channel, nowSeconds) {
      return db.transaction().execute(async trx => {
        const last = await trx.selectFrom('channels').select(eb => eb.fn.max('sort').as('sort'))
          .where('server_id', '=', channel.server_id).executeTakeFirst()
        const row: ChannelsTable = {
          ...channel,
          channel_id: newChannelId(),
          kind: ChannelKind.Channel,
          sort: Number(last?.sort ?? 0) + 1,
          map_category: null,
          link_url: null,
          audit_status: AuditStatus.Pass,
          created_at: nowSeconds,
        }
        if (channel.channel_type === ChannelType.Metaverse) {
          const showroom = defaultShowroom(row.channel_id, row.server_id, row.name)
          row.map_category = showroom.showroom.map_category
          await trx.insertInto('channels').values(row).execute()
          await showrooms.insert(trx, showroom)
        } else {
          await trx.insertInto('channels').values(row).execute()
        }
        return toChannel(row)
      })
    },
  }
}
