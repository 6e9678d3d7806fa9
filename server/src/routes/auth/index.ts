/**
 * POST /auth/guest: signs in as a new guest (uid prefix B_, SPEC §3) and answers the
 * bearer token for `Authorization: Bearer <token>` with the user. Guests cost nothing to
 * make, and every per-account quota is per guest too: one client IP may make only
 * GUEST_SIGNUPS_PER_MINUTE of them a minute.
 */
import type { FastifyInstance } from 'fastify'
import type { RouteOptions } from '../../context'
import { absentBodyAsEmpty } from '../../rules/content'
import { ok } from '../../http/envelope'
import { API_CALLS, API_CALL_SCHEMAS } from '@core/wire/api-calls'
import { route } from '../../http/route'

/** Registers POST /auth/guest. */
export default async function authRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  route(fastify, API_CALLS.guestLogin, API_CALL_SCHEMAS.guestLogin, { preValidation: absentBodyAsEmpty, config: { rateLimit: { max: ctx.config.limits.guestSignupsPerMinute, timeWindow: 60_000 } }, schema: { summary: 'Sign in as a guest (a few per minute per client IP)' } }, async request => ok(await ctx.repos.users.createGuest(ctx.now(), request.headers['user-agent'] ?? ''))) // the session list names the device by it
}
