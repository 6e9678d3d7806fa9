import { useEffect, useRef } from 'react'
import Taro from '@tarojs/taro'
import { Canvas } from '@/components/page-elements/canvas'
import { t } from '@/i18n'
import { mediaUrl } from '@/utils/media-url'
import { isH5 } from '@/utils/platform'
import type { SpaceStore } from '@/stores/space/space-store'
import { drawnPosition, drawnWalking } from '@/stores/space/motion'
import { hotspotAt, type Rect } from '@/stores/space/space-map'
import { cameraFollowing, mapToScreen, screenToMap, type Camera, type Point } from './camera'
import { findCanvasNode } from './canvas-node'
import type { CanvasNode } from './canvas-types'
import { createGroundCache, type OffscreenCanvasLike } from './ground-cache'
import { createImageSource, type LoadingImage } from './image-source'
import { avatarAt, drawScene, type SceneAvatar, type SpaceContext } from './renderer'
import './index.scss'

/** The canvas's id (the selector query finds its node by it). */
const CANVAS_ID = 'space-canvas'
/** Every this many frames the canvas's box is measured again. */
const REMEASURE_FRAMES = 15

/** What the space's canvas needs. */
export interface SpaceCanvasProps {
  space: SpaceStore
  /** The showroom's title of each hotspot by hotspot id. */
  hotspotTitles: ReadonlyMap<string, string>
  /** Whether the map's screen is drawn (a live map with something to play). */
  showScreen: boolean
  /** A hotspot was tapped. */
  onHotspot: (hotspotId: string) => void
  /** Another avatar was tapped: true when the page acted on it (a moderator picked it), so the member does not walk there. */
  onAvatar?: (id: number) => boolean
  /** Where the screen is on the canvas now (CSS pixels), for the live player laid over it; null when off view. */
  onScreenRect?: (rect: Rect | null) => void
}

/** A tap's point on the canvas (CSS pixels): WeChat's canvas touch carries x, y on the canvas; a browser's click its client point. */
function tapPointOf (event: unknown, canvas: CanvasNode | null): Point | null {
  const tap = event as { changedTouches?: Array<{ x?: number, y?: number }>, clientX?: number, clientY?: number, detail?: { x?: number, y?: number } }
  const touch = tap.changedTouches?.[0]
  if (touch && typeof touch.x === 'number' && typeof touch.y === 'number') return { x: touch.x, y: touch.y }
  const box = canvas?.getBoundingClientRect?.()
  if (box && typeof tap.clientX === 'number' && typeof tap.clientY === 'number') return { x: tap.clientX - box.left, y: tap.clientY - box.top }
  return null
}

/** Where every avatar is drawn at `now`: between its last positions, a little behind (src/stores/space/motion.ts). */
function sceneAvatarsAt (space: SpaceStore, now: number): SceneAvatar[] {
  const avatars: SceneAvatar[] = []
  for (const avatar of space.avatars.values()) {
    const at = drawnPosition(avatar.track, now) ?? avatar
    avatars.push({ id: avatar.id, x: at.x, y: at.y, dir: avatar.dir, nickname: avatar.nickname, avatar: avatar.avatar, kind: avatar.kind, walking: drawnWalking(avatar.track, now) })
  }
  return avatars
}

/** An off-screen canvas for the baked ground: a `<canvas>` element on H5, WeChat's OffscreenCanvas in the mini-program; null where there is none. */
function offscreenCanvas (width: number, height: number): OffscreenCanvasLike | null {
  if (isH5()) {
    if (typeof document === 'undefined') return null
    const element = document.createElement('canvas')
    element.width = width
    element.height = height
    return element
  }
  try {
    return typeof Taro.createOffscreenCanvas === 'function' ? Taro.createOffscreenCanvas({ type: '2d', width, height }) as unknown as OffscreenCanvasLike : null
  } catch {
    return null // a base library without it: the tiles are drawn one by one
  }
}

function sameRect (a: Rect | null, b: Rect | null): boolean {
  return a === b || (a !== null && b !== null && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height)
}

/**
 * The space's canvas (Taro's `Canvas type="2d"`, the same on H5 and in the mini-program):
 * draws the space every animation frame with the shared renderer, the camera on my avatar,
 * and turns a tap into a walk to that point or a hotspot's card.
 */
export default function SpaceCanvas ({ space, hotspotTitles, showScreen, onHotspot, onAvatar, onScreenRect }: SpaceCanvasProps) {
  const canvasRef = useRef<CanvasNode | null>(null)
  const cameraRef = useRef<Camera | null>(null)
  const latest = useRef({ hotspotTitles, showScreen, onScreenRect })
  latest.current = { hotspotTitles, showScreen, onScreenRect }

  useEffect(() => {
    let stopped = false
    let frame = 0
    let screenRect: Rect | null = null
    let canvas: CanvasNode | null = null
    // getWindowInfo: WeChat deprecated getSystemInfoSync (base library 2.20.1); H5 answers the window's devicePixelRatio
    const pixelRatio = Taro.getWindowInfo().pixelRatio || 1
    const schedule = (callback: () => void): number => canvas?.requestAnimationFrame ? canvas.requestAnimationFrame(callback) : requestAnimationFrame(callback)
    const images = createImageSource(() => canvas?.createImage ? canvas.createImage() : new Image() as unknown as LoadingImage, () => undefined, mediaUrl)
    const ground = createGroundCache(offscreenCanvas)
    let view = { width: 0, height: 0 }
    let frames = 0
    const draw = (ctx: SpaceContext) => {
      if (stopped) return
      // the box changes with the page (the talk log grows, a window is resized): measured again every few frames
      if (++frames % REMEASURE_FRAMES === 0) findCanvasNode(CANVAS_ID, (_node, size) => { view = size })
      const map = space.map
      // sized here, each frame: Taro's H5 canvas element sets its canvas to the box's CSS size when it renders
      const width = Math.round(view.width * pixelRatio)
      const height = Math.round(view.height * pixelRatio)
      if (canvas !== null && (canvas.width !== width || canvas.height !== height)) {
        canvas.width = width
        canvas.height = height
      }
      if (map !== null) {
        const now = Date.now()
        const avatars = sceneAvatarsAt(space, now)
        const self = avatars.find(avatar => avatar.id === space.selfId)
        const camera = cameraFollowing(self ?? { x: map.width / 2, y: map.height / 2 }, map, view)
        cameraRef.current = camera
        const { hotspotTitles: titles, showScreen: screenShown, onScreenRect: tellScreen } = latest.current
        drawScene(ctx, {
          map,
          camera,
          pixelRatio,
          avatars,
          selfId: space.selfId,
          group: new Set(space.group),
          bubbles: space.bubblesAt(now).map(line => ({ id: line.id, text: line.text, age: now - line.at })),
          emotes: space.emotes.map(emote => ({ id: emote.id, emote: emote.emote, age: now - emote.at })),
          hotspotTitles: titles,
          showScreen: screenShown,
        }, images, ground)
        if (tellScreen && map.screen) {
          const corner = mapToScreen(camera, map.screen)
          const rect = { x: Math.round(corner.x), y: Math.round(corner.y), width: Math.round(map.screen.width * camera.scale), height: Math.round(map.screen.height * camera.scale) }
          if (!sameRect(rect, screenRect)) tellScreen(screenRect = rect)
        }
      }
      frame = schedule(() => draw(ctx))
    }
    Taro.nextTick(() => {
      findCanvasNode(CANVAS_ID, (node, size) => {
        if (stopped) return
        const ctx = node.getContext('2d') as SpaceContext | null
        if (ctx === null) return // no 2d canvas here (a test's DOM)
        canvas = node
        canvasRef.current = node
        view = size
        draw(ctx)
      })
    })
    return () => {
      stopped = true
      const cancel = canvas?.cancelAnimationFrame ?? (typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame : null)
      cancel?.(frame)
    }
  }, [space])

  const tap = (event: unknown) => {
    const camera = cameraRef.current
    const point = tapPointOf(event, canvasRef.current)
    if (camera === null || point === null || space.map === null) return
    const target = screenToMap(camera, point)
    const avatar = avatarAt(sceneAvatarsAt(space, Date.now()).filter(other => other.id !== space.selfId), target)
    if (avatar !== null && onAvatar?.(avatar.id)) return
    const hotspot = hotspotAt(space.map.hotspots, target)
    if (hotspot !== null) onHotspot(hotspot.hotspot_id)
    space.walkTo(target.x, target.y)
  }

  return (
    <Canvas
      type='2d'
      id={CANVAS_ID}
      className='space-canvas'
      nativeProps={{ 'aria-label': t('spaceMap'), role: 'img', 'data-testid': 'space-canvas' }}
      {...(isH5() ? { onClick: tap } : { onTouchEnd: tap })}
    />
  )
}
