/**
 * Bots (issue 18, SPEC §3): the owner (ManageServer) creates a bot member (uid C_,
 * user_type 2, given the server's bot roles) and gets its token once; only its hash is
 * kept. The bot calls the same HTTP API with `Authorization: Bot <token>` and identifies
 * on the gateway with the same token. A new token replaces the old; revoking ends it.
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Permission } from '@core/domain/permissions'
import { BotTokenSchema, CreateBotBodySchema, DoneSchema, MemberParamsSchema, ServerParamsSchema, TRUST_PATHS } from '@core/wire/trust'
import type { RouteOptions } from '../../context'
import { notFound } from '../../errors'
import { requireUser, signedInUser } from '../../plugins/auth'
import type { AuditRecord } from '../../repositories/audit-log'
import { requireServerPermission } from '../access'
import { absentBodyAsEmpty, requireServerAuditPass } from '../checks'
import { ok } from '../envelope'
import { responses } from '../schemas'

/** Registers the bot routes. */
export default async function botsRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const bearer = { security: [{ bearer: [] }] }
  const audit = (serverId: string, uid: string, action: AuditRecord['action'], targetId: string): AuditRecord =>
    ({ server_id: serverId, actor_uid: uid, action, target_id: targetId, created_at: ctx.now() })

  app.post(TRUST_PATHS.bots, {
    onRequest: requireUser(ctx),
    schema: { summary: 'Create a bot and get its token, shown this once (ManageServer)', ...bearer, params: ServerParamsSchema, body: CreateBotBodySchema, response: responses(BotTokenSchema) },
  }, async request => {
    const user = signedInUser(request)
    const serverId = request.params.server_id
    await requireServerPermission(ctx, serverId, user, Permission.ManageServer)
    await requireServerAuditPass(ctx, serverId, { nickname: request.body.nickname }) // SPEC §5: nickname is audited
    const bot = await ctx.repos.bots.create(serverId, request.body.nickname, audit(serverId, user.uid, 'bot_create', ''))
    return ok(bot)
  })

  app.post(TRUST_PATHS.botToken, {
    onRequest: requireUser(ctx),
    preValidation: absentBodyAsEmpty,
    schema: { summary: 'A new token for a bot of the server; the old one stops working (ManageServer)', ...bearer, params: MemberParamsSchema, response: responses(BotTokenSchema) },
  }, async request => {
    const user = signedInUser(request)
    const { server_id: serverId, uid } = request.params
    await requireServerPermission(ctx, serverId, user, Permission.ManageServer)
    const bot = await ctx.repos.bots.resetToken(serverId, uid, audit(serverId, user.uid, 'bot_token_reset', uid))
    if (!bot) throw notFound(`path.uid: ${uid} is not a bot of server ${serverId}`)
    return ok(bot)
  })

  app.delete(TRUST_PATHS.bot, {
    onRequest: requireUser(ctx),
    schema: { summary: "Revoke a bot's token (ManageServer)", ...bearer, params: MemberParamsSchema, response: responses(DoneSchema) },
  }, async request => {
    const user = signedInUser(request)
    const { server_id: serverId, uid } = request.params
    await requireServerPermission(ctx, serverId, user, Permission.ManageServer)
    if (!await ctx.repos.bots.revokeToken(serverId, uid, audit(serverId, user.uid, 'bot_token_revoke', uid))) throw notFound(`path.uid: ${uid} has no token in server ${serverId}`)
    return ok({ done: true })
  })
}
