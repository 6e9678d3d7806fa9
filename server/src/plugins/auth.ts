/**
 * Bearer sessions: routes that need a signed-in user run {@link requireUser} first
 * (before the body is even read), which answers 401 in the envelope without a valid
 * `Authorization: Bearer <token>`.
 */
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import type { User } from '@core/wire/entities'
import type { AppContext } from '../context'
import { unauthorized } from '../errors'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user on routes guarded by requireUser; null elsewhere. */
    currentUser: User | null
  }
}

/** Longest token accepted in the header (issued tokens are 43 characters). */
const MAX_TOKEN_LENGTH = 256

/** Makes `request.currentUser` available on `fastify`'s requests. */
export function installAuth (fastify: FastifyInstance): void {
  fastify.decorateRequest('currentUser', null)
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken (header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/i.exec(header?.trim() ?? '')
  return match && match[1].length <= MAX_TOKEN_LENGTH ? match[1] : null
}

/** An onRequest hook: 401 unless the request carries a live session's token. */
export function requireUser (ctx: AppContext): onRequestAsyncHookHandler {
  return async request => {
    const token = bearerToken(request.headers.authorization)
    if (!token) throw unauthorized('authorization: a Bearer token is required (POST /auth/guest issues one)')
    const user = await ctx.repos.users.findBySession(token, ctx.now())
    if (!user) throw unauthorized('authorization: the token is unknown or expired')
    request.currentUser = user
  }
}

/** The signed-in user of a request that passed requireUser. */
export function signedInUser (request: FastifyRequest): User {
  if (!request.currentUser) throw unauthorized('authorization: a Bearer token is required')
  return request.currentUser
}

/** The user of a request's Bearer token when it carries a live one, else null (routes that answer everyone but tell members apart). */
export async function optionalUser (ctx: AppContext, request: FastifyRequest): Promise<User | null> {
  const token = bearerToken(request.headers.authorization)
  return token ? ctx.repos.users.findBySession(token, ctx.now()) : null
}
