/**
 * H5: there is no WeChat subscription outside the mini-program; a reminder shows in the
 * app the next time the member opens it (src/stores/live/live-reminder-store.ts), and mentions
 * and direct messages come as Web Push where the browser has it (./away-channel.h5.ts).
 * The mini-program's version is wechat-subscribe.ts.
 */
import type { BindWechat } from './wechat-subscribe'

/** Nothing to ask on H5: resolves false. */
export async function askSubscription (_bind: BindWechat, _templateIds?: readonly string[]): Promise<boolean> {
  return false
}
