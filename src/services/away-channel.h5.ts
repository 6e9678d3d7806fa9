/**
 * Away from the app, on H5: Web Push, where the browser has service workers and
 * PushManager and it is not WeChat's in-app browser (which has neither for web pages). The
 * member opts in from the inbox: the browser asks for permission, the service worker
 * (/push-sw.js, src/push-sw.js copied to the build's root) subscribes with the server's
 * VAPID key, and the subscription goes to the server, which pushes while the member has no
 * open session. The mini-program's version is ./away-channel.ts.
 */
import type { PushSubscriptionBody } from '@core/wire/notifications'
import { isWechatBrowser } from './share'
import type { AwayChannel, AwayServer, AwayState } from './away-channel'

export type { AwayChannel, AwayServer, AwayState } from './away-channel'

/** The service worker's path: at the root, so its scope is the whole app. */
export const PUSH_WORKER_PATH = '/push-sw.js'

/** The browser's parts the channel uses (the real ones by default; tests hand in fakes). */
export interface PushBrowser {
  userAgent: string
  serviceWorker?: Pick<ServiceWorkerContainer, 'register' | 'getRegistration'>
  PushManager?: unknown
  Notification?: Pick<typeof Notification, 'permission' | 'requestPermission'>
}

/** The real browser's parts. */
function realBrowser (): PushBrowser {
  const scope = globalThis as unknown as { navigator?: Navigator, PushManager?: unknown, Notification?: typeof Notification }
  return { userAgent: scope.navigator?.userAgent ?? '', serviceWorker: scope.navigator?.serviceWorker, PushManager: scope.PushManager, Notification: scope.Notification }
}

/** The applicationServerKey as bytes, from the server's base64url. */
export function keyBytes (base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - base64.length % 4) % 4))
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** A PushSubscription as the server takes it. */
function bodyOf (subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON()
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } }
}

/**
 * Unsubscribes this browser from its push service, after a sign-out: whoever uses the
 * browser next must not be shown the last member's notifications. The server forgets the
 * endpoint at its next push (the push service answers 410). Nothing happens where there is
 * no subscription.
 */
export async function forgetAwayOnDevice (browser: PushBrowser = realBrowser()): Promise<void> {
  const registration = await browser.serviceWorker?.getRegistration(PUSH_WORKER_PATH)
  const subscription = await registration?.pushManager.getSubscription()
  await subscription?.unsubscribe()
}

/** The H5 channel: Web Push through `browser` and `server`. */
export function createAwayChannel (server: AwayServer, browser: PushBrowser = realBrowser()): AwayChannel {
  const { serviceWorker, Notification: permissions } = browser
  const supported = serviceWorker !== undefined && browser.PushManager !== undefined && permissions !== undefined && !isWechatBrowser(browser.userAgent)

  async function current (): Promise<PushSubscription | null> {
    const registration = await serviceWorker?.getRegistration(PUSH_WORKER_PATH)
    return (await registration?.pushManager.getSubscription()) ?? null
  }

  return {
    async state () {
      if (!supported) return 'unsupported'
      if (permissions.permission === 'denied') return 'denied'
      return permissions.permission === 'granted' && await current() !== null ? 'on' : 'off'
    },
    async enable (): Promise<AwayState> {
      if (!supported) return 'unsupported'
      const permission = await permissions.requestPermission()
      if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off'
      const registration = await serviceWorker.register(PUSH_WORKER_PATH)
      const { public_key: publicKey } = await server.pushKey()
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) })
      await server.savePush(bodyOf(subscription))
      return 'on'
    },
    async disable (): Promise<AwayState> {
      if (!supported) return 'unsupported'
      const subscription = await current()
      if (subscription !== null) {
        await server.deletePush(subscription.endpoint)
        await subscription.unsubscribe()
      }
      return 'off'
    },
  }
}
