/**
 * Whether a notification reaches a member's inbox, from their mute settings (SPEC-level
 * rule of the inbox): a muted server or channel silences what happens there, except a
 * direct mention of the member, a moderation act on them, and a direct message; @全体成员
 * is silenced by a muted source and by the server's "suppress @全体成员". And where a
 * notification leads (the inbox's tap, and the Web Push and subscribe message sent to a
 * member who is away).
 */
import type { Notification } from '../wire/notifications'
import type { NotificationKind } from '../wire/notifications-paths'

/** A member's mute settings as they bear on one notification's source. */
export interface SourceMutes {
  serverMuted: boolean
  everyoneSuppressed: boolean
  channelMuted: boolean
}

/** True when a notification of `kind` (`everyone`: an @全体成员 rather than a direct mention) from a source with `mutes` stays out of the inbox. */
export function isSilenced (kind: NotificationKind, everyone: boolean, mutes: SourceMutes): boolean {
  const muted = mutes.serverMuted || mutes.channelMuted
  if (kind === 'mention') return everyone && (muted || mutes.everyoneSuppressed)
  if (kind === 'moderation' || kind === 'direct_message') return false
  return muted
}

/** Where a notification leads: a page name of config/routes.ts (or, for a direct message, the conversation page) and its query. */
export interface NotificationTarget {
  page: 'channel' | 'post' | 'index' | 'conversation'
  query: Record<string, string>
}

/**
 * The page a notification opens: its post, its message in its channel's history around
 * it (`around`, highlighted), a direct message's conversation, or its server's Home.
 */
export function notificationTarget (notification: Notification): NotificationTarget | null {
  // a direct message's notification carries its conversation as its channel (server/src/routes/conversations)
  if (notification.kind === 'direct_message') return notification.channel_id === null ? null : { page: 'conversation', query: { conversation_id: notification.channel_id } }
  const serverQuery: Record<string, string> = notification.server_id === null ? {} : { server_id: notification.server_id }
  if (notification.post_id !== null) return { page: 'post', query: { ...serverQuery, post_id: notification.post_id } }
  if (notification.channel_id !== null) {
    const message: Record<string, string> = notification.message_id === null ? {} : { around: notification.message_id }
    return { page: 'channel', query: { ...serverQuery, channel_id: notification.channel_id, ...message } }
  }
  if (notification.server_id !== null && notification.act !== 'kick' && notification.act !== 'ban') return { page: 'index', query: { sid: notification.server_id } }
  return null
}

/**
 * The page path a notification opens, `pages/{page}/index?{query}` (SPEC §2 page paths, no
 * leading slash as the mini-program's subscribe message wants it; H5 opens it after a `/`),
 * or null when it opens nothing.
 */
export function notificationPagePath (notification: Notification): string | null {
  const target = notificationTarget(notification)
  if (target === null) return null
  // every target names what it opens in its query
  const query = Object.entries(target.query).map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')
  return `pages/${target.page}/index?${query}`
}
