/**
 * Smooth motion of avatars between the server's ticks: every position an avatar is seen at
 * is kept with the time it arrived (a few of them), and the avatar is drawn where it was
 * INTERPOLATION_DELAY_MS ago — between the two samples around that moment — so motion is
 * continuous even though ticks come 10–20 times a second and not evenly, and a walking
 * avatar's pose only every SPACE_SEND_STEP (16) map pixels: every other tick at the default
 * 15 Hz, 133 ms apart (server/README.md "Area of interest").
 */
import type { Point } from '@core/domain/space/map'

/** How far behind the newest tick other avatars are drawn: more than the gap between two poses of a walking avatar, with room for a late tick. */
export const INTERPOLATION_DELAY_MS = 200
/** Samples kept per avatar: enough to cover the delay at 20 ticks a second with late ticks. */
export const MOTION_SAMPLES = 6

/** A position and when it arrived (ms). */
export interface MotionSample extends Point {
  at: number
}

/** The recent positions of one avatar, oldest first. */
export type MotionTrack = MotionSample[]

/**
 * Adds a position that arrived at `at` to a track, keeping the newest MOTION_SAMPLES (a
 * sample older than the newest is ignored). An avatar that stood still sends no ticks: when
 * it moves again after more than three tick intervals (`tickMs`; a walking avatar's poses
 * come every other tick), it is taken to have stood at its last position until one tick
 * before, so it walks off rather than jumps.
 */
export function pushSample (track: MotionTrack, x: number, y: number, at: number, tickMs = 100): void {
  const last = track[track.length - 1]
  if (last !== undefined && at < last.at) return
  if (last !== undefined && at - last.at > 3 * tickMs) track.push({ x: last.x, y: last.y, at: at - tickMs })
  track.push({ x, y, at })
  if (track.length > MOTION_SAMPLES) track.splice(0, track.length - MOTION_SAMPLES)
}

/**
 * Where the avatar of `track` stands at `time`: the straight line between the samples
 * around it; before the first sample its position, after the last the last (an avatar
 * that stopped stays where it stopped). Null for an empty track.
 */
export function positionAt (track: readonly MotionSample[], time: number): Point | null {
  if (track.length === 0) return null
  const first = track[0]
  if (time <= first.at) return { x: first.x, y: first.y }
  for (let index = 1; index < track.length; index++) {
    const to = track[index]
    if (time > to.at) continue
    const from = track[index - 1]
    const span = to.at - from.at
    const share = span <= 0 ? 1 : (time - from.at) / span
    return { x: from.x + (to.x - from.x) * share, y: from.y + (to.y - from.y) * share }
  }
  const last = track[track.length - 1]
  return { x: last.x, y: last.y }
}

/** Where an avatar is drawn at `now`: INTERPOLATION_DELAY_MS behind the newest position. */
export function drawnPosition (track: readonly MotionSample[], now: number): Point | null {
  return positionAt(track, now - INTERPOLATION_DELAY_MS)
}

/**
 * Whether the avatar of `track` is on its way at `time`: between two samples at different
 * places (before the first and after the last it stands).
 */
export function isMovingAt (track: readonly MotionSample[], time: number): boolean {
  for (let index = 1; index < track.length; index++) {
    const from = track[index - 1]
    const to = track[index]
    if (time > from.at && time < to.at) return from.x !== to.x || from.y !== to.y
  }
  return false
}

/** Whether an avatar is drawn walking at `now` (INTERPOLATION_DELAY_MS behind, as it is drawn). */
export function drawnWalking (track: readonly MotionSample[], now: number): boolean {
  return isMovingAt(track, now - INTERPOLATION_DELAY_MS)
}
