/**
 * The chat of the live item being played: its comments newest at the bottom,
 * arriving live over the gateway; the composer only while the item is on air and its
 * comment flag allows it (SPEC §4: 1 can comment, 2 cannot); ended items keep their
 * comments read-only; reserved items offer a "提醒我" toggle. While an item is on air
 * the store beats a viewing heartbeat, and the viewer count follows LIVE_VIEWERS.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { LiveCommentFlag } from '@core/wire/codes'
import type { LiveItem } from '@core/wire/entities'
import type { LiveComment } from '@core/wire/posts'
import type { PostsDispatches } from '@core/wire/dispatches'
import type { LiveState } from '@core/domain/live-state'
import type { PostsApi } from '@/services/api/posts'
import type { TimerScheduler } from '../support/timer-scheduler'
import { CommentDraft } from '../posts/comment-draft'
import { DispatchSubscriptions, type DispatchSource } from '../support/dispatch-subscriptions'
import { randomNonce } from '../support/random-nonce'
import { failureMessage, LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'

/** How often a watching member says so (the server counts a viewer for 45 s after a beat). */
export const VIEWING_HEARTBEAT_MS = 20_000

/** Comments kept in memory; older ones leave the list as new ones come. */
export const LIVE_CHAT_KEEP = 200

/** What the chat needs besides the API. */
export interface LiveChatOptions {
  logger: StoreLogger
  scheduler: TimerScheduler
  /** True while someone is signed in (heartbeats and the reminder need a session). */
  isSignedIn: () => boolean
  /**
   * True while the signed-in person is a member of the item's server: only members are
   * counted as viewers (the server refuses anyone else's heartbeat; docs/decisions.md).
   */
  isMember: () => boolean
  nonce?: () => string
  /** Told the reminder of a reserved item as the server has it (the app keeps it for Home). */
  onReminder?: (item: LiveItem, reminded: boolean) => void
  /**
   * Asks, as the reminder is turned on, for the mini-program's one-time subscription (
   * the server then sends WeChat's message at the start); resolves whether it was granted.
   */
  askSubscription?: () => Promise<boolean>
}

/** One live item's chat, viewers and reminder. */
export class LiveChatStore {
  item: LiveItem | null = null
  state: LiveState | null = null
  comments: LiveComment[] = []
  /** The comment being written. */
  readonly draft: CommentDraft
  /** Members watching now, or null before the first count. */
  viewers: number | null = null
  /** Whether the member asked to be reminded of this reserved item. */
  reminded = false
  /** The overlaid comments over the player are hidden (the list stays). */
  overlayHidden = false
  readonly loading: LoadTracker
  private stopHeartbeat: (() => void) | null = null
  private readonly subscriptions = new DispatchSubscriptions()

  constructor (private readonly api: PostsApi, private readonly options: LiveChatOptions) {
    this.loading = new LoadTracker(options.logger)
    this.draft = new CommentDraft(options.logger)
    makeAutoObservable<LiveChatStore, 'api' | 'options' | 'stopHeartbeat' | 'subscriptions'>(this, { api: false, options: false, stopHeartbeat: false, subscriptions: false })
  }

  get status (): StoreStatus {
    return this.loading.status
  }

  /** SPEC §4: comment flag 2 — "本场直播已关闭评论", no composer. */
  get commentsOff (): boolean {
    return this.item?.can_comment === LiveCommentFlag.CannotComment
  }

  /**
   * Why no composer shows, said once under the comments: `replay` — an item over is read
   * back, whatever its comment flag; `off` — SPEC §4, a broadcast on air with comment flag 2.
   * null while comments are taken (the composer, or the join prompt of a visitor).
   */
  get closedState (): 'replay' | 'off' | null {
    if (this.state === 'ended') return 'replay'
    return this.commentsOff ? 'off' : null
  }

  /** The composer shows: the item is on air and takes comments. */
  get canComment (): boolean {
    return this.state === 'live' && !this.commentsOff
  }

  /** The newest comments, for the overlay over the player. */
  get overlay (): LiveComment[] {
    return this.comments.slice(-6)
  }

  /** Opens the chat of `item` in `state`: its latest comments, the reminder (reserved items), the heartbeat (on air). */
  async open (item: LiveItem, state: LiveState): Promise<void> {
    const same = this.item?.live_id === item.live_id
    this.leave()
    this.item = item
    this.state = state
    if (!same) {
      this.comments = []
      this.draft.clear()
      this.viewers = null
      this.reminded = false
    }
    const tasks: Array<Promise<unknown>> = [this.loading.run(() => this.api.listLiveComments(item.live_id), page => {
      this.comments = page.items
      return page.items.length === 0 ? 'empty' : 'ready'
    })]
    if (state === 'order' && this.options.isSignedIn()) tasks.push(this.loadReminder(item))
    if (state === 'live') this.beat(item.live_id)
    await Promise.all(tasks)
  }

  toggleOverlay (): void {
    this.overlayHidden = !this.overlayHidden
  }

  /** Sends the draft with a nonce; on refusal the text stays. Resolves true when sent. */
  async send (): Promise<boolean> {
    const item = this.item
    if (!item || !this.canComment) return false
    return this.draft.send(content => this.api.createLiveComment(item.live_id, { content, nonce: (this.options.nonce ?? randomNonce)() }), comment => this.received(comment))
  }

  /**
   * Turns the reminder of a reserved item on or off; turning it on first asks for the WeChat
   * subscription (mini-program), whose refusal still keeps the reminder. Resolves the failure's message, or null.
   */
  async toggleReminder (): Promise<string | null> {
    const item = this.item
    if (!item) return null
    const wanted = !this.reminded
    this.reminded = wanted
    try {
      // WeChat shows its subscription prompt only from a tap: asked before anything else is awaited
      if (wanted && this.options.askSubscription) await this.options.askSubscription()
      const answer = await this.api.setReminder(item.live_id, wanted)
      runInAction(() => { if (this.item?.live_id === answer.live_id) this.reminded = answer.reminded })
      this.options.onReminder?.(item, answer.reminded)
      return null
    } catch (error) {
      runInAction(() => { this.reminded = !wanted })
      return failureMessage(error, this.options.logger)
    }
  }

  /** Starts applying live comments and viewer counts from `source`. */
  attach (source: DispatchSource<PostsDispatches>): void {
    this.subscriptions.replace([
      source.on('LIVE_COMMENT_CREATE', comment => { if (comment.live_id === this.item?.live_id) this.received(comment) }),
      source.on('LIVE_VIEWERS', ({ live_id: liveId, viewers }) => { if (liveId === this.item?.live_id) this.viewers = viewers }),
    ])
  }

  /** Stops the heartbeat (telling the server this member left) and the dispatches. */
  dispose (): void {
    this.leave()
    this.subscriptions.stop()
  }

  private received (comment: LiveComment): void {
    if (this.comments.some(item => item.comment_id === comment.comment_id)) return
    this.comments = [...this.comments, comment].slice(-LIVE_CHAT_KEEP)
    this.loading.settle('ready')
  }

  private async loadReminder (item: LiveItem): Promise<void> {
    try {
      const answer = await this.api.getReminder(item.live_id)
      runInAction(() => { if (this.item?.live_id === item.live_id) this.reminded = answer.reminded })
      this.options.onReminder?.(item, answer.reminded)
    } catch (error) {
      this.options.logger.warn('[live chat] reminder unknown:', error)
    }
  }

  /** Whether this person's viewing counts: signed in and a member of the server (a visitor's heartbeat would be refused). */
  private counts (): boolean {
    return this.options.isSignedIn() && this.options.isMember()
  }

  /** Says "watching" now and every VIEWING_HEARTBEAT_MS until `leave` (a visitor says nothing, but is asked again at each beat: they may join). */
  private beat (liveId: string): void {
    if (this.counts()) {
      this.api.setViewing(liveId, true).then(
        answer => runInAction(() => { if (this.item?.live_id === liveId) this.viewers = answer.viewers }),
        error => this.options.logger.warn('[live chat] heartbeat failed:', error),
      )
    }
    this.stopHeartbeat = this.options.scheduler.schedule(() => this.beat(liveId), VIEWING_HEARTBEAT_MS)
  }

  private leave (): void {
    if (this.stopHeartbeat === null) return
    this.stopHeartbeat()
    this.stopHeartbeat = null
    const item = this.item
    if (item && this.counts()) {
      this.api.setViewing(item.live_id, false).catch(error => this.options.logger.warn('[live chat] leaving failed:', error))
    }
  }
}
