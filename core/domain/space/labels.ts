/**
 * Where the space's words go on the map: each bubble over its speaker's head and each name
 * under its avatar's feet, moved (up or down, then aside, the least first) until it covers
 * no avatar and no bubble or name placed before it. Bubbles are placed first, so a name
 * gives way to a bubble. When no place nearby is free (a crowd), the one covering the
 * least. Pure (map pixels in, rectangles out): the renderer draws at what it answers.
 */
import type { Point, Rect } from './map'

/** A bubble or a name to place: its size and where it would sit by choice. */
export interface LabelRequest {
  width: number
  height: number
  /** The middle of the edge that faces the avatar: a bubble's bottom, a name's top. */
  anchor: Point
  /** `above` grows upwards from the anchor (a bubble), `below` downwards (a name). */
  side: 'above' | 'below'
}

/** Steps (map pixels) a label is moved by, up or down. */
const STEP = 9
/** How many steps away from its anchor a label may go, up or down. */
const MAX_STEPS = 4
/** Sideways shifts tried, in widths of the label. */
const SHIFTS = [0, -0.6, 0.6, -1.1, 1.1]
/** The side of a cell of the look-up grid, map pixels. */
const CELL = 64
/**
 * How many of the moves a name tries (a bubble tries them all): in a crowd most names find
 * no free place, and the frame must not spend itself looking — the least covering of these.
 */
const NAME_MOVES = 20
/** The width the order of the moves is reckoned for (a name's, about). */
const NOMINAL_WIDTH = 48

/** The area two rectangles share (0 when apart or only touching). */
export function overlapArea (a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return width > 0 && height > 0 ? width * height : 0
}

/** Rectangles by the grid cells they touch, to ask only the near ones. */
class RectGrid {
  private readonly cells = new Map<number, number[]>()
  private readonly rects: Rect[] = []
  /** The last query each rectangle was counted in (each is counted once a query). */
  private readonly stamps: number[] = []
  private query = 0

  add (rect: Rect): void {
    const index = this.rects.length
    this.rects.push(rect)
    this.stamps.push(0)
    this.forCells(rect, key => {
      const cell = this.cells.get(key)
      if (cell) cell.push(index)
      else this.cells.set(key, [index])
    })
  }

  /** The area a rectangle (left, top, width, height) shares with the rectangles added, counted until it reaches `enough`. */
  covered (x: number, y: number, width: number, height: number, enough: number): number {
    const query = ++this.query
    let total = 0
    const lastRow = Math.floor((y + height) / CELL)
    const lastCol = Math.floor((x + width) / CELL)
    for (let row = Math.floor(y / CELL); row <= lastRow; row++) {
      for (let col = Math.floor(x / CELL); col <= lastCol; col++) {
        const cell = this.cells.get(cellKey(col, row))
        if (cell === undefined) continue
        for (const index of cell) {
          if (this.stamps[index] === query) continue
          this.stamps[index] = query
          const other = this.rects[index]
          const across = Math.min(x + width, other.x + other.width) - Math.max(x, other.x)
          const down = Math.min(y + height, other.y + other.height) - Math.max(y, other.y)
          if (across > 0 && down > 0) total += across * down
          if (total >= enough) return total
        }
      }
    }
    return total
  }

  private forCells (rect: Rect, visit: (key: number) => void): void {
    const lastRow = Math.floor((rect.y + rect.height) / CELL)
    const lastCol = Math.floor((rect.x + rect.width) / CELL)
    for (let row = Math.floor(rect.y / CELL); row <= lastRow; row++) {
      for (let col = Math.floor(rect.x / CELL); col <= lastCol; col++) visit(cellKey(col, row))
    }
  }
}

/** A cell's key: rows and columns within ±2^15 cells of the origin (far beyond any map). */
function cellKey (col: number, row: number): number {
  return (row + 32768) * 65536 + col + 32768
}

/**
 * The moves tried for a label, the nearest first, as [steps away on its side, shift in
 * widths]: up to MAX_STEPS steps, each at every shift, ordered by how far they move a label
 * of NOMINAL_WIDTH (a stable sort: no shift before a shift, left before right).
 */
const MOVES: ReadonlyArray<readonly [number, number]> = Array.from({ length: MAX_STEPS + 1 }, (_, step) => SHIFTS.map(shift => [step, shift] as const))
  .flat()
  .sort((a, b) => (a[0] * STEP + Math.abs(a[1]) * NOMINAL_WIDTH) - (b[0] * STEP + Math.abs(b[1]) * NOMINAL_WIDTH))

/**
 * The rectangle of each request, in order (see the file's comment): none covers an avatar
 * (`avatars`, their bodies) or a label placed before it, where a free place is near.
 */
export function layoutLabels (avatars: readonly Rect[], requests: readonly LabelRequest[]): Rect[] {
  const taken = new RectGrid()
  for (const avatar of avatars) taken.add(avatar)
  const placed: Rect[] = []
  for (const { width, height, anchor, side } of requests) {
    let bestX = 0
    let bestY = 0
    let bestCovered = Number.POSITIVE_INFINITY
    const moves = side === 'above' ? MOVES.length : NAME_MOVES
    for (let move = 0; move < moves; move++) {
      const [step, shift] = MOVES[move]
      const x = anchor.x - width / 2 + shift * width
      const y = side === 'above' ? anchor.y - height - step * STEP : anchor.y + step * STEP
      const covered = taken.covered(x, y, width, height, bestCovered)
      if (covered < bestCovered) {
        bestX = x
        bestY = y
        bestCovered = covered
        if (covered === 0) break
      }
    }
    const rect = { x: bestX, y: bestY, width, height }
    taken.add(rect)
    placed.push(rect)
  }
  return placed
}
