/**
 * `GET /gateway`: the real-time WebSocket endpoint (core/wire/gateway.ts), a route plugin
 * like the others. Messages up to WS_MAX_PAYLOAD_BYTES are read and answered (frames over
 * GATEWAY_MAX_FRAME_BYTES get an error frame); a larger one is cut off by the WebSocket
 * layer itself with close code 1009.
 */
import websocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import { GATEWAY_PATHS } from '@core/wire/gateway'
import type { RouteOptions } from '../context'
import { publicBase } from '../plugins/public-url'
import { GatewayHub } from './hub'

/** Largest WebSocket message accepted at all (4× the frame limit, so an oversized frame still gets its error frame). */
export const WS_MAX_PAYLOAD_BYTES = 64 * 1024

/** Registers the gateway. */
export default async function gatewayRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  await fastify.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD_BYTES } })
  const hub = new GatewayHub(ctx, fastify.log)
  fastify.addHook('preClose', async () => { hub.close() })
  fastify.get(GATEWAY_PATHS.gateway, { websocket: true, schema: { hide: true } }, (socket, request) => hub.connect(socket, publicBase(ctx.config.publicUrl, request)))
}
