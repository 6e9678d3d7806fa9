/**
 * One paged list of the API (messages, posts, live items) with its own loading states:
 * the first page (a refresh replaces what is shown), then the next pages on
 * reach-bottom, appended without the items already shown.
 */
import { makeAutoObservable, observable } from 'mobx'
import type { PageQuery, Paged } from '@core/wire/api'
import { DEFAULT_PAGE_SIZE } from '@core/wire/codes'
import { LoadTracker, type StoreLogger, type StoreStatus } from './load-tracker'

/** What a paged list needs besides the request of one page and the id of an item. */
export interface PagedListOptions {
  logger: StoreLogger
  /** Items asked for per page; the API's DEFAULT_PAGE_SIZE (core/wire/codes.ts) by default. */
  pageSize?: number
  /** Called each time a page's items are shown, in the same action (the live clock re-derives then). */
  onPage?: () => void
}

/** One paged list with its own loading states. */
export class PagedList<T> {
  /** The loaded items, in the server's order, without duplicates. */
  items: T[] = []
  /** The last page loaded (1-based); 0 before the first. */
  page = 0
  /** True when the server has more items after the loaded ones. */
  hasMore = false
  private readonly listing: LoadTracker
  private readonly more: LoadTracker
  private readonly pageSize: number
  private readonly onPage: (() => void) | undefined

  constructor (
    private readonly fetchPage: (query: PageQuery) => Promise<Paged<T>>,
    private readonly idOf: (item: T) => string,
    options: PagedListOptions,
  ) {
    this.listing = new LoadTracker(options.logger)
    this.more = new LoadTracker(options.logger)
    this.pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE
    this.onPage = options.onPage
    // items are the API's snapshots, replaced whole (never changed in place): watched by reference
    makeAutoObservable<PagedList<T>, 'fetchPage' | 'idOf' | 'pageSize' | 'onPage'>(this, { fetchPage: false, idOf: false, pageSize: false, onPage: false, items: observable.ref })
  }

  /** Status of the first page: 'loading', 'ready', 'empty' (no items) or 'error'. */
  get status (): StoreStatus {
    return this.listing.status
  }

  /** The user-facing message of a failed first page, else null. */
  get error (): string | null {
    return this.listing.error
  }

  /** Status of the next page: 'loading' while on its way, 'error' when it failed (the loaded items stay). */
  get moreStatus (): StoreStatus {
    return this.more.status
  }

  /** The user-facing message of a failed next page, else null. */
  get moreError (): string | null {
    return this.more.error
  }

  /** Loads the first page again (a refresh; calling it after a failure is the retry). A next page on its way is ignored. */
  async load (): Promise<void> {
    this.more.reset()
    await this.listing.run(() => this.fetchPage({ page: 1, page_size: this.pageSize }), answer => {
      this.items = []
      this.append(answer, 1)
      return this.items.length === 0 ? 'empty' : 'ready'
    })
  }

  /** Loads the next page (reach-bottom); does nothing unless the first page is shown, more exist and none is on its way. */
  async loadMore (): Promise<void> {
    if (this.listing.status !== 'ready' || !this.hasMore || this.more.isLoading) return
    const page = this.page + 1
    await this.more.run(() => this.fetchPage({ page, page_size: this.pageSize }), answer => {
      this.append(answer, page)
      return 'ready'
    })
  }

  private append (answer: Paged<T>, page: number): void {
    const known = new Set(this.items.map(this.idOf))
    this.items = [...this.items, ...answer.list.filter(item => !known.has(this.idOf(item)))]
    this.page = page
    this.hasMore = answer.has_more
    this.onPage?.()
  }
}
