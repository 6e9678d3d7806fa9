/** The part of web-push's API the server uses (the package ships no types). */
declare module 'web-push' {
  import type { Agent } from 'https'
  interface VapidKeys { publicKey: string, privateKey: string }
  interface PushSubscription { endpoint: string, keys: { p256dh: string, auth: string } }
  interface RequestOptions {
    vapidDetails: { subject: string, publicKey: string, privateKey: string }
    TTL?: number
    timeout?: number
    agent?: Agent
  }
  interface SendResult { statusCode: number, body: string }
  /** The push service answered outside 2xx. */
  class WebPushError extends Error {
    statusCode: number
    body: string
    endpoint: string
  }
  function generateVAPIDKeys (): VapidKeys
  function sendNotification (subscription: PushSubscription, payload: string, options: RequestOptions): Promise<SendResult>
  export { generateVAPIDKeys, sendNotification, WebPushError, type PushSubscription, type VapidKeys }
}
