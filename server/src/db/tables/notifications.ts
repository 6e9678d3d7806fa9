/** Row types of the notification tables (migration 0014-notifications). */
import type { ModerationAct, NotificationKind } from '@core/wire/notifications-paths'

/** One notification a member received. */
export interface NotificationsTable {
  notification_id: string
  /** The recipient. */
  uid: string
  kind: NotificationKind
  actor_uid: string | null
  server_id: string | null
  channel_id: string | null
  message_id: string | null
  post_id: string | null
  comment_id: string | null
  excerpt: string
  act: ModerationAct | ''
  created_at: number
  /** Unix seconds it was marked read; null while unread. */
  read_at: number | null
}

/** A member's mute settings for one server or channel. */
export interface NotificationSettingsTable {
  uid: string
  scope: 'server' | 'channel'
  scope_id: string
  /** 1: nothing from there reaches the inbox but direct mentions. */
  muted: number
  /** 1: @全体成员 from this server does not notify (servers only). */
  suppress_everyone: number
}

/** A browser's Web Push subscription (migration 0015-web-push). */
export interface PushSubscriptionsTable {
  /** The push service's URL for this browser (https). */
  endpoint: string
  uid: string
  /** The browser's P-256 public key and auth secret, base64url. */
  p256dh: string
  auth: string
  created_at: number
}
