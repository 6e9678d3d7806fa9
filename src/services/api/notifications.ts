/**
 * Notification inbox calls (core/wire/notifications.ts): the inbox by cursor, the unread
 * count, marking read, the mute settings of a server or channel, and a browser's Web Push
 * subscription.
 */
import { NOTIFICATION_CALLS } from '@core/wire/notifications-paths'
import type {
  NOTIFICATION_CALL_SCHEMAS, ChannelNotificationSettingsBody, MarkReadBody, NotificationPage, NotificationSetting, NotificationSettings, NotificationsReadEvent,
  PushSubscriptionBody, PushSubscriptionState, ServerNotificationSettingsBody, UnreadCount, VapidPublicKey,
} from '@core/wire/notifications'
import { request } from '@/services/request/request'
import { callsOf } from './call'
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
  const calls = callsOf<typeof NOTIFICATION_CALLS, typeof NOTIFICATION_CALL_SCHEMAS>(send, NOTIFICATION_CALLS)
  return {
    list: cursor => calls.list({ query: { cursor } }),
    unread: () => calls.unread({}),
    markRead: body => calls.markRead({ body }),
    settings: () => calls.settings({}),
    setServer: (serverId, body) => calls.serverSettings({ params: { server_id: serverId }, body }),
    setChannel: (channelId, body) => calls.channelSettings({ params: { channel_id: channelId }, body }),
    pushKey: () => calls.pushKey({}),
    savePush: body => calls.subscribe({ body }),
    deletePush: endpoint => calls.unsubscribe({ body: { endpoint } }),
  }
}
