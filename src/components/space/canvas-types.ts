import type { LoadingImage } from './image-source'
import type { SpaceContext } from './renderer'

/** The canvas node of Taro's `Canvas type="2d"`: a real <canvas> on H5, WeChat's canvas node in the mini-program. */
export interface CanvasNode {
  width: number
  height: number
  getContext (type: '2d'): SpaceContext
  /** WeChat's: images for this canvas (H5 uses `Image`). */
  createImage?: () => LoadingImage
  /** WeChat's frame timer (H5 uses the window's). */
  requestAnimationFrame?: (callback: () => void) => number
  cancelAnimationFrame?: (handle: number) => void
  /** H5: where the canvas is in the window (a click's client point is converted with it). */
  getBoundingClientRect?: () => { left: number, top: number, width: number, height: number }
}
