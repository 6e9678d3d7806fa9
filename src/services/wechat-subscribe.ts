/**
 * Reserved live items, in the mini-program: turning on 提醒我 also asks WeChat for a
 * one-time subscription to the live reminder template (`Taro.requestSubscribeMessage`, which
 * WeChat allows only from a tap: call this first in the tap's handling), and when the member
 * accepts, hands `Taro.login`'s code to the server, which keeps their openid and sends the
 * subscribe message at the item's start. The H5 build takes wechat-subscribe.h5.ts: outside
 * the mini-program the reminder shows in the app the next time the member opens it.
 */
import Taro from '@tarojs/taro'
import { LIVE_REMIND_TEMPLATE_ID } from '@/constants/env'

/** Hands the sign-in code to the server (ApiClient.bindWechat). */
export type BindWechat = (code: string) => Promise<unknown>

/**
 * Asks for the subscription to `templateId` and binds the member's openid; resolves true
 * when the member accepted and the server has the openid. Never throws: a refusal or a
 * failure leaves the reminder as it is (the in-app one still works), and is logged.
 */
export async function askReminderSubscription (bind: BindWechat, templateId: string = LIVE_REMIND_TEMPLATE_ID): Promise<boolean> {
  if (templateId === '') return false
  try {
    const answer = await Taro.requestSubscribeMessage({ tmplIds: [templateId] } as Taro.requestSubscribeMessage.Option) as Record<string, unknown>
    if (answer[templateId] !== 'accept') return false
    const { code } = await Taro.login()
    await bind(code)
    return true
  } catch (error) {
    console.warn('[live reminder] WeChat subscription:', error)
    return false
  }
}
