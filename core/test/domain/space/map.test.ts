import { isBlockedTile, isWalkable, nearestWalkableTile, readSpaceMap } from '@core/domain/space'
import { asciiMap } from './tiled'

describe('readSpaceMap', () => {
  const map = asciiMap(['#####', '#...#', '#.#.#', '#####'], [{
    name: 'objects', type: 'objectgroup', objects: [
      { id: 1, name: 'Sofa', x: 40, y: 40, width: 32, height: 32, properties: [{ name: 'hotspot_id', value: 'hs1' }] },
      { id: 2, name: 'host', x: 100, y: 40, properties: [{ name: 'host_uid', value: 'D_1' }] },
      { id: 3, name: 'spawn', type: 'spawn', x: 48, y: 80 },
      { id: 4, name: 'screen', type: 'screen', x: 32, y: 0, width: 96, height: 32 },
    ],
  }])

  it('blocks the non-zero tiles of the collision layer and everything off the map', () => {
    const { grid, width, height } = readSpaceMap(map)
    expect([width, height]).toEqual([160, 128])
    expect(isBlockedTile(grid, 0, 0)).toBe(true)
    expect(isBlockedTile(grid, 1, 1)).toBe(false)
    expect(isBlockedTile(grid, 2, 2)).toBe(true)
    expect(isBlockedTile(grid, -1, 1)).toBe(true)
    expect(isBlockedTile(grid, 5, 1)).toBe(true)
    expect(isWalkable(grid, { x: 48, y: 48 })).toBe(true)
    expect(isWalkable(grid, { x: -1, y: 48 })).toBe(false)
  })

  it('reads an obstacles layer without tile data as blocking nothing', () => {
    const empty = asciiMap(['...', '...'])
    const { grid } = readSpaceMap({ ...empty, layers: [...empty.layers.filter(layer => layer.type !== 'tilelayer'), { name: 'obstacles', type: 'tilelayer' }] })
    expect(isBlockedTile(grid, 1, 1)).toBe(false)
    expect(isBlockedTile(grid, 3, 1)).toBe(true)
  })

  it('reads hotspots, hosts, the spawn point and the screen from object layers', () => {
    const layout = readSpaceMap(map)
    expect(layout.hotspots).toEqual([{ hotspot_id: 'hs1', name: 'Sofa', x: 40, y: 40, width: 32, height: 32 }])
    expect(layout.hosts).toEqual([{ uid: 'D_1', x: 100, y: 40 }])
    expect(layout.spawn).toEqual({ x: 48, y: 80 })
    expect(layout.screen).toEqual({ x: 32, y: 0, width: 96, height: 32 })
  })

  it('puts a spawn that falls on a wall, or a missing one, on the nearest walkable tile', () => {
    const walled = readSpaceMap(asciiMap(['###', '#.#', '###'], [{ name: 'o', type: 'objectgroup', objects: [{ id: 1, name: 'spawn', x: 5, y: 5 }] }]))
    expect(walled.spawn).toEqual({ x: 48, y: 48 })
    const none = readSpaceMap(asciiMap(['....', '.##.', '....']))
    expect(isWalkable(none.grid, none.spawn)).toBe(true)
  })

  it('finds no walkable tile on a map that is all wall', () => {
    expect(nearestWalkableTile(readSpaceMap(asciiMap(['##', '##'])).grid, 0, 0)).toBeNull()
  })

  it('reads an object\'s kind from its class as well as its type, names alone, sizes that are missing, and layers without objects', () => {
    const layout = readSpaceMap(asciiMap(['####', '#..#', '#..#', '####'], [
      { name: 'empty', type: 'objectgroup' },
      { name: 'o', type: 'objectgroup', objects: [{ id: 1, class: 'screen', x: 32, y: 0 }, { id: 2, name: 'spawn', x: 80, y: 80 }] },
    ]))
    expect(layout.screen).toEqual({ x: 32, y: 0, width: 0, height: 0 })
    expect(layout.spawn).toEqual({ x: 80, y: 80 })
    const classed = readSpaceMap(asciiMap(['####', '#..#', '####'], [{ name: 'o', type: 'objectgroup', objects: [{ id: 1, class: 'spawn', x: 48, y: 48 }, { id: 2, name: 'screen', x: 0, y: 0, width: 10, height: 10 }] }]))
    expect([classed.spawn, classed.screen]).toEqual([{ x: 48, y: 48 }, { x: 0, y: 0, width: 10, height: 10 }])
  })

  it('leaves objects it does not know alone, names an unnamed hotspot with nothing, and blocks only the edges of a map without a collision layer', () => {
    const layout = readSpaceMap({
      orientation: 'orthogonal', width: 3, height: 2, tilewidth: 32, tileheight: 32, tilesets: [],
      layers: [{ name: 'o', type: 'objectgroup', objects: [{ id: 1, name: 'tree', x: 10, y: 10 }, { id: 2, x: 40, y: 40, properties: [{ name: 'hotspot_id', value: 'hs9' }] }] }],
    })
    expect(layout.hotspots).toEqual([{ hotspot_id: 'hs9', name: '', x: 40, y: 40, width: 0, height: 0 }])
    expect([layout.hosts, layout.screen]).toEqual([[], null])
    expect([isBlockedTile(layout.grid, 0, 0), isBlockedTile(layout.grid, 2, 1), isBlockedTile(layout.grid, 3, 0)]).toEqual([false, false, true])
  })
})
