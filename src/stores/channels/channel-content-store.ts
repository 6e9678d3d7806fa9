/**
 * What one channel shows on the channel page: a discussion's chat (its own store,
 * chat/), a post channel's feed (its own store, post-feed-store.ts), or a live
 * channel's items with a player for one of them. The channel is loaded first (its type
 * decides the view), then the first page of its list; more pages load on reach-bottom.
 * Time is injected, so the live state of the
 * played item (SPEC §4) is derived at a moment tests choose.
 */
import { makeAutoObservable } from 'mobx'
import { channelOpens, opensOnChannelPage } from '@core/domain/channel-types'
import type { Channel, LiveItem } from '@core/wire/entities'
import { deriveLiveState, featuredLiveItem, orderLiveItems, type LiveState } from '@core/domain/live-state'
import type { ApiClient } from '@/services/api/api-client'
import { LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'
import { numberedPages, PagedList } from '../support/paged-list'

/** What the channel page shows for a channel. */
export type ChannelContent =
  | { view: 'chat' }
  | { view: 'posts', channelId: string }
  | { view: 'live', list: PagedList<LiveItem, number> }
  | { view: 'unsupported' }

/** Which channel to open, and (for live views) which item to play. */
export interface ChannelOpenInput {
  channelId: string
  liveId?: string | null
}

/** What the store needs besides the API. */
export interface ChannelContentStoreOptions {
  /** The current time in unix milliseconds. */
  clock: () => number
  logger: StoreLogger
  /** Live items per page; the API's DEFAULT_PAGE_SIZE by default. */
  pageSize?: number
}

/** The played live item and its state now. */
export interface PlayedLive {
  item: LiveItem
  state: LiveState
}

/**
 * The view of a channel: a live item to play, or what the channel's type opens
 * (core/domain/channel-types.ts) — live (12) and live banner (13) channels play,
 * discussions (1) are a chat (with its own stores, stores/chat/), post channels (3) list
 * posts; what opens elsewhere (a space, a link) or not at all is not viewable here.
 */
export function channelViewOf (channel: Pick<Channel, 'channel_type'>, liveId?: string | null): ChannelContent['view'] {
  if (liveId) return 'live'
  const opens = channelOpens(channel.channel_type)
  return opensOnChannelPage(opens) ? opens : 'unsupported'
}

/** One channel's content for the channel page. */
export class ChannelContentStore {
  /** The channel asked for, or null before `open`. */
  channelId: string | null = null
  /** The live item asked for (live views), or null for the first one. */
  liveId: string | null = null
  /** The loaded channel, or null until it is loaded. */
  channel: Channel | null = null
  /** The view and its list, or null until the channel is loaded. */
  content: ChannelContent | null = null
  /** The time (unix ms) live states are derived at; moved on by `refreshClock`. */
  now: number
  private readonly loading: LoadTracker

  constructor (private readonly api: ApiClient, private readonly options: ChannelContentStoreOptions) {
    this.now = options.clock()
    this.loading = new LoadTracker(options.logger)
    makeAutoObservable<ChannelContentStore, 'api' | 'options'>(this, { api: false, options: false })
  }

  /** 'loading' while the channel or its first page loads, then the list's status; 'error' when either failed. */
  get status (): StoreStatus {
    if (this.loading.status !== 'ready') return this.loading.status
    return this.list?.status ?? 'ready'
  }

  /** The user-facing message of the failure, else null. */
  get error (): string | null {
    if (this.loading.error !== null) return this.loading.error
    return this.list?.error ?? null
  }

  /** The user-facing message of a failed next page, else null. */
  get moreError (): string | null {
    return this.list?.moreError ?? null
  }

  /** Whether retrying the failed load may help (false for a refusal the same request gets again: a channel I may not see). */
  get retryable (): boolean {
    if (this.loading.error !== null) return this.loading.retryable
    return this.list?.retryable ?? true
  }

  /** The paged list of the view (live items), or null for a chat, a post feed (its own store) or nothing to show. */
  private get list (): PagedList<LiveItem, number> | null {
    return this.content !== null && 'list' in this.content ? this.content.list : null
  }

  /** The item the player shows: the one asked for, else the featured one (on air first); with its state now (SPEC §4). */
  get played (): PlayedLive | null {
    if (this.content?.view !== 'live') return null
    const items = this.content.list.items
    const item = items.find(entry => entry.live_id === this.liveId) ?? featuredLiveItem(items, this.now / 1000)
    return item ? { item, state: this.stateOf(item) } : null
  }

  /** The live items in reading order at `now`: on air, then playbacks, then reservations (SPEC §4 states). */
  get liveItems (): LiveItem[] {
    return this.content?.view === 'live' ? orderLiveItems(this.content.list.items, this.now / 1000) : []
  }

  /** SPEC §4: the state of a live item at `now`. */
  stateOf (item: LiveItem): LiveState {
    return deriveLiveState(item, this.now / 1000)
  }

  /** Opens a channel: loads it, then the first page of its view's list. Never rejects. */
  async open (input: ChannelOpenInput): Promise<void> {
    this.channelId = input.channelId
    this.liveId = input.liveId || null
    this.channel = null
    this.content = null
    this.now = this.options.clock()
    await this.load()
  }

  /** Loads what is missing: the channel (when it failed) and the first page of its list. Calling it again is the retry. */
  async load (): Promise<void> {
    const channelId = this.channelId
    if (channelId === null) return
    if (this.channel === null || this.channel.channel_id !== channelId) {
      const loaded = await this.loading.run(() => this.api.getChannel(channelId), channel => {
        this.channel = channel
        this.content = this.contentOf(channel)
        return 'ready'
      })
      if (!loaded) return
    }
    await this.list?.load()
  }

  /** Loads the next page of the list (reach-bottom). */
  async loadMore (): Promise<void> {
    await this.list?.loadMore()
  }

  /** Plays another item of the live list. */
  select (liveId: string): void {
    this.liveId = liveId
    this.now = this.options.clock()
  }

  /** Derives live states at the current time again (page shown). */
  refreshClock (): void {
    this.now = this.options.clock()
  }

  private contentOf (channel: Channel): ChannelContent {
    const id = channel.channel_id
    switch (channelViewOf(channel, this.liveId)) {
      case 'chat': return { view: 'chat' }
      case 'posts': return { view: 'posts', channelId: id }
      case 'live': return { view: 'live', list: new PagedList(numberedPages(query => this.api.listChannelLives(id, query), this.options.pageSize), (item: LiveItem) => item.live_id, { logger: this.options.logger }) }
      default: return { view: 'unsupported' }
    }
  }
}
