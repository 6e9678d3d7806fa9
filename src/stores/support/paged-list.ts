/**
 * One paged list of the API with its own loading states: the first page (a refresh
 * replaces what is shown), then the next pages on reach-bottom or "load more", appended
 * without the items already shown. How a page is asked for is the caller's: a page
 * number (live items, {@link numberedPages}), the last item's id (the audit log), or the
 * cursor the server answered (the member list). Every paged list of the app is one of these.
 */
import { makeAutoObservable, observable } from 'mobx'
import type { PageQuery, Paged } from '@core/wire/api'
import { DEFAULT_PAGE_SIZE } from '@core/wire/codes'
import { LoadTracker, type StoreLogger, type StoreStatus } from './load-tracker'

/** One page as a paged list takes it. */
export interface ListPage<T, C> {
  /** The page's items, in the server's order. */
  items: T[]
  /** True when the server has items after these. */
  hasMore: boolean
  /** What asks for the page after this one (a page number, an id, the server's cursor); null when none follows. */
  next: C | null
}

/** What a paged list needs besides the request of one page and the id of an item. */
export interface PagedListOptions<P> {
  logger: StoreLogger
  /** Called with each page when its items are shown, in the same action (the live clock re-derives then; the member list takes its counts). */
  onPage?: (page: P) => void
  /** Called with the failure of a first page, in the same action as its message (a refusal that asking again will not change). */
  onFirstPageError?: (error: unknown) => void
}

/** One paged list with its own loading states; `C` is the cursor that asks for a next page. */
export class PagedList<T, C, P extends ListPage<T, C> = ListPage<T, C>> {
  /** The loaded items, in the server's order, without duplicates. */
  items: T[] = []
  /** Pages shown since the last refresh; 0 before the first answer. */
  pages = 0
  /** True when the server has more items after the loaded ones. */
  hasMore = false
  private next: C | null = null
  private readonly listing: LoadTracker
  private readonly more: LoadTracker

  constructor (
    private readonly fetchPage: (cursor: C | null) => Promise<P>,
    private readonly idOf: (item: T) => string,
    private readonly options: PagedListOptions<P>,
  ) {
    this.listing = new LoadTracker(options.logger)
    this.more = new LoadTracker(options.logger)
    // items are the API's snapshots, replaced whole (never changed in place): watched by reference
    makeAutoObservable<PagedList<T, C, P>, 'fetchPage' | 'idOf' | 'options' | 'next'>(this, {
      fetchPage: false, idOf: false, options: false, next: false, items: observable.ref,
    })
  }

  /** Status of the first page: 'loading', 'ready', 'empty' (no items) or 'error'. */
  get status (): StoreStatus {
    return this.listing.status
  }

  /** The user-facing message of a failed first page, else null. */
  get error (): string | null {
    return this.listing.error
  }

  /** Whether retrying the failed first page may help (false for a refusal the same request gets again). */
  get retryable (): boolean {
    return this.listing.retryable
  }

  /** Whether retrying the failed next page may help. */
  get moreRetryable (): boolean {
    return this.more.retryable
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
    await this.listing.run(() => this.fetchPage(null), page => {
      this.items = []
      this.pages = 0
      this.append(page)
      return this.items.length === 0 ? 'empty' : 'ready'
    }, this.options.onFirstPageError)
  }

  /** Loads the next page; does nothing unless the first page is shown, more exist and none is on its way. */
  async loadMore (): Promise<void> {
    const cursor = this.next
    if (this.listing.status !== 'ready' || !this.hasMore || cursor === null || this.more.isLoading) return
    await this.more.run(() => this.fetchPage(cursor), page => {
      this.append(page)
      return 'ready'
    })
  }

  /**
   * Shows `items` in place of the loaded ones (a live change its owner applied): an empty
   * list that gains items is ready, and a list emptied with nothing more to load is empty.
   */
  replaceItems (items: T[]): void {
    this.items = items
    if (items.length > 0 && this.listing.status === 'empty') this.listing.settle('ready')
    else if (items.length === 0 && !this.hasMore && this.listing.status === 'ready') this.listing.settle('empty')
  }

  private append (page: P): void {
    const known = new Set(this.items.map(this.idOf))
    this.items = [...this.items, ...page.items.filter(item => !known.has(this.idOf(item)))]
    this.pages += 1
    this.hasMore = page.hasMore
    this.next = page.hasMore ? page.next : null
    this.options.onPage?.(page)
  }
}

/**
 * The pages of a numbered API list (`page`, `page_size`: live items) for a paged list: the
 * cursor is the page number (the first is 1).
 * @param pageSize items asked for per page; the API's DEFAULT_PAGE_SIZE (core/wire/codes.ts) by default
 */
export function numberedPages<T> (fetch: (query: PageQuery) => Promise<Paged<T>>, pageSize = DEFAULT_PAGE_SIZE): (page: number | null) => Promise<ListPage<T, number>> {
  return async page => {
    const number = page ?? 1
    const answer = await fetch({ page: number, page_size: pageSize })
    return { items: answer.list, hasMore: answer.has_more, next: number + 1 }
  }
}
