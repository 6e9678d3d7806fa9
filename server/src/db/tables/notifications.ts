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
