/**
 * The games' seeded randomness (core/domain/games/definition.ts GameRandom): mulberry32, a
 * 32-bit generator small enough to keep in a definition's setup, good enough to deal words
 * and pick seats, and the same on every process — a table replays from its seed.
 */
import type { GameRandom } from './definition'

/** A random source from `seed` (any number; only its low 32 bits count): the same seed gives the same sequence. */
export function seededRandom (seed: number): GameRandom {
  let stateBits = seed >>> 0
  return {
    next () {
      stateBits = (stateBits + 0x6D2B79F5) >>> 0
      let t = stateBits
      t = Math.imul(t ^ (t >>> 15), t | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    },
  }
}

/** An integer in 0…n-1 (`n` a positive integer). */
export function randomBelow (random: GameRandom, n: number): number {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`randomBelow: ${n} is not a positive integer`)
  return Math.floor(random.next() * n)
}

/** A shuffled copy of `items` (Fisher–Yates); `items` is left as it was. */
export function shuffled<T> (random: GameRandom, items: readonly T[]): T[] {
  const copy = items.slice()
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomBelow(random, i + 1)
    const kept = copy[i]
    copy[i] = copy[j]
    copy[j] = kept
  }
  return copy
}
