/**
 * Time-ordered ids for everything that grows without bound (messages, posts, comments):
 * 13 digits of milliseconds since the epoch, then 6 digits that keep ids of the same
 * millisecond apart. Every id has the same 19 characters, so comparing two ids as
 * strings (in SQL too) compares their times: history pages by `id < :before` on the
 * `(channel_id, id)` index, with no OFFSET and no COUNT (ARCHITECTURE.md).
 */

/** Length of every time-ordered id. */
export const TIME_ID_LENGTH = 19

const TIME_DIGITS = 13
const SEQUENCE_SPACE = 1_000_000

/**
 * Makes ids that increase with time: within one millisecond a counter (started at a
 * random point, so two processes rarely meet) keeps them increasing; `random` is
 * replaceable in tests.
 */
export function createTimeIdSource (random: () => number = Math.random): (nowMs?: number) => string {
  let lastMs = -1
  let sequence = 0
  return (nowMs = Date.now()) => {
    const ms = Math.max(Math.floor(nowMs), lastMs)
    if (ms === lastMs) {
      sequence += 1
      if (sequence >= SEQUENCE_SPACE) return nextMillisecond(ms + 1)
    } else {
      sequence = Math.floor(random() * (SEQUENCE_SPACE / 2))
    }
    lastMs = ms
    return format(ms, sequence)
  }

  function nextMillisecond (ms: number): string {
    lastMs = ms
    sequence = 0
    return format(ms, sequence)
  }
}

/**
 * The id of millisecond `ms` with sequence number `sequence` (0..999999): for rows whose
 * id must follow from their time and stay the same (seeded demo rows).
 */
export function timeIdAt (ms: number, sequence = 0): string {
  return format(Math.floor(ms), Math.floor(sequence) % SEQUENCE_SPACE)
}

function format (ms: number, sequence: number): string {
  return String(ms).padStart(TIME_DIGITS, '0') + String(sequence).padStart(TIME_ID_LENGTH - TIME_DIGITS, '0')
}

/** The millisecond an id was made at (for day separators and "edited" checks), or null for an id of another shape. */
export function timeOfId (id: string): number | null {
  return /^\d{19}$/.test(id) ? Number(id.slice(0, TIME_DIGITS)) : null
}

/** Whether `id` has the shape of a time-ordered id (seed ids from before it do not). */
export function isTimeId (id: string): boolean {
  return timeOfId(id) !== null
}
