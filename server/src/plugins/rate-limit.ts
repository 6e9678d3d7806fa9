/**
 * A rate limit per client IP (RATE_LIMIT_MAX requests per RATE_LIMIT_WINDOW_MS; the
 * RATE_LIMIT_ALLOW addresses — loopback by default — are exempt), answered with a 429
 * envelope. Applies to every route registered after it and to unrouted requests.
 */
import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import type { RateLimitConfig } from '../config'
import { httpError } from '../errors'

/** Installs the limit on `fastify`. */
export async function installRateLimit (fastify: FastifyInstance, config: RateLimitConfig): Promise<void> {
  await fastify.register(fastifyRateLimit, {
    global: true,
    max: config.max,
    timeWindow: config.windowMs,
    allowList: config.allowList,
    errorResponseBuilder: (_request, context) => httpError(context.statusCode, `too many requests: at most ${context.max} per ${context.after}, try again later`),
  })
}
