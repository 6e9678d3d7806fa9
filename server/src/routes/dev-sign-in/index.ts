/**
 * Development only: one-time sign-in links, so a newcomer can try every role. `npm start`
 * prints one for the demo owner of each seeded server and one for a demo moderator (see
 * issueDevSignInLinks); each signs in once within 30 minutes. A production server
 * (NODE_ENV=production) neither issues nor accepts them: this route does not exist there.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { createHash, randomBytes } from 'crypto'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_PATHS, AccountSignInDataSchema, DevSignInBodySchema } from '@core/wire/accounts'
import type { AppContext, RouteOptions } from '../../context'
import { BUSY_SERVER_ID } from '../../db/seed/demo-data'
import { spokenError } from '../../errors'
import { signInTo } from '../accounts'
import { ok } from '../envelope'
import { responses } from '../schemas'

/** How long a development sign-in link works: 30 minutes. */
export const DEV_SIGN_IN_LINK_SECONDS = 30 * 60

/** A one-time sign-in link's parts: who it signs in, where it opens, and its secret. */
export interface DevSignInLink {
  /** What the link is for, e.g. '云端集市 owner'. */
  label: string
  uid: string
  server_id: string
  token: string
}

/** The challenge a link's token is kept as (only its hash is stored). */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url')

/**
 * Issues the development sign-in links: the owner of each seeded server, and the first
 * moderator of the busy demo server. Never in production.
 */
export async function issueDevSignInLinks (ctx: AppContext): Promise<DevSignInLink[]> {
  if (ctx.config.production) return []
  const owned = await ctx.db.selectFrom('servers').select(['server_id', 'name', 'owner_uid']).where('owner_uid', 'is not', null).orderBy('sort').execute()
  const moderator = await ctx.db.selectFrom('member_roles').select('uid').where('role_id', '=', `${BUSY_SERVER_ID}-moderator`).orderBy('uid').executeTakeFirst()
  const wanted = owned.map(server => ({ label: `${server.name} owner`, uid: server.owner_uid ?? '', server_id: server.server_id }))
  if (moderator) wanted.push({ label: 'moderator', uid: moderator.uid, server_id: BUSY_SERVER_ID })
  const links: DevSignInLink[] = []
  for (const link of wanted) {
    const token = randomBytes(24).toString('base64url')
    await ctx.repos.accounts.saveChallenge(tokenHash(token), 'dev-link', { uid: link.uid, detail: '' }, ctx.now(), DEV_SIGN_IN_LINK_SECONDS)
    links.push({ ...link, token })
  }
  return links
}

/** Registers POST /auth/dev-sign-in, except in production. */
export default async function devSignInRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  if (ctx.config.production) return
  fastify.withTypeProvider<TypeBoxTypeProvider>().post(ACCOUNT_PATHS.devSignIn, {
    config: { signIn: 'anyone', rateLimit: { max: ctx.config.limits.guestSignupsPerMinute, timeWindow: 60_000 } },
    schema: { summary: 'Development only: sign in with a one-time link printed by npm start', body: DevSignInBodySchema, response: responses(AccountSignInDataSchema) },
  }, async request => {
    const handed = await ctx.repos.accounts.takeChallenge(tokenHash(request.body.token), 'dev-link', ctx.now())
    if (!handed?.uid) throw spokenError(400, { 'zh-CN': '登录链接已失效', en: 'body.token: the sign-in link is unknown, already used or expired (links work once, for 30 minutes)' })
    return ok(await signInTo(ctx, handed.uid, 'dev-link', request.headers['user-agent'] ?? ''))
  })
}
