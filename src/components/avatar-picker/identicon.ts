/**
 * Generated avatars: a symmetric 5×5 identicon drawn from a seed (the uid and a salt),
 * encoded as a PNG in plain TypeScript — no canvas, so it works the same on H5, in the
 * mini-program and under test. The PNG travels as base64 through the SPEC §7 base64
 * call (POST /resource/base64), which accepts png, jpeg, gif and webp images.
 */

/** Cells per side of the identicon grid. */
const GRID = 5
/** Pixels per cell. */
const CELL = 16
/** Pixels of background around the grid. */
const MARGIN = 16
/** Side of the generated image in pixels (112). */
export const IDENTICON_SIZE = GRID * CELL + 2 * MARGIN

type Rgb = readonly [number, number, number]

const BACKGROUND: Rgb = [245, 246, 248]

/** FNV-1a: a well-spread 32-bit hash of the seed. */
function hash (seed: string): number {
  let value = 0x811c9dc5
  for (let index = 0; index < seed.length; index += 1) {
    value ^= seed.charCodeAt(index)
    value = Math.imul(value, 0x01000193) >>> 0
  }
  return value
}

/** A saturated colour of the given hue (0..359). */
function hueToRgb (hue: number): Rgb {
  const sector = hue / 60
  const rising = Math.round(200 * (1 - Math.abs((sector % 2) - 1))) + 30
  const table: Rgb[] = [[230, rising, 30], [rising, 230, 30], [30, 230, rising], [30, rising, 230], [rising, 30, 230], [230, 30, rising]]
  return table[Math.floor(sector) % 6]
}

/** Which cells are filled: the left three columns from the hash bits, mirrored to the right. */
function cellsOf (bits: number): boolean[][] {
  return Array.from({ length: GRID }, (_, row) => Array.from({ length: GRID }, (_, column) => {
    const source = column < 3 ? column : GRID - 1 - column
    return ((bits >>> (row * 3 + source)) & 1) === 1
  }))
}

let crcTable: Uint32Array | null = null

/** CRC-32 (ISO-HDLC) of bytes, as PNG chunks need it. */
export function crc32 (bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256)
    for (let n = 0; n < 256; n += 1) {
      let c = n
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
      crcTable[n] = c >>> 0
    }
  }
  let crc = 0xffffffff
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function uint32 (value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]
}

function chunk (type: string, data: Uint8Array): number[] {
  const typed = new Uint8Array(4 + data.length)
  for (let index = 0; index < 4; index += 1) typed[index] = type.charCodeAt(index)
  typed.set(data, 4)
  return [...uint32(data.length), ...typed, ...uint32(crc32(typed))]
}

/** A zlib stream holding `raw` in stored (uncompressed) blocks. */
function zlibStored (raw: Uint8Array): Uint8Array {
  const out: number[] = [0x78, 0x01]
  for (let offset = 0; offset < raw.length || offset === 0; offset += 0xffff) {
    const block = raw.subarray(offset, offset + 0xffff)
    const last = offset + 0xffff >= raw.length ? 1 : 0
    out.push(last, block.length & 0xff, block.length >>> 8, ~block.length & 0xff, (~block.length >>> 8) & 0xff, ...block)
    if (last) break
  }
  let a = 1
  let b = 0
  for (const byte of raw) {
    a = (a + byte) % 65521
    b = (b + a) % 65521
  }
  out.push(...uint32(((b << 16) | a) >>> 0))
  return Uint8Array.from(out)
}

/** The identicon of a seed as PNG bytes (RGB, IDENTICON_SIZE × IDENTICON_SIZE). */
export function identiconPng (seed: string): Uint8Array {
  const bits = hash(seed)
  const colour = hueToRgb(bits % 360)
  const cells = cellsOf(bits >>> 9)
  const size = IDENTICON_SIZE
  const raw = new Uint8Array(size * (1 + size * 3))
  for (let y = 0; y < size; y += 1) {
    const rowStart = y * (1 + size * 3) // each row starts with filter type 0 (none)
    for (let x = 0; x < size; x += 1) {
      const row = Math.floor((y - MARGIN) / CELL)
      const column = Math.floor((x - MARGIN) / CELL)
      const inside = row >= 0 && row < GRID && column >= 0 && column < GRID
      raw.set(inside && cells[row][column] ? colour : BACKGROUND, rowStart + 1 + x * 3)
    }
  }
  const header = Uint8Array.from([...uint32(size), ...uint32(size), 8, 2, 0, 0, 0]) // 8-bit RGB, no interlace
  return Uint8Array.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ...chunk('IHDR', header),
    ...chunk('IDAT', zlibStored(raw)),
    ...chunk('IEND', new Uint8Array(0)),
  ])
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Standard base64 of bytes (the mini-program has no btoa). */
export function toBase64 (bytes: Uint8Array): string {
  let text = ''
  for (let index = 0; index < bytes.length; index += 3) {
    const triple = (bytes[index] << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0)
    text += BASE64_ALPHABET[(triple >>> 18) & 63] + BASE64_ALPHABET[(triple >>> 12) & 63]
    text += index + 1 < bytes.length ? BASE64_ALPHABET[(triple >>> 6) & 63] : '='
    text += index + 2 < bytes.length ? BASE64_ALPHABET[triple & 63] : '='
  }
  return text
}

/** The identicon of a seed as a `data:image/png;base64,…` URL, ready for the base64 upload. */
export function identiconDataUrl (seed: string): string {
  return `data:image/png;base64,${toBase64(identiconPng(seed))}`
}
