import { readSpaceMap, spawnPointFor, spawnTiles, tileAt, type Point } from '@core/domain/space'
import { asciiMap } from './tiled'

/** A hall of 10 × 6 walkable tiles with a spawn area of 4 × 2 tiles, one of them a pillar. */
const hall = readSpaceMap(asciiMap(['############', '#..........#', '#..........#', '#...#......#', '#..........#', '#..........#', '############'], [{
  name: 'objects', type: 'objectgroup', objects: [{ id: 1, name: 'spawn', type: 'spawn', x: 96, y: 96, width: 128, height: 64 }],
}]))

/** Lets `uids` in one after another, each onto the spot the rule gives with those before standing. */
function enterAll (uids: readonly string[]): Point[] {
  const standing: Point[] = []
  for (const uid of uids) {
    const taken = new Set(standing.map(point => { const tile = tileAt(hall.grid, point); return `${tile.col},${tile.row}` }))
    standing.push(spawnPointFor(hall, uid, (col, row) => taken.has(`${col},${row}`)))
  }
  return standing
}

describe('spawnPointFor', () => {
  it('reads the spawn object with a size as the area, its middle as the spawn point', () => {
    expect(hall.spawnArea).toEqual({ x: 96, y: 96, width: 128, height: 64 })
    expect(hall.spawn).toEqual({ x: 160, y: 128 })
    // 4 × 2 tiles, less the pillar at (4, 3)
    expect(spawnTiles(hall)).toHaveLength(7)
    expect(spawnTiles(hall)).not.toContainEqual({ col: 4, row: 3 })
  })

  it('gives no two entrants the same spot while the area has room, each on a walkable tile of it', () => {
    const spots = enterAll(['100001', 'B_300001', '100002', '100003', 'B_300002', '100004', 'D_1'])
    expect(new Set(spots.map(spot => `${spot.x},${spot.y}`)).size).toBe(7)
    for (const spot of spots) expect(spawnTiles(hall)).toContainEqual(tileAt(hall.grid, spot))
  })

  it('puts the same member on the same tile of an empty area, and members apart from each other', () => {
    const nobody = () => false
    expect(spawnPointFor(hall, '100001', nobody)).toEqual(spawnPointFor(hall, '100001', nobody))
    const firsts = new Set(['100001', '100002', '100003', '100004', 'B_300001'].map(uid => JSON.stringify(spawnPointFor(hall, uid, nobody))))
    expect(firsts.size).toBeGreaterThan(1)
  })

  it('puts an entrant on their own tile again once every tile is taken', () => {
    expect(spawnPointFor(hall, '100001', () => true)).toEqual(spawnPointFor(hall, '100001', () => false))
  })

  it('keeps everyone on a spawn point without a size', () => {
    const point = readSpaceMap(asciiMap(['#####', '#...#', '#####'], [{ name: 'o', type: 'objectgroup', objects: [{ id: 1, name: 'spawn', x: 48, y: 48 }] }]))
    expect(point.spawnArea).toBeNull()
    expect(spawnPointFor(point, 'a', () => true)).toEqual({ x: 48, y: 48 })
  })
})

describe('the obstacles layer', () => {
  it('blocks as the collision layer does, and is a layer of its own', () => {
    const map = asciiMap(['....', '....'])
    map.layers = [
      { name: 'ground', type: 'tilelayer', width: 4, height: 2, data: [1, 1, 1, 1, 1, 1, 1, 1] },
      { name: 'obstacles', type: 'tilelayer', width: 4, height: 2, data: [0, 8, 0, 0, 0, 0, 0, 9] },
    ]
    const { grid } = readSpaceMap(map)
    expect(Array.from(grid.blocked)).toEqual([0, 1, 0, 0, 0, 0, 0, 1])
  })
})
