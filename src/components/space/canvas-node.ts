/**
 * Finds the node of the space's `Canvas type="2d"` in the mini-program: WeChat's selector
 * query gives the canvas node and its size (H5: canvas-node.h5.ts).
 */
import Taro from '@tarojs/taro'
import type { CanvasNode } from './canvas-types'

/** Calls `found` with the canvas node with id `id` and its size in CSS pixels (nothing when it is not there). */
export function findCanvasNode (id: string, found: (node: CanvasNode, size: { width: number, height: number }) => void): void {
  Taro.createSelectorQuery().select(`#${id}`).fields({ node: true, size: true }).exec(result => {
    const answer = result?.[0] as { node?: CanvasNode, width?: number, height?: number } | undefined
    if (answer?.node) found(answer.node, { width: answer.width ?? 0, height: answer.height ?? 0 })
  })
}
