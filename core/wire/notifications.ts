/**
 * The notification inbox contract: one notification (what it is about, who did it, what it
 * opens), the bodies and queries of the notification routes, the mute settings, and the
 * payloads of NOTIFICATION_CREATE and NOTIFICATIONS_READ. The client imports types only.
 */
import { Type, type Static } from '@sinclair/typebox'
import { UserSchema } from './entities'
import { IdString, Nullable } from './fields'
import { ChannelParamsSchema, ServerParamsSchema } from './api'
import type { CallSchemasOf } from './call-schemas'
import { MODERATION_ACTS, NOTIFICATION_CALLS, NOTIFICATION_KINDS, NOTIFICATIONS_PAGE_SIZE } from './notifications-paths'

export * from './notifications-paths'

/** A time-ordered notification id (19 digits, string order = time order). */
export const NotificationIdSchema = Type.String({ pattern: '^[0-9]{19}$', description: 'time-ordered id, 19 digits' })

/** One entry of a member's inbox. */
export const NotificationSchema = Type.Object({
  notification_id: Type.String({ description: 'time-ordered id, 19 digits' }),
  kind: Type.Union(NOTIFICATION_KINDS.map(kind => Type.Literal(kind))),
  /** Who did it (the mentioning author, the replier, the moderator…); null when no one is known. */
  actor: Nullable(UserSchema),
  /** What it opens: the server, channel, message, post and comment it is about (null where it has none). */
  server_id: Nullable(Type.String()),
  channel_id: Nullable(Type.String()),
  message_id: Nullable(Type.String()),
  post_id: Nullable(Type.String()),
  comment_id: Nullable(Type.String()),
  /** In words: the first characters of the message or comment, the emoji, the server's name. */
  excerpt: Type.String({ maxLength: 120 }),
  /** `moderation`: the act (timeout, kick, ban, roles); empty otherwise. */
  act: Type.Union([...MODERATION_ACTS.map(act => Type.Literal(act)), Type.Literal('')]),
  created_at: Type.Integer({ description: 'unix seconds' }),
  read: Type.Boolean(),
  /** The message or comment it is about was deleted since (by its author or a moderator): its excerpt is gone too, and the inbox says so. */
  deleted: Type.Boolean(),
})
/** One entry of a member's inbox. */
export type Notification = Static<typeof NotificationSchema>

/** GET /notifications query: `cursor` is the last notification id of the page before. */
export const NotificationListQuerySchema = Type.Object({
  cursor: Type.Optional(NotificationIdSchema),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: NOTIFICATIONS_PAGE_SIZE })),
})
/** GET /notifications query. */
export type NotificationListQuery = Static<typeof NotificationListQuerySchema>

/** A page of the inbox, newest first; `next_cursor` asks for the older page (null at the end). */
export const NotificationPageSchema = Type.Object({
  items: Type.Array(NotificationSchema),
  next_cursor: Nullable(Type.String()),
  unread: Type.Integer({ minimum: 0 }),
})
/** A page of the inbox. */
export type NotificationPage = Static<typeof NotificationPageSchema>

/** GET /notifications/unread answer. */
export const UnreadCountSchema = Type.Object({ unread: Type.Integer({ minimum: 0 }) })
/** GET /notifications/unread answer. */
export type UnreadCount = Static<typeof UnreadCountSchema>

/** POST /notifications/read body: some ids, or all. */
export const MarkReadBodySchema = Type.Union([
  Type.Object({ ids: Type.Array(NotificationIdSchema, { minItems: 1, maxItems: 100 }) }, { additionalProperties: false }),
  Type.Object({ all: Type.Literal(true) }, { additionalProperties: false }),
])
/** POST /notifications/read body. */
export type MarkReadBody = Static<typeof MarkReadBodySchema>

/** NOTIFICATIONS_READ payload (also the answer of POST /notifications/read): what was marked, and the unread count after it. */
export const NotificationsReadEventSchema = Type.Object({
  ids: Type.Array(Type.String()),
  all: Type.Boolean(),
  unread: Type.Integer({ minimum: 0 }),
})
/** NOTIFICATIONS_READ payload. */
export type NotificationsReadEvent = Static<typeof NotificationsReadEventSchema>

/** NOTIFICATION_CREATE payload: the new notification and the unread count after it. */
export const NotificationCreateEventSchema = Type.Object({
  notification: NotificationSchema,
  unread: Type.Integer({ minimum: 0 }),
})
/** NOTIFICATION_CREATE payload. */
export type NotificationCreateEvent = Static<typeof NotificationCreateEventSchema>

/** NOTIFICATIONS_SUBJECT_DELETE payload: the recipient's notifications whose message or comment was just deleted (by its author or a moderator); the inbox shows them deleted, without their words, as a reload would. */
export const NotificationsSubjectDeleteEventSchema = Type.Object({
  ids: Type.Array(Type.String(), { minItems: 1 }),
})
/** NOTIFICATIONS_SUBJECT_DELETE payload. */
export type NotificationsSubjectDeleteEvent = Static<typeof NotificationsSubjectDeleteEventSchema>

/** PUT /servers/:id/notification-settings body. */
export const ServerNotificationSettingsBodySchema = Type.Object({
  muted: Type.Boolean(),
  /** Suppress @全体成员 (@everyone) in this server. */
  suppress_everyone: Type.Boolean(),
}, { additionalProperties: false })
/** PUT /servers/:id/notification-settings body. */
export type ServerNotificationSettingsBody = Static<typeof ServerNotificationSettingsBodySchema>

/** PUT /channels/:id/notification-settings body. */
export const ChannelNotificationSettingsBodySchema = Type.Object({ muted: Type.Boolean() }, { additionalProperties: false })
/** PUT /channels/:id/notification-settings body. */
export type ChannelNotificationSettingsBody = Static<typeof ChannelNotificationSettingsBodySchema>

/** The member's settings for one server or channel. */
export const NotificationSettingSchema = Type.Object({
  scope: Type.Union([Type.Literal('server'), Type.Literal('channel')]),
  id: IdString,
  muted: Type.Boolean(),
  suppress_everyone: Type.Boolean(),
})
/** The member's settings for one server or channel. */
export type NotificationSetting = Static<typeof NotificationSettingSchema>

/** GET /notifications/settings answer: every server and channel the member set something for. */
export const NotificationSettingsSchema = Type.Object({ items: Type.Array(NotificationSettingSchema) })
/** GET /notifications/settings answer. */
export type NotificationSettings = Static<typeof NotificationSettingsSchema>

/** A base64url string (a Web Push key or secret). */
const Base64Url = (minLength: number, maxLength: number) => Type.String({ minLength, maxLength, pattern: '^[A-Za-z0-9_-]+={0,2}$' })

/**
 * A push service's URL for one browser. The server keeps only an https URL of a public host,
 * at most 1024 characters (server/src/services/public-address.ts; each refusal is told in words).
 */
const PushEndpointSchema = Type.String({ minLength: 1, maxLength: 2048, pattern: '^https?://[^\\s]+$' })

/** PUT /push/subscription body: the browser's PushSubscription.toJSON(). */
export const PushSubscriptionBodySchema = Type.Object({
  endpoint: PushEndpointSchema,
  expirationTime: Type.Optional(Nullable(Type.Number())),
  keys: Type.Object({
    /** The browser's P-256 public key (65 bytes). */
    p256dh: Base64Url(86, 90),
    /** The auth secret (16 bytes). */
    auth: Base64Url(16, 24),
  }, { additionalProperties: false }),
}, { additionalProperties: false })
/** PUT /push/subscription body. */
export type PushSubscriptionBody = Static<typeof PushSubscriptionBodySchema>

/** DELETE /push/subscription body: the endpoint to forget. */
export const PushUnsubscribeBodySchema = Type.Object({ endpoint: PushEndpointSchema }, { additionalProperties: false })
/** DELETE /push/subscription body. */
export type PushUnsubscribeBody = Static<typeof PushUnsubscribeBodySchema>

/** GET /push/vapid-public-key answer: the applicationServerKey a browser subscribes with (base64url). */
export const VapidPublicKeySchema = Type.Object({ public_key: Type.String() })
/** GET /push/vapid-public-key answer. */
export type VapidPublicKey = Static<typeof VapidPublicKeySchema>

/** PUT and DELETE /push/subscription answer: whether the server keeps the endpoint now. */
export const PushSubscriptionStateSchema = Type.Object({ endpoint: Type.String(), subscribed: Type.Boolean() })
/** PUT and DELETE /push/subscription answer. */
export type PushSubscriptionState = Static<typeof PushSubscriptionStateSchema>

/** The shapes of the notification and Web Push calls (core/wire/notifications-paths.ts `NOTIFICATION_CALLS`). */
export const NOTIFICATION_CALL_SCHEMAS = {
  list: { query: NotificationListQuerySchema, answer: NotificationPageSchema },
  unread: { answer: UnreadCountSchema },
  markRead: { body: MarkReadBodySchema, answer: NotificationsReadEventSchema },
  settings: { answer: NotificationSettingsSchema },
  serverSettings: { params: ServerParamsSchema, body: ServerNotificationSettingsBodySchema, answer: NotificationSettingSchema },
  channelSettings: { params: ChannelParamsSchema, body: ChannelNotificationSettingsBodySchema, answer: NotificationSettingSchema },
  pushKey: { answer: VapidPublicKeySchema },
  subscribe: { body: PushSubscriptionBodySchema, answer: PushSubscriptionStateSchema },
  unsubscribe: { body: PushUnsubscribeBodySchema, answer: PushSubscriptionStateSchema },
} as const satisfies CallSchemasOf<typeof NOTIFICATION_CALLS>
