/**
 * The area of interest of a space: who each avatar sees. Avatars are kept in a grid of
 * square cells so a lookup reads only the cells around a point, nearest first, not the whole
 * crowd. An avatar sees another within `radius`, and keeps seeing it until it is beyond
 * `radius + margin` (hysteresis: one standing at the edge does not flicker in and out). Pure.
 */
import type { Point } from './map'

/** The key of cell (cx, cy): one number (cells within ±32768 of the origin). */
function cellKey (cx: number, cy: number): number {
  return (cx + 32768) * 65536 + (cy + 32768)
}

/** Avatars by cell, for lookups near a point. */
export class InterestGrid {
  private readonly cells = new Map<number, Set<number>>()
  private readonly cellOf = new Map<number, number>()

  /** @param cellSize the side of a cell in map pixels (a few tiles: a lookup reads the cells it touches). */
  constructor (readonly cellSize: number) {}

  private key (x: number, y: number): number {
    return cellKey(Math.floor(x / this.cellSize), Math.floor(y / this.cellSize))
  }

  /** Puts avatar `id` at a point (or moves it there). */
  place (id: number, point: Point): void {
    const key = this.key(point.x, point.y)
    const before = this.cellOf.get(id)
    if (before === key) return
    if (before !== undefined) this.removeFrom(before, id)
    let cell = this.cells.get(key)
    if (!cell) this.cells.set(key, cell = new Set())
    cell.add(id)
    this.cellOf.set(id, key)
  }

  /** Takes avatar `id` out. */
  remove (id: number): void {
    const key = this.cellOf.get(id)
    if (key === undefined) return
    this.removeFrom(key, id)
    this.cellOf.delete(id)
  }

  private removeFrom (key: number, id: number): void {
    const cell = this.cells.get(key)
    cell?.delete(id)
    if (cell?.size === 0) this.cells.delete(key)
  }

  /** The avatars in the cells that touch the square of side 2 × `reach` around `point` (a superset of those within `reach`). */
  around (point: Point, reach: number): number[] {
    const ids: number[] = []
    this.visitRings(point, reach, id => { ids.push(id) }, () => false)
    return ids
  }

  /**
   * Visits the avatars in the cells around `point` up to `reach`, ring by ring outward from
   * its cell; before each ring, `enough(d)` — d is as near as anyone in that ring can stand
   * — may end the walk (a crowd's nearest are found in its first rings).
   */
  visitRings (point: Point, reach: number, visit: (id: number) => void, enough: (nearest: number) => boolean): void {
    const size = this.cellSize
    const cx = Math.floor(point.x / size)
    const cy = Math.floor(point.y / size)
    const rings = Math.ceil(reach / size)
    for (let ring = 0; ring <= rings; ring++) {
      if (ring > 1 && enough((ring - 1) * size)) return
      for (let x = cx - ring; x <= cx + ring; x++) {
        // the ring's top and bottom rows whole, its sides between them
        const step = x === cx - ring || x === cx + ring ? 1 : 2 * ring
        for (let y = cy - ring; y <= cy + ring; y += Math.max(1, step)) {
          for (const id of this.cells.get(cellKey(x, y)) ?? []) visit(id)
        }
      }
    }
  }
}

/** Whether a viewer at `viewer` sees an avatar at `other`, given whether it saw it until now. */
export function staysInView (viewer: Point, other: Point, seenBefore: boolean, radius: number, margin: number): boolean {
  const reach = seenBefore ? radius + margin : radius
  return (viewer.x - other.x) ** 2 + (viewer.y - other.y) ** 2 <= reach * reach
}

/** Who a viewer sees now, and who came into and went out of view since `before`. */
export interface ViewChange { visible: Set<number>, entered: number[], exited: number[] }

/**
 * What avatar `self` at `viewer` sees now: the avatars `grid` holds near it, within `radius`,
 * or within `radius + margin` for those in `before`; `positionOf` gives each one's place
 * (undefined for one that left). `self` is never in it. In a crowd it sees at most `max`, the
 * nearest — one already seen counting `margin` nearer, so the edge of the crowd does not
 * flicker either.
 */
export function viewOf (
  self: number, viewer: Point, before: ReadonlySet<number>, grid: InterestGrid, positionOf: (id: number) => Point | undefined, radius: number, margin: number, max = Infinity,
): ViewChange {
  // the nearest `max` so far, by rank, nearest first (an insertion: a crowd of hundreds inserts a few dozen)
  const ids: number[] = []
  const ranks: number[] = []
  const consider = (id: number, seen: boolean): void => {
    const position = positionOf(id)
    if (id === self || !position || !staysInView(viewer, position, seen, radius, margin)) return
    const rank = Math.sqrt((viewer.x - position.x) ** 2 + (viewer.y - position.y) ** 2) - (seen ? margin : 0)
    if (ids.length >= max && !isBefore(rank, id, ranks[ids.length - 1], ids[ids.length - 1])) return
    let at = ids.length
    while (at > 0 && isBefore(rank, id, ranks[at - 1], ids[at - 1])) at--
    ids.splice(at, 0, id)
    ranks.splice(at, 0, rank)
    if (ids.length > max) {
      ids.pop()
      ranks.pop()
    }
  }
  // those seen before, one by one (they may stand up to radius + margin away), then newcomers
  // within the radius ring by ring, until no ring can hold one nearer than the last kept
  for (const id of before) consider(id, true)
  grid.visitRings(viewer, radius, id => { if (!before.has(id)) consider(id, false) }, nearest => ids.length >= max && nearest > ranks[ids.length - 1])
  const visible = new Set(ids)
  const entered = ids.filter(id => !before.has(id))
  const exited = [...before].filter(id => !visible.has(id))
  return { visible, entered, exited }
}

/** Whether (rank, id) comes before (otherRank, otherId): nearer, then the lower id. */
function isBefore (rank: number, id: number, otherRank: number, otherId: number): boolean {
  return rank < otherRank || (rank === otherRank && id < otherId)
}
