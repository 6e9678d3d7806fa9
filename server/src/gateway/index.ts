/**
 * `GET /gateway`: the real-time WebSocket endpoint (core/wire/gateway.ts), a route plugin
 * like the others. Messages up to WS_MAX_PAYLOAD_BYTES are read and answered (frames over
 * GATEWAY_MAX_FRAME_BYTES get an error frame); a larger one is cut off by the WebSocket
 * layer itself with close code 1009. A request that is no WebSocket upgrade (426) or a
 * malformed one (400) is answered with the `{code, msg}` envelope, as every route answers.
 */
import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { GATEWAY_MAX_FRAME_BYTES, GATEWAY_PATHS } from '@core/wire/gateway'
import { VOICE_FRAME_MAX_BYTES } from '@core/wire/voice'
import type { RouteOptions } from '../context'
import { badRequest, httpError } from '../errors'
import { publicBase } from '../plugins/public-url'
import { GatewayHub } from './hub'

/** Largest WebSocket message accepted at all (4× the largest frame, a voice answer's 64 KB, so an oversized frame still gets its error frame). */
export const WS_MAX_PAYLOAD_BYTES = 4 * Math.max(GATEWAY_MAX_FRAME_BYTES, ...Object.values(VOICE_FRAME_MAX_BYTES))

/** RFC 6455 §4.2.1: a Sec-WebSocket-Key is 16 bytes in base64. */
const WEBSOCKET_KEY = /^[+/0-9A-Za-z]{22}==$/

/** What is wrong with an upgrade request's WebSocket headers (the WebSocket layer would refuse it in plain text), or null. */
function badUpgrade (request: FastifyRequest): string | null {
  const headers = request.headers
  if (String(headers.upgrade).toLowerCase() !== 'websocket') return 'header.upgrade: must be websocket'
  if (!WEBSOCKET_KEY.test(String(headers['sec-websocket-key'] ?? ''))) return 'header.sec-websocket-key: 16 bytes in base64 required'
  if (!['8', '13'].includes(String(headers['sec-websocket-version']))) return 'header.sec-websocket-version: must be 13'
  return null
}

/** Registers the gateway. */
export default async function gatewayRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  await fastify.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD_BYTES } })
  const hub = new GatewayHub(ctx, fastify.log)
  fastify.addHook('preClose', async () => { hub.close() })
  fastify.route({
    method: 'GET',
    url: GATEWAY_PATHS.gateway,
    schema: { hide: true },
    preHandler: async request => {
      if (request.headers.upgrade === undefined) return
      const problem = badUpgrade(request)
      if (problem) throw badRequest(problem)
    },
    handler: async () => { throw httpError(426, 'GET /gateway is a WebSocket: connect with an Upgrade: websocket request') },
    wsHandler: (socket, request) => hub.connect(socket, publicBase(ctx.config.publicUrl, request), request.ip),
  })
}
