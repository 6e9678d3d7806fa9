/**
 * Away from the app, in the mini-program: WeChat subscribe messages of a mention
 * and of a direct message. Each agreement is WeChat's one-time subscription: the member
 * agrees again from the inbox for more. The H5 build takes ./away-channel.h5.ts (Web Push).
 */
import type { PushSubscriptionBody, PushSubscriptionState, VapidPublicKey } from '@core/wire/notifications'
import { AWAY_TEMPLATE_IDS } from '@/constants/env'
import { askSubscription, type BindWechat } from './wechat-subscribe'

/** Whether this device tells the member while they are away: not available here, off, on, or refused by the member in the browser's settings. */
export type AwayState = 'unsupported' | 'off' | 'on' | 'denied'

/** How this platform tells a member who is away, as the inbox's opt-in drives it. */
export interface AwayChannel {
  /** The state on this device now. */
  state (): Promise<AwayState>
  /** Asks the member (call from a tap) and registers with the server; throws when the server or the platform fails. */
  enable (): Promise<AwayState>
  /** Stops it on this device. */
  disable (): Promise<AwayState>
}

/** What the channels need from the server: the mini-program's binds the openid, H5's keeps the push subscription. */
export interface AwayServer {
  bindWechat: BindWechat
  pushKey (): Promise<VapidPublicKey>
  savePush (body: PushSubscriptionBody): Promise<PushSubscriptionState>
  deletePush (endpoint: string): Promise<PushSubscriptionState>
}

/**
 * After a sign-out, in the mini-program: nothing stays subscribed on the device (each
 * subscribe message is a one-time agreement, kept by WeChat for the member's own openid).
 */
export async function forgetAwayOnDevice (): Promise<void> {}

/** The mini-program's channel: subscribe messages of `templateIds` (the build's mention and DM templates; none: unsupported). */
export function createAwayChannel (server: AwayServer, templateIds: readonly string[] = AWAY_TEMPLATE_IDS): AwayChannel {
  const idle = async (): Promise<AwayState> => templateIds.length === 0 ? 'unsupported' : 'off'
  return {
    // one-time subscriptions: nothing stays on, the member agrees again for the next messages
    state: idle,
    enable: async () => (await askSubscription(server.bindWechat, templateIds)) ? 'on' : idle(),
    disable: idle,
  }
}
