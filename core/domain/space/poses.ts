/**
 * The poses of a space_tick (core/wire/space.ts), told as changes against what one viewer
 * holds (the downstream budget of a crowded corner, bench/RESULTS.md). The server keeps, per viewer,
 * the pose it last told that viewer of each avatar in its view — a pose book — and tells a
 * move as the difference from it (`m`: [id, dx, dy]; a new facing apart, `turn`: [id, dir]);
 * the viewer keeps the same book by applying every space_ready and space_tick in order (the
 * socket is ordered), so both books hold the same poses. Whole poses still come with
 * space_ready, `in` and `back`. Both sides use these functions, so there is one codec. Pure.
 */
import type { Pose } from './motion'

/** What one viewer was last told of each avatar in its view (avatar id → pose, integer map pixels). */
export type PoseBook = Map<number, Pose>

/** An avatar with its whole pose, as space_ready and `in` carry it. */
export interface PosedAvatar extends Pose { id: number }

/** The pose lists of a space_tick (its payload, or any object with the same fields). */
export interface TickPoses {
  m: number[]
  turn?: number[]
  in?: readonly PosedAvatar[]
  back?: number[]
  out?: number[]
}

/** What a tick changed in a pose book. */
export interface TickChanges {
  /** Avatars that came into view (`in`, then `back`), in that order. */
  entered: number[]
  /** Avatars in view that moved or turned (`m`, `turn`), each once. */
  moved: number[]
}

/** A new pose book holding the avatars of a space_ready. */
export function bookOf (avatars: readonly PosedAvatar[]): PoseBook {
  return new Map(avatars.map(avatar => [avatar.id, { x: avatar.x, y: avatar.y, dir: avatar.dir }]))
}

/**
 * Tells a viewer whose book is `book` that avatar `id` (in its book) now stands at `pose`
 * (integers): appends [id, dx, dy] to `m` when it moved and [id, dir] to `turn` when it faces
 * another way, nothing when neither, and books the pose.
 */
export function tellMove (book: PoseBook, id: number, pose: Pose, into: { m: number[], turn: number[] }): void {
  const was = book.get(id) as Pose
  if (pose.x !== was.x || pose.y !== was.y) into.m.push(id, pose.x - was.x, pose.y - was.y)
  if (pose.dir !== was.dir) into.turn.push(id, pose.dir)
  book.set(id, { x: pose.x, y: pose.y, dir: pose.dir })
}

/**
 * Applies a space_tick's poses to the viewer's `book`: `in` and `back` (whole), then `m` and
 * `turn` (changes against the book; an id not in it is skipped: the server never tells one),
 * then `out` leaves the book. A changed pose is a new object (one read before stays as it was).
 * Says which avatars entered and which moved.
 */
export function applyTickPoses (book: PoseBook, tick: TickPoses): TickChanges {
  const entered: number[] = []
  for (const avatar of tick.in ?? []) {
    book.set(avatar.id, { x: avatar.x, y: avatar.y, dir: avatar.dir })
    entered.push(avatar.id)
  }
  const back = tick.back ?? []
  for (let at = 0; at + 3 < back.length; at += 4) {
    book.set(back[at], { x: back[at + 1], y: back[at + 2], dir: back[at + 3] })
    entered.push(back[at])
  }
  const moved = new Set<number>()
  for (let at = 0; at + 2 < tick.m.length; at += 3) {
    const pose = book.get(tick.m[at])
    if (!pose) continue
    book.set(tick.m[at], { x: pose.x + tick.m[at + 1], y: pose.y + tick.m[at + 2], dir: pose.dir })
    moved.add(tick.m[at])
  }
  const turn = tick.turn ?? []
  for (let at = 0; at + 1 < turn.length; at += 2) {
    const pose = book.get(turn[at])
    if (!pose) continue
    book.set(turn[at], { ...pose, dir: turn[at + 1] })
    moved.add(turn[at])
  }
  for (const id of tick.out ?? []) book.delete(id)
  return { entered, moved: [...moved] }
}
