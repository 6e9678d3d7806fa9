/**
 * Notification inbox calls (core/wire/notifications.ts): the inbox by cursor, the unread
 * count, marking read, the mute settings of a server or channel, and a browser's Web Push
 * subscription.
 */
import { NOTIFICATIONS_PATHS } from '@core/wire/notifications-paths'
import type {
  ChannelNotificationSettingsBody, MarkReadBody, NotificationPage, NotificationSetting, NotificationSettings, NotificationsReadEvent,
  PushSubscriptionBody, PushSubscriptionState, ServerNotificationSettingsBody, UnreadCount, VapidPublicKey,
} from '@core/wire/notifications'
import { fillPath } from '@core/wire/paths'
import { request } from '@/services/request/request'
import type { Requester } from './index'

/** The notification calls. */
export interface NotificationsApi {
  /** One inbox page, newest first; `cursor` is the previous page's `next_cursor`. */
  list (cursor?: string): Promise<NotificationPage>
  /** How many notifications are unread. */
  unread (): Promise<UnreadCount>
  /** Marks some or all read; resolves what was marked and the unread count after it. */
  markRead (body: MarkReadBody): Promise<NotificationsReadEvent>
  /** Every server and channel the member muted or set. */
  settings (): Promise<NotificationSettings>
  /** Sets a server's mute and @全体成员 suppression. */
  setServer (serverId: string, body: ServerNotificationSettingsBody): Promise<NotificationSetting>
  /** Sets a channel's mute. */
  setChannel (channelId: string, body: ChannelNotificationSettingsBody): Promise<NotificationSetting>
  /** The server's VAPID public key, for the browser's push subscription. */
  pushKey (): Promise<VapidPublicKey>
  /** Hands this browser's push subscription to the server. */
  savePush (body: PushSubscriptionBody): Promise<PushSubscriptionState>
  /** Tells the server to forget the push subscription at `endpoint`. */
  deletePush (endpoint: string): Promise<PushSubscriptionState>
}

/** The notification calls sent through `send`. */
export function createNotificationsApi (send: Requester = request): NotificationsApi {
  return {
    list: cursor => send<NotificationPage>({ path: NOTIFICATIONS_PATHS.list, query: { cursor } }),
    unread: () => send<UnreadCount>({ path: NOTIFICATIONS_PATHS.unread }),
    markRead: body => send<NotificationsReadEvent>({ path: NOTIFICATIONS_PATHS.read, method: 'POST', data: body }),
    settings: () => send<NotificationSettings>({ path: NOTIFICATIONS_PATHS.settings }),
    setServer: (serverId, body) => send<NotificationSetting>({ path: fillPath(NOTIFICATIONS_PATHS.serverSettings, { server_id: serverId }), method: 'PUT', data: body }),
    setChannel: (channelId, body) => send<NotificationSetting>({ path: fillPath(NOTIFICATIONS_PATHS.channelSettings, { channel_id: channelId }), method: 'PUT', data: body }),
    pushKey: () => send<VapidPublicKey>({ path: NOTIFICATIONS_PATHS.pushKey }),
    savePush: body => send<PushSubscriptionState>({ path: NOTIFICATIONS_PATHS.pushSubscription, method: 'PUT', data: body }),
    deletePush: endpoint => send<PushSubscriptionState>({ path: NOTIFICATIONS_PATHS.pushSubscription, method: 'DELETE', data: { endpoint } }),
  }
}
