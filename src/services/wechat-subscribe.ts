/**
 * WeChat subscribe messages, in the mini-program: turning on 提醒我 on a reserved live item,
 * and the inbox's "remind me in WeChat" for mentions and direct messages, ask
 * WeChat for one-time subscriptions to their templates (`Taro.requestSubscribeMessage`, which
 * WeChat allows only from a tap: call this first in the tap's handling), and when the member
 * accepts, hands `Taro.login`'s code to the server, which keeps their openid and sends the
 * subscribe message (at the item's start; when a mention or DM comes while they are away). The H5 build takes wechat-subscribe.h5.ts: outside
 * the mini-program the reminder shows in the app the next time the member opens it.
 */
import Taro from '@tarojs/taro'
import { LIVE_REMIND_TEMPLATE_ID } from '@/constants/env'

/** Hands the sign-in code to the server (ApiClient.bindWechat). */
export type BindWechat = (code: string) => Promise<unknown>

/**
 * Asks for the subscriptions to `templateIds` (the live reminder's by default; '' ids are
 * left out) and binds the member's openid; resolves true when the member accepted at least
 * one and the server has the openid. Never throws: a refusal or a failure leaves things as
 * they are (the app still shows them), and is logged.
 */
export async function askSubscription (bind: BindWechat, templateIds: readonly string[] = [LIVE_REMIND_TEMPLATE_ID]): Promise<boolean> {
  const ids = templateIds.filter(id => id !== '')
  if (ids.length === 0) return false
  try {
    const answer = await Taro.requestSubscribeMessage({ tmplIds: ids } as Taro.requestSubscribeMessage.Option) as Record<string, unknown>
    if (!ids.some(id => answer[id] === 'accept')) return false
    const { code } = await Taro.login()
    await bind(code)
    return true
  } catch (error) {
    console.warn('[subscribe message] WeChat subscription:', error)
    return false
  }
}
