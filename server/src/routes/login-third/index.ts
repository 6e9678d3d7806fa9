/**
 * SPEC §7 GET /login_third/wxconf?url=: the WeChat JS-SDK configuration (appId,
 * nonceStr, timestamp, signature) for a page URL, signed with the jsapi ticket; and
 * POST /login_third/wx_session: the mini-program's sign-in code exchanged for
 * the member's openid, kept for the live reminders' subscribe messages.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import type { RouteOptions } from '../../context'
import { badRequest, httpError } from '../../errors'
import { signedInUser } from '../../plugins/auth'
import { openidOfCode, WechatError, WechatRefusal, wxConfigFor } from '../../services/wechat'
import { isHttpUrl } from '../../rules/content'
import { miniProgramApp } from '../../services/wechat-apps'
import { ok } from '../../http/envelope'
import { API_CALLS, API_CALL_SCHEMAS } from '@core/wire/api-calls'
import { route } from '../../http/route'

/** Registers GET /login_third/wxconf and POST /login_third/wx_session. */
export default async function loginThirdRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  route(app, API_CALLS.wxconf, API_CALL_SCHEMAS.wxconf, { schema: { summary: 'WeChat JS-SDK signature for a page URL (SPEC §7)' } }, async request => {
    if (!isHttpUrl(request.query.url)) throw badRequest('query.url must be an http(s) URL')
    try {
      return ok(await wxConfigFor(request.query.url, ctx.config.wechat.appId, ctx.tickets))
    } catch (error) {
      if (error instanceof WechatError) {
        request.log.error({ err: error }, 'jsapi ticket unavailable')
        throw httpError(502, 'the WeChat jsapi ticket is unavailable, try again later')
      }
      throw error
    }
  })

  route(app, API_CALLS.wxSession, API_CALL_SCHEMAS.wxSession, { schema: { summary: "Keep the signed-in member's WeChat openid from the mini-program's sign-in code (live reminders)" } }, async request => {
    const user = signedInUser(request)
    const app = miniProgramApp(ctx)
    let openid: string
    try {
      openid = await openidOfCode(app, request.body.code)
    } catch (error) {
      if (error instanceof WechatRefusal) throw badRequest(`body.code: WeChat refused the sign-in code (${error.code})`) // 40029: invalid or used code
      if (error instanceof WechatError) {
        request.log.error({ err: error }, 'jscode2session unavailable')
        throw httpError(502, 'WeChat did not answer, try again later')
      }
      throw error
    }
    await ctx.repos.users.bindWechatOpenid(user.uid, openid, ctx.now())
    return ok({ bound: true })
  })
}
