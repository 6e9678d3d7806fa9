/**
 * One conversation's history, oldest → newest: the newest page (or the stretch around a
 * message a search hit opened it at, and newer pages after it), older pages (`before`)
 * and what was missed while offline (`after`), merged without gaps or duplicates. A
 * message of mine that was pending becomes sent in its place when the server's copy
 * arrives (its outbox gives up the entry with the same nonce).
 */
import { makeAutoObservable, observable, runInAction } from 'mobx'
import { CATCH_UP_MAX_PAGES, CATCH_UP_PAGE_SIZE, FIRST_UNREAD_MAX_PAGES, HISTORY_PAGE_SIZE } from '@/constants/chat'
import { LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'
import type { Conversation } from './conversation'
import { compareMessageIds, searchById, type ChatEntry } from './message-order'
import type { ChatMessage, ChatMessagePage } from './types'

/** What a history needs: its conversation, and the outbox entry a server message settles. */
export interface MessageHistoryDeps {
  conversation: Conversation
  logger: StoreLogger
  /** The key of my pending entry that this server message settles (taken out of the outbox), or null. */
  settlePending: (message: ChatMessage) => string | null
  /** Messages per page; HISTORY_PAGE_SIZE by default. */
  pageSize?: number
  /** How many messages were unread when the conversation opened (for the "new messages" divider); unknown until {@link MessageHistory.knowUnread} when not given. */
  unreadCount?: number
  /**
   * The read position when the conversation opened (the divider goes above the first counted
   * message after it, however many were unread); null or left out: the count alone places it.
   */
  lastReadId?: string | null
  /** True for a message the unread count counts (others' messages: my own are never unread). */
  countsAsUnread?: (message: ChatMessage) => boolean
}

/** The server's messages of one conversation, ordered by id, and how they are paged in. */
export class MessageHistory {
  /** The server's messages, ordered by id (oldest first). */
  sent: ChatEntry[] = []
  /** True when the server holds messages older than the oldest loaded one. */
  hasOlder = false
  /** True when the server holds messages newer than the stretch loaded around a message; they load on scrolling down. */
  hasNewer = false
  /** The first message that was unread when the conversation opened (the "new messages" divider goes above it), or null. */
  firstUnreadId: string | null = null
  private readonly latest: LoadTracker
  private readonly older: LoadTracker
  private unreadAtOpen: number | null
  private readAtOpen: string | null
  private readonly pageSize: number
  private catchingUp: Promise<void> | null = null
  /** The newest message of the stretch loaded around a message: the next newer page starts after it. */
  private newerAfter: string | null = null
  private newerLoading = false

  constructor (private readonly deps: MessageHistoryDeps) {
    this.latest = new LoadTracker(deps.logger)
    this.older = new LoadTracker(deps.logger)
    this.unreadAtOpen = deps.unreadCount === undefined ? null : Math.max(0, Math.floor(deps.unreadCount))
    this.readAtOpen = deps.lastReadId ?? null
    this.pageSize = deps.pageSize ?? HISTORY_PAGE_SIZE
    // entries are snapshots replaced whole (never changed in place): the array is watched, not each message
    makeAutoObservable<MessageHistory, 'deps' | 'latest' | 'older' | 'unreadAtOpen' | 'readAtOpen' | 'pageSize' | 'catchingUp' | 'newerAfter' | 'newerLoading'>(this, {
      deps: false, latest: false, older: false, unreadAtOpen: false, readAtOpen: false, pageSize: false, catchingUp: false, newerAfter: false, newerLoading: false, sent: observable.shallow,
    })
  }

  /** Status of the first page: 'idle' before it was asked for, then 'loading', 'ready' or 'error'. */
  get status (): StoreStatus {
    return this.latest.status
  }

  /** The user-facing message of a failed first page, else null. */
  get error (): string | null {
    return this.latest.error
  }

  /** Whether retrying the failed first page may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get retryable (): boolean {
    return this.latest.retryable
  }

  /** Status of the older page on its way: 'loading', or 'error' when it failed (what is shown stays). */
  get olderStatus (): StoreStatus {
    return this.older.status
  }

  /** The newest message the server holds, or null. */
  get newestId (): string | null {
    return this.sent.length > 0 ? this.sent[this.sent.length - 1].message.message_id : null
  }

  /** uid → nickname of every loaded message's author. */
  get authorNames (): Map<string, string> {
    const names = new Map<string, string>()
    for (const entry of this.sent) names.set(entry.message.author.uid, entry.message.author.nickname)
    return names
  }

  /** True once the unread count at opening is known (given, or told by {@link MessageHistory.knowUnread}). */
  get unreadKnown (): boolean {
    return this.unreadAtOpen !== null
  }

  /**
   * The unread count at opening (and the read position, when known), when it becomes known
   * after the conversation opened (a channel opened by a link, before its channel list
   * arrived); once only.
   */
  knowUnread (count: number, lastReadId: string | null = null): void {
    if (this.unreadAtOpen !== null) return
    this.unreadAtOpen = Math.max(0, Math.floor(count))
    this.readAtOpen = lastReadId
    if (this.sent.length === 0) return
    this.placeUnreadDivider()
    if (!this.reachesFirstUnread(this.sent.map(entry => entry.message), this.hasOlder)) void this.loadOlderToFirstUnread()
  }

  /**
   * Loads the newest page (the first load, and its retry); what is already shown is kept and
   * merged. At the first load the conversation opens at its first unread message: when the
   * newest page holds fewer messages than were unread, the older ones up to it come with it.
   */
  async loadLatest (): Promise<void> {
    const first = this.sent.length === 0
    await this.latest.run(async () => {
      const newest = await this.deps.conversation.api.listHistory({ limit: this.pageSize })
      return first ? this.reachingFirstUnread(newest) : newest
    }, page => {
      const wasEmpty = this.sent.length === 0
      this.merge(page.items)
      if (wasEmpty) {
        this.hasOlder = page.has_more
        this.placeUnreadDivider()
      }
      return 'ready'
    })
  }

  /** Loads the messages around `messageId` (half older, half newer) as the first page: the conversation opened at a search hit. */
  async loadAround (messageId: string): Promise<void> {
    await this.latest.run(() => this.deps.conversation.api.listHistory({ around: messageId, limit: this.pageSize }), page => {
      this.merge(page.items)
      this.hasOlder = page.has_more
      this.hasNewer = page.has_newer === true
      this.newerAfter = page.items[page.items.length - 1]?.message_id ?? null
      return 'ready'
    })
  }

  /** Loads the page after the stretch opened around a message (scrolling down); nothing when none is left or one is on its way. */
  async loadNewer (): Promise<void> {
    const after = this.newerAfter
    if (!this.hasNewer || after === null || this.newerLoading) return
    this.newerLoading = true
    try {
      const page = await this.deps.conversation.api.listHistory({ after, limit: this.pageSize })
      runInAction(() => {
        this.merge(page.items)
        this.hasNewer = page.has_more
        this.newerAfter = page.items[page.items.length - 1]?.message_id ?? after
      })
    } catch (error) {
      this.deps.logger.warn('[chat] loading newer messages:', error)
    } finally {
      runInAction(() => { this.newerLoading = false })
    }
  }

  /** Loads the page before the oldest shown (scrolling up); nothing while one is on its way or none is left. */
  async loadOlder (): Promise<void> {
    const oldest = this.sent[0]?.message.message_id
    if (!this.hasOlder || oldest === undefined || this.older.isLoading) return
    await this.older.run(() => this.deps.conversation.api.listHistory({ before: oldest, limit: this.pageSize }), page => {
      this.merge(page.items)
      this.hasOlder = page.has_more
      return 'ready'
    })
  }

  /**
   * Fetches every message after the newest shown (after a reconnect), page by page. When
   * more than CATCH_UP_MAX_PAGES pages were missed, the newest page replaces what is
   * shown instead (older pages load on scroll as usual), so no gap is ever shown.
   */
  catchUp (): Promise<void> {
    this.catchingUp ??= this.fetchMissed().finally(() => { this.catchingUp = null })
    return this.catchingUp
  }

  /** The shown message with this id, or null (a reply's original may not be loaded). */
  find (messageId: string): ChatEntry | null {
    const index = searchById(this.sent, messageId)
    return index >= 0 ? this.sent[index] : null
  }

  /** Puts server messages in their place: a known id is replaced, my pending message with the same nonce becomes sent. */
  merge (messages: readonly ChatMessage[]): void {
    if (messages.length === 0) return
    const sent = this.sent.slice()
    for (const message of messages) {
      const pendingKey = this.deps.settlePending(message)
      const index = searchById(sent, message.message_id)
      if (index >= 0) sent[index] = { ...sent[index], message }
      else sent.splice(-index - 1, 0, { key: pendingKey ?? message.message_id, message, status: 'sent', error: null })
    }
    this.sent = sent
  }

  /** Applies an edit the server made; an unloaded message stays unloaded (no gap). */
  update (message: ChatMessage): void {
    if (this.find(message.message_id)) this.merge([message])
  }

  /** Replaces a loaded message by what `change` makes of it; true when it was loaded. */
  change (messageId: string, change: (message: ChatMessage) => ChatMessage): boolean {
    const index = searchById(this.sent, messageId)
    if (index < 0) return false
    const sent = this.sent.slice()
    sent[index] = { ...sent[index], message: change(sent[index].message) }
    this.sent = sent
    return true
  }

  /** Takes a deleted message out; true when it was loaded. */
  remove (messageId: string): boolean {
    const index = searchById(this.sent, messageId)
    if (index < 0) return false
    this.sent = [...this.sent.slice(0, index), ...this.sent.slice(index + 1)]
    return true
  }

  /** Loads older pages until the first unread message is among them (the count arrived after the newest page); the divider then goes above it. */
  private async loadOlderToFirstUnread (): Promise<void> {
    for (let fetched = 0; fetched < FIRST_UNREAD_MAX_PAGES && !this.reachesFirstUnread(this.sent.map(entry => entry.message), this.hasOlder); fetched += 1) {
      await this.loadOlder()
      if (this.older.status === 'error') return
      this.placeUnreadDivider()
    }
  }

  private async fetchMissed (): Promise<void> {
    const { api } = this.deps.conversation
    for (let page = 0; page < CATCH_UP_MAX_PAGES; page += 1) {
      const after = this.newestId
      if (after === null) return this.loadLatest()
      try {
        const answer = await api.listHistory({ after, limit: CATCH_UP_PAGE_SIZE })
        runInAction(() => this.merge(answer.items))
        if (!answer.has_more) return
      } catch (error) {
        this.deps.logger.warn('[chat] catching up:', error)
        return
      }
    }
    const latest = await api.listHistory({ limit: this.pageSize }).catch(() => null)
    if (latest === null) return
    runInAction(() => {
      this.sent = []
      this.merge(latest.items)
      this.hasOlder = latest.has_more
    })
  }

  /**
   * `page` with the older messages before it up to the first unread one (more than
   * a page unread showed no divider at all, as Discord opens at the first unread message);
   * `page` itself when it holds them all, nothing is unread or the count is not known yet.
   */
  private async reachingFirstUnread (page: ChatMessagePage): Promise<ChatMessagePage> {
    let reached = page
    for (let fetched = 0; fetched < FIRST_UNREAD_MAX_PAGES; fetched += 1) {
      const oldest = reached.items[0]?.message_id
      if (oldest === undefined || this.reachesFirstUnread(reached.items, reached.has_more)) break
      const older = await this.deps.conversation.api.listHistory({ before: oldest, limit: CATCH_UP_PAGE_SIZE })
      reached = { ...reached, items: [...older.items, ...reached.items], has_more: older.has_more && older.items.length > 0 }
    }
    return reached
  }

  /**
   * True when `items` (oldest first; `hasMore`: older ones exist) hold the first message unread
   * at opening, or nothing was: they reach back to the read position when it is known (the
   * count stops at 100, the position does not), else to as many counted messages as were unread.
   */
  private reachesFirstUnread (items: readonly ChatMessage[], hasMore: boolean): boolean {
    if (!hasMore || this.unreadAtOpen === null || this.unreadAtOpen === 0) return true
    const oldest = items[0]?.message_id
    if (this.readAtOpen !== null) return oldest !== undefined && compareMessageIds(oldest, this.readAtOpen) <= 0
    return items.filter(this.deps.countsAsUnread ?? (() => true)).length >= this.unreadAtOpen
  }

  /**
   * Puts the divider above the first message the count counts (others', not mine) after the
   * read position at opening, once the loaded messages reach back to it; without a read
   * position, above the oldest of the last `unreadAtOpen` such messages.
   */
  private placeUnreadDivider (): void {
    if (this.unreadAtOpen === null || this.unreadAtOpen === 0) return
    const counts = this.deps.countsAsUnread ?? (() => true)
    const readAtOpen = this.readAtOpen
    if (readAtOpen !== null) {
      if (!this.reachesFirstUnread(this.sent.map(entry => entry.message), this.hasOlder)) return
      this.firstUnreadId = this.sent.find(({ message }) => counts(message) && compareMessageIds(message.message_id, readAtOpen) > 0)?.message.message_id ?? null
      return
    }
    let left = this.unreadAtOpen
    for (let index = this.sent.length - 1; index >= 0; index -= 1) {
      const { message } = this.sent[index]
      if (!counts(message)) continue
      left -= 1
      if (left === 0) {
        this.firstUnreadId = message.message_id
        return
      }
    }
  }
}
