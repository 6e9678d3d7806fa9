/**
 * The WeChat apps this server asks WeChat with, from its configuration: the
 * mini-program's own app, for its sign-in codes (routes/wechat-sign-in) and the live
 * reminders' openids (routes/login-third).
 */
import type { AppContext } from '../context'
import { httpError } from '../errors'
import type { WechatApp } from './wechat'

/** The mini-program's own app (WX_MP_APP_ID, WX_MP_APP_SECRET): its Taro.login codes are exchanged with its credentials; 503 when not configured. */
export function miniProgramApp (ctx: AppContext): WechatApp {
  const { miniProgram, apiBase } = ctx.config.wechat
  if (miniProgram === null) throw httpError(503, 'WeChat mini-program sign-in is not configured on this server (WX_MP_APP_ID, WX_MP_APP_SECRET)')
  return { ...miniProgram, apiBase }
}
