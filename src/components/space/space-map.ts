/**
 * What the space draws of its Tiled map (core/wire/space.ts `TiledMap`), read once when the
 * map arrives: its size in map pixels, the image layers and tile layers in drawing order
 * (the `collision` layer is the server's and is not drawn), and the objects placed on it —
 * the showroom's hotspots (`hotspot_id`), the live map's `screen` and the `spawn` point.
 */
import type { TiledMap } from '@core/wire/space'
import type { Point, Size } from './camera'

/** The name of the tile layer that blocks walking (never drawn). */
export const COLLISION_LAYER = 'collision'

/** A rectangle in map pixels. */
export interface Rect extends Point, Size {}

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

/** A showroom hotspot placed on the map (its object's `hotspot_id`). */
export interface SpaceHotspot extends Rect {
  hotspotId: string
  /** The object's name, a label when the showroom gives none. */
  name: string
}

/** The map as the space draws it. */
export interface SpaceMap extends Size {
  tilewidth: number
  tileheight: number
  layers: SpaceLayer[]
  tilesets: SpaceTileset[]
  hotspots: SpaceHotspot[]
  /** Where a live map plays its broadcast (an object of type `screen`), or null. */
  screen: Rect | null
}

/** The smallest hit area of a hotspot placed as a point (Tiled point objects have no size). */
export const HOTSPOT_MIN_SIZE = 32

type TiledObject = NonNullable<TiledMap['layers'][number]['objects']>[number]

function propertyOf (object: TiledObject, name: string): string | null {
  const value = object.properties?.find(property => property.name === name)?.value
  return value === undefined ? null : String(value)
}

/** An object's rectangle; a point object gets HOTSPOT_MIN_SIZE around it. */
function rectOf (object: TiledObject): Rect {
  const width = object.width ?? 0
  const height = object.height ?? 0
  if (width > 0 && height > 0) return { x: object.x, y: object.y, width, height }
  return { x: object.x - HOTSPOT_MIN_SIZE / 2, y: object.y - HOTSPOT_MIN_SIZE / 2, width: HOTSPOT_MIN_SIZE, height: HOTSPOT_MIN_SIZE }
}

/** Layers in drawing order, groups flattened one level as Tiled nests them; hidden layers and the collision layer are left out. */
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
  const hotspots: SpaceHotspot[] = []
  let screen: Rect | null = null
  for (const layer of map.layers) {
    for (const object of layer.type === 'objectgroup' ? layer.objects ?? [] : []) {
      const hotspotId = propertyOf(object, 'hotspot_id')
      if (hotspotId !== null) hotspots.push({ ...rectOf(object), hotspotId, name: object.name ?? '' })
      if (screen === null && (object.type === 'screen' || object.class === 'screen')) screen = rectOf(object)
    }
  }
  return {
    width: map.width * map.tilewidth,
    height: map.height * map.tileheight,
    tilewidth: map.tilewidth,
    tileheight: map.tileheight,
    layers: drawnLayers(map),
    tilesets: [...map.tilesets].sort((a, b) => a.firstgid - b.firstgid),
    hotspots,
    screen,
  }
}

/** The tileset a tile gid is cut from (the one with the greatest firstgid not above it), or null. Flip flags in the gid's top bits are dropped. */
export function tilesetOf (tilesets: readonly SpaceTileset[], gid: number): SpaceTileset | null {
  const id = gid & 0x1fffffff
  let found: SpaceTileset | null = null
  for (const tileset of tilesets) if (tileset.firstgid <= id) found = tileset
  return found !== null && id - found.firstgid < found.tilecount ? found : null
}

/** Whether a map point lies inside a rectangle. */
export function contains (rect: Rect, point: Point): boolean {
  return point.x >= rect.x && point.x <= rect.x + rect.width && point.y >= rect.y && point.y <= rect.y + rect.height
}

/** The hotspot under a map point (the last placed wins, as it is drawn on top), or null. */
export function hotspotAt (hotspots: readonly SpaceHotspot[], point: Point): SpaceHotspot | null {
  for (let index = hotspots.length - 1; index >= 0; index--) if (contains(hotspots[index], point)) return hotspots[index]
  return null
}
