/**
 * Telling a member who is away from the app ("Away from the app"): when a
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
 * A push endpoint is a URL the client chose, so the server requests it only through the
 * public-address guard (services/public-address.ts): when it is kept (PUT /push/subscription)
 * and again right before each push, whose connection goes to the address just checked —
 * the name is not resolved a second time, so DNS that changed in between cannot point the
 * push at a private host. One notification sends at most {@link PUSHES_PER_NOTIFICATION} pushes.
 *
 * The VAPID keys are made at first start and kept in DATA_DIR/vapid.json (mode 0600).
 */
import { Agent, type RequestOptions } from 'https'
import { constants } from 'fs'
import { mkdir, readFile, writeFile } from 'fs/promises'
import { createConnection, isIP, type LookupFunction } from 'net'
import type { Duplex } from 'stream'
import path from 'path'
import { generateVAPIDKeys, sendNotification, WebPushError, type VapidKeys } from 'web-push'
import { notificationPagePath } from '@core/domain/notifications'
import type { Notification } from '@core/wire/notifications'
import type { WechatConfig } from '../config'
import type { GatewayDirectory } from '../gateway/directory'
import type { PushSubscriptionsTable } from '../db/tables/notifications'
import type { NotificationsRepository } from '../repositories/notifications'
import type { UsersRepository } from '../repositories/users'
import { thingValue, WechatRefusal, type SubscribeSend } from './wechat'
import { reminderTime } from './live-reminders'
import { checkPublicUrl, type PublicUrlRefusal, type PublicUrlVerdict, type Resolve } from './public-address'

/** The file in DATA_DIR that keeps the VAPID keys. */
export const VAPID_FILE = 'vapid.json'

/** How long a push service keeps an undelivered push, in seconds (a day: older news is in the inbox). */
export const PUSH_TTL_SECONDS = 24 * 3600

/** How long a push service or WeChat may take to answer, in milliseconds (for a push: the whole exchange). */
const SEND_TIMEOUT_MS = 10_000

/** Most bytes of a push service's answer read (only its status matters): a longer answer ends the push. */
const PUSH_ANSWER_MAX_BYTES = 64 * 1024

/** Longest push endpoint kept, in characters (real push services' are a few hundred). */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024

/** Most push subscriptions one account keeps: keeping one more drops its oldest. */
export const PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 10

/**
 * Most pushes one notification sends: to its recipient's five newest subscriptions (a person
 * rarely has more browsers than that; older ones are pushed again once newer ones go). It
 * bounds what one event makes the server request, and the wait at SEND_TIMEOUT_MS each.
 */
export const PUSHES_PER_NOTIFICATION = 5

/** Refusals that stay true whatever DNS says later: a subscription kept before the rule with one of them is deleted at send time. */
const LASTING_REFUSALS: ReadonlySet<PublicUrlRefusal> = new Set(['malformed', 'too-long', 'scheme', 'userinfo', 'port', 'ip-literal', 'single-label'])

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
  /** Whether `endpoint` may be kept and pushed to now (services/public-address.ts, loopback only with PUSH_ALLOW_LOOPBACK). */
  checkEndpoint (endpoint: string): Promise<PublicUrlVerdict>
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

/** A lookup that answers `address` for every name: the connection goes where the guard looked. */
function pinnedLookup (address: string): LookupFunction {
  const family = isIP(address)
  return (_hostname, options, callback) => {
    if (options.all === true) callback(null, [{ address, family }])
    else callback(null, address, family)
  }
}

/** Ends `socket` after SEND_TIMEOUT_MS in all or once more than PUSH_ANSWER_MAX_BYTES came back. */
function bounded (socket: Duplex): Duplex {
  let received = 0
  const deadline = setTimeout(() => socket.destroy(new Error(`push service took over ${SEND_TIMEOUT_MS} ms`)), SEND_TIMEOUT_MS)
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length
    if (received > PUSH_ANSWER_MAX_BYTES) socket.destroy(new Error(`push service answered over ${PUSH_ANSWER_MAX_BYTES} bytes`))
  })
  socket.once('close', () => clearTimeout(deadline))
  return socket
}

/**
 * The agent of one push: it connects to `address` (the endpoint's address the guard just
 * checked) whatever the name resolves to now; TLS still verifies the certificate against the
 * endpoint's name. Plain http is a test's loopback push service (web-push speaks https only,
 * so that one is reached through plain sockets).
 */
class PinnedAgent extends Agent {
  private readonly address: string
  private readonly plain: boolean
  constructor (address: string, plain: boolean) {
    super({ lookup: pinnedLookup(address) })
    this.address = address
    this.plain = plain
  }

  createConnection (options: RequestOptions, callback?: (error: Error | null, stream: Duplex) => void): Duplex | null | undefined {
    const socket = this.plain ? createConnection({ host: this.address, port: Number(options.port ?? 80) }) : super.createConnection(options, callback)
    return socket ? bounded(socket) : socket
  }
}

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
  /** Resolves an endpoint's host (production: public-address.ts resolveWithDns). */
  resolve: Resolve
  /** PUSH_ALLOW_LOOPBACK: a test's loopback push service is taken. */
  allowLoopback: boolean
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

  const checkEndpoint = (endpoint: string): Promise<PublicUrlVerdict> =>
    checkPublicUrl(endpoint, { resolve: options.resolve, allowLoopbackForTests: options.allowLoopback, maxLength: PUSH_ENDPOINT_MAX_LENGTH })

  async function pushTo (row: PushSubscriptionsTable, payload: string, uid: string): Promise<void> {
    // checked again right before the request: the name may resolve elsewhere since it was kept
    const verdict = await checkEndpoint(row.endpoint)
    if (!verdict.ok) {
      log.warn({ uid, reason: verdict.reason }, 'Web Push endpoint refused by the public-address guard: not requested')
      if (LASTING_REFUSALS.has(verdict.reason)) await options.notifications.deletePushSubscription(row.endpoint)
      return
    }
    try {
      await sendNotification({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, payload, {
        vapidDetails, TTL: PUSH_TTL_SECONDS, timeout: SEND_TIMEOUT_MS, agent: new PinnedAgent(verdict.addresses[0], verdict.url.protocol === 'http:'),
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

  async function webPush (uid: string, notification: Notification): Promise<void> {
    const payload = JSON.stringify(pushPayloadOf(notification, notification.actor?.nickname ?? 'OpenRealm'))
    // newest first: the member's most recent browsers are the ones pushed
    for (const row of (await options.notifications.pushSubscriptionsOf(uid)).slice(0, PUSHES_PER_NOTIFICATION)) await pushTo(row, payload, uid)
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
    checkEndpoint,
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
