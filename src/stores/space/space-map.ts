/**
 * What the space draws of its Tiled map (core/wire/space.ts `TiledMap`), read once when the
 * map arrives: the image layers and tile layers in drawing order (the `collision` layer is
 * the server's and is not drawn), with the objects the rules read from it
 * (core/domain/space `readSpaceMap`: the showroom's hotspots, the live map's `screen`).
 */
import type { TiledMap } from '@core/wire/space'
import { COLLISION_LAYER, readSpaceMap, type Point, type Rect, type SpaceHotspot } from '@core/domain/space/map'

export type { Rect, SpaceHotspot }

/** A layer to draw, in map order. */
export type SpaceLayer =
  | { kind: 'image', image: string }
  | { kind: 'tiles', width: number, data: readonly number[] }

/** A tileset as the renderer cuts tiles from it. */
export interface SpaceTileset {
  firstgid: number
  image: string
  columns: number
  tilecount: number
  tilewidth: number
  tileheight: number
}

/** The map as the space draws it. */
export interface SpaceMap {
  /** Map pixels. */
  width: number
  height: number
  tilewidth: number
  tileheight: number
  layers: SpaceLayer[]
  tilesets: SpaceTileset[]
  /** The hotspots, each at least HOTSPOT_MIN_SIZE wide and high to be tapped. */
  hotspots: SpaceHotspot[]
  /** Where a live map plays its broadcast (an object of type `screen`), or null. */
  screen: Rect | null
}

/** The smallest hit area of a hotspot placed as a point (Tiled point objects have no size). */
export const HOTSPOT_MIN_SIZE = 32

/** A hotspot's rectangle; a point object gets HOTSPOT_MIN_SIZE around it. */
function tappable (hotspot: SpaceHotspot): SpaceHotspot {
  if (hotspot.width > 0 && hotspot.height > 0) return hotspot
  return { ...hotspot, x: hotspot.x - HOTSPOT_MIN_SIZE / 2, y: hotspot.y - HOTSPOT_MIN_SIZE / 2, width: HOTSPOT_MIN_SIZE, height: HOTSPOT_MIN_SIZE }
}

/** Layers in drawing order; hidden layers and the collision layer are left out. */
function drawnLayers (map: TiledMap): SpaceLayer[] {
  const layers: SpaceLayer[] = []
  for (const layer of map.layers) {
    if (layer.visible === false || layer.name === COLLISION_LAYER) continue
    if (layer.type === 'imagelayer' && layer.image) layers.push({ kind: 'image', image: layer.image })
    if (layer.type === 'tilelayer' && layer.data) layers.push({ kind: 'tiles', width: layer.width ?? map.width, data: layer.data })
  }
  return layers
}

/** Reads a Tiled map for drawing. */
export function spaceMapOf (map: TiledMap): SpaceMap {
  const layout = readSpaceMap(map)
  return {
    width: layout.width,
    height: layout.height,
    tilewidth: map.tilewidth,
    tileheight: map.tileheight,
    layers: drawnLayers(map),
    tilesets: [...map.tilesets].sort((a, b) => a.firstgid - b.firstgid),
    hotspots: layout.hotspots.map(tappable),
    screen: layout.screen !== null && layout.screen.width > 0 && layout.screen.height > 0 ? layout.screen : null,
  }
}
/** The tileset a tile gid is cut from (the one with the greatest firstgid not above it), or null. Flip flags in the gid's top bits are dropped. */
export function tilesetOf (tilesets: readonly SpaceTileset[], gid: number): SpaceTileset | null {
  const id = gid & 0x1fffffff
  let found: SpaceTileset | null = null
  for (const tileset of tilesets) if (tileset.firstgid <= id) found = tileset
  return found !== null && id - found.firstgid < found.tilecount ? found : null
}

/** Whether a map point lies inside a rectangle widened by `margin` on every side. */
function contains (rect: Rect, point: Point, margin = 0): boolean {
  return point.x >= rect.x - margin && point.x <= rect.x + rect.width + margin && point.y >= rect.y - margin && point.y <= rect.y + rect.height + margin
}

/** The hotspot under a map point, or within `margin` of it (the last placed wins, as it is drawn on top), or null. */
export function hotspotAt (hotspots: readonly SpaceHotspot[], point: Point, margin = 0): SpaceHotspot | null {
  for (let index = hotspots.length - 1; index >= 0; index--) if (contains(hotspots[index], point, margin)) return hotspots[index]
  return null
}
