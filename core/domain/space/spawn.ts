/**
 * Where a newcomer stands on entering a space: spread over the map's spawn area (the
 * `spawn` object with a size, ./map.ts `spawnArea`) so that entrants do not stand on one
 * spot under each other's names. Each member has their own first choice among the area's
 * walkable tiles (a hash of the uid: the same member lands on the same tile of an empty
 * area), and walks on from it, tile by tile, to the first one nobody stands on; when every
 * tile is taken, the first choice. A map whose spawn is a point keeps everyone on it.
 * Pure: the server decides (server/src/space/space.ts), tests check it.
 */
import { isBlockedTile, tileAt, tileCenter, type Point, type SpaceLayout } from './map'

/** The walkable tiles of the spawn area, row-major (none for a spawn point). */
export function spawnTiles (layout: Pick<SpaceLayout, 'grid' | 'spawnArea'>): Array<{ col: number, row: number }> {
  const { grid, spawnArea: area } = layout
  if (area === null) return []
  const first = tileAt(grid, area)
  // the last tile whose middle lies inside the area
  const lastCol = Math.ceil((area.x + area.width) / grid.tileWidth - 0.5) - 1
  const lastRow = Math.ceil((area.y + area.height) / grid.tileHeight - 0.5) - 1
  const tiles: Array<{ col: number, row: number }> = []
  for (let row = first.row; row <= lastRow; row++) {
    for (let col = first.col; col <= lastCol; col++) if (!isBlockedTile(grid, col, row)) tiles.push({ col, row })
  }
  return tiles
}

/** A uid's number (FNV-1a over its UTF-16 units): spread evenly, the same on every process. */
export function uidHash (uid: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < uid.length; index++) {
    hash ^= uid.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/**
 * Where `uid` stands on entering (a tile's middle, map pixels): its own tile of the spawn
 * area, else the next one on that nobody stands on (`taken` says whether someone stands on
 * tile (col, row)); every one taken: its own. The map's spawn point when it has no area.
 */
export function spawnPointFor (layout: Pick<SpaceLayout, 'grid' | 'spawn' | 'spawnArea'>, uid: string, taken: (col: number, row: number) => boolean): Point {
  const tiles = spawnTiles(layout)
  if (tiles.length === 0) return layout.spawn
  const start = uidHash(uid) % tiles.length
  for (let step = 0; step < tiles.length; step++) {
    const tile = tiles[(start + step) % tiles.length]
    if (!taken(tile.col, tile.row)) return tileCenter(layout.grid, tile.col, tile.row)
  }
  return tileCenter(layout.grid, tiles[start].col, tiles[start].row)
}
