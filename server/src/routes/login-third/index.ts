/**
 * SPEC §7 GET /login_third/wxconf?url=: the WeChat JS-SDK configuration (appId,
 * nonceStr, timestamp, signature) for a page URL, signed with the jsapi ticket.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { API_PATHS, WxConfDataSchema, WxConfQuerySchema } from '@core/wire/api'
import type { RouteOptions } from '../../context'
import { badRequest, httpError } from '../../errors'
import { WechatError, wxConfigFor } from '../../services/wechat'
import { isHttpUrl } from '../checks'
import { ok } from '../envelope'
import { responses } from '../schemas'

/** Registers GET /login_third/wxconf. */
export default async function loginThirdRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  fastify.withTypeProvider<TypeBoxTypeProvider>().get(API_PATHS.wxconf, {
    schema: { summary: 'WeChat JS-SDK signature for a page URL (SPEC §7)', querystring: WxConfQuerySchema, response: responses(WxConfDataSchema) },
  }, async request => {
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
}
