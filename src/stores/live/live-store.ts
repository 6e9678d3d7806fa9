/**
 * The live items of the current server (SPEC §3, §4), paged, each with its derived
 * state. A clock re-derives the states exactly when the next one changes on its own
 * (a live mp4 reaching its end, a record item reaching its start) while the page is
 * open; time and timers are injected, so tests step them by hand.
 */
import { makeAutoObservable, observable } from 'mobx'
import type { LiveItem } from '@core/wire/entities'
import {
  deriveLiveState, liveLogStateOf, nextLiveStateChangeAt, orderLiveItems, type LiveLogState, type LiveState,
} from '@core/domain/live-state'
import type { ApiClient } from '@/services/api/api-client'
import type { StoreLogger, StoreStatus } from '../support/load-tracker'
import { numberedPages, PagedList } from '../support/paged-list'
import type { ServerStore } from '../servers/server-store'
import { MAX_TIMER_DELAY_MS, type TimerScheduler } from '../support/timer-scheduler'

/** A live item with its state at the store's current time, and the state's log name (SPEC §4). */
export interface LiveEntry {
  item: LiveItem
  state: LiveState
  logState: LiveLogState
}

/** What a live store needs besides the API and the server store. */
export interface LiveStoreOptions {
  /** The current time in unix milliseconds. */
  clock: () => number
  scheduler: TimerScheduler
  /** Items asked for per page; the API's DEFAULT_PAGE_SIZE (core/wire/codes.ts) by default. */
  pageSize?: number
  logger: StoreLogger
}

/** Live items of the current server with their derived states, and the clock that keeps them current. */
export class LiveStore {
  /** The time (unix ms) the states are derived at; moved on by the clock. */
  now: number
  /** True while the clock runs (the page is shown). */
  clockRunning = false
  private cancelTimer: (() => void) | null = null
  /** The server `list` pages through; a load for another server starts a new list. */
  private listServerId: string
  /** The items of `listServerId`, with the loading states of their first and next pages. */
  private list: PagedList<LiveItem, number>

  constructor (private readonly api: ApiClient, private readonly server: ServerStore, private readonly options: LiveStoreOptions) {
    this.now = options.clock()
    this.listServerId = server.serverId
    this.list = this.listOf(server.serverId)
    makeAutoObservable<LiveStore, 'api' | 'server' | 'options' | 'cancelTimer' | 'list'>(this, {
      api: false, server: false, options: false, cancelTimer: false, list: observable.ref,
    })
  }

  /** The loaded items, in the server's order, without duplicates. */
  get items (): LiveItem[] {
    return this.list.items
  }

  /** The last page loaded (1-based); 0 before the first. */
  get page (): number {
    return this.list.pages
  }

  /** True when the server has more items after the loaded ones. */
  get hasMore (): boolean {
    return this.list.hasMore
  }

  /** The server whose items are loaded, or null before the first answer. */
  get serverId (): string | null {
    return this.list.pages > 0 ? this.listServerId : null
  }

  /** Status of the first page: 'loading', 'ready', 'empty' (no items), or 'error' (see `error`). */
  get status (): StoreStatus {
    return this.list.status
  }

  /** The user-facing message of a failed first page, else null. */
  get error (): string | null {
    return this.list.error
  }

  /** Whether retrying the failed first page may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get retryable (): boolean {
    return this.list.retryable
  }

  /** Status of loading more: 'loading' while a next page is on its way, 'error' when it failed (the loaded items stay). */
  get moreStatus (): StoreStatus {
    return this.list.moreStatus
  }

  /** The user-facing message of a failed next page, else null. */
  get moreError (): string | null {
    return this.list.moreError
  }

  /** Whether retrying the failed next page may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get moreRetryable (): boolean {
    return this.list.moreRetryable
  }

  /** Every item with its state at `now` (SPEC §4), in reading order: on air, then playbacks, then reservations. */
  get entries (): LiveEntry[] {
    return orderLiveItems(this.items, this.now / 1000).map(item => {
      const state = deriveLiveState(item, this.now / 1000)
      return { item, state, logState: liveLogStateOf(state) }
    })
  }

  /** When (unix ms) the next item changes state on its own, or null when none will. */
  get nextChangeAt (): number | null {
    const changes = this.items
      .map(item => nextLiveStateChangeAt(item, this.now / 1000))
      .filter((at): at is number => at !== null)
    return changes.length === 0 ? null : Math.min(...changes) * 1000
  }

  /** The state of a loaded item at `now`, or null for an unknown id. */
  stateOf (liveId: string): LiveState | null {
    return this.entries.find(entry => entry.item.live_id === liveId)?.state ?? null
  }

  /** Loads the first page of the current server's items (a refresh; another server's items are dropped). Calling it again is the retry. */
  async load (): Promise<void> {
    const serverId = this.server.serverId
    if (serverId !== this.listServerId) {
      this.listServerId = serverId
      this.list = this.listOf(serverId)
    }
    await this.list.load()
  }

  /**
   * Loads the next page of the loaded server's items (reach-bottom). Does nothing unless
   * the first page is shown, more items exist and no next page is already on its way. Calling it again after a
   * failure is the retry.
   */
  async loadMore (): Promise<void> {
    await this.list.loadMore()
  }

  /** Starts the clock (page shown): re-derives now, then exactly when the next state changes. */
  startClock (): void {
    this.clockRunning = true
    this.tick()
  }

  /** Stops the clock (page hidden). */
  stopClock (): void {
    this.clockRunning = false
    this.cancelTimer?.()
    this.cancelTimer = null
  }

  /** Stops the clock for good (page unloaded). */
  dispose (): void {
    this.stopClock()
  }

  /** A new list of one server's items; a page it shows re-derives the states and reschedules, unless another list replaced it. */
  private listOf (serverId: string): PagedList<LiveItem, number> {
    const { logger, pageSize } = this.options
    const list: PagedList<LiveItem, number> = new PagedList(numberedPages(query => this.api.listServerLives(serverId, query), pageSize), item => item.live_id, {
      logger,
      onPage: () => {
        if (list !== this.list) return
        this.now = this.options.clock()
        this.schedule()
      },
    })
    return list
  }

  /** Moves `now` to the clock's time, logs the items whose state changed (SPEC §4 log names), and schedules the next tick. */
  private tick (): void {
    const before = new Map(this.entries.map(entry => [entry.item.live_id, entry.state]))
    this.now = this.options.clock()
    for (const entry of this.entries) {
      if (before.get(entry.item.live_id) !== entry.state) this.options.logger.info(`[live] ${entry.item.live_id} is now ${entry.logState}`)
    }
    this.schedule()
  }

  private schedule (): void {
    this.cancelTimer?.()
    this.cancelTimer = null
    const next = this.nextChangeAt
    if (!this.clockRunning || next === null) return
    const delay = Math.min(Math.max(next - this.options.clock(), 0), MAX_TIMER_DELAY_MS)
    this.cancelTimer = this.options.scheduler.schedule(() => this.tick(), delay)
  }
}
