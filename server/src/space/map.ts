/**
 * The Tiled map of a showroom's gather space (core/wire/space.ts TiledMap), made
 * from the showroom itself when nobody drew one in Tiled: its background as the image layer,
 * a `collision` layer (walls round the edge, a display counter under each hotspot, a few
 * pillars), and an object layer with each hotspot (`hotspot_id`), the spawn area, the host's
 * spot (`host_uid`) and, on a live map (SPEC §3 map_category 2), the `screen`. Every map is
 * checked against TiledMapSchema before it is stored or served.
 */
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { COLLISION_LAYER } from '@core/domain/space'
import type { Hotspot, MapCfgData } from '@core/wire/api'
import { MapCategory } from '@core/wire/entities'
import { TiledMapSchema, type TiledMap } from '@core/wire/space'

/** Tile size of a made map, in map pixels. */
export const SPACE_TILE = 32

/** Pillars of a made map, as fractions of its size (kept clear of the spawn point and the host). */
const PILLARS: ReadonlyArray<readonly [number, number]> = [[0.36, 0.28], [0.64, 0.28], [0.36, 0.72], [0.64, 0.72]]

/**
 * The spawn area of a made map, in tiles: a strip above the bottom wall, under the middle,
 * small enough that the host standing above its middle greets (talks to) every tile of it.
 */
export const SPAWN_AREA = { cols: 7, rows: 3 } as const

const checkMap = TypeCompiler.Compile(TiledMapSchema)

/** The map itself, or a 400-worthy message naming what is wrong with it. */
export function checkedSpaceMap (value: unknown): TiledMap {
  if (checkMap.Check(value)) {
    const map = value
    const tiles = map.width * map.height
    const wrong = map.layers.find(layer => layer.type === 'tilelayer' && layer.data !== undefined && layer.data.length !== tiles)
    if (wrong) throw new Error(`space map: layer ${wrong.name} has ${wrong.data?.length ?? 0} tiles, the map ${tiles}`)
    return map
  }
  const first = checkMap.Errors(value).First()
  throw new Error(`space map: ${first ? `${first.path || '/'} ${first.message}` : 'not a Tiled map'}`)
}

/** What a made map reads of a showroom. */
export interface ShowroomMapSource {
  map: MapCfgData['map']
  hotspots: ReadonlyArray<Pick<Hotspot, 'hotspot_id' | 'x' | 'y' | 'title' | 'event_id'>>
  /** The map account (SPEC §3 `D_` uid) hosting the space, or null. */
  hostUid: string | null
}

/** The Tiled map made from a showroom (see the file's comment). */
export function spaceMapOf ({ map, hotspots, hostUid }: ShowroomMapSource): TiledMap {
  const width = Math.ceil(map.width / SPACE_TILE)
  const height = Math.ceil(map.height / SPACE_TILE)
  const collision = new Array<number>(width * height).fill(0)
  const block = (col: number, row: number): void => {
    if (col >= 0 && row >= 0 && col < width && row < height) collision[row * width + col] = 1
  }
  for (let col = 0; col < width; col++) { block(col, 0); block(col, height - 1) }
  for (let row = 0; row < height; row++) { block(0, row); block(width - 1, row) }
  const tileOf = (fx: number, fy: number): [number, number] => [Math.floor(fx * map.width / SPACE_TILE), Math.floor(fy * map.height / SPACE_TILE)]
  for (const [fx, fy] of PILLARS) {
    const [col, row] = tileOf(fx, fy)
    block(col, row); block(col + 1, row); block(col, row + 1); block(col + 1, row + 1)
  }
  const objects: NonNullable<TiledMap['layers'][number]['objects']> = []
  let nextId = 1
  for (const hotspot of hotspots) {
    // the counter: three tiles wide under the hotspot; its object covers them
    const [col, row] = tileOf(hotspot.x, hotspot.y)
    for (let dc = -1; dc <= 1; dc++) block(col + dc, row)
    objects.push({
      id: nextId++, name: hotspot.title, type: 'hotspot', x: (col - 1) * SPACE_TILE, y: row * SPACE_TILE, width: 3 * SPACE_TILE, height: SPACE_TILE,
      properties: [{ name: 'hotspot_id', type: 'string', value: hotspot.hotspot_id }, { name: 'event_id', type: 'string', value: hotspot.event_id }],
    })
  }
  const middle = Math.floor(width / 2) * SPACE_TILE + SPACE_TILE / 2
  // the spawn area: SPAWN_AREA tiles on the floor above the bottom wall, entries spread over it (core/domain/space spawnPointFor)
  const spawnLeft = Math.max(1, Math.floor(width / 2) - Math.floor(SPAWN_AREA.cols / 2))
  objects.push({
    id: nextId++, name: 'spawn', type: 'spawn', x: spawnLeft * SPACE_TILE, y: Math.max(1, height - 1 - SPAWN_AREA.rows) * SPACE_TILE,
    width: Math.min(SPAWN_AREA.cols, width - 2) * SPACE_TILE, height: Math.min(SPAWN_AREA.rows, height - 2) * SPACE_TILE,
  })
  if (hostUid !== null) {
    // just above the spawn area's middle: every newcomer stands within its talk radius
    objects.push({ id: nextId++, name: 'host', type: 'host', x: middle, y: (height - 2 - SPAWN_AREA.rows) * SPACE_TILE + SPACE_TILE / 2, properties: [{ name: 'host_uid', type: 'string', value: hostUid }] })
  }
  if (map.map_category === MapCategory.LiveMap) {
    // the screen hangs on the top wall, a 16:9 panel a third of the map wide
    const screenWidth = Math.round(width / 3) * SPACE_TILE
    objects.push({ id: nextId++, name: 'screen', type: 'screen', x: middle - screenWidth / 2, y: SPACE_TILE, width: screenWidth, height: Math.round(screenWidth * 9 / 16) })
  }
  return checkedSpaceMap({
    orientation: 'orthogonal', width, height, tilewidth: SPACE_TILE, tileheight: SPACE_TILE,
    layers: [
      { name: 'background', type: 'imagelayer', image: map.background },
      { name: COLLISION_LAYER, type: 'tilelayer', visible: false, width, height, data: collision },
      { name: 'objects', type: 'objectgroup', objects },
    ],
    tilesets: [],
  })
}
