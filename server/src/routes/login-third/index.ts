/**
 * SPEC §7 GET /login_third/wxconf?url=: the WeChat JS-SDK configuration (appId,
 * nonceStr, timestamp, signature) for a page URL, signed with the jsapi ticket.
 */
import type { FastifyInstance } from 'fastify'
import { API_PATHS, type WxConfQuery } from '@core/wire/api'
import type { RouteOptions } from '../../context'
import { badRequest, httpError } from '../../errors'
import { WechatError, wxConfigFor } from '../../services/wechat'
import { isHttpUrl } from '../checks'
import { ok } from '../envelope'
import { responses } from '../schemas'

/** Registers GET /login_third/wxconf. */
export default async function loginThirdRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  fastify.get<{ Querystring: WxConfQuery }>(API_PATHS.wxconf, {
    schema: {
      summary: 'WeChat JS-SDK signature for a page URL (SPEC §7)',
      querystring: { type: 'object', required: ['url'], properties: { url: { type: 'string', minLength: 1, maxLength: 2048 } } },
      response: responses({
        type: 'object',
        required: ['appId', 'nonceStr', 'signature', 'timestamp'],
        properties: { appId: { type: 'string' }, nonceStr: { type: 'string' }, signature: { type: 'string' }, timestamp: { type: 'integer' } },
      }),
    },
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
