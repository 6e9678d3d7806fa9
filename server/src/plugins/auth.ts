/**
 * Sessions: who may call a route is declared, never left to the route to remember. Every
 * write (POST, PUT, PATCH, DELETE) needs a signed-in user unless its route says
 * `config: { signIn: 'anyone' }`; a read needs one when its route says
 * `config: { signIn: 'user' }`, or its whole folder does with {@link signInThroughout}.
 * One app-wide onRequest hook enforces it before the body is even read, answering 401 in
 * the envelope without a valid `Authorization: Bearer <token>` (a person's session) or
 * `Authorization: Bot <token>` (a bot's token, issued by POST /servers/:id/bots); the
 * handler then reads the caller with {@link signedInUser}. Routes open to everyone that
 * answer more to a signed-in caller ask {@link optionalUser}.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify'
import type { User } from '@core/wire/entities'
import type { AppContext } from '../context'
import { unauthorized } from '../errors'
import { BOT_TOKEN_PREFIX, type SignedIn } from '../repositories/users'

/** Who may call a route: `user` — a signed-in person or bot (401 otherwise); `anyone` — no sign-in asked. */
export type SignIn = 'user' | 'anyone'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; unset: `user` for a write, `anyone` for a read. */
    signIn?: SignIn
  }
  interface FastifyRequest {
    /** The signed-in user on routes that need one; null elsewhere. */
    currentUser: User | null
    /** The session the request came with (null for a bot token or no sign-in). */
    currentSessionId: string | null
  }
}

/** Longest token accepted in the header (issued tokens are 43 characters). */
const MAX_TOKEN_LENGTH = 256

/** The methods that write: they need a signed-in user unless their route says otherwise, and count against a member's write limit (read-only methods are limited per IP only). */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Who may call the route `request` matched: its declaration, else `user` for a write and `anyone` for a read. */
function signInOf (request: FastifyRequest): SignIn {
  return request.routeOptions.config.signIn ?? (WRITE_METHODS.has(request.method) ? 'user' : 'anyone')
}

/** Who may call a route of `methods` with `config` (a route's declaration, as {@link signInOf} reads it for each request): what the OpenAPI document marks. */
export function routeSignIn (methods: string | readonly string[], config: FastifyContextConfig | undefined): SignIn {
  const writes = (typeof methods === 'string' ? [methods] : methods).some(method => WRITE_METHODS.has(method))
  return config?.signIn ?? (writes ? 'user' : 'anyone')
}

/**
 * Makes `request.currentUser` available on `fastify`'s requests and signs in, on every
 * route that needs a user, before anything else of the route runs (an unknown URL stays
 * a 404, whatever its method).
 */
export function installAuth (fastify: FastifyInstance, ctx: AppContext): void {
  fastify.decorateRequest('currentUser', null)
  fastify.decorateRequest('currentSessionId', null)
  fastify.addHook('onRequest', async request => {
    if (request.is404 || signInOf(request) !== 'user') return
    const token = bearerToken(request.headers.authorization)
    if (!token) throw unauthorized('authorization: a Bearer token is required (POST /auth/guest issues one)')
    await signIn(ctx, request, token)
  })
}

/**
 * Declares, in a route folder's plugin, that every route of the folder (reads too) needs
 * a signed-in user, unless a route itself declares `config.signIn`.
 */
export function signInThroughout (fastify: FastifyInstance): void {
  fastify.addHook('onRoute', route => {
    route.config = { ...route.config, signIn: route.config?.signIn ?? 'user' }
  })
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

/** The signed-in user of a request to a route that needs one (see {@link installAuth}). */
export function signedInUser (request: FastifyRequest): User {
  if (!request.currentUser) throw unauthorized('authorization: a Bearer token is required')
  return request.currentUser
}

/** The user and session of a request's Bearer or Bot token when it carries a live one, else null. */
export async function optionalSignedIn (ctx: AppContext, request: FastifyRequest): Promise<SignedIn | null> {
  const token = bearerToken(request.headers.authorization)
  return token ? ctx.repos.users.signIn(token, ctx.now()) : null
}

/** The user of a request's Bearer or Bot token when it carries a live one, else null (routes that answer everyone but tell members apart). */
export async function optionalUser (ctx: AppContext, request: FastifyRequest): Promise<User | null> {
  return (await optionalSignedIn(ctx, request))?.user ?? null
}
