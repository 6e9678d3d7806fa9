/**
 * Draws one frame of a gather space on a 2d canvas context — the same code on H5 (a real
 * <canvas>) and in the mini-program (Taro's `Canvas type="2d"` node): the map's image and
 * tile layers (ground, then what stands on it), the hotspots' signs and the live map's
 * screen, then the avatars from back to front (circle or picture, lifted a little at each
 * step while walking, initial, facing, the ring of my conversation), then the names and
 * bubbles where core/domain/space layoutLabels puts them (over no avatar and no other
 * words), and emotes. It keeps no state: the page passes everything a frame needs, so a
 * test drives it with a recording context.
 */
import type { SpaceEmote } from '@core/wire/space-codes'
import { SPACE_BUBBLE_MS, SPACE_EMOTE_MS } from '@/constants/space'
import { layoutLabels, type LabelRequest } from '@core/domain/space/labels'
import type { Rect } from '@core/domain/space/map'
import { isInView, type Camera, type Point } from './camera'
import { tilesetOf, type SpaceHotspot, type SpaceMap } from '@/stores/space/space-map'

/** The part of a 2d context the renderer uses (the browser's and WeChat's both have it). */
export type SpaceContext = Pick<CanvasRenderingContext2D,
  'save' | 'restore' | 'setTransform' | 'fillRect' | 'strokeRect' | 'beginPath' | 'arc' | 'fill' | 'stroke' | 'moveTo' | 'lineTo' | 'closePath' |
  'fillText' | 'measureText' | 'drawImage' | 'clip'
> & {
  fillStyle: CanvasRenderingContext2D['fillStyle']
  strokeStyle: CanvasRenderingContext2D['strokeStyle']
  lineWidth: number
  font: string
  textAlign: CanvasTextAlign
  textBaseline: CanvasTextBaseline
  globalAlpha: number
}

/** Gives a loaded image for a URL, or null while it loads (or failed); the next frame asks again. */
export interface ImageSource {
  get (src: string): CanvasImageSource | null
}

/** The map's layers drawn once into one picture (./ground-cache.ts), or null while it cannot be (an image is loading, no off-screen canvas). */
export interface GroundSource {
  get (map: SpaceMap, images: ImageSource): CanvasImageSource | null
}

/** An avatar where it is drawn this frame. */
export interface SceneAvatar extends Point {
  id: number
  nickname: string
  /** Picture URL, '' for none (the initial on a colour). */
  avatar: string
  /** 0 down, 1 left, 2 right, 3 up. */
  dir: number
  kind: 'member' | 'guest' | 'host'
  /** Whether it is on its way between two positions this frame (it steps: {@link stepLiftOf}). */
  walking: boolean
}

/** A bubble over an avatar, `age` ms after it was said. */
export interface SceneBubble {
  id: number
  text: string
  age: number
}

/** An emote over an avatar, `age` ms after it was played. */
export interface SceneEmote {
  id: number
  emote: SpaceEmote
  age: number
}

/** Everything one frame shows. */
export interface Scene {
  map: SpaceMap
  camera: Camera
  /** Device pixels per CSS pixel (the canvas is that much larger than its box). */
  pixelRatio: number
  avatars: readonly SceneAvatar[]
  /** My avatar's id (drawn with an outline), or null while looking. */
  selfId: number | null
  /** The avatars of my conversation (ringed). */
  group: ReadonlySet<number>
  bubbles: readonly SceneBubble[]
  emotes: readonly SceneEmote[]
  /** The label of each hotspot by its hotspot id (the showroom's title). */
  hotspotTitles: ReadonlyMap<string, string>
  /** Whether the map's screen object is drawn (a live map). */
  showScreen: boolean
}

/** Radius of an avatar's circle, map pixels. */
export const AVATAR_RADIUS = 14
/** How high (map pixels) a walking avatar lifts at the top of a step. */
export const STEP_LIFT = 3
/** Map pixels walked in one step: a lift and a landing. */
export const STEP_LENGTH = 16
/** A bubble fades out over the last this many ms of its SPACE_BUBBLE_MS. */
export const BUBBLE_FADE_MS = 800
/** The glyph of each emote. */
const EMOTE_GLYPHS: Record<SpaceEmote, string> = { wave: '👋', party: '🎉', heart: '❤️' }

const BACKGROUND = '#dfe8d8'
const GROUP_RING = '#22c55e'
const BUBBLE_MAX_WIDTH = 160
const BUBBLE_MAX_LINES = 3
const BUBBLE_FONT = '12px sans-serif'
const NAME_FONT = '11px sans-serif'
/** The height of a name's plate, map pixels. */
const NAME_HEIGHT = 15
const AVATAR_COLOURS = ['#6366f1', '#0ea5e9', '#f97316', '#ec4899', '#14b8a6', '#a855f7', '#eab308', '#ef4444']
/** Where the facing dot sits for each direction (down, left, right, up). */
const FACING: readonly Point[] = [{ x: 0, y: 1 }, { x: -1, y: 0 }, { x: 1, y: 0 }, { x: 0, y: -1 }]

/** The colour of an avatar without a picture: the same for the same id everywhere. */
export function avatarColourOf (id: number): string {
  return AVATAR_COLOURS[Math.abs(id) % AVATAR_COLOURS.length]
}

/** The letter on an avatar without a picture: the name's first character, '?' for none. */
export function initialOf (nickname: string): string {
  return Array.from(nickname.trim())[0]?.toUpperCase() ?? '?'
}

/** Breaks text into lines no wider than `maxWidth` (by character, as Chinese has no spaces), at most `maxLines`, the last ending in … when cut. */
export function wrapText (ctx: Pick<SpaceContext, 'measureText'>, text: string, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = []
  let line = ''
  const characters = Array.from(text.replace(/\s+/g, ' ').trim())
  for (let index = 0; index < characters.length; index++) {
    const next = line + characters[index]
    if (line !== '' && ctx.measureText(next).width > maxWidth) {
      if (lines.length === maxLines - 1) {
        lines.push(line.slice(0, -1) + '…')
        return lines
      }
      lines.push(line)
      line = characters[index]
    } else {
      line = next
    }
  }
  if (line !== '') lines.push(line)
  return lines
}

/**
 * How far (map pixels) an avatar is lifted off the ground where it is: while walking, one
 * hop every STEP_LENGTH pixels it covers (taken from its position, so every member's
 * screen shows the same step at the same spot), none while it stands.
 */
export function stepLiftOf (avatar: Pick<SceneAvatar, 'x' | 'y' | 'walking'>): number {
  if (!avatar.walking) return 0
  return STEP_LIFT * Math.abs(Math.sin((avatar.x + avatar.y) * Math.PI / STEP_LENGTH))
}

/** The avatar under a map point (the front-most, i.e. the lowest on the map), or null. */
export function avatarAt (avatars: readonly SceneAvatar[], point: Point): SceneAvatar | null {
  let found: SceneAvatar | null = null
  for (const avatar of avatars) {
    const dx = point.x - avatar.x
    const dy = point.y - (avatar.y - AVATAR_RADIUS)
    if (dx * dx + dy * dy <= AVATAR_RADIUS * AVATAR_RADIUS && (found === null || avatar.y >= found.y)) found = avatar
  }
  return found
}

/** The part of the map a frame shows, map pixels. */
export interface Region { left: number, top: number, right: number, bottom: number }

function regionOf (camera: Camera): Region {
  return { left: camera.left, top: camera.top, right: camera.left + camera.view.width / camera.scale, bottom: camera.top + camera.view.height / camera.scale }
}

/** Draws the map's image and tile layers over `region` (map pixels, in the context's transform): what has loaded of them. */
export function drawLayers (ctx: SpaceContext, map: SpaceMap, region: Region, images: ImageSource): void {
  const { right, bottom } = region
  const firstColumn = Math.max(0, Math.floor(region.left / map.tilewidth))
  const firstRow = Math.max(0, Math.floor(region.top / map.tileheight))
  for (const layer of map.layers) {
    if (layer.kind === 'image') {
      const image = images.get(layer.image)
      if (image) ctx.drawImage(image, 0, 0, map.width, map.height)
      continue
    }
    const rows = Math.ceil(layer.data.length / layer.width)
    const lastColumn = Math.min(layer.width - 1, Math.floor(right / map.tilewidth))
    const lastRow = Math.min(rows - 1, Math.floor(bottom / map.tileheight))
    for (let row = firstRow; row <= lastRow; row++) {
      for (let column = firstColumn; column <= lastColumn; column++) {
        const gid = layer.data[row * layer.width + column]
        if (!gid) continue
        const tileset = tilesetOf(map.tilesets, gid)
        const image = tileset ? images.get(tileset.image) : null
        if (!tileset || !image) continue
        const index = (gid & 0x1fffffff) - tileset.firstgid
        ctx.drawImage(image,
          (index % tileset.columns) * tileset.tilewidth, Math.floor(index / tileset.columns) * tileset.tileheight, tileset.tilewidth, tileset.tileheight,
          column * map.tilewidth, row * map.tileheight + map.tileheight - tileset.tileheight, tileset.tilewidth, tileset.tileheight)
      }
    }
  }
}

function drawHotspot (ctx: SpaceContext, hotspot: SpaceHotspot, title: string): void {
  // a thin gold edge round what the map draws there (its table), and the title on a sign above it
  ctx.strokeStyle = 'rgba(234, 179, 8, 0.9)'
  ctx.lineWidth = 1.5
  ctx.strokeRect(hotspot.x + 1, hotspot.y + 1, hotspot.width - 2, hotspot.height - 2)
  ctx.font = NAME_FONT
  const label = `★ ${title}`
  const width = ctx.measureText(label).width + 10
  const middle = hotspot.x + hotspot.width / 2
  ctx.fillStyle = 'rgba(113, 63, 18, 0.85)'
  ctx.fillRect(middle - width / 2, hotspot.y - 18, width, 15)
  ctx.fillStyle = '#fef3c7'
  ctx.textAlign = 'center'
  ctx.textBaseline = 'top'
  ctx.fillText(label, middle, hotspot.y - 16)
}

function drawScreen (ctx: SpaceContext, scene: Scene): void {
  const screen = scene.map.screen
  if (!scene.showScreen || screen === null) return
  // the frame of the screen; the page lays the live player over its inside
  ctx.fillStyle = '#111827'
  ctx.fillRect(screen.x - 4, screen.y - 4, screen.width + 8, screen.height + 8)
}

function drawAvatar (ctx: SpaceContext, scene: Scene, avatar: SceneAvatar, images: ImageSource): void {
  // up a little at each step while walking; the name stays on the ground
  const centreY = avatar.y - AVATAR_RADIUS - stepLiftOf(avatar)
  if (scene.group.has(avatar.id)) {
    ctx.strokeStyle = GROUP_RING
    ctx.lineWidth = 3
    ctx.beginPath()
    ctx.arc(avatar.x, centreY, AVATAR_RADIUS + 5, 0, Math.PI * 2)
    ctx.stroke()
  }
  const picture = avatar.avatar === '' ? null : images.get(avatar.avatar)
  ctx.beginPath()
  ctx.arc(avatar.x, centreY, AVATAR_RADIUS, 0, Math.PI * 2)
  ctx.closePath()
  if (picture) {
    ctx.save()
    ctx.clip()
    ctx.drawImage(picture, avatar.x - AVATAR_RADIUS, centreY - AVATAR_RADIUS, AVATAR_RADIUS * 2, AVATAR_RADIUS * 2)
    ctx.restore()
  } else {
    ctx.fillStyle = avatar.kind === 'host' ? '#0f766e' : avatarColourOf(avatar.id)
    ctx.fill()
    ctx.fillStyle = '#ffffff'
    ctx.font = 'bold 13px sans-serif'
    ctx.textAlign = 'center'
    ctx.textBaseline = 'middle'
    ctx.fillText(initialOf(avatar.nickname), avatar.x, centreY + 1)
  }
  ctx.strokeStyle = avatar.id === scene.selfId ? '#111827' : '#ffffff'
  ctx.lineWidth = 2
  ctx.beginPath()
  ctx.arc(avatar.x, centreY, AVATAR_RADIUS, 0, Math.PI * 2)
  ctx.stroke()
  // the facing dot on the rim
  const facing = FACING[avatar.dir] ?? FACING[0]
  ctx.fillStyle = '#111827'
  ctx.beginPath()
  ctx.arc(avatar.x + facing.x * (AVATAR_RADIUS - 1), centreY + facing.y * (AVATAR_RADIUS - 1), 3, 0, Math.PI * 2)
  ctx.fill()
}

/** A bubble's lines and size (12px text, up to BUBBLE_MAX_LINES lines of BUBBLE_MAX_WIDTH). */
function bubbleBoxOf (ctx: SpaceContext, bubble: SceneBubble): { lines: string[], width: number, height: number } {
  ctx.font = BUBBLE_FONT
  const lines = wrapText(ctx, bubble.text, BUBBLE_MAX_WIDTH, BUBBLE_MAX_LINES)
  return { lines, width: lines.length === 0 ? 0 : Math.max(...lines.map(line => ctx.measureText(line).width)) + 12, height: lines.length * 15 + 8 }
}

function drawBubble (ctx: SpaceContext, avatar: SceneAvatar, bubble: SceneBubble, lines: readonly string[], box: Rect): void {
  ctx.font = BUBBLE_FONT
  ctx.globalAlpha = Math.max(0, Math.min(1, (SPACE_BUBBLE_MS - bubble.age) / BUBBLE_FADE_MS))
  ctx.fillStyle = '#ffffff'
  ctx.strokeStyle = '#cbd5e1'
  ctx.lineWidth = 1
  ctx.fillRect(box.x, box.y, box.width, box.height)
  ctx.strokeRect(box.x, box.y, box.width, box.height)
  // the tail points from the bubble's bottom edge at the speaker's head, wherever the layout put the bubble
  const bottom = box.y + box.height
  const foot = Math.min(Math.max(avatar.x, box.x + 6), box.x + box.width - 6)
  const head = avatar.y - AVATAR_RADIUS * 2 - 2
  ctx.beginPath()
  ctx.moveTo(foot - 5, bottom)
  ctx.lineTo(foot + 5, bottom)
  ctx.lineTo(avatar.x, Math.max(bottom + 2, Math.min(bottom + 6, head)))
  ctx.closePath()
  ctx.fill()
  ctx.fillStyle = '#111827'
  ctx.textAlign = 'left'
  ctx.textBaseline = 'top'
  lines.forEach((line, index) => ctx.fillText(line, box.x + 6, box.y + 4 + index * 15))
  ctx.globalAlpha = 1
}

/** The name, on its plate where the layout put it (under the feet when there is room). */
function drawName (ctx: SpaceContext, avatar: SceneAvatar, box: Rect): void {
  ctx.font = NAME_FONT
  ctx.textAlign = 'center'
  ctx.textBaseline = 'top'
  // a host's (map account's) name on the host's teal, everyone else's on grey
  ctx.fillStyle = avatar.kind === 'host' ? 'rgba(15, 118, 110, 0.85)' : 'rgba(17, 24, 39, 0.6)'
  ctx.fillRect(box.x, box.y, box.width, box.height)
  ctx.fillStyle = '#ffffff'
  ctx.fillText(avatar.nickname, box.x + box.width / 2, box.y + 2)
}

/**
 * Where each bubble and name goes this frame (core/domain/space layoutLabels): bubbles
 * first, then names, none over an avatar's body or another's words where there is room.
 */
export function labelBoxesOf (ctx: SpaceContext, avatars: readonly SceneAvatar[], bubbles: ReadonlyArray<{ avatar: SceneAvatar, bubble: SceneBubble }>): { bubbles: Array<{ avatar: SceneAvatar, bubble: SceneBubble, lines: string[], box: Rect }>, names: Rect[] } {
  const bodies = avatars.map(avatar => ({ x: avatar.x - AVATAR_RADIUS - 2, y: avatar.y - AVATAR_RADIUS * 2 - 2 - stepLiftOf(avatar), width: AVATAR_RADIUS * 2 + 4, height: AVATAR_RADIUS * 2 + 4 }))
  const said = bubbles.map(({ avatar, bubble }) => ({ avatar, bubble, ...bubbleBoxOf(ctx, bubble) })).filter(item => item.lines.length > 0)
  ctx.font = NAME_FONT
  const requests: LabelRequest[] = [
    ...said.map(({ avatar, width, height }): LabelRequest => ({ width, height, anchor: { x: avatar.x, y: avatar.y - AVATAR_RADIUS * 2 - 10 }, side: 'above' })),
    ...avatars.map((avatar): LabelRequest => ({ width: ctx.measureText(avatar.nickname).width + 8, height: NAME_HEIGHT, anchor: { x: avatar.x, y: avatar.y + 2 }, side: 'below' })),
  ]
  const boxes = layoutLabels(bodies, requests)
  return { bubbles: said.map(({ avatar, bubble, lines }, index) => ({ avatar, bubble, lines, box: boxes[index] })), names: boxes.slice(said.length) }
}

function drawEmote (ctx: SpaceContext, avatar: SceneAvatar, emote: SceneEmote): void {
  const progress = Math.min(1, emote.age / SPACE_EMOTE_MS)
  ctx.globalAlpha = 1 - progress * progress
  ctx.font = `${20 + Math.round(8 * Math.sin(progress * Math.PI))}px sans-serif`
  ctx.textAlign = 'center'
  ctx.textBaseline = 'bottom'
  ctx.fillText(EMOTE_GLYPHS[emote.emote], avatar.x + AVATAR_RADIUS, avatar.y - AVATAR_RADIUS * 2 - 24 * progress)
  ctx.globalAlpha = 1
}

/** Draws one frame of the space. */
export function drawScene (ctx: SpaceContext, scene: Scene, images: ImageSource, ground?: GroundSource): void {
  const { camera, pixelRatio, map } = scene
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0)
  ctx.fillStyle = BACKGROUND
  ctx.fillRect(0, 0, camera.view.width, camera.view.height)
  const zoom = pixelRatio * camera.scale
  ctx.setTransform(zoom, 0, 0, zoom, -camera.left * zoom, -camera.top * zoom)
  const region = regionOf(camera)
  // the layers drawn once into a picture of the whole map, when there is one: one image a frame, not a call a tile
  const baked = ground?.get(map, images) ?? null
  if (baked) {
    const left = Math.max(0, Math.floor(region.left))
    const top = Math.max(0, Math.floor(region.top))
    const width = Math.min(map.width, Math.ceil(region.right)) - left
    const height = Math.min(map.height, Math.ceil(region.bottom)) - top
    if (width > 0 && height > 0) ctx.drawImage(baked, left, top, width, height, left, top, width, height)
  } else {
    drawLayers(ctx, map, region, images)
  }
  drawScreen(ctx, scene)
  for (const hotspot of scene.map.hotspots) drawHotspot(ctx, hotspot, scene.hotspotTitles.get(hotspot.hotspot_id) ?? hotspot.name)
  const margin = AVATAR_RADIUS * 4
  const shown = scene.avatars.filter(avatar => isInView(camera, avatar, margin)).sort((a, b) => a.y - b.y)
  for (const avatar of shown) drawAvatar(ctx, scene, avatar, images)
  const byId = new Map(shown.map(avatar => [avatar.id, avatar]))
  const speaking = scene.bubbles.flatMap(bubble => {
    const avatar = byId.get(bubble.id)
    return avatar && bubble.age < SPACE_BUBBLE_MS ? [{ avatar, bubble }] : []
  })
  const labels = labelBoxesOf(ctx, shown, speaking)
  shown.forEach((avatar, index) => drawName(ctx, avatar, labels.names[index]))
  for (const { avatar, bubble, lines, box } of labels.bubbles) drawBubble(ctx, avatar, bubble, lines, box)
  for (const emote of scene.emotes) {
    const avatar = byId.get(emote.id)
    if (avatar && emote.age < SPACE_EMOTE_MS) drawEmote(ctx, avatar, emote)
  }
}
