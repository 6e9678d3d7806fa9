/** Test maps: a Tiled map from rows of text ('#' blocks, '.' walks), tiles of 32 px. */
import type { TiledMap } from '@core/wire/space'

/** A Tiled map whose `collision` layer is drawn by `rows`, with extra layers. */
export function asciiMap (rows: string[], layers: TiledMap['layers'] = []): TiledMap {
  const width = rows[0].length
  return {
    orientation: 'orthogonal', width, height: rows.length, tilewidth: 32, tileheight: 32,
    layers: [{ name: 'collision', type: 'tilelayer', width, height: rows.length, data: rows.join('').split('').map(cell => cell === '#' ? 1 : 0) }, ...layers],
    tilesets: [],
  }
}
