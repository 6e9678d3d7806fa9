/**
 * Which rows of a long list to render (only what is near the viewport): rows
 * have their own heights (measured once shown, estimated before), the rows above the
 * window become one spacer and the rows below another, so the scroll height stays
 * right while a channel of 10,000 messages renders a few dozen rows. Pure.
 */

/** The rows to render and the spacers around them. */
export interface ListWindow {
  /** First rendered row. */
  start: number
  /** One past the last rendered row. */
  end: number
  /** Height of the rows above `start`. */
  before: number
  /** Height of the rows from `end` on. */
  after: number
  /** Height of every row together. */
  total: number
}

/** Where the viewport is and how far beyond it rows are still rendered. */
export interface ViewportInput {
  scrollTop: number
  viewportHeight: number
  /** Pixels rendered above and below the viewport, so a quick scroll shows no blank. */
  overscan: number
}

/** Offsets of a list's rows: `offsets[i]` is the top of row i, `offsets[count]` the total height. */
export function rowOffsets (heights: readonly number[]): number[] {
  const offsets = new Array<number>(heights.length + 1)
  offsets[0] = 0
  for (let index = 0; index < heights.length; index += 1) offsets[index + 1] = offsets[index] + heights[index]
  return offsets
}

/** The first row whose bottom is below `y` (binary search over the offsets). */
function rowAt (offsets: readonly number[], y: number): number {
  let low = 0
  let high = offsets.length - 2
  while (low < high) {
    const middle = (low + high) >> 1
    if (offsets[middle + 1] <= y) low = middle + 1
    else high = middle
  }
  return Math.max(0, low)
}

/** The rows within `overscan` of the viewport, and the spacers that stand for the others. */
export function listWindow (offsets: readonly number[], viewport: ViewportInput): ListWindow {
  const count = offsets.length - 1
  const total = offsets[count]
  if (count === 0) return { start: 0, end: 0, before: 0, after: 0, total }
  const top = Math.max(0, viewport.scrollTop - viewport.overscan)
  const bottom = viewport.scrollTop + viewport.viewportHeight + viewport.overscan
  const start = rowAt(offsets, top)
  const end = Math.min(count, rowAt(offsets, bottom) + 1)
  return { start, end, before: offsets[start], after: total - offsets[end], total }
}
