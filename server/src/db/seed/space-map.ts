/**
 * The demo spaces' maps, with real ground: the map made from the showroom
 * (server/src/space/map.ts spaceMapOf: its walls, counters, pillars, hotspots, spawn area,
 * host and screen) furnished with the seed's tileset (./space-tiles.ts) as a Tiled map of
 * a `ground` layer (a wooden hall, a stone entry plaza over the spawn area, a carpet up to
 * the middle counter, two gardens at the top corners) and an `obstacles` layer (brick walls,
 * tables under the counters, potted plants for the pillars, a pond and a few plants in the
 * gardens), which blocks (core/domain/space readSpaceMap) and is drawn. The showroom's
 * background picture and the hidden collision layer give way to them.
 */
import { COLLISION_LAYER, GROUND_LAYER, OBSTACLES_LAYER, readSpaceMap } from '@core/domain/space'
import type { TiledMap } from '@core/wire/space'
import { checkedSpaceMap, SPACE_TILE, spaceMapOf, type ShowroomMapSource } from '../../space/map'
import { SPACE_TILE_COLUMNS, SPACE_TILE_COUNT, SPACE_TILESET_SIZE, SpaceTile } from './space-tiles'

/** The tileset's storage key (served at /files/seed/space-tiles.png). */
export const SPACE_TILESET_KEY = 'seed/space-tiles.png'

/** The gardens, in tiles from the map's top corners: `cols` wide, `rows` high, with a pond in the left one. */
const GARDEN = { cols: 9, rows: 6 } as const

/** A tile position's own number in [0, 1): where the flowers grow, the same every seed. */
function scatter (col: number, row: number): number {
  const value = Math.sin(col * 12.9898 + row * 78.233) * 43758.5453
  return value - Math.floor(value)
}

/** The demo map of a showroom's space (see the file's comment). */
export function demoSpaceMap (source: ShowroomMapSource): TiledMap {
  const made = spaceMapOf(source)
  const { width, height } = made
  const layout = readSpaceMap(made)
  const gid = (tile: SpaceTile): number => tile + 1
  const ground = new Array<number>(width * height).fill(gid(SpaceTile.Wood))
  const obstacles = new Array<number>(width * height).fill(0)
  const at = (col: number, row: number): number => row * width + col
  const inRect = (col: number, row: number, rect: { x: number, y: number, width: number, height: number }): boolean =>
    col * SPACE_TILE >= rect.x && (col + 1) * SPACE_TILE <= rect.x + rect.width && row * SPACE_TILE >= rect.y && (row + 1) * SPACE_TILE <= rect.y + rect.height
  const middle = Math.floor(width / 2)
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const inGarden = row >= 1 && row <= GARDEN.rows && (col <= GARDEN.cols || col >= width - 1 - GARDEN.cols)
      if (inGarden) ground[at(col, row)] = gid(scatter(col, row) < 0.18 ? SpaceTile.Flowers : SpaceTile.Grass)
      else if (row === GARDEN.rows + 1 && (col <= GARDEN.cols || col >= width - 1 - GARDEN.cols)) ground[at(col, row)] = gid(SpaceTile.Path)
      if (layout.spawnArea && inRect(col, row, layout.spawnArea)) ground[at(col, row)] = gid(SpaceTile.Stone)
      else if (Math.abs(col - middle) <= 1 && row > height / 2 - 2) ground[at(col, row)] = gid(SpaceTile.Carpet)
      // what the made map blocks: its edge is the wall, a counter under a hotspot a table, a pillar a plant
      if (layout.grid.blocked[at(col, row)] !== 1) continue
      const edge = col === 0 || row === 0 || col === width - 1 || row === height - 1
      obstacles[at(col, row)] = gid(edge ? SpaceTile.Wall : layout.hotspots.some(spot => inRect(col, row, spot)) ? SpaceTile.Table : SpaceTile.Plant)
    }
  }
  // the left garden's pond and the right garden's plants
  for (let row = 2; row <= 4; row++) for (let col = 5; col <= 8; col++) obstacles[at(col, row)] = gid(SpaceTile.Water)
  for (const [col, row] of [[width - 9, 2], [width - 5, 2], [width - 7, 4], [width - 3, 5]]) obstacles[at(col, row)] = gid(SpaceTile.Plant)
  return checkedSpaceMap({
    ...made,
    layers: [
      { name: GROUND_LAYER, type: 'tilelayer', width, height, data: ground },
      { name: OBSTACLES_LAYER, type: 'tilelayer', width, height, data: obstacles },
      ...made.layers.filter(layer => layer.name !== COLLISION_LAYER && layer.type !== 'imagelayer'),
    ],
    tilesets: [{
      firstgid: 1, name: 'openrealm-ground', image: `/files/${SPACE_TILESET_KEY}`,
      imagewidth: SPACE_TILESET_SIZE.width, imageheight: SPACE_TILESET_SIZE.height, tilewidth: SPACE_TILE, tileheight: SPACE_TILE,
      columns: SPACE_TILE_COLUMNS, tilecount: SPACE_TILE_COUNT,
    }],
  })
}
