import { advanceAlongPath, advanceSteered, directionOf, findPath, isWalkable, readSpaceMap } from '@core/domain/space'
import { asciiMap } from './tiled'

const { grid } = readSpaceMap(asciiMap([
  '#######',
  '#.....#',
  '#..#..#',
  '#.....#',
  '#######',
]))

describe('motion', () => {
  it('advances along a path by the distance, never more, and drops reached waypoints', () => {
    const start = { x: 48, y: 48, dir: 0 }
    const path = [{ x: 80, y: 48 }, { x: 112, y: 48 }]
    const { pose, path: rest } = advanceAlongPath(grid, start, path, 40)
    expect(pose.x).toBeCloseTo(88)
    expect(pose.y).toBe(48)
    expect(pose.dir).toBe(2)
    expect(rest).toEqual([{ x: 112, y: 48 }])
    const done = advanceAlongPath(grid, pose, rest, 1000)
    expect(done.pose).toEqual({ x: 112, y: 48, dir: 2 })
    expect(done.path).toEqual([])
  })

  it('walks a found path around a wall in steps that never land on a blocked tile', () => {
    let pose = { x: 48, y: 80, dir: 0 }
    let path = findPath(grid, pose, { x: 176, y: 80 })
    let travelled = 0
    while (path.length > 0) {
      const before = pose
      ;({ pose, path } = advanceAlongPath(grid, pose, path, 10))
      const step = Math.hypot(pose.x - before.x, pose.y - before.y)
      expect(step).toBeLessThanOrEqual(10 + 1e-9)
      expect(isWalkable(grid, pose)).toBe(true)
      travelled += step
      if (travelled > 1000) throw new Error('never arrived')
    }
    expect(pose).toMatchObject({ x: 176, y: 80 })
  })

  it('passes over a waypoint it already stands on', () => {
    const { pose, path } = advanceAlongPath(grid, { x: 48, y: 48, dir: 0 }, [{ x: 48, y: 48 }, { x: 68, y: 48 }], 100)
    expect([pose, path]).toEqual([{ x: 68, y: 48, dir: 2 }, []])
  })

  it('stops a path where it is blocked', () => {
    const { pose, path } = advanceAlongPath(grid, { x: 80, y: 80, dir: 0 }, [{ x: 144, y: 80 }], 100)
    expect(isWalkable(grid, pose)).toBe(true)
    expect(pose.x).toBeLessThan(96)
    expect(path).toEqual([])
  })

  it('steers at the speed, diagonals too, and slides along a wall', () => {
    const right = advanceSteered(grid, { x: 48, y: 48, dir: 0 }, 1, 0, 20)
    expect(right).toEqual({ x: 68, y: 48, dir: 2 })
    const diagonal = advanceSteered(grid, { x: 48, y: 48, dir: 0 }, 1, 1, 20)
    expect(Math.hypot(diagonal.x - 48, diagonal.y - 48)).toBeCloseTo(20)
    // into the top wall going up-right: slides right, never into row 0
    const slide = advanceSteered(grid, { x: 48, y: 40, dir: 0 }, 1, -1, 40)
    expect(slide.y).toBeGreaterThanOrEqual(32)
    expect(slide.x).toBeGreaterThan(48)
    expect(isWalkable(grid, slide)).toBe(true)
    const wall = advanceSteered(grid, { x: 48, y: 48, dir: 0 }, -1, 0, 100)
    expect(wall.x).toBeGreaterThanOrEqual(32)
    expect(wall.dir).toBe(1)
  })

  it('faces the larger axis of the motion', () => {
    expect([directionOf(0, 1), directionOf(-1, 0), directionOf(1, 0.5), directionOf(0, -1), directionOf(0, 0, 2)]).toEqual([0, 1, 2, 3, 2])
  })

  it('stays put with no direction or no distance, slides down a side wall, and stops in a corner', () => {
    const pose = { x: 48, y: 48, dir: 3 }
    expect(advanceSteered(grid, pose, 0, 0, 20)).toBe(pose)
    expect(advanceSteered(grid, pose, 1, 0, 0)).toBe(pose)
    // down-left against the left wall: x is blocked, it slides down
    const down = advanceSteered(grid, { x: 34, y: 48, dir: 0 }, -1, 1, 20)
    expect(down.x).toBeGreaterThanOrEqual(32)
    expect(down.y).toBeGreaterThan(48)
    expect(isWalkable(grid, down)).toBe(true)
    // up-left into the top-left corner: both axes blocked, it stops there
    const corner = advanceSteered(grid, { x: 48, y: 48, dir: 0 }, -1, -1, 200)
    expect(isWalkable(grid, corner)).toBe(true)
    expect(Math.hypot(corner.x - 32, corner.y - 32)).toBeLessThan(8)
  })
})
