/**
 * A chat channel's slow mode as my composer meets it (core/domain/slow-mode.ts): whether it
 * is on, whether I am exempt (a moderator), and the countdown to my next message — taken
 * from the server (GET /channels/:id/slow-mode when the chat opens, so a reload keeps the
 * wait; again after a refusal and when CHANNEL_UPDATE changes the setting) and started anew
 * when a message of mine goes out. The server decides; this only shows it and holds the
 * send button while the wait lasts.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { SlowModeState } from '@core/wire/messages'
import type { TimerScheduler } from '../support/timer-scheduler'
import type { StoreLogger } from '../support/load-tracker'

/** What a slow mode needs: where its state comes from (null: a conversation without one), the clock and the timers. */
export interface SlowModeDeps {
  load: (() => Promise<SlowModeState>) | null
  /** The current time in unix milliseconds. */
  clock: () => number
  scheduler: TimerScheduler
  logger: StoreLogger
}

/** One chat's slow mode and my wait in it. */
export class SlowMode {
  /** The channel's slow mode, seconds between two messages of a member (0: off). */
  seconds = 0
  /** True when slow mode does not hold me back here (ManageMessages or ManageChannels). */
  exempt = false
  /** When my wait ends (unix ms; in the past: none). */
  private readyAt = 0
  /** The time the countdown last ticked (unix ms). */
  private now = 0
  private stopTick: (() => void) | null = null

  constructor (private readonly deps: SlowModeDeps) {
    makeAutoObservable<SlowMode, 'deps' | 'stopTick'>(this, { deps: false, stopTick: false })
  }

  /** True when the channel's slow mode is on (the composer says 慢速模式已开启). */
  get on (): boolean {
    return this.seconds > 0
  }

  /** Whole seconds before my next message may go out (0: now, and always for an exempt member). */
  get waitSeconds (): number {
    if (!this.on || this.exempt) return 0
    return Math.max(0, Math.ceil((this.readyAt - this.now) / 1000))
  }

  /** Asks the server for the setting and my wait; a failure leaves what is shown (the server refuses an early send anyway). */
  async refresh (): Promise<void> {
    const { load } = this.deps
    if (load === null) return
    try {
      const state = await load()
      runInAction(() => this.know(state))
    } catch (error) {
      this.deps.logger.warn('[chat] slow mode:', error)
    }
  }

  /** Takes the server's word: the setting, whether I am exempt, and my wait from now. */
  know (state: SlowModeState): void {
    this.seconds = state.seconds
    this.exempt = state.exempt
    this.readyAt = this.deps.clock() + state.wait_seconds * 1000
    this.tick()
  }

  /** A message of mine went out (the server's answer): my next waits the whole interval, counted from its answer. */
  sent (): void {
    if (!this.on || this.exempt) return
    this.readyAt = this.deps.clock() + this.seconds * 1000
    this.tick()
  }

  /** Stops the countdown's timer. */
  dispose (): void {
    this.stopTick?.()
    this.stopTick = null
  }

  /** Moves the countdown to now, and wakes it again at the next whole second while the wait lasts. */
  private tick (): void {
    this.now = this.deps.clock()
    this.dispose()
    if (this.waitSeconds === 0) return
    const toNextSecond = (this.readyAt - this.now) % 1000 || 1000
    this.stopTick = this.deps.scheduler.schedule(() => runInAction(() => this.tick()), toNextSecond)
  }
}
