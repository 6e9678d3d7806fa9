import { findPath, isWalkable, readSpaceMap, tileAt } from '@core/domain/space'
import { asciiMap } from './tiled'

const { grid } = readSpaceMap(asciiMap([
  '#########',
  '#...#...#',
  '#...#...#',
  '#...#...#',
  '#.......#',
  '#########',
]))

describe('findPath', () => {
  it('walks around a wall to the exact target, every waypoint walkable, no corner cut', () => {
    const path = findPath(grid, { x: 48, y: 48 }, { x: 230, y: 40 })
    expect(path[path.length - 1]).toEqual({ x: 230, y: 40 })
    for (const point of path) expect(isWalkable(grid, point)).toBe(true)
    // the wall (column 4, rows 1–3) is passed below it, through row 4
    expect(path.some(point => tileAt(grid, point).row === 4 && tileAt(grid, point).col === 4)).toBe(true)
    let previous = tileAt(grid, { x: 48, y: 48 })
    for (const point of path) {
      const tile = tileAt(grid, point)
      expect(Math.abs(tile.col - previous.col)).toBeLessThanOrEqual(1)
      expect(Math.abs(tile.row - previous.row)).toBeLessThanOrEqual(1)
      if (tile.col !== previous.col && tile.row !== previous.row) {
        expect(isWalkable(grid, { x: tile.col * 32 + 16, y: previous.row * 32 + 16 })).toBe(true)
        expect(isWalkable(grid, { x: previous.col * 32 + 16, y: tile.row * 32 + 16 })).toBe(true)
      }
      previous = tile
    }
  })

  it('walks towards a blocked or off-map target up to the nearest reachable tile', () => {
    const intoWall = findPath(grid, { x: 48, y: 48 }, { x: 144, y: 48 })
    expect(tileAt(grid, intoWall[intoWall.length - 1])).toEqual({ col: 3, row: 1 })
    const offMap = findPath(grid, { x: 80, y: 112 }, { x: -500, y: 48 })
    expect(tileAt(grid, offMap[offMap.length - 1])).toEqual({ col: 1, row: 1 })
    expect(findPath(grid, { x: 48, y: 48 }, { x: -500, y: 48 })).toEqual([]) // already as near as it gets
  })

  it('stops at the reached tile nearest the target when the work bound runs out', () => {
    const path = findPath(grid, { x: 48, y: 48 }, { x: 230, y: 40 }, 3)
    expect(path.length).toBeGreaterThan(0)
    expect(path[path.length - 1]).not.toEqual({ x: 230, y: 40 })
  })

  it('finds nothing from a blocked tile', () => {
    expect(findPath(grid, { x: 0, y: 0 }, { x: 48, y: 48 })).toEqual([])
  })

  it('walks straight to a point on the tile it already stands on', () => {
    const on = readSpaceMap(asciiMap(['###', '#.#', '###'])).grid
    expect(findPath(on, { x: 40, y: 40 }, { x: 56, y: 50 })).toEqual([{ x: 56, y: 50 }])
  })
})
