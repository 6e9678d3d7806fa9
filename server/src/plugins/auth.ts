/**
 * Sessions: routes that need a signed-in user run {@link requireUser} first (before the
 * body is even read), which answers 401 in the envelope without a valid
 * `Authorization: Bearer <token>` (a person's session) or `Authorization: Bot <token>`
 * (a bot's token, issued by POST /servers/:id/bots). Routes open to everyone that answer
 * more to a signed-in caller ask {@link optionalUser}.
 */
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import type { User } from '@core/wire/entities'
import type { AppContext } from '../context'
import { unauthorized } from '../errors'
import { BOT_TOKEN_PREFIX } from '../repositories/users'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user on routes guarded by requireUser; null elsewhere. */
    currentUser: User | null
    /** The session the request came with (null for a bot token or no sign-in). */
    currentSessionId: string | null
  }
}

/** Longest token accepted in the header (issued tokens are 43 characters). */
const MAX_TOKEN_LENGTH = 256

/** Makes `request.currentUser` available on `fastify`'s requests. */
export function installAuth (fastify: FastifyInstance): void {
  fastify.decorateRequest('currentUser', null)
  fastify.decorateRequest('currentSessionId', null)
}

/**
 * The token of an `Authorization: Bearer <token>` or `Authorization: Bot <token>` header,
 * or null. The Bot scheme takes only bot tokens.
 */
export function bearerToken (header: string | undefined): string | null {
  const match = /^(Bearer|Bot) ([A-Za-z0-9._~+/=-]+)$/i.exec(header?.trim() ?? '')
  if (!match || match[2].length > MAX_TOKEN_LENGTH) return null
  return match[1].toLowerCase() === 'bot' && !match[2].startsWith(BOT_TOKEN_PREFIX) ? null : match[2]
}

async function signIn (ctx: AppContext, request: FastifyRequest, token: string): Promise<void> {
  const signedIn = await ctx.repos.users.signIn(token, ctx.now())
  if (!signedIn) throw unauthorized('authorization: the token is unknown, expired or revoked')
  request.currentUser = signedIn.user
  request.currentSessionId = signedIn.session_id
}

/** An onRequest hook: 401 unless the request carries a live session's or a bot's token. */
export function requireUser (ctx: AppContext): onRequestAsyncHookHandler {
  return async request => {
    const token = bearerToken(request.headers.authorization)
    if (!token) throw unauthorized('authorization: a Bearer token is required (POST /auth/guest issues one)')
    await signIn(ctx, request, token)
  }
}

/** The signed-in user of a request that passed requireUser. */
export function signedInUser (request: FastifyRequest): User {
  if (!request.currentUser) throw unauthorized('authorization: a Bearer token is required')
  return request.currentUser
}

/** The user of a request's Bearer or Bot token when it carries a live one, else null (routes that answer everyone but tell members apart). */
export async function optionalUser (ctx: AppContext, request: FastifyRequest): Promise<User | null> {
  const token = bearerToken(request.headers.authorization)
  return token ? ctx.repos.users.findBySession(token, ctx.now()) : null
}
