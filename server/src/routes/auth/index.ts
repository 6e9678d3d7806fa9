/**
 * POST /auth/guest: signs in as a new guest (uid prefix B_, SPEC §3) and answers the
 * bearer token for `Authorization: Bearer <token>` with the user.
 */
import type { FastifyInstance } from 'fastify'
import { API_PATHS, type GuestLoginData } from '@core/wire/api'
import type { RouteOptions } from '../../context'
import { absentBodyAsEmpty } from '../checks'
import { ok } from '../envelope'
import { responses, userSchema } from '../schemas'

/** Registers POST /auth/guest. */
export default async function authRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  fastify.post(API_PATHS.guestLogin, {
    preValidation: absentBodyAsEmpty,
    schema: {
      summary: 'Sign in as a guest',
      body: { type: 'object', additionalProperties: false, properties: {} },
      response: responses({ type: 'object', required: ['token', 'user'], properties: { token: { type: 'string' }, user: userSchema } }),
    },
  }, async () => {
    const data: GuestLoginData = await ctx.repos.users.createGuest(ctx.now())
    return ok(data)
  })
}
