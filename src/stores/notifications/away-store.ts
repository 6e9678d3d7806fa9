/**
 * The inbox's "tell me while I am away" opt-in: Web Push on H5, WeChat subscribe
 * messages in the mini-program (the platform's AwayChannel). It knows the device's state,
 * turns it on or off from a tap, and hands a failure to `onError` (the page's toast),
 * keeping the state it had.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { AwayChannel, AwayState } from '@/services/away-channel'

/** The opt-in's state; 'loading' until the device was asked. */
export type AwayStatus = AwayState | 'loading'

/** The away-from-the-app opt-in of this device. */
export class AwayStore {
  status: AwayStatus = 'loading'
  /** True while a tap's enable or disable runs. */
  busy = false

  constructor (private readonly channel: AwayChannel, private readonly onError: (error: unknown) => void) {
    makeAutoObservable<AwayStore, 'channel' | 'onError'>(this, { channel: false, onError: false })
  }

  /** Asks the device for its state (the page shows the opt-in only where it is supported). */
  async load (): Promise<void> {
    try {
      const status = await this.channel.state()
      runInAction(() => { this.status = status })
    } catch (error) {
      runInAction(() => { this.status = 'unsupported' })
      this.onError(error)
    }
  }

  /** Turns it on (from a tap: the platform asks the member), or off when it is on. */
  async toggle (): Promise<void> {
    if (this.busy || this.status === 'loading' || this.status === 'unsupported') return
    this.busy = true
    try {
      const status = await (this.status === 'on' ? this.channel.disable() : this.channel.enable())
      runInAction(() => { this.status = status })
    } catch (error) {
      this.onError(error)
    } finally {
      runInAction(() => { this.busy = false })
    }
  }
}
