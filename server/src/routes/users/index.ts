/**
 * The signed-in user (GET and POST/PATCH /user/me, bearer token required) and public
 * profiles (GET /users/:uid). Profile edits go through the audit step first: a refused
 * field is answered 422 with its 104xxx code and nothing is written.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import type { RouteOptions } from '../../context'
import { notFound } from '../../errors'
import { signedInUser } from '../../plugins/auth'
import { cleanName, requireAuditPass, requireHttpUrl, requireNoNamesake, requireNotOwnersName } from '../../rules/content'
import { ok } from '../../http/envelope'
import { API_CALLS, API_CALL_SCHEMAS } from '@core/wire/api-calls'
import { declaredRoute, route } from '../../http/route'

/** Registers /user/me and /users/:uid. */
export default async function usersRoutes (instance: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()

  route(fastify, API_CALLS.me, API_CALL_SCHEMAS.me, { schema: { summary: 'The signed-in user' } }, async request => ok(signedInUser(request)))

  // POST as well as PATCH: the mini-program's request API has no PATCH method.
  fastify.route({
    ...declaredRoute(API_CALLS.updateMe, API_CALL_SCHEMAS.updateMe, { schema: { summary: 'Edit the signed-in user\'s profile (audited)' } }),
    handler: async request => {
      const user = signedInUser(request)
      const patch = { ...request.body, nickname: cleanName('nickname', request.body.nickname) }
      requireHttpUrl('avatar', patch.avatar)
      requireAuditPass(ctx, patch) // SPEC §5: avatar, nickname and signature are audited
      if (patch.nickname !== undefined) {
        await requireNotOwnersName(ctx, user.uid, patch.nickname, await ctx.repos.members.serverIdsOf(user.uid))
        await requireNoNamesake(ctx, user.uid, patch.nickname) // an owner never takes a member's name either
      }
      const updated = await ctx.repos.users.updateProfile(user.uid, patch)
      if (!updated) throw notFound(`user ${user.uid} no longer exists`)
      return ok(updated)
    },
  })

  route(fastify, API_CALLS.user, API_CALL_SCHEMAS.user, { schema: { summary: 'A user\'s public profile' } }, async request => {
    const user = await ctx.repos.users.get(request.params.uid)
    if (!user) throw notFound(`path.uid: no user ${request.params.uid}`)
    return ok(user)
  })
}
