/**
 * Reading a space's Tiled map (core/wire/space.ts TiledMap) into what the rules need: a
 * walkable grid of tiles (every non-zero tile of the layer named `collision` — not drawn —
 * or `obstacles` — drawn: walls, tables, plants, water — blocks, and so does everything off
 * the map) and the objects members meet (hotspots, hosts, the spawn point or area, a live
 * map's screen). Pure: no server or Taro import.
 */
import type { TiledMap } from '@core/wire/space'

/** The name of the tile layer whose non-zero tiles block walking and are not drawn. */
export const COLLISION_LAYER = 'collision'
/** The name of the drawn tile layer whose non-zero tiles block walking (what stands on the ground). */
export const OBSTACLES_LAYER = 'obstacles'
/** The name of the drawn tile layer under everything (grass, paths, floors). */
export const GROUND_LAYER = 'ground'

/** A point in map pixels. */
export interface Point { x: number, y: number }

/** A rectangle in map pixels. */
export interface Rect extends Point { width: number, height: number }

/** Which tiles block, row-major; off the map blocks too. */
export interface SpaceGrid {
  cols: number
  rows: number
  tileWidth: number
  tileHeight: number
  /** 1 where the tile blocks. */
  blocked: Uint8Array
}

/** A hotspot of the showroom placed on the map (its `hotspot_id` property). */
export interface SpaceHotspot extends Rect { hotspot_id: string, name: string }

/** Where a host (map account, SPEC §3 `D_` uid; its `host_uid` property) stands. */
export interface SpaceHostSpot extends Point { uid: string }

/** What a map holds for the rules: the grid and its objects. */
export interface SpaceLayout {
  grid: SpaceGrid
  /** Map pixels: cols × tileWidth. */
  width: number
  height: number
  hotspots: SpaceHotspot[]
  hosts: SpaceHostSpot[]
  /** Where newcomers stand: the `spawn` object (the middle of an area), else the walkable tile nearest the middle. */
  spawn: Point
  /** The spawn object's rectangle when it has a size (entries spread over it: ./spawn.ts), else null. */
  spawnArea: Rect | null
  /** Where a live map plays its broadcast (the object of type or class `screen`), or null. */
  screen: Rect | null
}

/** Whether tile (col, row) blocks; off the map blocks. */
export function isBlockedTile (grid: SpaceGrid, col: number, row: number): boolean {
  if (col < 0 || row < 0 || col >= grid.cols || row >= grid.rows) return true
  return grid.blocked[row * grid.cols + col] === 1
}

/** The tile under a point. */
export function tileAt (grid: SpaceGrid, point: Point): { col: number, row: number } {
  return { col: Math.floor(point.x / grid.tileWidth), row: Math.floor(point.y / grid.tileHeight) }
}

/** The middle of a tile, in map pixels. */
export function tileCenter (grid: SpaceGrid, col: number, row: number): Point {
  return { x: (col + 0.5) * grid.tileWidth, y: (row + 0.5) * grid.tileHeight }
}

/** Whether an avatar may stand at a point (on the map, on a tile that does not block). */
export function isWalkable (grid: SpaceGrid, point: Point): boolean {
  const { col, row } = tileAt(grid, point)
  return !isBlockedTile(grid, col, row)
}

/** The walkable tile nearest (breadth first, 4 neighbours) to (col, row), or null when none is. */
export function nearestWalkableTile (grid: SpaceGrid, col: number, row: number): { col: number, row: number } | null {
  const start = { col: Math.min(Math.max(col, 0), grid.cols - 1), row: Math.min(Math.max(row, 0), grid.rows - 1) }
  const seen = new Uint8Array(grid.cols * grid.rows)
  const queue = [start]
  seen[start.row * grid.cols + start.col] = 1
  for (let head = 0; head < queue.length; head++) {
    const tile = queue[head]
    if (!isBlockedTile(grid, tile.col, tile.row)) return tile
    for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const next = { col: tile.col + dc, row: tile.row + dr }
      if (next.col < 0 || next.row < 0 || next.col >= grid.cols || next.row >= grid.rows) continue
      const index = next.row * grid.cols + next.col
      if (seen[index] === 1) continue
      seen[index] = 1
      queue.push(next)
    }
  }
  return null
}

function propertyOf (object: { properties?: Array<{ name: string, value: string | number | boolean }> }, name: string): string | undefined {
  const property = object.properties?.find(candidate => candidate.name === name)
  return property === undefined ? undefined : String(property.value)
}

/** Reads a Tiled map into its grid and objects. A map without a `collision` or `obstacles` layer blocks nothing but its edges. */
export function readSpaceMap (map: TiledMap): SpaceLayout {
  const cols = map.width
  const rows = map.height
  const blocked = new Uint8Array(cols * rows)
  for (const layer of map.layers) {
    if (layer.type !== 'tilelayer' || (layer.name !== COLLISION_LAYER && layer.name !== OBSTACLES_LAYER)) continue
    for (const [index, gid] of (layer.data ?? []).entries()) {
      if (index < blocked.length && gid !== 0) blocked[index] = 1
    }
  }
  const grid: SpaceGrid = { cols, rows, tileWidth: map.tilewidth, tileHeight: map.tileheight, blocked }
  const hotspots: SpaceHotspot[] = []
  const hosts: SpaceHostSpot[] = []
  let spawn: Point | null = null
  let spawnArea: Rect | null = null
  let screen: Rect | null = null
  for (const layer of map.layers) {
    if (layer.type !== 'objectgroup') continue
    for (const object of layer.objects ?? []) {
      const rect = { x: object.x, y: object.y, width: object.width ?? 0, height: object.height ?? 0 }
      const hotspotId = propertyOf(object, 'hotspot_id')
      const hostUid = propertyOf(object, 'host_uid')
      const kind = object.type ?? object.class
      if (hotspotId !== undefined) hotspots.push({ ...rect, hotspot_id: hotspotId, name: object.name ?? '' })
      else if (hostUid !== undefined) hosts.push({ x: object.x, y: object.y, uid: hostUid })
      else if (kind === 'screen' || object.name === 'screen') screen = rect
      else if (kind === 'spawn' || object.name === 'spawn') {
        spawnArea = rect.width > 0 && rect.height > 0 ? rect : null
        spawn = spawnArea ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 } : { x: object.x, y: object.y }
      }
    }
  }
  const middle = { x: cols * map.tilewidth / 2, y: rows * map.tileheight / 2 }
  return { grid, width: cols * map.tilewidth, height: rows * map.tileheight, hotspots, hosts, spawn: standingPoint(grid, spawn ?? middle), spawnArea, screen }
}

/** `point` when it is walkable, else the middle of the walkable tile nearest to it (the point itself when the map has none). */
export function standingPoint (grid: SpaceGrid, point: Point): Point {
  if (isWalkable(grid, point)) return point
  const { col, row } = tileAt(grid, point)
  const tile = nearestWalkableTile(grid, col, row)
  return tile ? tileCenter(grid, tile.col, tile.row) : point
}
