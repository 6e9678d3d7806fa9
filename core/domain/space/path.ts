/**
 * Path finding on a space's tile grid (./map.ts): A* over the 8 neighbours of a tile, a
 * diagonal step only where both tiles beside it are walkable (no cutting a wall's corner).
 * The work is bounded: at most `maxExpanded` tiles are expanded. A target that cannot be
 * reached (blocked, off the map, walled in, or beyond the bound) is replaced by the reached
 * tile nearest to it, so a tap on a wall walks up to the wall. Pure.
 */
import { isBlockedTile, tileAt, tileCenter, isWalkable, type Point, type SpaceGrid } from './map'

/** Default bound on the tiles one search expands (a 50×29 map has 1450). */
export const PATH_MAX_EXPANDED = 4000

const STEPS: ReadonlyArray<readonly [number, number, number]> = [
  [1, 0, 1], [-1, 0, 1], [0, 1, 1], [0, -1, 1],
  [1, 1, Math.SQRT2], [1, -1, Math.SQRT2], [-1, 1, Math.SQRT2], [-1, -1, Math.SQRT2],
]

/** Octile distance between two tiles. */
function octile (dc: number, dr: number): number {
  const a = Math.abs(dc)
  const b = Math.abs(dr)
  return Math.max(a, b) + (Math.SQRT2 - 1) * Math.min(a, b)
}

/** A binary min-heap of tile indices by score. */
class MinHeap {
  private readonly items: number[] = []
  constructor (private readonly score: Float64Array) {}
  get size (): number { return this.items.length }
  push (item: number): void {
    const items = this.items
    items.push(item)
    for (let at = items.length - 1; at > 0;) {
      const parent = (at - 1) >> 1
      if (this.score[items[parent]] <= this.score[items[at]]) break
      ;[items[parent], items[at]] = [items[at], items[parent]]
      at = parent
    }
  }

  pop (): number {
    const items = this.items
    const top = items[0]
    const last = items.pop() as number
    if (items.length > 0) {
      items[0] = last
      for (let at = 0; ;) {
        const left = 2 * at + 1
        const right = left + 1
        let least = at
        if (left < items.length && this.score[items[left]] < this.score[items[least]]) least = left
        if (right < items.length && this.score[items[right]] < this.score[items[least]]) least = right
        if (least === at) break
        ;[items[least], items[at]] = [items[at], items[least]]
        at = least
      }
    }
    return top
  }
}

/**
 * The waypoints (map pixels) from `from` towards `to`: tile middles, ending at `to` itself
 * when it is reachable, else at the middle of the reached tile nearest to it. Empty when
 * `from` already stands on the tile it ends on and `to` is not reachable, or `from` is blocked.
 */
export function findPath (grid: SpaceGrid, from: Point, to: Point, maxExpanded = PATH_MAX_EXPANDED): Point[] {
  const start = tileAt(grid, from)
  if (isBlockedTile(grid, start.col, start.row)) return []
  const goalTile = tileAt(grid, to)
  const cols = grid.cols
  const size = cols * grid.rows
  const cost = new Float64Array(size).fill(Infinity)
  const score = new Float64Array(size).fill(Infinity)
  const cameFrom = new Int32Array(size).fill(-1)
  const closed = new Uint8Array(size)
  const startIndex = start.row * cols + start.col
  const heuristic = (index: number): number => octile(goalTile.col - (index % cols), goalTile.row - Math.floor(index / cols))
  cost[startIndex] = 0
  score[startIndex] = heuristic(startIndex)
  const open = new MinHeap(score)
  open.push(startIndex)
  let nearest = startIndex
  let nearestDistance = heuristic(startIndex)
  let reached = false
  for (let expanded = 0; open.size > 0 && expanded < maxExpanded; expanded++) {
    const index = open.pop()
    if (closed[index] === 1) continue
    closed[index] = 1
    const distance = heuristic(index)
    if (distance < nearestDistance || (distance === nearestDistance && cost[index] < cost[nearest])) {
      nearest = index
      nearestDistance = distance
    }
    if (distance === 0) {
      reached = true
      break
    }
    const col = index % cols
    const row = Math.floor(index / cols)
    for (const [dc, dr, step] of STEPS) {
      const nc = col + dc
      const nr = row + dr
      if (isBlockedTile(grid, nc, nr)) continue
      if (dc !== 0 && dr !== 0 && (isBlockedTile(grid, col + dc, row) || isBlockedTile(grid, col, row + dr))) continue
      const next = nr * cols + nc
      if (closed[next] === 1) continue
      const through = cost[index] + step
      if (through >= cost[next]) continue
      cost[next] = through
      cameFrom[next] = index
      score[next] = through + heuristic(next)
      open.push(next)
    }
  }
  const tiles: number[] = []
  for (let index = nearest; index !== startIndex; index = cameFrom[index]) tiles.push(index)
  tiles.reverse()
  const path = tiles.map(index => tileCenter(grid, index % cols, Math.floor(index / cols)))
  if (reached && isWalkable(grid, to)) {
    // the last tile middle is on the target's tile: walk straight on to the point itself
    if (path.length > 0) path[path.length - 1] = { x: to.x, y: to.y }
    else path.push({ x: to.x, y: to.y })
  }
  return path
}
