/**
 * The signed-in member's notification inbox: the list newest first by cursor (what came from
 * a channel they can no longer read without its text, services/notifications.ts), the unread
 * count, marking one, some or all read (their other devices hear NOTIFICATIONS_READ), and
 * the mute settings per server and per channel (core/domain/notifications.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Permission } from '@core/domain/permissions'
import { ChannelParamsSchema, ServerParamsSchema } from '@core/wire/api'
import {
  ChannelNotificationSettingsBodySchema, MarkReadBodySchema, NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_PATHS, NotificationListQuerySchema, NotificationPageSchema,
  NotificationSettingSchema, NotificationSettingsSchema, NotificationsReadEventSchema, ServerNotificationSettingsBodySchema, UnreadCountSchema,
  type NotificationsReadEvent,
} from '@core/wire/notifications'
import type { RouteOptions } from '../../context'
import { signedInUser, signInThroughout } from '../../plugins/auth'
import { requireChannelOfMember, requireMember } from '../access'
import { readableNotifications } from '../../services/notifications'
import { ok } from '../envelope'
import { responses } from '../schemas'

/** Registers the notification routes. */
export default async function notificationsRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  signInThroughout(fastify) // every route here, reads too, is one's own inbox
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const bearer = { security: [{ bearer: [] }] }

  app.get(NOTIFICATIONS_PATHS.list, {
    schema: { summary: "The signed-in member's notifications, newest first (cursor: the last id of the page before)", ...bearer, querystring: NotificationListQuerySchema, response: responses(NotificationPageSchema) },
  }, async request => {
    const user = signedInUser(request)
    const page = await ctx.repos.notifications.page(user.uid, request.query.cursor ?? null, request.query.limit ?? NOTIFICATIONS_PAGE_SIZE)
    const last = page.items[page.items.length - 1]
    return ok({ items: await readableNotifications(ctx, user.uid, page.items), next_cursor: page.has_more && last ? last.notification_id : null, unread: await ctx.repos.notifications.unreadCount(user.uid) })
  })

  app.get(NOTIFICATIONS_PATHS.unread, {
    schema: { summary: 'How many of the signed-in member\'s notifications are unread', ...bearer, response: responses(UnreadCountSchema) },
  }, async request => ok({ unread: await ctx.repos.notifications.unreadCount(signedInUser(request).uid) }))

  app.post(NOTIFICATIONS_PATHS.read, {
    schema: { summary: 'Mark notifications read: {ids} or {all: true} (other devices hear NOTIFICATIONS_READ)', ...bearer, body: MarkReadBodySchema, response: responses(NotificationsReadEventSchema) },
  }, async request => {
    const user = signedInUser(request)
    const body = request.body
    const all = 'all' in body
    const ids = await ctx.repos.notifications.markRead(user.uid, all ? null : body.ids, ctx.now())
    const event: NotificationsReadEvent = { ids, all, unread: await ctx.repos.notifications.unreadCount(user.uid) }
    if (ids.length > 0) await ctx.bus.publish('NOTIFICATIONS_READ', { uid: user.uid }, event)
    return ok(event)
  })

  app.get(NOTIFICATIONS_PATHS.settings, {
    schema: { summary: "The signed-in member's mute settings (servers and channels)", ...bearer, response: responses(NotificationSettingsSchema) },
  }, async request => ok({ items: await ctx.repos.notifications.settings(signedInUser(request).uid) }))

  app.put(NOTIFICATIONS_PATHS.serverSettings, {
    schema: { summary: 'Mute a server, or suppress its @全体成员, for the signed-in member (members only)', ...bearer, params: ServerParamsSchema, body: ServerNotificationSettingsBodySchema, response: responses(NotificationSettingSchema) },
  }, async request => {
    const user = signedInUser(request)
    await requireMember(ctx, request.params.server_id, user.uid)
    const setting = { scope: 'server' as const, id: request.params.server_id, ...request.body }
    await ctx.repos.notifications.saveSetting(user.uid, setting)
    return ok(setting)
  })

  app.put(NOTIFICATIONS_PATHS.channelSettings, {
    schema: { summary: 'Mute a channel for the signed-in member (those who may read it)', ...bearer, params: ChannelParamsSchema, body: ChannelNotificationSettingsBodySchema, response: responses(NotificationSettingSchema) },
  }, async request => {
    const user = signedInUser(request)
    const channel = await requireChannelOfMember(ctx, request.params.channel_id, user, Permission.ViewChannel)
    const setting = { scope: 'channel' as const, id: channel.channel_id, muted: request.body.muted, suppress_everyone: false }
    await ctx.repos.notifications.saveSetting(user.uid, setting)
    return ok(setting)
  })
}
