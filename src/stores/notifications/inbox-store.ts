/**
 * The notification inbox (通知): the unread count the Me entry and the server rail show,
 * the list newest first by cursor, marking one or all read (at once here, then on the
 * server), and the member's mutes per server and channel. It follows the gateway live:
 * NOTIFICATION_CREATE puts a new notification on top with the server's unread count,
 * NOTIFICATIONS_READ (another device read some) marks them here,
 * NOTIFICATIONS_SUBJECT_DELETE (what some quote was deleted, by its author or a moderator)
 * shows them deleted without their words as a reload would, and a resync reloads the count. It lives in the root store (the badge shows on every page); the list loads
 * only when the inbox page asks.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx'
import type { DispatchPayloads } from '@core/wire/dispatches'
import type { Notification, NotificationSetting, NotificationsReadEvent } from '@core/wire/notifications'
import type { NotificationsApi } from '@/services/api/notifications'
import { GATEWAY_RESYNC } from '../gateway-store'
import { mayRetry, type StoreLogger } from '../support/load-tracker'
import { DispatchSubscriptions, type DispatchSource } from '../support/dispatch-subscriptions'

/** The dispatches the inbox follows, and the gateway's resync signal. */
export type InboxDispatches = Pick<DispatchPayloads, 'NOTIFICATION_CREATE' | 'NOTIFICATIONS_READ' | 'NOTIFICATIONS_SUBJECT_DELETE'> & { [GATEWAY_RESYNC]: null }

/** The inbox's loading state. */
export type InboxStatus = 'idle' | 'loading' | 'ready' | 'error'

/** The signed-in member's notifications and mutes. */
export class InboxStore {
  items: Notification[] = []
  unread = 0
  status: InboxStatus = 'idle'
  /** Whether retrying the failed list may help (false for a refusal the same request gets again): 重试 is offered only then. */
  retryable = true
  loadingMore = false
  private nextCursor: string | null = null
  private readonly settings = observable.map<string, NotificationSetting>()
  private readonly subscriptions = new DispatchSubscriptions()

  constructor (private readonly api: NotificationsApi, private readonly logger: StoreLogger) {
    makeAutoObservable<InboxStore, 'api' | 'logger' | 'subscriptions' | 'settings'>(this, { api: false, logger: false, subscriptions: false, settings: false, items: observable.ref })
  }

  /** True when older notifications remain to load. */
  get hasMore (): boolean {
    return this.nextCursor !== null
  }

  /** Follows the gateway's notification dispatches (attaching again replaces the handlers). */
  attach (source: DispatchSource<InboxDispatches>): void {
    this.subscriptions.replace([
      source.on('NOTIFICATION_CREATE', d => { this.received(d.notification, d.unread) }),
      source.on('NOTIFICATIONS_READ', d => { this.marked(d) }),
      source.on('NOTIFICATIONS_SUBJECT_DELETE', d => { this.subjectDeleted(d.ids) }),
      source.on(GATEWAY_RESYNC, () => { void this.refreshUnread() }),
    ])
  }

  /** Stops following the gateway. */
  dispose (): void {
    this.subscriptions.stop()
  }

  /** Asks the server for the unread count (after sign-in and a resync). */
  async refreshUnread (): Promise<void> {
    try {
      const { unread } = await this.api.unread()
      runInAction(() => { this.unread = unread })
    } catch (error) {
      this.logger.warn('[inbox] unread count failed', error)
    }
  }

  /** Loads the newest page (a refresh replaces the list). */
  async load (): Promise<void> {
    this.status = 'loading'
    try {
      const page = await this.api.list()
      runInAction(() => {
        this.items = page.items
        this.nextCursor = page.next_cursor
        this.unread = page.unread
        this.status = 'ready'
      })
    } catch (error) {
      this.logger.warn('[inbox] list failed', error)
      runInAction(() => {
        this.status = 'error'
        this.retryable = mayRetry(error)
      })
    }
  }

  /** Loads the page older than the shown ones, when there is one. */
  async loadMore (): Promise<void> {
    const cursor = this.nextCursor
    if (cursor === null || this.loadingMore) return
    this.loadingMore = true
    try {
      const page = await this.api.list(cursor)
      runInAction(() => {
        const shown = new Set(this.items.map(item => item.notification_id))
        this.items = [...this.items, ...page.items.filter(item => !shown.has(item.notification_id))]
        this.nextCursor = page.next_cursor
      })
    } catch (error) {
      this.logger.warn('[inbox] older page failed', error)
    } finally {
      runInAction(() => { this.loadingMore = false })
    }
  }

  /** Marks one notification read (shown read at once; the server's count follows). */
  async markRead (notificationId: string): Promise<void> {
    const item = this.items.find(entry => entry.notification_id === notificationId)
    if (!item || item.read) return
    this.marked({ ids: [notificationId], all: false, unread: Math.max(0, this.unread - 1) })
    await this.send({ ids: [notificationId] })
  }

  /** Marks every notification read. */
  async markAllRead (): Promise<void> {
    if (this.unread === 0 && this.items.every(item => item.read)) return
    this.marked({ ids: [], all: true, unread: 0 })
    await this.send({ all: true })
  }

  /** Reads the member's mutes. */
  async loadSettings (): Promise<void> {
    try {
      const { items } = await this.api.settings()
      runInAction(() => {
        this.settings.clear()
        for (const setting of items) this.settings.set(settingKey(setting.scope, setting.id), setting)
      })
    } catch (error) {
      this.logger.warn('[inbox] mute settings failed', error)
    }
  }

  /** True when the member muted this server or channel. */
  isMuted (scope: NotificationSetting['scope'], id: string): boolean {
    return this.settings.get(settingKey(scope, id))?.muted === true
  }

  /** True when the member suppressed @全体成员 in this server. */
  isEveryoneSuppressed (serverId: string): boolean {
    return this.settings.get(settingKey('server', serverId))?.suppress_everyone === true
  }

  /** Mutes or unmutes a server (its @全体成员 choice kept); answers whether the server took it. */
  async setServerMuted (serverId: string, muted: boolean): Promise<boolean> {
    return this.saveServer(serverId, { muted, suppress_everyone: this.isEveryoneSuppressed(serverId) })
  }

  /** Suppresses @全体成员 of a server or lets it through again. */
  async setEveryoneSuppressed (serverId: string, suppressed: boolean): Promise<boolean> {
    return this.saveServer(serverId, { muted: this.isMuted('server', serverId), suppress_everyone: suppressed })
  }

  /** Mutes or unmutes a channel. */
  async setChannelMuted (channelId: string, muted: boolean): Promise<boolean> {
    return this.saved(() => this.api.setChannel(channelId, { muted }))
  }

  private async saveServer (serverId: string, body: { muted: boolean, suppress_everyone: boolean }): Promise<boolean> {
    return this.saved(() => this.api.setServer(serverId, body))
  }

  private async saved (save: () => Promise<NotificationSetting>): Promise<boolean> {
    try {
      const setting = await save()
      runInAction(() => { this.settings.set(settingKey(setting.scope, setting.id), setting) })
      return true
    } catch (error) {
      this.logger.warn('[inbox] saving a mute failed', error)
      return false
    }
  }

  private async send (body: { ids: string[] } | { all: true }): Promise<void> {
    try {
      const answer = await this.api.markRead(body)
      runInAction(() => { this.unread = answer.unread })
    } catch (error) {
      this.logger.warn('[inbox] marking read failed', error)
      await this.refreshUnread()
    }
  }

  private received (notification: Notification, unread: number): void {
    this.unread = unread
    if (this.status !== 'ready' || this.items.some(item => item.notification_id === notification.notification_id)) return
    this.items = [notification, ...this.items]
  }

  /** The message or comment these notifications quote is gone: shown as the server now answers them (deleted, no excerpt). */
  private subjectDeleted (ids: readonly string[]): void {
    const gone = new Set(ids)
    if (!this.items.some(item => gone.has(item.notification_id) && !item.deleted)) return
    this.items = this.items.map(item => gone.has(item.notification_id) ? { ...item, deleted: true, excerpt: '' } : item)
  }

  private marked (event: NotificationsReadEvent): void {
    const ids = new Set(event.ids)
    this.items = this.items.map(item => !item.read && (event.all || ids.has(item.notification_id)) ? { ...item, read: true } : item)
    this.unread = event.unread
  }
}

function settingKey (scope: NotificationSetting['scope'], id: string): string {
  return `${scope}:${id}`
}
