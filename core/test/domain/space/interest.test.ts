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
})
