/**
 * Typing, both ways: who is typing now (shown for TYPING_SHOWN_MS after their last
 * typing event, gone when their message arrives), and when to tell the others that I am
 * (at most every TYPING_SEND_INTERVAL_MS, again right after I sent a message).
 */
import { makeAutoObservable, observable, runInAction } from 'mobx'
import { TYPING_SEND_INTERVAL_MS, TYPING_SHOWN_MS } from '@/constants/chat'
import type { TimerScheduler } from '../support/timer-scheduler'
import type { TypingEvent } from './types'

/** Who is typing in one conversation, and whether my keystroke should be told. */
export class Typing {
  /** Who is typing now: uid → nickname. */
  readonly typers = observable.map<string, string>()
  private readonly timers = new Map<string, () => void>()
  private lastToldAt = Number.NEGATIVE_INFINITY

  constructor (private readonly scheduler: TimerScheduler) {
    makeAutoObservable<Typing, 'scheduler' | 'timers' | 'lastToldAt'>(this, { scheduler: false, timers: false, lastToldAt: false, typers: false })
  }

  /** The nicknames of those typing now, in the order they started. */
  get names (): string[] {
    return [...this.typers.values()]
  }

  /** Someone's typing event: shown for TYPING_SHOWN_MS from this, their latest. */
  started (event: TypingEvent): void {
    this.timers.get(event.uid)?.()
    this.typers.set(event.uid, event.nickname)
    this.timers.set(event.uid, this.scheduler.schedule(() => runInAction(() => this.stopped(event.uid)), TYPING_SHOWN_MS))
  }

  /** They are no longer shown typing (their message arrived, or their time passed). */
  stopped (uid: string): void {
    this.timers.get(uid)?.()
    this.timers.delete(uid)
    this.typers.delete(uid)
  }

  /** Nobody is shown typing, and no timer runs. */
  clear (): void {
    for (const uid of [...this.typers.keys()]) this.stopped(uid)
  }

  /** True when my keystroke at `now` should tell the others I am typing (and it counts as told). */
  shouldTell (now: number): boolean {
    if (now - this.lastToldAt < TYPING_SEND_INTERVAL_MS) return false
    this.lastToldAt = now
    return true
  }

  /** My message ended my typing on the other side (or telling it failed): the next keystroke tells it again. */
  sent (): void {
    this.lastToldAt = Number.NEGATIVE_INFINITY
  }
}
