/**
 * The area of interest of a space: who each avatar sees. Avatars are kept in a grid of
 * square cells so a lookup reads only the cells around a point, not the whole crowd. An
 * avatar sees another within `radius`, and keeps seeing it until it is beyond
 * `radius + margin` (hysteresis: one standing at the edge does not flicker in and out). Pure.
 */
import type { Point } from './map'

/** Avatars by cell, for lookups near a point. */
export class InterestGrid {
  private readonly cells = new Map<string, Set<number>>()
  private readonly cellOf = new Map<number, string>()

  /** @param cellSize the side of a cell in map pixels (the view radius is a good size). */
  constructor (readonly cellSize: number) {}

  private key (x: number, y: number): string {
    return `${Math.floor(x / this.cellSize)},${Math.floor(y / this.cellSize)}`
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

  private removeFrom (key: string, id: number): void {
    const cell = this.cells.get(key)
    cell?.delete(id)
    if (cell?.size === 0) this.cells.delete(key)
  }

  /** The avatars in the cells that touch the square of side 2 × `reach` around `point` (a superset of those within `reach`). */
  around (point: Point, reach: number): number[] {
    const ids: number[] = []
    const size = this.cellSize
    for (let cx = Math.floor((point.x - reach) / size); cx <= Math.floor((point.x + reach) / size); cx++) {
      for (let cy = Math.floor((point.y - reach) / size); cy <= Math.floor((point.y + reach) / size); cy++) {
        for (const id of this.cells.get(`${cx},${cy}`) ?? []) ids.push(id)
      }
    }
    return ids
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
 * (undefined for one that left). `self` is never in it.
 */
export function viewOf (self: number, viewer: Point, before: ReadonlySet<number>, grid: InterestGrid, positionOf: (id: number) => Point | undefined, radius: number, margin: number): ViewChange {
  const visible = new Set<number>()
  const entered: number[] = []
  for (const id of grid.around(viewer, radius + margin)) {
    if (id === self) continue
    const position = positionOf(id)
    if (!position || !staysInView(viewer, position, before.has(id), radius, margin)) continue
    visible.add(id)
    if (!before.has(id)) entered.push(id)
  }
  const exited = [...before].filter(id => !visible.has(id))
  return { visible, entered, exited }
}
