/**
 * Showrooms of metaverse channels (SPEC §7 GET /channel/room/game/mapcfg): a map with a
 * background image, tappable hotspots, and interaction events in play order (the client
 * plays the first).
 */
import type { Hotspot, InteractionEvent, MapCfgData } from '@core/wire/api'
import { MapCategory } from '@core/wire/entities'
import type { TiledMap } from '@core/wire/space'
import type { Db, ShowroomEventsTable, ShowroomHotspotsTable, ShowroomsTable } from '../db/schema'
import { checkedSpaceMap, spaceMapOf } from '../space/map'

/** Background of a showroom nobody designed yet (a seeded image). */
export const DEFAULT_SHOWROOM_BACKGROUND = '/files/seed/showroom-default.svg'
/** Natural size of the seeded showroom backgrounds. */
export const SHOWROOM_SIZE = { width: 1600, height: 900 } as const

/** A whole showroom as stored. */
export interface ShowroomRows {
  showroom: ShowroomsTable
  events: ShowroomEventsTable[]
  hotspots: ShowroomHotspotsTable[]
}

function toEvent (row: ShowroomEventsTable): InteractionEvent {
  return { event_id: row.event_id, type: row.type as InteractionEvent['type'], title: row.title, text: row.text, image: row.image, price: row.price, video_url: row.video_url }
}

function toHotspot (row: ShowroomHotspotsTable): Hotspot {
  return { hotspot_id: row.hotspot_id, x: row.x, y: row.y, title: row.title, event_id: row.event_id }
}

/** The showroom a newly created metaverse channel starts with: the default map and a welcome event. */
export function defaultShowroom (channelId: string, serverId: string, name: string): ShowroomRows {
  const eventId = `${channelId}-welcome`
  const map = { map_category: MapCategory.ThreeD, background: DEFAULT_SHOWROOM_BACKGROUND, ...SHOWROOM_SIZE }
  const hotspots = [{ hotspot_id: `${channelId}-hs1`, channel_id: channelId, sort: 1, x: 0.5, y: 0.5, title: name, event_id: eventId }]
  return {
    showroom: { channel_id: channelId, server_id: serverId, ...map, space_map: JSON.stringify(spaceMapOf({ map, hotspots, hostUid: null })) },
    events: [{ event_id: eventId, channel_id: channelId, sort: 1, type: 'welcome', title: `欢迎来到${name}`, text: 'Welcome! Walk around and tap a hotspot.', image: DEFAULT_SHOWROOM_BACKGROUND, price: null, video_url: null }],
    hotspots,
  }
}

/** A showroom's gather space map and the server it is in. */
export interface StoredSpaceMap {
  server_id: string
  map: TiledMap
}

/** Reads and writes showrooms. */
export interface ShowroomsRepository {
  /** The showroom data of a channel, or null when it has none. */
  get (channelId: string): Promise<MapCfgData | null>
  /** Stores a showroom (inside the caller's transaction when `db` is one); its space map is checked first. */
  insert (db: Db, rows: ShowroomRows): Promise<void>
  /** The Tiled map of a channel's gather space (made from its showroom when none is stored), or null when it has no showroom. */
  spaceMap (channelId: string): Promise<StoredSpaceMap | null>
}

/** The showrooms repository on `db`. */
export function createShowroomsRepository (db: Db): ShowroomsRepository {
  return {
    async get (channelId) {
      const showroom = await db.selectFrom('showrooms').selectAll().where('channel_id', '=', channelId).executeTakeFirst()
      if (!showroom) return null
      const [events, hotspots] = await Promise.all([
        db.selectFrom('showroom_events').selectAll().where('channel_id', '=', channelId).orderBy('sort').orderBy('event_id').execute(),
        db.selectFrom('showroom_hotspots').selectAll().where('channel_id', '=', channelId).orderBy('sort').orderBy('hotspot_id').execute(),
      ])
      return {
        channel_id: showroom.channel_id,
        server_id: showroom.server_id,
        map: { map_category: showroom.map_category as MapCategory, background: showroom.background, width: showroom.width, height: showroom.height },
        hotspots: hotspots.map(toHotspot),
        interaction_events: events.map(toEvent),
      }
    },
    async insert (target, rows) {
      if (rows.showroom.space_map !== null) checkedSpaceMap(JSON.parse(rows.showroom.space_map))
      await target.insertInto('showrooms').values(rows.showroom).execute()
      if (rows.events.length > 0) await target.insertInto('showroom_events').values(rows.events).execute()
      if (rows.hotspots.length > 0) await target.insertInto('showroom_hotspots').values(rows.hotspots).execute()
    },
    async spaceMap (channelId) {
      const showroom = await db.selectFrom('showrooms').selectAll().where('channel_id', '=', channelId).executeTakeFirst()
      if (!showroom) return null
      if (showroom.space_map !== null) return { server_id: showroom.server_id, map: checkedSpaceMap(JSON.parse(showroom.space_map)) }
      const hotspots = await db.selectFrom('showroom_hotspots').selectAll().where('channel_id', '=', channelId).orderBy('sort').orderBy('hotspot_id').execute()
      const map = { map_category: showroom.map_category as MapCategory, background: showroom.background, width: showroom.width, height: showroom.height }
      return { server_id: showroom.server_id, map: spaceMapOf({ map, hotspots, hostUid: null }) }
    },
  }
}
