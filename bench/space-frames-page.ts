/**
 * The browser side of bench/space-frames.ts, bundled by it with esbuild: draws a space's
 * frames for a while and reports each frame's time. `window.runFrames('space', …)` draws the
 * product's scene with the product's renderer (src/components/space/renderer.ts) — the map,
 * `avatars` walking round the middle of the view with names, some bubbles and a
 * conversation ring; `window.runFrames('bare', …)` draws the same number of plain circles
 * with a name each on the same canvas: the machine's own floor for a canvas frame.
 */
import type { TiledMap } from '@core/wire/space'
import { cameraFollowing } from '@/components/space/camera'
import { createGroundCache } from '@/components/space/ground-cache'
import { createImageSource, type LoadingImage } from '@/components/space/image-source'
import { drawScene, type SceneAvatar, type SpaceContext } from '@/components/space/renderer'
import { spaceMapOf } from '@/stores/space/space-map'

/** What one run reports: each frame's time (ms between two animation frames). */
interface FrameTimes {
  frames: number[]
}

declare global {
  interface Window {
    runFrames: (mode: 'space' | 'bare', tiled: TiledMap, avatars: number, warmupMs: number, measureMs: number) => Promise<FrameTimes>
  }
}

/** Where avatar `index` of `count` stands at `time`: circles of several radii round the view's middle. */
function walkerAt (index: number, count: number, time: number, centre: { x: number, y: number }): { x: number, y: number, dir: number } {
  const ring = 40 + (index % 5) * 35
  const angle = (index / count) * Math.PI * 2 + time / (1500 + (index % 7) * 200)
  return { x: centre.x + Math.cos(angle) * ring, y: centre.y + Math.sin(angle) * ring * 0.8, dir: index % 4 }
}

window.runFrames = (mode, tiled, count, warmupMs, measureMs) => new Promise(resolve => {
  const canvas = document.getElementById('space') as HTMLCanvasElement
  const pixelRatio = window.devicePixelRatio || 1
  const view = { width: canvas.clientWidth, height: canvas.clientHeight }
  canvas.width = Math.round(view.width * pixelRatio)
  canvas.height = Math.round(view.height * pixelRatio)
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D
  const map = spaceMapOf(tiled)
  const images = createImageSource(() => new Image() as unknown as LoadingImage, () => undefined)
  // the page's ground cache, as the product's H5 canvas has it
  const ground = createGroundCache((width, height) => Object.assign(document.createElement('canvas'), { width, height }))
  const centre = { x: map.width / 2, y: map.height / 2 }
  const group = new Set(Array.from({ length: 8 }, (_, index) => index + 1))
  const frames: number[] = []
  const started = performance.now()
  let last = started
  const frame = (now: number): void => {
    if (now - started > warmupMs) frames.push(now - last)
    last = now
    const avatars: SceneAvatar[] = Array.from({ length: count }, (_, index) => ({
      id: index + 1, nickname: `成员${index + 1}`, avatar: '', kind: 'member' as const, walking: true, ...walkerAt(index, count, now, centre),
    }))
    if (mode === 'space') {
      drawScene(ctx as unknown as SpaceContext, {
        map,
        camera: cameraFollowing(centre, map, view),
        pixelRatio,
        avatars,
        selfId: 1,
        group,
        bubbles: avatars.slice(0, 10).map(avatar => ({ id: avatar.id, text: '大家好，一起去看新品展台吧', age: 500 })),
        emotes: [],
        hotspotTitles: new Map(),
        showScreen: false,
      }, images, ground)
    } else {
      ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0)
      ctx.clearRect(0, 0, view.width, view.height)
      ctx.font = '12px sans-serif'
      ctx.textAlign = 'center'
      for (const avatar of avatars) {
        const x = avatar.x - centre.x + view.width / 2
        const y = avatar.y - centre.y + view.height / 2
        ctx.fillStyle = '#3b82f6'
        ctx.beginPath()
        ctx.arc(x, y, 14, 0, Math.PI * 2)
        ctx.fill()
        ctx.fillStyle = '#111827'
        ctx.fillText(avatar.nickname, x, y + 28)
      }
    }
    if (now - started < warmupMs + measureMs) requestAnimationFrame(frame)
    else resolve({ frames })
  }
  requestAnimationFrame(frame)
})
