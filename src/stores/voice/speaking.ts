/**
 * Whether a member is speaking, from their microphone's level: a level over
 * {@link SPEAKING_LEVEL} starts speaking, {@link SPEAKING_HOLD_MS} under it stops (words have
 * gaps), and what is sent changes at most VOICE_SPEAKING_PER_SECOND times a second (the
 * wire's rule, core/wire/voice-codes.ts): a change inside the window waits for its end, and
 * only the latest state is sent then.
 */
import { VOICE_SPEAKING_PER_SECOND } from '@core/wire/voice-codes'
import type { TimerScheduler } from '../support/timer-scheduler'

/** Root-mean-square level (0…1) over which the microphone counts as speaking (about −40 dBFS). */
export const SPEAKING_LEVEL = 0.01
/** Quiet this long (ms) ends speaking. */
export const SPEAKING_HOLD_MS = 300
/** How often the level is read (ms). */
export const SPEAKING_POLL_MS = 50
/** The shortest time between two sent changes (ms). */
export const SPEAKING_MIN_GAP_MS = 1000 / VOICE_SPEAKING_PER_SECOND

/** Turns level readings into speaking changes, sent at most VOICE_SPEAKING_PER_SECOND a second. */
export class SpeakingDetector {
  /** What was last sent. */
  sent = false
  private heard = false
  private lastLoudAt = Number.NEGATIVE_INFINITY
  private lastSentAt = Number.NEGATIVE_INFINITY
  private cancelPending: (() => void) | null = null

  constructor (private readonly clock: () => number, private readonly scheduler: TimerScheduler, private readonly send: (speaking: boolean) => void) {}

  /** One level reading (0…1); `may` is false while the member is not transmitting (muted, push-to-talk not held): never speaking then. */
  reading (level: number, may: boolean): void {
    const now = this.clock()
    if (may && level > SPEAKING_LEVEL) this.lastLoudAt = now
    this.heard = may && now - this.lastLoudAt < SPEAKING_HOLD_MS
    this.flush()
  }

  /** Stops: says not speaking at once if it was (leaving, muting), and cancels what waits. */
  reset (): void {
    this.cancelPending?.()
    this.cancelPending = null
    this.heard = false
    this.lastLoudAt = Number.NEGATIVE_INFINITY
    if (this.sent) this.commit(false)
  }

  private flush (): void {
    if (this.heard === this.sent || this.cancelPending !== null) return
    const wait = this.lastSentAt + SPEAKING_MIN_GAP_MS - this.clock()
    if (wait <= 0) {
      this.commit(this.heard)
      return
    }
    this.cancelPending = this.scheduler.schedule(() => {
      this.cancelPending = null
      if (this.heard !== this.sent) this.commit(this.heard)
    }, wait)
  }

  private commit (speaking: boolean): void {
    this.sent = speaking
    this.lastSentAt = this.clock()
    this.send(speaking)
  }
}
