/**
 * Sessions: sign out, list one's own live sessions, end one of them. An ended
 * session's token stops working at once, and SESSION_REVOKED tells the gateway to close
 * the sockets it opened (on every process, through the bus).
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { type SessionRevokedEvent } from '@core/wire/trust'
import type { RouteOptions } from '../../context'
import { badRequest, notFound } from '../../errors'
import { signedInUser, signInThroughout } from '../../plugins/auth'
import { absentBodyAsEmpty } from '../../rules/content'
import { ok } from '../../http/envelope'
import { TRUST_CALLS, TRUST_CALL_SCHEMAS } from '@core/wire/trust'
import { route } from '../../http/route'

/** Registers /auth/logout and /auth/sessions. */
export default async function sessionsRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  signInThroughout(fastify) // every route here, reads too, is for a signed-in user
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  async function revoke (uid: string, sessionId: string, reason: SessionRevokedEvent['reason']): Promise<boolean> {
    if (!await ctx.repos.users.revokeSession(uid, sessionId)) return false
    const event: SessionRevokedEvent = { uid, session_ids: [sessionId], reason }
    // not about one server: every gateway hears it and closes only that user's matching sockets
    await ctx.bus.publish('SESSION_REVOKED', { server_id: '', uid }, event)
    return true
  }

  route(app, TRUST_CALLS.logout, TRUST_CALL_SCHEMAS.logout, { preValidation: absentBodyAsEmpty, schema: { summary: 'Sign out: the token stops working' } }, async request => {
    const user = signedInUser(request)
    if (!request.currentSessionId) throw badRequest('authorization: a bot token is revoked by the server owner, not signed out')
    await revoke(user.uid, request.currentSessionId, 'logout')
    return ok({ done: true })
  })

  route(app, TRUST_CALLS.sessions, TRUST_CALL_SCHEMAS.sessions, { schema: { summary: "The caller's live sessions, most recently used first" } }, async request => {
    const user = signedInUser(request)
    const sessions = await ctx.repos.users.listSessions(user.uid, ctx.now())
    return ok({ list: sessions.map(session => ({ ...session, current: session.session_id === request.currentSessionId })) })
  })

  route(app, TRUST_CALLS.endSession, TRUST_CALL_SCHEMAS.endSession, { schema: { summary: 'End one of your sessions' } }, async request => {
    const user = signedInUser(request)
    if (!await revoke(user.uid, request.params.session_id, 'revoked')) throw notFound(`path.session_id: you have no session ${request.params.session_id}`)
    return ok({ done: true })
  })
}
