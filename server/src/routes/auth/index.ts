/**
 * POST /auth/guest: signs in as a new guest (uid prefix B_, SPEC §3) and answers the
 * bearer token for `Authorization: Bearer <token>` with the user.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { API_PATHS, GuestLoginBodySchema, GuestLoginDataSchema } from '@core/wire/api'
import type { RouteOptions } from '../../context'
import { absentBodyAsEmpty } from '../checks'
import { ok } from '../envelope'
import { responses } from '../schemas'

/** Registers POST /auth/guest. */
export default async function authRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  fastify.withTypeProvider<TypeBoxTypeProvider>().post(API_PATHS.guestLogin, {
    preValidation: absentBodyAsEmpty,
    schema: { summary: 'Sign in as a guest', body: GuestLoginBodySchema, response: responses(GuestLoginDataSchema) },
  }, async () => ok(await ctx.repos.users.createGuest(ctx.now())))
}
