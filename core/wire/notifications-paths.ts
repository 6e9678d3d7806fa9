/**
 * Values of the notification routes (./notifications.ts) the client needs too: paths,
 * page size and the kinds. No imports, so the client takes them from here without TypeBox.
 */

/** Notifications one inbox page holds. */
export const NOTIFICATIONS_PAGE_SIZE = 30

/**
 * What a notification is about:
 * - `mention`: a message mentioned me;
 * - `reply`: a message replied to mine, or a comment answered my comment;
 * - `reaction`: someone reacted to my message or liked my post;
 * - `comment`: someone commented on my post;
 * - `moderation`: a moderator timed me out, kicked or banned me, or changed my roles;
 * - `direct_message`: someone wrote to me privately.
 */
export const NOTIFICATION_KINDS = ['mention', 'reply', 'reaction', 'comment', 'moderation', 'direct_message'] as const

/** A notification kind. */
export type NotificationKind = typeof NOTIFICATION_KINDS[number]

/** Which moderation act a `moderation` notification tells of. */
export const MODERATION_ACTS = ['timeout', 'kick', 'ban', 'roles'] as const

/** A moderation act on the recipient. */
export type ModerationAct = typeof MODERATION_ACTS[number]

/** Paths of the notification routes (`:x` marks a path parameter; fill with core/wire/paths.ts fillPath). */
export const NOTIFICATIONS_PATHS = {
  /** GET the signed-in member's notifications, newest first (`?cursor=` pages back) */
  list: '/notifications',
  /** GET how many are unread */
  unread: '/notifications/unread',
  /** POST {ids} or {all: true}: mark read */
  read: '/notifications/read',
  /** GET the signed-in member's mute settings, every server and channel that has one */
  settings: '/notifications/settings',
  /** PUT {muted, suppress_everyone}: a server's notification settings for the signed-in member */
  serverSettings: '/servers/:server_id/notification-settings',
  /** PUT {muted}: a channel's notification settings for the signed-in member */
  channelSettings: '/channels/:channel_id/notification-settings',
  /** GET the server's VAPID public key (Web Push) */
  pushKey: '/push/vapid-public-key',
  /** PUT a browser's Web Push subscription for the signed-in member; DELETE {endpoint} to forget it */
  pushSubscription: '/push/subscription',
} as const

/** The notification and Web Push calls (core/wire/notifications.ts): all one's own, so all signed in. */
export const NOTIFICATION_CALLS = {
  list: { method: 'GET', path: NOTIFICATIONS_PATHS.list, auth: 'user' },
  unread: { method: 'GET', path: NOTIFICATIONS_PATHS.unread, auth: 'user' },
  markRead: { method: 'POST', path: NOTIFICATIONS_PATHS.read, auth: 'user' },
  settings: { method: 'GET', path: NOTIFICATIONS_PATHS.settings, auth: 'user' },
  serverSettings: { method: 'PUT', path: NOTIFICATIONS_PATHS.serverSettings, auth: 'user' },
  channelSettings: { method: 'PUT', path: NOTIFICATIONS_PATHS.channelSettings, auth: 'user' },
  pushKey: { method: 'GET', path: NOTIFICATIONS_PATHS.pushKey, auth: 'user' },
  subscribe: { method: 'PUT', path: NOTIFICATIONS_PATHS.pushSubscription, auth: 'user' },
  unsubscribe: { method: 'DELETE', path: NOTIFICATIONS_PATHS.pushSubscription, auth: 'user' },
} as const
