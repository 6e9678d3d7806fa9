/**
 * The demo spaces' tileset, drawn pixel by pixel at seed time and stored as a PNG (a PNG,
 * not an SVG: the mini-program's canvas images take PNG): ground tiles (grass, grass with
 * flowers, a sand path, a wooden floor, a stone floor, a carpet) and what stands on the
 * ground (water, a brick wall, a table, a potted plant; transparent round the last two, so
 * the ground shows). SPACE_TILE (32) pixels a tile, SPACE_TILE_COLUMNS a row. The same
 * drawing every run: the speckles come from each tile's own seeded sequence.
 * `npx tsx server/src/db/seed/space-tiles.ts out.png` writes it to a file to look at.
 */
import { writeFileSync } from 'fs'
import { deflateSync } from 'zlib'
import { SPACE_TILE } from '../../space/map'

/** The tiles, by their index in the tileset (a Tiled gid is the index + the tileset's firstgid). */
export const SpaceTile = {
  Grass: 0,
  Flowers: 1,
  Path: 2,
  Wood: 3,
  Stone: 4,
  Carpet: 5,
  Water: 6,
  Wall: 7,
  Table: 8,
  Plant: 9,
} as const
/** One tile of the tileset. */
export type SpaceTile = typeof SpaceTile[keyof typeof SpaceTile]

/** Tiles a row of the tileset image. */
export const SPACE_TILE_COLUMNS = 5
/** Tiles in the tileset. */
export const SPACE_TILE_COUNT = Object.keys(SpaceTile).length
/** The tileset image's size in pixels. */
export const SPACE_TILESET_SIZE = { width: SPACE_TILE_COLUMNS * SPACE_TILE, height: Math.ceil(SPACE_TILE_COUNT / SPACE_TILE_COLUMNS) * SPACE_TILE }

type Rgba = readonly [number, number, number, number]

function hex (colour: string, alpha = 255): Rgba {
  const value = parseInt(colour.slice(1), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255, alpha]
}

/** A small deterministic sequence in [0, 1) (a linear congruential generator). */
function sequence (seed: number): () => number {
  let state = (seed * 2654435761) >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 0x100000000
  }
}

/** One tile's pixels, drawn in tile coordinates (0..SPACE_TILE), over the whole image. */
class TilePainter {
  constructor (private readonly pixels: Uint8Array, private readonly imageWidth: number, private readonly left: number, private readonly top: number) {}

  set (x: number, y: number, colour: Rgba): void {
    if (x < 0 || y < 0 || x >= SPACE_TILE || y >= SPACE_TILE) return
    const at = ((this.top + y) * this.imageWidth + this.left + x) * 4
    const alpha = colour[3] / 255
    for (let channel = 0; channel < 3; channel++) this.pixels[at + channel] = Math.round(colour[channel] * alpha + this.pixels[at + channel] * (1 - alpha))
    this.pixels[at + 3] = Math.max(this.pixels[at + 3], colour[3])
  }

  rect (x: number, y: number, width: number, height: number, colour: Rgba): void {
    for (let row = y; row < y + height; row++) for (let col = x; col < x + width; col++) this.set(col, row, colour)
  }

  disc (cx: number, cy: number, radius: number, colour: Rgba): void {
    for (let row = Math.floor(cy - radius); row <= Math.ceil(cy + radius); row++) {
      for (let col = Math.floor(cx - radius); col <= Math.ceil(cx + radius); col++) {
        if ((col + 0.5 - cx) ** 2 + (row + 0.5 - cy) ** 2 <= radius * radius) this.set(col, row, colour)
      }
    }
  }

  /** `count` single pixels of `colours` at places of `random`. */
  speckle (random: () => number, count: number, colours: readonly Rgba[]): void {
    for (let index = 0; index < count; index++) this.set(Math.floor(random() * SPACE_TILE), Math.floor(random() * SPACE_TILE), colours[index % colours.length])
  }
}

const GRASS = hex('#7cbf5a')
const GRASS_SPECKS = [hex('#6aad4b'), hex('#8fd16a'), hex('#5f9e43')]

function grass (paint: TilePainter, random: () => number): void {
  paint.rect(0, 0, SPACE_TILE, SPACE_TILE, GRASS)
  paint.speckle(random, 90, GRASS_SPECKS)
  // a few blades
  for (let blade = 0; blade < 7; blade++) {
    const x = Math.floor(random() * 30) + 1
    const y = Math.floor(random() * 28) + 2
    paint.rect(x, y, 1, 3, hex('#5a9a3f'))
  }
}

const DRAW: Record<SpaceTile, (paint: TilePainter, random: () => number) => void> = {
  [SpaceTile.Grass]: grass,
  [SpaceTile.Flowers]: (paint, random) => {
    grass(paint, random)
    const petals = [hex('#ffffff'), hex('#f9a8d4'), hex('#fde047')]
    for (let flower = 0; flower < 4; flower++) {
      const x = 3 + Math.floor(random() * 26)
      const y = 3 + Math.floor(random() * 26)
      const petal = petals[flower % petals.length]
      paint.rect(x - 1, y, 3, 1, petal)
      paint.rect(x, y - 1, 1, 3, petal)
      paint.set(x, y, hex('#f59e0b'))
    }
  },
  [SpaceTile.Path]: (paint, random) => {
    paint.rect(0, 0, SPACE_TILE, SPACE_TILE, hex('#dcc89e'))
    paint.speckle(random, 70, [hex('#cdb585'), hex('#e6d6b2')])
    for (let pebble = 0; pebble < 5; pebble++) paint.disc(2 + random() * 28, 2 + random() * 28, 1.6, hex('#bfa678'))
  },
  [SpaceTile.Wood]: (paint, random) => {
    // planks 8 pixels high, their joints staggered row by row
    const tones = [hex('#c8955f'), hex('#c08c57'), hex('#cc9b66'), hex('#bb8752')]
    for (let plank = 0; plank < 4; plank++) {
      const y = plank * 8
      paint.rect(0, y, SPACE_TILE, 8, tones[plank])
      paint.rect(0, y + 7, SPACE_TILE, 1, hex('#9c6b3c'))
      paint.rect((plank * 11 + 5) % SPACE_TILE, y, 1, 7, hex('#a87546'))
      for (let grain = 0; grain < 3; grain++) paint.rect(Math.floor(random() * 26), y + 2 + Math.floor(random() * 4), 5, 1, hex('#b47f4c'))
    }
  },
  [SpaceTile.Stone]: (paint, random) => {
    paint.rect(0, 0, SPACE_TILE, SPACE_TILE, hex('#e9e4d8'))
    paint.speckle(random, 40, [hex('#ded7c6'), hex('#f3efe6')])
    paint.rect(0, 15, SPACE_TILE, 1, hex('#cfc6b2'))
    paint.rect(15, 0, 1, SPACE_TILE, hex('#cfc6b2'))
    paint.rect(0, 31, SPACE_TILE, 1, hex('#cfc6b2'))
    paint.rect(31, 0, 1, SPACE_TILE, hex('#cfc6b2'))
  },
  [SpaceTile.Carpet]: paint => {
    paint.rect(0, 0, SPACE_TILE, SPACE_TILE, hex('#2f8f83'))
    // a small diamond in the middle of each tile, so a runner reads as woven
    for (let step = 0; step < 5; step++) {
      paint.rect(16 - step, 11 + step, 1 + step * 2, 1, hex('#3aa597'))
      paint.rect(16 - step, 21 - step, 1 + step * 2, 1, hex('#3aa597'))
    }
  },
  [SpaceTile.Water]: (paint, random) => {
    paint.rect(0, 0, SPACE_TILE, SPACE_TILE, hex('#4aa3df'))
    paint.speckle(random, 30, [hex('#429ad6')])
    for (let ripple = 0; ripple < 5; ripple++) paint.rect(Math.floor(random() * 24), 3 + ripple * 6, 6 + Math.floor(random() * 4), 1, hex('#8fd0f3'))
  },
  [SpaceTile.Wall]: paint => {
    paint.rect(0, 0, SPACE_TILE, SPACE_TILE, hex('#6b4434'))
    // bricks 16 × 8, every other row by half a brick
    for (let row = 0; row < 4; row++) {
      const offset = row % 2 === 0 ? 0 : 8
      for (let brick = -1; brick < 2; brick++) {
        const x = brick * 16 + offset
        paint.rect(x + 1, row * 8 + 1, 14, 6, row % 2 === 0 ? hex('#94614a') : hex('#8a5a44'))
        paint.rect(x + 1, row * 8 + 1, 14, 1, hex('#a8735a'))
      }
    }
  },
  [SpaceTile.Table]: paint => {
    // a counter top across the whole tile, so tables side by side make one counter; its shadow and front below
    paint.rect(0, 24, SPACE_TILE, 4, hex('#000000', 50))
    paint.rect(0, 8, SPACE_TILE, 14, hex('#b97b48'))
    paint.rect(0, 8, SPACE_TILE, 2, hex('#d39660'))
    paint.rect(0, 20, SPACE_TILE, 4, hex('#8c5a32'))
    paint.rect(0, 13, SPACE_TILE, 1, hex('#a86d3e'))
  },
  [SpaceTile.Plant]: paint => {
    paint.disc(16, 28, 7, hex('#000000', 45))
    // the pot
    paint.rect(10, 20, 12, 9, hex('#c0643c'))
    paint.rect(9, 19, 14, 3, hex('#d9774c'))
    // the leaves
    paint.disc(16, 12, 8, hex('#3f8f3a'))
    paint.disc(10, 15, 5, hex('#4a9c41'))
    paint.disc(22, 15, 5, hex('#4a9c41'))
    paint.disc(14, 9, 4, hex('#5cb44f'))
    paint.disc(19, 11, 3, hex('#6cc45c'))
  },
}

let crcTable: Uint32Array | null = null

function crc32 (bytes: Uint8Array): number {
  if (crcTable === null) {
    crcTable = new Uint32Array(256)
    for (let n = 0; n < 256; n++) {
      let c = n
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
      crcTable[n] = c >>> 0
    }
  }
  let crc = 0xffffffff
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 255] ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk (type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** An RGBA image as a PNG file (8 bits a channel, no filter). */
export function encodePng (width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 6, 0, 0, 0], 8)
  const raw = Buffer.alloc((width * 4 + 1) * height)
  for (let row = 0; row < height; row++) raw.set(rgba.subarray(row * width * 4, (row + 1) * width * 4), row * (width * 4 + 1) + 1)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array(0))])
}

/** The tileset image (see the file's comment). */
export function spaceTilesetPng (): Buffer {
  const { width, height } = SPACE_TILESET_SIZE
  const pixels = new Uint8Array(width * height * 4)
  for (const tile of Object.values(SpaceTile)) {
    const paint = new TilePainter(pixels, width, (tile % SPACE_TILE_COLUMNS) * SPACE_TILE, Math.floor(tile / SPACE_TILE_COLUMNS) * SPACE_TILE)
    DRAW[tile](paint, sequence(tile + 1))
  }
  return encodePng(width, height, pixels)
}

if (require.main === module) writeFileSync(process.argv[2] ?? 'space-tiles.png', spaceTilesetPng())
