import type { TiledMap } from '@core/wire/space'
import { cameraFollowing } from '@/components/space/camera'
import { createGroundCache } from '@/components/space/ground-cache'
import { drawScene, type ImageSource } from '@/components/space/renderer'
import { spaceMapOf } from '@/stores/space/space-map'
import { recordingContext } from './fake-context'

/** A 4×3 map: a ground layer on one tileset and an obstacle over it. */
const tiled: TiledMap = {
  orientation: 'orthogonal', width: 4, height: 3, tilewidth: 32, tileheight: 32,
  layers: [
    { name: 'ground', type: 'tilelayer', width: 4, height: 3, data: Array.from({ length: 12 }, () => 1) },
    { name: 'obstacles', type: 'tilelayer', width: 4, height: 3, data: [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2] },
  ],
  tilesets: [{ firstgid: 1, image: '/files/seed/space-tiles.png', imagewidth: 64, imageheight: 32, tilewidth: 32, tileheight: 32, columns: 2, tilecount: 2 }],
}

describe('the ground cache', () => {
  const map = spaceMapOf(tiled)
  const loaded: ImageSource = { get: src => ({ src } as unknown as CanvasImageSource) }

  it('draws every tile once into one canvas, and a frame then draws that canvas in one call', () => {
    const baking = recordingContext()
    const canvas = { getContext: jest.fn(() => baking) }
    const create = jest.fn(() => canvas)
    const ground = createGroundCache(create)
    expect(ground.get(map, loaded)).toBe(canvas)
    expect(create).toHaveBeenCalledWith(128, 96)
    expect(baking.calls.filter(call => call.method === 'drawImage')).toHaveLength(14)
    // asked again: the same canvas, nothing drawn again
    expect(ground.get(map, loaded)).toBe(canvas)
    expect(baking.calls.filter(call => call.method === 'drawImage')).toHaveLength(14)
    const frame = recordingContext()
    drawScene(frame, {
      map, camera: cameraFollowing({ x: 64, y: 48 }, map, { width: 100, height: 80 }), pixelRatio: 1, avatars: [], selfId: null, group: new Set(),
      bubbles: [], emotes: [], hotspotTitles: new Map(), showScreen: false,
    }, loaded, ground)
    const drawn = frame.calls.filter(call => call.method === 'drawImage')
    expect(drawn).toHaveLength(1)
    expect(drawn[0].args).toEqual([canvas, 14, 8, 100, 80, 14, 8, 100, 80])
  })

  it('waits for the tileset before baking, and gives nothing where no off-screen canvas is', () => {
    let ready = false
    const images: ImageSource = { get: src => ready ? ({ src } as unknown as CanvasImageSource) : null }
    const baking = recordingContext()
    const ground = createGroundCache(() => ({ getContext: () => baking }))
    expect(ground.get(map, images)).toBeNull()
    expect(baking.calls).toHaveLength(0)
    ready = true
    expect(ground.get(map, images)).not.toBeNull()
    const none = createGroundCache(() => null)
    expect(none.get(map, loaded)).toBeNull()
  })
})
