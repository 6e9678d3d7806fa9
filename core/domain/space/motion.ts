/**
 * Motion in a space: an avatar advances along its path or in a steered direction by at most
 * speed × dt, in sub-steps no longer than a quarter tile, and never onto a blocked tile (./map.ts):
 * a steered avatar slides along a wall on the axis that is free; one on a path stops where the
 * path is blocked. Directions as the wire has them (core/wire/space.ts): 0 down, 1 left,
 * 2 right, 3 up. Pure.
 */
import { isWalkable, type Point, type SpaceGrid } from './map'

/** Where an avatar stands and which way it faces. */
export interface Pose extends Point { dir: number }

/** The facing of a motion (dx, dy): the larger axis wins, down when both are zero. */
export function directionOf (dx: number, dy: number, previous = 0): number {
  if (dx === 0 && dy === 0) return previous
  if (Math.abs(dx) > Math.abs(dy)) return dx < 0 ? 1 : 2
  return dy < 0 ? 3 : 0
}

function subStep (grid: SpaceGrid): number {
  return Math.max(1, Math.min(grid.tileWidth, grid.tileHeight) / 4)
}

/** The result of advancing along a path: the pose and the waypoints still ahead. */
export interface PathAdvance { pose: Pose, path: Point[] }

/**
 * Advances `pose` along `path` by `distance` map pixels (speed × dt). Waypoints reached are
 * dropped; a waypoint whose way is blocked stops the walk there (the rest of the path is dropped).
 */
export function advanceAlongPath (grid: SpaceGrid, pose: Pose, path: readonly Point[], distance: number): PathAdvance {
  let { x, y, dir } = pose
  let left = Math.max(0, distance)
  let index = 0
  const step = subStep(grid)
  while (index < path.length && left > 0) {
    const target = path[index]
    const dx = target.x - x
    const dy = target.y - y
    const length = Math.hypot(dx, dy)
    if (length === 0) {
      index++
      continue
    }
    dir = directionOf(dx, dy, dir)
    const move = Math.min(left, length, step)
    const nx = move === length ? target.x : x + dx / length * move
    const ny = move === length ? target.y : y + dy / length * move
    if (!isWalkable(grid, { x: nx, y: ny })) return { pose: { x, y, dir }, path: [] }
    x = nx
    y = ny
    left -= move
    if (move === length) index++
  }
  return { pose: { x, y, dir }, path: path.slice(index) }
}

/**
 * Advances `pose` in direction (dx, dy) (each -1, 0 or 1; a diagonal at the same speed)
 * by `distance`; against a wall it slides along the free axis, or stays.
 */
export function advanceSteered (grid: SpaceGrid, pose: Pose, dx: number, dy: number, distance: number): Pose {
  const length = Math.hypot(dx, dy)
  if (length === 0 || distance <= 0) return pose
  const ux = dx / length
  const uy = dy / length
  let { x, y } = pose
  const step = subStep(grid)
  for (let left = distance; left > 0;) {
    const move = Math.min(left, step)
    left -= move
    if (isWalkable(grid, { x: x + ux * move, y: y + uy * move })) {
      x += ux * move
      y += uy * move
    } else if (ux !== 0 && isWalkable(grid, { x: x + ux * move, y })) {
      x += ux * move
    } else if (uy !== 0 && isWalkable(grid, { x, y: y + uy * move })) {
      y += uy * move
    } else {
      break
    }
  }
  return { x, y, dir: directionOf(dx, dy, pose.dir) }
}
