/**
 * Telling a member who is away from the app (issue 30, "Away from the app"): when a
 * notification is made for a member with no open gateway session on any process (the
 * directory knows them all: ctx.presence), it is sent
 * - as a Web Push to every browser they opted in from the inbox (H5), payload
 *   {@link PushPayload}; a push service answering 404 or 410 (the subscription is gone)
 *   has the subscription deleted;
 * - for a mention or a direct message, as the mini-program's subscribe message of its
 *   template (WX_SUBSCRIBE_MENTION_TEMPLATE_ID, WX_SUBSCRIBE_DM_TEMPLATE_ID) when the member
 *   bound their openid, through the sender live reminders use (wechat.ts createSubscribeSender,
 *   one per app).
 * Failures are logged, never thrown: the inbox has the notification whatever happens here.
 *
 * The VAPID keys are made at first start and kept in DATA_DIR/vapid.json (mode 0600).
 */
import { Agent } from 'https'
import { constants } from 'fs'
import { mkdir, readFile, writeFile } from 'fs/promises'
import { createConnection } from 'net'
import path from 'path'
import { generateVAPIDKeys, sendNotification, WebPushError, type VapidKeys } from 'web-push'
import { notificationPagePath } from '@core/domain/notifications'
import type { Notification } from '@core/wire/notifications'
import type { WechatConfig } from '../config'
import type { GatewayDirectory } from '../gateway/directory'
import type { NotificationsRepository } from '../repositories/notifications'
import type { UsersRepository } from '../repositories/users'
import { thingValue, WechatRefusal, type SubscribeSend } from './wechat'
import { reminderTime } from './live-reminders'

/** The file in DATA_DIR that keeps the VAPID keys. */
export const VAPID_FILE = 'vapid.json'

/** How long a push service keeps an undelivered push, in seconds (a day: older news is in the inbox). */
export const PUSH_TTL_SECONDS = 24 * 3600

/** How long a push service or WeChat may take to answer, in milliseconds. */
const SEND_TIMEOUT_MS = 10_000

/** What a Web Push carries: the service worker shows `title` and `body`, and a click opens `path`. */
export interface PushPayload {
  title: string
  body: string
  /** The H5 path it opens (`/pages/…`), or '/' when the notification opens nothing. */
  path: string
}

/** Tells members who are away. */
export interface AwayNotifier {
  /** The VAPID public key browsers subscribe with (base64url). */
  readonly publicKey: string
  /** Sends `notification` to `uid` away from the app when they have no open session; never throws. */
  tell (uid: string, notification: Notification): Promise<void>
}

/** The VAPID keys kept in `dataDir`, made and written (0600) at first start; several processes starting together keep the first one's. */
export async function loadVapidKeys (dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, VAPID_FILE)
  try {
    return parseKeys(await readFile(file, 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(dataDir, { recursive: true })
  const keys = generateVAPIDKeys()
  try {
    // wx: a second process that lost the race reads the winner's keys
    await writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY })
    return keys
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return parseKeys(await readFile(file, 'utf8'))
  }
}

function parseKeys (text: string): VapidKeys {
  const keys = JSON.parse(text) as Partial<VapidKeys>
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') throw new Error(`${VAPID_FILE} holds no VAPID key pair`)
  return { publicKey: keys.publicKey, privateKey: keys.privateKey }
}

/**
 * True when `endpoint` may be kept as a push service: https, or outside production an
 * http:// endpoint on loopback (a development or test push service).
 */
export function isPushEndpoint (endpoint: string, production: boolean): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.protocol === 'https:') return url.hostname !== ''
  return !production && url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === '[::1]')
}

/** web-push speaks https only: a loopback http:// push service is reached through an agent that opens plain sockets. */
class PlainAgent extends Agent {
  createConnection (options: { host?: string, port?: number | string }): ReturnType<typeof createConnection> {
    return createConnection({ host: options.host, port: Number(options.port ?? 80) })
  }
}
const plainAgent = new PlainAgent()

/** The payload of a Web Push of `notification`. */
export function pushPayloadOf (notification: Notification, title: string): PushPayload {
  const page = notificationPagePath(notification)
  return { title, body: notification.excerpt, path: page === null ? '/' : `/${page}` }
}

/** What the notifier needs. */
export interface AwayNotifierOptions {
  presence: Pick<GatewayDirectory, 'openSessionsOf'>
  notifications: Pick<NotificationsRepository, 'pushSubscriptionsOf' | 'deletePushSubscription'>
  users: Pick<UsersRepository, 'openidOf'>
  vapid: VapidKeys
  subject: string
  wechat: WechatConfig
  /** The app's one subscribe-message sender, the live reminders' too (null without the mini-program's credentials). */
  subscribeSend: SubscribeSend | null
  log: { warn (object: object, message: string): void }
}

/** The subscribe-message template of a notification's kind, or null when none is configured for it. */
function templateOf (wechat: WechatConfig, notification: Notification): string | null {
  if (notification.kind === 'mention') return wechat.mentionTemplateId
  if (notification.kind === 'direct_message') return wechat.directMessageTemplateId
  return null
}

/** The notifier of `options`. */
export function createAwayNotifier (options: AwayNotifierOptions): AwayNotifier {
  const { wechat, log } = options
  const vapidDetails = { subject: options.subject, publicKey: options.vapid.publicKey, privateKey: options.vapid.privateKey }
  const { subscribeSend } = options

  async function webPush (uid: string, notification: Notification): Promise<void> {
    const payload = JSON.stringify(pushPayloadOf(notification, notification.actor?.nickname ?? 'OpenRealm'))
    for (const row of await options.notifications.pushSubscriptionsOf(uid)) {
      try {
        await sendNotification({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, payload, {
          vapidDetails, TTL: PUSH_TTL_SECONDS, timeout: SEND_TIMEOUT_MS, ...(row.endpoint.startsWith('http:') ? { agent: plainAgent } : {}),
        })
      } catch (error) {
        // 404 and 410: the browser unsubscribed or the subscription expired (RFC 8030 §7.3)
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          await options.notifications.deletePushSubscription(row.endpoint)
        } else {
          log.warn({ err: error, uid }, 'Web Push not sent')
        }
      }
    }
  }

  async function subscribeMessage (uid: string, notification: Notification): Promise<void> {
    const template = templateOf(wechat, notification)
    if (subscribeSend === null || template === null) return
    const openid = await options.users.openidOf(uid)
    if (openid === null) return
    try {
      await subscribeSend({
        touser: openid,
        template_id: template,
        page: notificationPagePath(notification) ?? 'pages/inbox/index',
        // keywords: thing1 who, thing2 what they wrote, time3 when (UTC+8, as live reminders show it)
        data: {
          thing1: { value: thingValue(notification.actor?.nickname ?? 'OpenRealm') },
          thing2: { value: thingValue(notification.excerpt === '' ? '…' : notification.excerpt) },
          time3: { value: reminderTime(notification.created_at) },
        },
      })
    } catch (error) {
      // 43101: the member's one-time subscription is used up or was never given; they agree again from the inbox
      log.warn({ err: error, uid, code: error instanceof WechatRefusal ? error.code : null }, 'subscribe message not sent')
    }
  }

  return {
    publicKey: options.vapid.publicKey,
    async tell (uid, notification) {
      try {
        if ((await options.presence.openSessionsOf(uid)).length > 0) return
        await Promise.all([webPush(uid, notification), subscribeMessage(uid, notification)])
      } catch (error) {
        log.warn({ err: error, uid }, 'away notification failed')
      }
    },
  }
}
