/**
 * The signed-in member's notification inbox: the list newest first by cursor (what came from
 * a channel they can no longer read without its text, services/notifications.ts), the unread
 * count, marking one, some or all read (their other devices hear NOTIFICATIONS_READ), and
 * the mute settings per server and per channel (core/domain/notifications.ts), and the
 * Web Push opt-in of a browser (the VAPID public key, keeping and forgetting a
 * subscription — only an endpoint the public-address guard passes, at most
 * PUSH_SUBSCRIPTIONS_PER_ACCOUNT per member; services/away-notifications.ts sends to it).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Permission } from '@core/domain/permissions'
import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationsReadEvent,
} from '@core/wire/notifications'
import type { RouteOptions } from '../../context'
import { signedInUser, signInThroughout } from '../../plugins/auth'
import { requireChannelOfMember, requireMember } from '../../rules/access'
import { PUSH_ENDPOINT_MAX_LENGTH, PUSH_SUBSCRIPTIONS_PER_ACCOUNT } from '../../services/away-notifications'
import type { PublicUrlRefusal } from '../../services/public-address'
import { readableNotifications } from '../../services/notifications'
import { spokenError, type SpokenMessage } from '../../errors'
import { ok } from '../../http/envelope'
import { NOTIFICATION_CALLS, NOTIFICATION_CALL_SCHEMAS } from '@core/wire/notifications'
import { route } from '../../http/route'

/** What a member reads when their browser's push endpoint is refused (every refusal writes nothing). */
const ENDPOINT_REFUSALS: Record<PublicUrlRefusal, SpokenMessage> = {
  malformed: { 'zh-CN': '推送地址不是有效的网址', en: 'The push endpoint is not a valid URL' },
  'too-long': { 'zh-CN': `推送地址过长（最多 ${PUSH_ENDPOINT_MAX_LENGTH} 个字符）`, en: `The push endpoint is too long (at most ${PUSH_ENDPOINT_MAX_LENGTH} characters)` },
  scheme: { 'zh-CN': '推送地址必须使用 https', en: 'The push endpoint must be an https URL' },
  userinfo: { 'zh-CN': '推送地址不能包含用户名或密码', en: 'The push endpoint must not carry a user name or password' },
  port: { 'zh-CN': '推送地址不能指定端口', en: 'The push endpoint must use the default https port' },
  'ip-literal': { 'zh-CN': '推送地址必须是域名，不能是 IP 地址', en: 'The push endpoint must name a host, not an IP address' },
  'single-label': { 'zh-CN': '推送地址必须是公网域名', en: 'The push endpoint must name a public host' },
  unresolved: { 'zh-CN': '推送地址的域名无法解析', en: 'The push endpoint\'s host does not resolve' },
  'not-public': { 'zh-CN': '推送地址指向内网或保留地址', en: 'The push endpoint\'s host resolves to a private or reserved address' },
}

/** Registers the notification routes. */
export default async function notificationsRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  signInThroughout(fastify) // every route here, reads too, is one's own inbox
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  route(app, NOTIFICATION_CALLS.list, NOTIFICATION_CALL_SCHEMAS.list, { schema: { summary: "The signed-in member's notifications, newest first (cursor: the last id of the page before)" } }, async request => {
    const user = signedInUser(request)
    const page = await ctx.repos.notifications.page(user.uid, request.query.cursor ?? null, request.query.limit ?? NOTIFICATIONS_PAGE_SIZE)
    const last = page.items[page.items.length - 1]
    return ok({ items: await readableNotifications(ctx, user.uid, page.items), next_cursor: page.has_more && last ? last.notification_id : null, unread: await ctx.repos.notifications.unreadCount(user.uid) })
  })

  route(app, NOTIFICATION_CALLS.unread, NOTIFICATION_CALL_SCHEMAS.unread, { schema: { summary: 'How many of the signed-in member\'s notifications are unread' } }, async request => ok({ unread: await ctx.repos.notifications.unreadCount(signedInUser(request).uid) }))

  route(app, NOTIFICATION_CALLS.markRead, NOTIFICATION_CALL_SCHEMAS.markRead, { schema: { summary: 'Mark notifications read: {ids} or {all: true} (other devices hear NOTIFICATIONS_READ)' } }, async request => {
    const user = signedInUser(request)
    const body = request.body
    const all = 'all' in body
    const ids = await ctx.repos.notifications.markRead(user.uid, all ? null : body.ids, ctx.now())
    const event: NotificationsReadEvent = { ids, all, unread: await ctx.repos.notifications.unreadCount(user.uid) }
    if (ids.length > 0) await ctx.bus.publish('NOTIFICATIONS_READ', { uid: user.uid }, event)
    return ok(event)
  })

  route(app, NOTIFICATION_CALLS.settings, NOTIFICATION_CALL_SCHEMAS.settings, { schema: { summary: "The signed-in member's mute settings (servers and channels)" } }, async request => ok({ items: await ctx.repos.notifications.settings(signedInUser(request).uid) }))

  route(app, NOTIFICATION_CALLS.serverSettings, NOTIFICATION_CALL_SCHEMAS.serverSettings, { schema: { summary: 'Mute a server, or suppress its @全体成员, for the signed-in member (members only)' } }, async request => {
    const user = signedInUser(request)
    await requireMember(ctx, request.params.server_id, user.uid)
    const setting = { scope: 'server' as const, id: request.params.server_id, ...request.body }
    await ctx.repos.notifications.saveSetting(user.uid, setting)
    return ok(setting)
  })

  route(app, NOTIFICATION_CALLS.channelSettings, NOTIFICATION_CALL_SCHEMAS.channelSettings, { schema: { summary: 'Mute a channel for the signed-in member (those who may read it)' } }, async request => {
    const user = signedInUser(request)
    const channel = await requireChannelOfMember(ctx, request.params.channel_id, user, Permission.ViewChannel)
    const setting = { scope: 'channel' as const, id: channel.channel_id, muted: request.body.muted, suppress_everyone: false }
    await ctx.repos.notifications.saveSetting(user.uid, setting)
    return ok(setting)
  })

  route(app, NOTIFICATION_CALLS.pushKey, NOTIFICATION_CALL_SCHEMAS.pushKey, { schema: { summary: 'The VAPID public key a browser subscribes to Web Push with (base64url)' } }, async () => ok({ public_key: ctx.away.publicKey }))

  route(app, NOTIFICATION_CALLS.subscribe, NOTIFICATION_CALL_SCHEMAS.subscribe, { schema: { summary: "Keep this browser's Web Push subscription: the signed-in member is pushed their notifications while they have no open session" } }, async request => {
    const user = signedInUser(request)
    const { endpoint, keys } = request.body
    const verdict = await ctx.away.checkEndpoint(endpoint)
    if (!verdict.ok) throw spokenError(400, ENDPOINT_REFUSALS[verdict.reason])
    await ctx.repos.notifications.savePushSubscription({ endpoint, uid: user.uid, p256dh: keys.p256dh, auth: keys.auth, created_at: ctx.now() }, PUSH_SUBSCRIPTIONS_PER_ACCOUNT)
    return ok({ endpoint, subscribed: true })
  })

  route(app, NOTIFICATION_CALLS.unsubscribe, NOTIFICATION_CALL_SCHEMAS.unsubscribe, { schema: { summary: "Forget this browser's Web Push subscription (the signed-in member's own only)" } }, async request => {
    const { endpoint } = request.body
    await ctx.repos.notifications.deletePushSubscription(endpoint, signedInUser(request).uid)
    return ok({ endpoint, subscribed: false })
  })
}
