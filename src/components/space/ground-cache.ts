/**
 * The space map's layers (its ground and what stands on it) drawn once into an off-screen
 * canvas of the whole map, so a frame draws one image where it drew a call a tile: the
 * browser's `<canvas>` on H5, `Taro.createOffscreenCanvas` in the mini-program — the page
 * passes the factory. Baked when every image the layers use has loaded; until then (or where
 * no off-screen canvas is to be had) the renderer draws the layers tile by tile.
 */
import { drawLayers, type GroundSource, type SpaceContext } from './renderer'
import type { SpaceMap } from '@/stores/space/space-map'

/** An off-screen canvas of a size: what the cache draws on and hands the renderer. */
export interface OffscreenCanvasLike {
  getContext: (type: '2d') => unknown
}

/** A ground source over `create` (a canvas of width × height pixels, or null where there is none). */
export function createGroundCache (create: (width: number, height: number) => OffscreenCanvasLike | null): GroundSource {
  let bakedFor: SpaceMap | null = null
  let baked: CanvasImageSource | null = null
  // the canvas of the map being baked, kept while its images load
  let pending: { map: SpaceMap, canvas: OffscreenCanvasLike, ctx: SpaceContext } | null = null
  let unavailable = false
  return {
    get (map, images) {
      if (bakedFor === map) return baked
      if (unavailable) return null
      if (pending?.map !== map) {
        const canvas = create(map.width, map.height)
        const ctx = canvas?.getContext('2d') as SpaceContext | null | undefined
        if (!canvas || !ctx) {
          unavailable = true
          return null
        }
        pending = { map, canvas, ctx }
      }
      // drawn once every image has come (each tile drawn once: a tile with a shadow drawn twice would darken)
      const loaded = map.layers.every(layer => layer.kind !== 'image' || images.get(layer.image) !== null) && map.tilesets.every(tileset => images.get(tileset.image) !== null)
      if (!loaded) return null
      drawLayers(pending.ctx, map, { left: 0, top: 0, right: map.width, bottom: map.height }, images)
      bakedFor = map
      baked = pending.canvas as unknown as CanvasImageSource
      pending = null
      return baked
    },
  }
}
