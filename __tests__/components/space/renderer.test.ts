import type { TiledMap } from '@core/wire/space'
import { cameraFollowing } from '@/components/space/camera'
import { createImageSource, type LoadingImage } from '@/components/space/image-source'
import { SPACE_BUBBLE_MS as BUBBLE_MS, SPACE_EMOTE_MS as EMOTE_MS } from '@/constants/space'
import { AVATAR_RADIUS, avatarAt, drawScene, initialOf, STEP_LENGTH, STEP_LIFT, stepLiftOf, wrapText, type ImageSource, type Scene, type SceneAvatar } from '@/components/space/renderer'
import { hotspotAt, spaceMapOf, tilesetOf } from '@/stores/space/space-map'
import { overlapArea } from '@core/domain/space/labels'
import { recordingContext } from './fake-context'

/** A 10×8 map of 32-pixel tiles: a background image, a floor layer, a collision layer, a hotspot, a screen and a spawn. */
const tiled: TiledMap = {
  orientation: 'orthogonal',
  width: 10,
  height: 8,
  tilewidth: 32,
  tileheight: 32,
  layers: [
    { name: 'background', type: 'imagelayer', image: '/media/ground.png' },
    { name: 'floor', type: 'tilelayer', width: 10, height: 8, data: Array.from({ length: 80 }, (_, index) => index === 0 ? 2 : 0) },
    { name: 'collision', type: 'tilelayer', width: 10, height: 8, data: Array.from({ length: 80 }, () => 1) },
    {
      name: 'objects',
      type: 'objectgroup',
      objects: [
        { id: 1, name: 'booth', x: 64, y: 64, width: 64, height: 32, properties: [{ name: 'hotspot_id', value: 'h1' }] },
        { id: 2, name: 'sign', x: 200, y: 200, properties: [{ name: 'hotspot_id', value: 'h2' }] },
        { id: 3, type: 'screen', x: 160, y: 16, width: 96, height: 54 },
        { id: 4, type: 'spawn', x: 100, y: 100 },
      ],
    },
  ],
  tilesets: [{ firstgid: 1, image: '/media/tiles.png', imagewidth: 64, imageheight: 32, tilewidth: 32, tileheight: 32, columns: 2, tilecount: 2 }],
}

const everythingLoaded: ImageSource = { get: src => ({ src } as unknown as CanvasImageSource) }
const nothingLoaded: ImageSource = { get: () => null }

function avatar (id: number, x: number, y: number, nickname = `member ${id}`): SceneAvatar {
  return { id, x, y, dir: 0, nickname, avatar: '', kind: 'member', walking: false }
}

function sceneOf (overrides: Partial<Scene> = {}): Scene {
  const map = spaceMapOf(tiled)
  return {
    map,
    camera: cameraFollowing({ x: 160, y: 128 }, map, { width: 320, height: 256 }),
    pixelRatio: 2,
    avatars: [],
    selfId: null,
    group: new Set(),
    bubbles: [],
    emotes: [],
    hotspotTitles: new Map([['h1', '欢迎台']]),
    showScreen: false,
    ...overrides,
  }
}

describe('the space map', () => {
  it('draws the image and tile layers but never the collision layer', () => {
    const map = spaceMapOf(tiled)
    expect(map.width).toBe(320)
    expect(map.height).toBe(256)
    expect(map.layers.map(layer => layer.kind)).toEqual(['image', 'tiles'])
  })

  it('places the hotspots, a point object with a tappable size, and the screen', () => {
    const map = spaceMapOf(tiled)
    expect(map.hotspots.map(spot => spot.hotspot_id)).toEqual(['h1', 'h2'])
    expect(map.hotspots[1]).toMatchObject({ x: 184, y: 184, width: 32, height: 32 })
    expect(map.screen).toEqual({ x: 160, y: 16, width: 96, height: 54 })
  })

  it('finds the hotspot under a map point', () => {
    const map = spaceMapOf(tiled)
    expect(hotspotAt(map.hotspots, { x: 100, y: 80 })?.hotspot_id).toBe('h1')
    expect(hotspotAt(map.hotspots, { x: 10, y: 10 })).toBeNull()
  })

  it('cuts a tile from the tileset its gid belongs to, ignoring flip flags and unknown gids', () => {
    const { tilesets } = spaceMapOf(tiled)
    expect(tilesetOf(tilesets, 2)?.image).toBe('/media/tiles.png')
    expect(tilesetOf(tilesets, (2 | 0x80000000) >>> 0)?.image).toBe('/media/tiles.png')
    expect(tilesetOf(tilesets, 3)).toBeNull()
  })
})

describe('drawing a frame', () => {
  it('draws the background, the tiles, the hotspots with their titles and the avatars with their names', () => {
    const ctx = recordingContext()
    drawScene(ctx, sceneOf({ avatars: [avatar(1, 100, 150, '小林'), avatar(2, 200, 150, 'Ann')] }), everythingLoaded)
    const images = ctx.calls.filter(call => call.method === 'drawImage').map(call => (call.args[0] as { src: string }).src)
    expect(images).toEqual(['/media/ground.png', '/media/tiles.png'])
    // the second tile of the set (gid 2) at the map's first cell
    expect(ctx.calls.find(call => call.method === 'drawImage' && call.args.length === 9)?.args.slice(1)).toEqual([32, 0, 32, 32, 0, 0, 32, 32])
    expect(ctx.texts()).toEqual(expect.arrayContaining(['★ 欢迎台', '★ sign', '小', '小林', 'A', 'Ann']))
  })

  it('draws what has loaded and the rest once it has', () => {
    const ctx = recordingContext()
    drawScene(ctx, sceneOf({ avatars: [avatar(1, 100, 150)] }), nothingLoaded)
    expect(ctx.calls.some(call => call.method === 'drawImage')).toBe(false)
    expect(ctx.texts()).toContain('member 1')
  })

  it('draws avatars from back to front and leaves out those far off the view', () => {
    const map = spaceMapOf({ ...tiled, width: 100, height: 100 })
    const ctx = recordingContext()
    const scene = sceneOf({ map, camera: cameraFollowing({ x: 160, y: 128 }, map, { width: 320, height: 256 }), avatars: [avatar(1, 100, 200, 'front'), avatar(2, 120, 100, 'back'), avatar(3, 3000, 3000, 'far')] })
    drawScene(ctx, scene, nothingLoaded)
    const names = ctx.texts().filter(text => ['front', 'back', 'far'].includes(text))
    expect(names).toEqual(['back', 'front'])
  })

  it('lifts a walking avatar at each step, its name staying on the ground; a standing one stays down', () => {
    const walker = { ...avatar(1, 100, 150), walking: true }
    expect(stepLiftOf({ ...walker, walking: false })).toBe(0)
    // one hop every STEP_LENGTH pixels: down where a step lands, up halfway
    expect(stepLiftOf({ ...walker, x: 0, y: 0 })).toBeCloseTo(0)
    expect(stepLiftOf({ ...walker, x: STEP_LENGTH / 2, y: 0 })).toBeCloseTo(STEP_LIFT)
    expect(stepLiftOf({ ...walker, x: STEP_LENGTH, y: STEP_LENGTH / 2 })).toBeCloseTo(STEP_LIFT)
    const drawnAt = (subject: SceneAvatar) => {
      const ctx = recordingContext()
      drawScene(ctx, sceneOf({ avatars: [subject] }), nothingLoaded)
      const body = ctx.calls.find(call => call.method === 'arc' && call.args[2] === AVATAR_RADIUS)?.args[1]
      const name = ctx.calls.find(call => call.method === 'fillText' && call.args[0] === subject.nickname)?.args[2]
      return { body, name }
    }
    const up = { ...walker, x: STEP_LENGTH / 2, y: 150 - (150 % STEP_LENGTH) }
    const standing = drawnAt({ ...up, walking: false })
    const walking = drawnAt(up)
    expect(standing.body).toBe(up.y - AVATAR_RADIUS)
    expect(walking.body).toBeCloseTo(up.y - AVATAR_RADIUS - STEP_LIFT)
    expect(walking.name).toBe(standing.name)
  })

  it('rings the avatars of my conversation', () => {
    const ringed = recordingContext()
    drawScene(ringed, sceneOf({ avatars: [avatar(1, 100, 150)], group: new Set([1]) }), nothingLoaded)
    const plain = recordingContext()
    drawScene(plain, sceneOf({ avatars: [avatar(1, 100, 150)] }), nothingLoaded)
    const arcs = (ctx: ReturnType<typeof recordingContext>) => ctx.calls.filter(call => call.method === 'arc').map(call => call.args[2])
    expect(arcs(ringed)).toContain(19)
    expect(arcs(plain)).not.toContain(19)
  })

  it('shows a bubble over its speaker until it has faded', () => {
    const fresh = recordingContext()
    drawScene(fresh, sceneOf({ avatars: [avatar(1, 100, 150)], bubbles: [{ id: 1, text: '你好', age: 100 }] }), nothingLoaded)
    expect(fresh.calls.find(call => call.method === 'fillText' && call.args[0] === '你好')?.globalAlpha).toBe(1)
    const fading = recordingContext()
    drawScene(fading, sceneOf({ avatars: [avatar(1, 100, 150)], bubbles: [{ id: 1, text: '你好', age: BUBBLE_MS - 400 }] }), nothingLoaded)
    expect(fading.calls.find(call => call.method === 'fillText' && call.args[0] === '你好')?.globalAlpha).toBeCloseTo(0.5)
    const gone = recordingContext()
    drawScene(gone, sceneOf({ avatars: [avatar(1, 100, 150)], bubbles: [{ id: 1, text: '你好', age: BUBBLE_MS }] }), nothingLoaded)
    expect(gone.texts()).not.toContain('你好')
  })

  it('keeps the names of two avatars standing on one spot apart, and off both avatars', () => {
    const ctx = recordingContext()
    drawScene(ctx, sceneOf({ avatars: [avatar(1, 150, 150, '安然'), avatar(2, 150, 150, '林晓')] }), nothingLoaded)
    // a name's plate is the rectangle filled just before its text
    const plateOf = (name: string) => {
      const index = ctx.calls.findIndex(call => call.method === 'fillText' && call.args[0] === name)
      const [x, y, width, height] = ctx.calls.slice(0, index).reverse().find(call => call.method === 'fillRect')?.args as number[]
      return { x, y, width, height }
    }
    const body = { x: 150 - AVATAR_RADIUS, y: 150 - AVATAR_RADIUS * 2, width: AVATAR_RADIUS * 2, height: AVATAR_RADIUS * 2 }
    expect(overlapArea(plateOf('安然'), plateOf('林晓'))).toBe(0)
    for (const name of ['安然', '林晓']) expect(overlapArea(plateOf(name), body)).toBe(0)
  })

  it('puts a bubble where it covers neither the avatar standing above its speaker nor that avatar\'s name', () => {
    const ctx = recordingContext()
    drawScene(ctx, sceneOf({ avatars: [avatar(1, 150, 170, 'speaker'), avatar(2, 160, 125, 'neighbour')], bubbles: [{ id: 1, text: '大家好，一起去看新品展台吧', age: 100 }] }), nothingLoaded)
    const [x, y, width, height] = ctx.calls.find(call => call.method === 'fillRect' && call.fillStyle === '#ffffff')?.args as number[]
    const bubble = { x, y, width, height }
    const neighbour = { x: 160 - AVATAR_RADIUS, y: 125 - AVATAR_RADIUS * 2, width: AVATAR_RADIUS * 2, height: AVATAR_RADIUS * 2 }
    expect(overlapArea(bubble, neighbour)).toBe(0)
    const nameIndex = ctx.calls.findIndex(call => call.method === 'fillText' && call.args[0] === 'neighbour')
    const [nx, ny, nw, nh] = ctx.calls.slice(0, nameIndex).reverse().find(call => call.method === 'fillRect')?.args as number[]
    expect(overlapArea(bubble, { x: nx, y: ny, width: nw, height: nh })).toBe(0)
  })

  it('plays an emote over the avatar for a short while', () => {
    const playing = recordingContext()
    drawScene(playing, sceneOf({ avatars: [avatar(1, 100, 150)], emotes: [{ id: 1, emote: 'party', age: 200 }] }), nothingLoaded)
    expect(playing.texts()).toContain('🎉')
    const over = recordingContext()
    drawScene(over, sceneOf({ avatars: [avatar(1, 100, 150)], emotes: [{ id: 1, emote: 'party', age: EMOTE_MS }] }), nothingLoaded)
    expect(over.texts()).not.toContain('🎉')
  })

  it('draws the live screen only on a live map', () => {
    const screenRect = (ctx: ReturnType<typeof recordingContext>) => ctx.calls.some(call => call.method === 'fillRect' && call.args[0] === 156 && call.args[1] === 12)
    const live = recordingContext()
    drawScene(live, sceneOf({ showScreen: true }), nothingLoaded)
    expect(screenRect(live)).toBe(true)
    const plain = recordingContext()
    drawScene(plain, sceneOf(), nothingLoaded)
    expect(screenRect(plain)).toBe(false)
  })

  it('scales the frame to the device pixels and moves it with the camera', () => {
    const ctx = recordingContext()
    const map = spaceMapOf({ ...tiled, width: 100, height: 100 })
    drawScene(ctx, sceneOf({ map, camera: cameraFollowing({ x: 500, y: 500 }, map, { width: 320, height: 256 }) }), nothingLoaded)
    const transforms = ctx.calls.filter(call => call.method === 'setTransform').map(call => call.args)
    expect(transforms).toEqual([[2, 0, 0, 2, 0, 0], [2, 0, 0, 2, -680, -744]])
  })
})

describe('hit tests and text', () => {
  it('finds the front-most avatar under a tap', () => {
    const avatars = [avatar(1, 100, 150), avatar(2, 104, 156)]
    expect(avatarAt(avatars, { x: 102, y: 140 })?.id).toBe(2)
    expect(avatarAt(avatars, { x: 100, y: 100 })).toBeNull()
  })

  it('wraps a long bubble into lines and cuts what does not fit', () => {
    const ctx = recordingContext()
    expect(wrapText(ctx, 'abcdefghij', 35, 3)).toEqual(['abcde', 'fghij'])
    expect(wrapText(ctx, 'abcdefghijklmnopqrstuvwxyz', 35, 2)).toEqual(['abcde', 'fghi…'])
  })

  it('labels an avatar without a picture with the first character of the name', () => {
    expect(initialOf(' ann')).toBe('A')
    expect(initialOf('')).toBe('?')
  })
})

describe('canvas images', () => {
  it('loads each image once and gives it once it has loaded', () => {
    const created: LoadingImage[] = []
    const loaded = jest.fn()
    const source = createImageSource(() => {
      const image: LoadingImage = { src: '', onload: null, onerror: null }
      created.push(image)
      return image
    }, loaded, src => `https://cdn.test${src}`)
    expect(source.get('/a.png')).toBeNull()
    expect(source.get('/a.png')).toBeNull()
    expect(created).toHaveLength(1)
    expect(created[0].src).toBe('https://cdn.test/a.png')
    created[0].onload?.()
    expect(loaded).toHaveBeenCalledTimes(1)
    expect(source.get('/a.png')).toBe(created[0])
  })
})
