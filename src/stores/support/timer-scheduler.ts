/**
 * Timers as stores use them: passed in (the platform's in the app, a manual one in
 * tests), so what waits for a time — the live clock, typing, a timeout's end, the
 * gateway's heartbeat — runs without real time in tests.
 */

/** Runs a callback once after a delay; the returned function cancels it. */
export interface TimerScheduler {
  schedule (callback: () => void, delayMs: number): () => void
}

/** The platform's timers (setTimeout / clearTimeout). */
export const timeoutScheduler: TimerScheduler = {
  schedule (callback, delayMs) {
    const handle = setTimeout(callback, delayMs)
    return () => clearTimeout(handle)
  },
}

/** The longest delay a platform timer honours (2^31 - 1 ms); later changes are waited for in steps. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647
