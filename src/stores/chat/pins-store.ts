/**
 * A channel's pinned messages (精华): the list the chat's 精华 panel shows (loading, empty,
 * error), whether a shown message is pinned (the action bar offers 设为精华 or 取消精华), and
 * pinning and unpinning as a moderator. Every reader's list follows the channel live:
 * CHANNEL_PINS_UPDATE adds or removes a pin, MESSAGE_DELETE takes a deleted message off,
 * MESSAGE_UPDATE refreshes an edited one, and after a gap the gateway could not replay
 * (GATEWAY_RESYNC) the list loads again. The server decides who may pin.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { DispatchPayloads } from '@core/wire/dispatches'
import type { Pin } from '@core/wire/pins'
import { createPinsApi, type PinsApi } from '@/services/api/pins'
import { GATEWAY_RESYNC } from '../gateway-store'
import { DispatchSubscriptions, type DispatchSource } from '../support/dispatch-subscriptions'
import { failureMessage, LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'

/** The dispatches the pins follow, as core/wire/dispatches.ts declares them, and the gateway's resync. */
export type PinsDispatches = Pick<DispatchPayloads, 'CHANNEL_PINS_UPDATE' | 'MESSAGE_DELETE' | 'MESSAGE_UPDATE'> & { [GATEWAY_RESYNC]: null }

/** What the pins of a channel are built on. */
export interface PinsStoreDeps {
  api: PinsApi
  logger: StoreLogger
}

/** The pinned messages of one channel. */
export class PinsStore {
  /** The pins, the newest pin first. */
  pins: Pin[] = []
  private readonly loading: LoadTracker
  private readonly subscriptions = new DispatchSubscriptions()

  constructor (readonly channelId: string, private readonly deps: PinsStoreDeps) {
    this.loading = new LoadTracker(deps.logger)
    makeAutoObservable<PinsStore, 'deps' | 'loading' | 'subscriptions'>(this, { deps: false, loading: false, subscriptions: false })
  }

  /** Where the list stands: 'idle' before the first load, then 'loading', 'ready', 'empty' or 'error'. */
  get status (): StoreStatus {
    if (this.loading.status === 'ready' && this.pins.length === 0) return 'empty'
    return this.loading.status
  }

  /** The message of the failed load, else null. */
  get error (): string | null {
    return this.loading.error
  }

  /** Whether retrying the failed load may help (重试 is offered only then). */
  get retryable (): boolean {
    return this.loading.retryable
  }

  /** True when the message is pinned, as far as the list knows. */
  isPinned (messageId: string): boolean {
    return this.pins.some(pin => pin.message.message_id === messageId)
  }

  /** Loads the list (again). */
  async load (): Promise<void> {
    await this.loading.run(() => this.deps.api.list(this.channelId), pins => {
      this.pins = pins
      return 'ready'
    })
  }

  /** Pins the message, or unpins it when pinned; resolves with the failure's message (the server's, in the member's language), or null. */
  async toggle (messageId: string): Promise<string | null> {
    try {
      if (this.isPinned(messageId)) {
        await this.deps.api.unpin(this.channelId, messageId)
        runInAction(() => this.drop(messageId))
      } else {
        const pin = await this.deps.api.pin(this.channelId, messageId)
        runInAction(() => this.add(pin))
      }
      return null
    } catch (error) {
      return failureMessage(error, this.deps.logger)
    }
  }

  /** Follows the channel's pins from `source` (the root's gateway). */
  attach (source: DispatchSource<PinsDispatches>): void {
    this.subscriptions.replace([
      source.on('CHANNEL_PINS_UPDATE', d => {
        if (d.channel_id !== this.channelId) return
        if (d.pin === null) this.drop(d.message_id)
        else this.add(d.pin)
      }),
      source.on('MESSAGE_DELETE', d => { if (d.channel_id === this.channelId) this.drop(d.message_id) }),
      source.on('MESSAGE_UPDATE', d => {
        if (d.channel_id !== this.channelId) return
        this.pins = this.pins.map(pin => pin.message.message_id === d.message_id ? { ...pin, message: { ...d, reactions: pin.message.reactions } } : pin)
      }),
      source.on(GATEWAY_RESYNC, () => { if (this.loading.status !== 'idle') void this.load() }),
    ])
  }

  /** Stops following the channel. */
  dispose (): void {
    this.subscriptions.stop()
  }

  /** A pin, at the top of the list (once: a pin I made also arrives as CHANNEL_PINS_UPDATE). */
  private add (pin: Pin): void {
    this.pins = [pin, ...this.pins.filter(other => other.message.message_id !== pin.message.message_id)]
  }

  /** A message off the list. */
  private drop (messageId: string): void {
    if (this.isPinned(messageId)) this.pins = this.pins.filter(pin => pin.message.message_id !== messageId)
  }
}

/** The pins of a discussion channel on the real calls; the page attaches it to the root's gateway and disposes it. */
export function openPins (channelId: string, logger: StoreLogger): PinsStore {
  return new PinsStore(channelId, { api: createPinsApi(), logger })
}
