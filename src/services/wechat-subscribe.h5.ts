/**
 * H5: there is no WeChat subscription outside the mini-program; the reminder
 * shows in the app the next time the member opens it (src/stores/live-reminder-store.ts).
 * The mini-program's version is wechat-subscribe.ts.
 */
import type { BindWechat } from './wechat-subscribe'

/** Nothing to ask on H5: resolves false. */
export async function askReminderSubscription (_bind: BindWechat, _templateId?: string): Promise<boolean> {
  return false
}
