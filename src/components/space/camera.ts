/**
 * The space's camera: which part of the map the canvas shows. It centres on my avatar and
 * stops at the map's edges (a map smaller than the view is centred instead), so a tap on
 * the canvas converts to a map point and back without the page knowing about scrolling.
 */

/** A point in map pixels or in canvas (CSS) pixels. */
export interface Point {
  x: number
  y: number
}

/** A width and a height. */
export interface Size {
  width: number
  height: number
}

/** What the canvas shows: the map point at its top-left corner and the view's size, both in map pixels (1 map pixel = `scale` CSS pixels). */
export interface Camera {
  /** Map x at the view's left edge (negative when a narrow map is centred). */
  left: number
  /** Map y at the view's top edge. */
  top: number
  /** CSS pixels per map pixel. */
  scale: number
  /** The view in CSS pixels. */
  view: Size
}

/** One axis: centre on `focus`, clamped so the view stays over the map; a map shorter than the view is centred. */
function axisStart (focus: number, viewLength: number, mapLength: number): number {
  if (mapLength <= viewLength) return (mapLength - viewLength) / 2
  return Math.min(Math.max(focus - viewLength / 2, 0), mapLength - viewLength)
}

/** The camera that follows `focus` (my avatar's feet, map pixels) over a map of `map` size, for a canvas of `view` CSS pixels at `scale`. */
export function cameraFollowing (focus: Point, map: Size, view: Size, scale = 1): Camera {
  const width = view.width / scale
  const height = view.height / scale
  return { left: axisStart(focus.x, width, map.width), top: axisStart(focus.y, height, map.height), scale, view }
}

/** The map point under a canvas point (a tap). */
export function screenToMap (camera: Camera, point: Point): Point {
  return { x: camera.left + point.x / camera.scale, y: camera.top + point.y / camera.scale }
}

/** The canvas point over a map point. */
export function mapToScreen (camera: Camera, point: Point): Point {
  return { x: (point.x - camera.left) * camera.scale, y: (point.y - camera.top) * camera.scale }
}

/** Whether a map point, widened by `margin` map pixels, is inside what the camera shows (off-screen avatars are not drawn). */
export function isInView (camera: Camera, point: Point, margin = 0): boolean {
  const width = camera.view.width / camera.scale
  const height = camera.view.height / camera.scale
  return point.x >= camera.left - margin && point.x <= camera.left + width + margin && point.y >= camera.top - margin && point.y <= camera.top + height + margin
}
