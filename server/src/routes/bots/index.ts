/**
 * Bots (SPEC §3): the owner (ManageServer) creates a bot member (uid C_,
 * user_type 2, given the server's bot roles) and gets its token once; only its hash is
 * kept. The bot calls the same HTTP API with `Authorization: Bot <token>` and identifies
 * on the gateway with the same token. A new token replaces the old; revoking ends it.
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Permission } from '@core/domain/permissions'
import type { RouteOptions } from '../../context'
import { notFound } from '../../errors'
import { auditRecord, requireServerActor } from '../../rules/access'
import { absentBodyAsEmpty, cleanName, requireNotOwnersName, requireServerAuditPass } from '../../rules/content'
import { ok } from '../../http/envelope'
import { TRUST_CALLS, TRUST_CALL_SCHEMAS } from '@core/wire/trust'
import { route } from '../../http/route'

/** Registers the bot routes. */
export default async function botsRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  /** The old token no longer signs in: the bot's open sockets close at once, on every process. */
  async function closeBotSockets (serverId: string, uid: string): Promise<void> {
    await ctx.bus.publish('SESSION_REVOKED', { server_id: serverId, uid }, { uid, session_ids: null, reason: 'revoked' })
  }

  route(app, TRUST_CALLS.createBot, TRUST_CALL_SCHEMAS.createBot, { schema: { summary: 'Create a bot and get its token, shown this once (ManageServer)' } }, async request => {
    const actor = await requireServerActor(ctx, request, Permission.ManageServer)
    const nickname = cleanName('nickname', request.body.nickname)
    await requireServerAuditPass(ctx, actor.serverId, { nickname }) // SPEC §5: nickname is audited
    await requireNotOwnersName(ctx, '', nickname, [actor.serverId]) // a bot is never its server's owner
    const bot = await ctx.repos.bots.create(actor.serverId, nickname, auditRecord(ctx, actor, 'bot_create', ''))
    return ok(bot)
  })

  route(app, TRUST_CALLS.newBotToken, TRUST_CALL_SCHEMAS.newBotToken, { preValidation: absentBodyAsEmpty, schema: { summary: 'A new token for a bot of the server; the old one stops working (ManageServer)' } }, async request => {
    const actor = await requireServerActor(ctx, request, Permission.ManageServer)
    const uid = request.params.uid
    const bot = await ctx.repos.bots.resetToken(actor.serverId, uid, auditRecord(ctx, actor, 'bot_token_reset', uid))
    if (!bot) throw notFound(`path.uid: ${uid} is not a bot of server ${actor.serverId}`)
    await closeBotSockets(actor.serverId, uid)
    return ok(bot)
  })

  route(app, TRUST_CALLS.revokeBot, TRUST_CALL_SCHEMAS.revokeBot, { schema: { summary: "Revoke a bot's token (ManageServer)" } }, async request => {
    const actor = await requireServerActor(ctx, request, Permission.ManageServer)
    const uid = request.params.uid
    if (!await ctx.repos.bots.revokeToken(actor.serverId, uid, auditRecord(ctx, actor, 'bot_token_revoke', uid))) throw notFound(`path.uid: ${uid} has no token in server ${actor.serverId}`)
    await closeBotSockets(actor.serverId, uid)
    return ok({ done: true })
  })
}
