/**
 * Invites: a member with CreateInvites makes a link (lifetime 30 min … never,
 * a use limit); anyone can read who invited them to which server (the share flow opens
 * that server's Home with it), and a signed-in non-member joins with one call. Expired
 * and used-up invites still answer GET with their state, and refuse to be accepted with
 * 410 and a code that says which (TRUST_CODES). Revoking needs ManageServer, or being
 * the one who made it. Making invites is bounded: a per-account rate limit, a most
 * invites that still work per member and server, and a guest's invites always expire.
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { identityKindOf } from '@core/domain/identity'
import { Permission, hasPermission } from '@core/domain/permissions'
import {
  TRUST_CODES,
  type AcceptInvite,
} from '@core/wire/trust'
import type { MemberAdd } from '@core/wire/members'
import type { RouteOptions } from '../../context'
import { ApiError, forbidden, notFound, spokenError } from '../../errors'
import { signedInUser } from '../../plugins/auth'
import { accessTo, auditRecord, requireBotHome, requireServerActor, serverPermissions } from '../../rules/access'
import { absentBodyAsEmpty, requireNotOwnersName } from '../../rules/content'
import { ok } from '../../http/envelope'
import { memberCountsOf } from '../../services/member-counts'
import { chargeInviteCreation } from '../../services/quotas'
import { TRUST_CALLS, TRUST_CALL_SCHEMAS } from '@core/wire/trust'
import { route } from '../../http/route'

/** Registers the invite routes. */
export default async function invitesRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  route(app, TRUST_CALLS.invites, TRUST_CALL_SCHEMAS.invites, { schema: { summary: 'The invites that still work (CreateInvites)' } }, async request => {
    const actor = await requireServerActor(ctx, request, Permission.CreateInvites)
    return ok({ list: await ctx.repos.invites.list(actor.serverId, ctx.now()) })
  })

  route(app, TRUST_CALLS.createInvite, TRUST_CALL_SCHEMAS.createInvite, { preValidation: absentBodyAsEmpty, schema: { summary: 'Make an invite (CreateInvites)' } }, async request => {
    const actor = await requireServerActor(ctx, request, Permission.CreateInvites)
    const { liveInvitesPerMember, guestInviteMaxAgeSeconds } = ctx.config.limits
    if (await ctx.repos.invites.countLive(actor.serverId, actor.user.uid, ctx.now()) >= liveInvitesPerMember) {
      throw spokenError(403, {
        'zh-CN': `你在这个服务器已有 ${liveInvitesPerMember} 个仍有效的邀请：请先撤销不用的邀请`,
        en: `you already hold ${liveInvitesPerMember} invites that still work in this server: revoke one you no longer need first`,
      })
    }
    await chargeInviteCreation(ctx, actor.user.uid)
    const record = auditRecord(ctx, actor, 'invite_create', '')
    const { max_age_seconds: asked, max_uses: maxUses } = request.body
    // a guest is a throwaway account: its invites always expire, whatever lifetime it asked for
    const maxAge = identityKindOf(actor.user) === 'guest' && (asked === 0 || asked > guestInviteMaxAgeSeconds) ? guestInviteMaxAgeSeconds : asked
    const invite = await ctx.repos.invites.create(
      { server_id: actor.serverId, inviter_uid: actor.user.uid, max_uses: maxUses, expires_at: maxAge === 0 ? null : record.created_at + maxAge, created_at: record.created_at },
      record,
    )
    return ok(invite)
  })

  route(app, TRUST_CALLS.invite, TRUST_CALL_SCHEMAS.invite, { schema: { summary: 'Who invites to which server, and whether the invite still works' } }, async request => {
    const invite = await ctx.repos.invites.get(request.params.code, ctx.now())
    if (!invite) throw notFound(`path.code: no invite ${request.params.code}`)
    return ok(invite)
  })

  route(app, TRUST_CALLS.revokeInvite, TRUST_CALL_SCHEMAS.revokeInvite, { schema: { summary: 'Revoke an invite (its maker, or ManageServer)' } }, async request => {
    const user = signedInUser(request)
    const invite = await ctx.repos.invites.row(request.params.code)
    if (!invite) throw notFound(`path.code: no invite ${request.params.code}`)
    const access = await accessTo(ctx, invite.server_id, user)
    if (invite.inviter_uid !== user.uid && !hasPermission(serverPermissions(ctx, access), Permission.ManageServer)) {
      throw forbidden('missing permission: ManageServer (or be the one who made the invite)')
    }
    await ctx.repos.invites.revoke(invite.code, auditRecord(ctx, { user, serverId: invite.server_id }, 'invite_delete', invite.code))
    return ok({ done: true })
  })

  route(app, TRUST_CALLS.acceptInvite, TRUST_CALL_SCHEMAS.acceptInvite, { preValidation: absentBodyAsEmpty, schema: { summary: 'Join the server through an invite' } }, async request => {
    const user = signedInUser(request)
    const now = ctx.now()
    const invite = await ctx.repos.invites.row(request.params.code)
    if (invite) await requireBotHome(ctx, user, invite.server_id)
    // a joiner reading as the owner is refused; someone already in is answered as before
    if (invite && !await ctx.repos.members.isMember(invite.server_id, user.uid)) await requireNotOwnersName(ctx, user.uid, user.nickname, [invite.server_id])
    const outcome = await ctx.repos.invites.accept(request.params.code, user.uid, now)
    switch (outcome.state) {
      case 'unknown': throw notFound(`path.code: no invite ${request.params.code}`)
      case 'expired': throw new ApiError(410, TRUST_CODES.INVITE_EXPIRED, 'this invite has expired')
      case 'used_up': throw new ApiError(410, TRUST_CODES.INVITE_USED_UP, 'this invite has been used as often as it allows')
      case 'banned': throw new ApiError(403, TRUST_CODES.BANNED, 'you are banned from this server')
    }
    const data: AcceptInvite = { server_id: outcome.server_id, already_member: outcome.state === 'already_member' }
    if (outcome.state === 'joined') {
      await ctx.presence.joined(user.uid, outcome.server_id)
      const online = (await ctx.presence.onlineOf([user.uid])).has(user.uid)
      const added: MemberAdd = { ...await memberCountsOf(ctx, outcome.server_id), member: { user, joined_at: outcome.joined_at, online, role_ids: [] } }
      await ctx.bus.publish('MEMBER_ADD', { server_id: outcome.server_id }, added)
    }
    return ok(data)
  })
}
