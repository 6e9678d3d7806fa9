import { layoutLabels, overlapArea, type LabelRequest, type Rect } from '@core/domain/space'

/** An avatar's body (a 28-pixel circle's box) with its feet at (x, y). */
function body (x: number, y: number): Rect {
  return { x: x - 16, y: y - 30, width: 32, height: 32 }
}

function name (x: number, y: number, width = 40): LabelRequest {
  return { width, height: 15, anchor: { x, y: y + 2 }, side: 'below' }
}

function bubble (x: number, y: number, width = 120, height = 38): LabelRequest {
  return { width, height, anchor: { x, y: y - 38 }, side: 'above' }
}

/** Every pair among `rects` that overlaps, as index pairs. */
function overlapsAmong (rects: readonly Rect[]): Array<[number, number]> {
  const pairs: Array<[number, number]> = []
  for (let a = 0; a < rects.length; a++) for (let b = a + 1; b < rects.length; b++) if (overlapArea(rects[a], rects[b]) > 0) pairs.push([a, b])
  return pairs
}

function overlapsWith (rects: readonly Rect[], others: readonly Rect[]): Array<[number, number]> {
  const pairs: Array<[number, number]> = []
  rects.forEach((rect, a) => others.forEach((other, b) => { if (overlapArea(rect, other) > 0) pairs.push([a, b]) }))
  return pairs
}

describe('layoutLabels', () => {
  it('leaves a lone name under the feet and a lone bubble over the head', () => {
    const [said, label] = layoutLabels([body(100, 100)], [bubble(100, 100), name(100, 100)])
    expect(said).toEqual({ x: 40, y: 24, width: 120, height: 38 })
    expect(label).toEqual({ x: 80, y: 102, width: 40, height: 15 })
  })

  it('keeps the names of two avatars on one spot apart (the names were drawn over each other)', () => {
    const bodies = [body(100, 100), body(100, 100)]
    const labels = layoutLabels(bodies, [name(100, 100, 36), name(100, 100, 44)])
    expect(overlapsAmong(labels)).toEqual([])
    expect(overlapsWith(labels, bodies)).toEqual([])
  })

  it('moves a bubble off the avatar standing just above its speaker', () => {
    // the neighbour stands 30 pixels up and a little aside: the bubble over the speaker's head would cover them
    const bodies = [body(100, 120), body(110, 80)]
    const [said] = layoutLabels(bodies, [bubble(100, 120)])
    expect(overlapsWith([said], bodies)).toEqual([])
  })

  it('keeps bubbles, names and avatars of a small crowd off each other', () => {
    const feet = [[200, 200], [230, 205], [215, 240], [180, 230], [250, 170]]
    const bodies = feet.map(([x, y]) => body(x, y))
    const requests = [bubble(200, 200), bubble(230, 205), ...feet.map(([x, y]) => name(x, y))]
    const placed = layoutLabels(bodies, requests)
    expect(overlapsAmong(placed)).toEqual([])
    expect(overlapsWith(placed, bodies)).toEqual([])
  })

  it('places the least covering spot when none nearby is free', () => {
    // a wall of avatars all round: something must give, and the answer is still one box a request
    const bodies: Rect[] = []
    for (let x = -200; x <= 400; x += 30) for (let y = -200; y <= 400; y += 30) bodies.push(body(x, y))
    const placed = layoutLabels(bodies, [name(100, 100)])
    expect(placed).toHaveLength(1)
    expect(placed[0].width).toBe(40)
  })
})

describe('overlapArea', () => {
  it('is the area two rectangles share, and 0 when they are apart or only touch', () => {
    expect(overlapArea({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 6, width: 10, height: 10 })).toBe(20)
    expect(overlapArea({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 10, height: 10 })).toBe(0)
    expect(overlapArea({ x: 0, y: 0, width: 10, height: 10 }, { x: 30, y: 30, width: 5, height: 5 })).toBe(0)
  })
})
