/** A small seeded random source for the router's property tests (deterministic runs). */

/** mulberry32: a 32-bit seeded generator giving floats in [0, 1). */
export function seeded (seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

const NWP_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const HOSTILE = ['__proto__', 'constructor', 'prototype', '%', '%E0%A4%A', '=', '&', '?', '\u0000', '\ud800', '😀', '+', '/', '=']

/** A random string: nwp-alphabet text, arbitrary UTF-16 (lone surrogates too) or hostile fragments. */
export function randomString (random: () => number, maxLength = 64): string {
  const length = Math.floor(random() * maxLength)
  const style = Math.floor(random() * 3)
  let text = ''
  for (let i = 0; i < length; i++) {
    if (style === 0) text += NWP_ALPHABET[Math.floor(random() * 64)]
    else if (style === 1) text += String.fromCharCode(Math.floor(random() * 0x10000))
    else text += HOSTILE[Math.floor(random() * HOSTILE.length)]
  }
  return text
}
