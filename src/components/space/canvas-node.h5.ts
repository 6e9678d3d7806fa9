/**
 * Finds the node of the space's `Canvas type="2d"` on H5: Taro renders a real <canvas>
 * inside its canvas element, found in the document (Taro's selector query answers a null
 * node for it, the element having no `type` property). Mini-program: canvas-node.ts.
 */
import type { CanvasNode } from './canvas-types'

/** Calls `found` with the canvas node inside the element with id `id` and its size in CSS pixels (nothing when it is not there). */
export function findCanvasNode (id: string, found: (node: CanvasNode, size: { width: number, height: number }) => void): void {
  const canvas = document.getElementById(id)?.querySelector('canvas')
  if (!canvas) return
  const box = canvas.getBoundingClientRect()
  found(canvas as unknown as CanvasNode, { width: box.width, height: box.height })
}
