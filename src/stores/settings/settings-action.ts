/**
 * The write side of the owner's server settings: one action at a time per
 * section, and its refusal said in words (refusal.ts, the wording every trust page shares).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { StoreLogger } from '../support/load-tracker'
import { refusalMessage } from '../support/refusal'

/** One section's writes: whether one is under way and the last one's refusal in words. */
export class SettingsAction {
  /** True while a write is under way (the section's buttons wait). */
  busy = false
  /** The last write's refusal or failure in words, or null. */
  error: string | null = null

  constructor (private readonly logger: StoreLogger) {
    makeAutoObservable<SettingsAction, 'logger'>(this, { logger: false })
  }

  /**
   * Runs one write: `onError` sees a failure first (to place an audit message under its
   * field; returning true means it was placed there and needs no section message).
   * Resolves with the answer, or null after a failure.
   */
  async run<T> (write: () => Promise<T>, onError?: (error: unknown) => boolean): Promise<T | null> {
    this.busy = true
    this.error = null
    try {
      const answer = await write()
      runInAction(() => { this.busy = false })
      return answer
    } catch (error) {
      runInAction(() => {
        this.busy = false
        if (onError?.(error) !== true) this.error = refusalMessage(error, this.logger)
      })
      return null
    }
  }

  /** Says `message` as the section's error without a request (input refused before sending). */
  refuse (message: string): void {
    this.error = message
  }

  /** Forgets the last refusal (the user is editing again). */
  clear (): void {
    this.error = null
  }
}
