import { InterestGrid, viewOf, type Point } from '@core/domain/space'

describe('area of interest', () => {
  const positions = new Map<number, Point>()
  const grid = new InterestGrid(100)
  const put = (id: number, x: number, y: number): void => {
    positions.set(id, { x, y })
    grid.place(id, { x, y })
  }
  const view = (before: Set<number>): ReturnType<typeof viewOf> => viewOf(1, positions.get(1) as Point, before, grid, id => positions.get(id), 100, 20)

  it('sees others within the radius, not itself, not those far away', () => {
    put(1, 500, 500)
    put(2, 590, 500)
    put(3, 900, 900)
    const change = view(new Set())
    expect([...change.visible]).toEqual([2])
    expect(change.entered).toEqual([2])
  })

  it('keeps seeing one just beyond the radius (hysteresis) and drops it beyond the margin', () => {
    put(2, 610, 500)
    expect(view(new Set()).visible.has(2)).toBe(false) // newly: not within 100
    const kept = view(new Set([2]))
    expect(kept.visible.has(2)).toBe(true) // seen before: within 120
    expect(kept.exited).toEqual([])
    put(2, 625, 500)
    expect(view(new Set([2])).exited).toEqual([2])
  })

  it('drops one that left the grid', () => {
    grid.remove(2)
    positions.delete(2)
    expect(view(new Set([2])).exited).toEqual([2])
    expect(grid.around({ x: 600, y: 500 }, 50)).not.toContain(2)
  })

  it('sees at most the nearest in a crowd, and keeps one already seen unless a newcomer is nearer by more than the margin', () => {
    const crowd = new InterestGrid(100)
    const at = new Map<number, Point>([[1, { x: 0, y: 0 }], [2, { x: 10, y: 0 }], [3, { x: 30, y: 0 }], [4, { x: 50, y: 0 }]])
    for (const [id, point] of at) crowd.place(id, point)
    const first = viewOf(1, { x: 0, y: 0 }, new Set(), crowd, id => at.get(id), 100, 20, 2)
    expect([...first.visible]).toEqual([2, 3])
    at.set(4, { x: 25, y: 0 }) // nearer than 3, but by less than the margin: 3 stays
    crowd.place(4, at.get(4) as Point)
    expect([...viewOf(1, { x: 0, y: 0 }, first.visible, crowd, id => at.get(id), 100, 20, 2).visible]).toEqual([2, 3])
    at.set(4, { x: 5, y: 0 }) // nearer by more than the margin: 4 takes 3's place
    crowd.place(4, at.get(4) as Point)
    const change = viewOf(1, { x: 0, y: 0 }, first.visible, crowd, id => at.get(id), 100, 20, 2)
    expect([...change.visible].sort()).toEqual([2, 4])
    expect(change.exited).toEqual([3])
    expect(change.entered).toEqual([4])
  })

  it('forgets an id it never held, and stops looking further once the nearest it may keep are found', () => {
    const crowd = new InterestGrid(100)
    crowd.remove(99)
    const at = new Map<number, Point>([[1, { x: 0, y: 0 }], [2, { x: 10, y: 0 }], [3, { x: 20, y: 0 }], [4, { x: 30, y: 0 }], [5, { x: 250, y: 0 }]])
    for (const [id, point] of at) crowd.place(id, point)
    const change = viewOf(1, { x: 0, y: 0 }, new Set(), crowd, id => at.get(id), 300, 0, 2)
    expect([...change.visible].sort()).toEqual([2, 3])
    expect(crowd.around({ x: 0, y: 0 }, 250).sort()).toEqual([1, 2, 3, 4, 5])
  })

  it('keeps the lower id of two at the same distance when only one fits', () => {
    const tie = new InterestGrid(100)
    const at = new Map<number, Point>([[1, { x: 0, y: 0 }], [7, { x: 30, y: 0 }], [3, { x: -30, y: 0 }]])
    for (const [id, point] of at) tie.place(id, point)
    expect([...viewOf(1, { x: 0, y: 0 }, new Set(), tie, id => at.get(id), 100, 0, 1).visible]).toEqual([3])
  })
})
