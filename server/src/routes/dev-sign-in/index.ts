/**
 * Development only: one-time sign-in links, so a newcomer can try every role. `npm start`
 * prints one for the demo owner of each seeded server and one for a demo moderator
 * (services/dev-sign-in-links.ts); each signs in once within 30 minutes. A production server
 * (NODE_ENV=production) neither issues nor accepts them: this route does not exist there.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_CALLS, ACCOUNT_CALL_SCHEMAS } from '@core/wire/accounts'
import type { RouteOptions } from '../../context'
import { spokenError } from '../../errors'
import { challengeKeyOfSecret } from '../../repositories/accounts'
import { signInTo } from '../../services/sign-in'
import { ok } from '../../http/envelope'
import { route } from '../../http/route'

/** Registers POST /auth/dev-sign-in, except in production. */
export default async function devSignInRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  if (ctx.config.production) return
  route(fastify.withTypeProvider<TypeBoxTypeProvider>(), ACCOUNT_CALLS.devSignIn, ACCOUNT_CALL_SCHEMAS.devSignIn, { config: { rateLimit: { max: ctx.config.limits.guestSignupsPerMinute, timeWindow: 60_000 } }, schema: { summary: 'Development only: sign in with a one-time link printed by npm start' } }, async request => {
    const handed = await ctx.repos.accounts.takeChallenge(challengeKeyOfSecret(request.body.token), 'dev-link', ctx.now())
    if (!handed?.uid) throw spokenError(400, { 'zh-CN': '登录链接已失效', en: 'body.token: the sign-in link is unknown, already used or expired (links work once, for 30 minutes)' })
    return ok(await signInTo(ctx, handed.uid, 'dev-link', request.headers['user-agent'] ?? ''))
  })
}
