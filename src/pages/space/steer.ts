/**
 * Steering a space's avatar: from the keys held on a desktop (arrows, WASD) and from the
 * drag of the on-screen stick. Pure: the page passes the keys and the drag.
 */

/** The key names (KeyboardEvent.key, lower-cased) that steer, with their direction. */
export const STEER_KEYS: Readonly<Record<string, { dx: number, dy: number }>> = {
  arrowup: { dx: 0, dy: -1 },
  w: { dx: 0, dy: -1 },
  arrowdown: { dx: 0, dy: 1 },
  s: { dx: 0, dy: 1 },
  arrowleft: { dx: -1, dy: 0 },
  a: { dx: -1, dy: 0 },
  arrowright: { dx: 1, dy: 0 },
  d: { dx: 1, dy: 0 },
}

/** The direction of the keys held (opposite keys cancel). */
export function steerOfKeys (held: Iterable<string>): { dx: number, dy: number } {
  let dx = 0
  let dy = 0
  for (const key of new Set(held)) {
    const step = STEER_KEYS[key]
    if (!step) continue
    dx += step.dx
    dy += step.dy
  }
  return { dx: Math.sign(dx), dy: Math.sign(dy) }
}

/** A drag shorter than this (CSS pixels) steers nowhere. */
export const STICK_DEAD_ZONE = 12

/**
 * The direction of a stick dragged by (x, y) from where the finger went down: one of eight,
 * an axis counting when it carries at least 40 % of the drag (so a mostly-sideways drag
 * walks sideways, a diagonal one diagonally).
 */
export function steerOfDrag (x: number, y: number): { dx: number, dy: number } {
  const length = Math.hypot(x, y)
  if (length < STICK_DEAD_ZONE) return { dx: 0, dy: 0 }
  return { dx: Math.abs(x) / length >= 0.4 ? Math.sign(x) : 0, dy: Math.abs(y) / length >= 0.4 ? Math.sign(y) : 0 }
}
