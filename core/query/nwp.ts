/**
 * The packed page parameter `nwp` (SPEC §2: "JSON text, base64-encoded, with shifted
 * characters"). The format, exactly:
 *
 * 1. the parameters as JSON text (an object whose values are strings, numbers or booleans);
 * 2. the text as UTF-8 bytes, base64-encoded with the URL-safe alphabet
 *    `A–Z a–z 0–9 - _` and no `=` padding;
 * 3. every character shifted {@link NWP_SHIFT} (7) places forward along that same
 *    64-character alphabet, wrapping at the end: `A`→`H`, `Z`→`g`, `_`→`G`.
 *    Decoding shifts 7 places back.
 *
 * Example: `{"a":"1"}` → base64url `eyJhIjoiMSJ9` → nwp `l5QoPqvpTZQE`.
 * The result uses only URL-safe characters, so it needs no escaping in a query string.
 *
 * Decoding never throws: a packed value that is not a string, too long, not in the
 * alphabet, not UTF-8, not JSON or not a JSON object is ignored with a logged warning;
 * `__proto__`, `constructor` and `prototype` keys are dropped, so nothing packed can
 * reach an object's prototype.
 */
import { NWP_MAX_LENGTH, NWP_SHIFT } from './keys'

/** The URL-safe base64 alphabet the shift runs along. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const INDEX = new Map<string, number>([...ALPHABET].map((char, index) => [char, index]))

/** Keys that must never be copied onto an object. */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** A value a packed parameter may carry. */
export type NwpValue = string | number | boolean

function utf8Encode (text: string): number[] {
  const bytes: number[] = []
  for (const char of text) {
    const code = char.codePointAt(0) as number // JSON text never holds a lone surrogate: JSON.stringify escapes it
    if (code < 0x80) bytes.push(code)
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f))
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f))
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f))
  }
  return bytes
}

/** Strict UTF-8: null for truncated, overlong, surrogate or out-of-range sequences. */
function utf8Decode (bytes: number[]): string | null {
  let text = ''
  for (let i = 0; i < bytes.length;) {
    const first = bytes[i]
    const length = first < 0x80 ? 1 : first >= 0xc2 && first < 0xe0 ? 2 : first >= 0xe0 && first < 0xf0 ? 3 : first >= 0xf0 && first < 0xf5 ? 4 : 0
    if (length === 0 || i + length > bytes.length) return null
    let code = length === 1 ? first : first & (0xff >> (length + 1))
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k]
      if ((next & 0xc0) !== 0x80) return null
      code = (code << 6) | (next & 0x3f)
    }
    const smallest = [0, 0, 0x80, 0x800, 0x10000][length]
    if (code < smallest || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return null
    text += String.fromCodePoint(code)
    i += length
  }
  return text
}

function shiftedChar (index: number): string {
  return ALPHABET[(index + NWP_SHIFT) % 64]
}

function toShiftedBase64 (bytes: number[]): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0)
    const count = Math.min(3, bytes.length - i) + 1
    for (let k = 0; k < count; k++) out += shiftedChar((chunk >> (18 - 6 * k)) & 0x3f)
  }
  return out
}

function fromShiftedBase64 (text: string): number[] | null {
  if (text.length % 4 === 1) return null
  const bytes: number[] = []
  for (let i = 0; i < text.length; i += 4) {
    const group = text.slice(i, i + 4)
    let chunk = 0
    for (let k = 0; k < 4; k++) {
      const index = k < group.length ? INDEX.get(group[k]) : 0
      if (index === undefined) return null
      chunk = (chunk << 6) | ((index - NWP_SHIFT + 64) % 64)
    }
    const count = group.length - 1
    for (let k = 0; k < count; k++) bytes.push((chunk >> (16 - 8 * k)) & 0xff)
  }
  return bytes
}

/** Packs parameters into one `nwp` value (see the format above). */
export function encodeNwp (params: Record<string, NwpValue>): string {
  return toShiftedBase64(utf8Encode(JSON.stringify(params)))
}

function ignore (reason: string): null {
  console.warn(`[router] nwp ignored: ${reason}`)
  return null
}

/**
 * Unpacks an `nwp` value into string parameters, or null (with a logged warning) when
 * it is not a well-formed packed object. An absent or empty value is null without a warning.
 */
export function decodeNwp (value: unknown): Record<string, string> | null {
  if (value === undefined || value === null || value === '') return null
  if (typeof value !== 'string') return ignore('not a string')
  if (value.length > NWP_MAX_LENGTH) return ignore(`longer than ${NWP_MAX_LENGTH} characters`)
  const bytes = fromShiftedBase64(value)
  if (!bytes) return ignore('not shifted base64')
  const text = utf8Decode(bytes)
  if (text === null) return ignore('not UTF-8')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return ignore('not JSON')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return ignore('not a JSON object')
  const params: Record<string, string> = {}
  for (const key of Object.keys(parsed)) {
    const item = (parsed as Record<string, unknown>)[key]
    if (UNSAFE_KEYS.has(key)) console.warn(`[router] nwp key dropped: ${key}`)
    else if (typeof item === 'string') params[key] = item
    else if (typeof item === 'number' || typeof item === 'boolean') params[key] = String(item)
  }
  return params
}
