/**
 * Membership: join (guests may join) and leave a server as the signed-in
 * user, and its member list in join order with each member's presence (online while
 * they have a gateway session on any process), paged by cursor. Joining and leaving
 * publish MEMBER_ADD / MEMBER_REMOVE after the write.
 */
import type { FastifyInstance } from 'fastify'
import { MEMBER_CALLS, MEMBER_CALL_SCHEMAS, MEMBER_PAGE_DEFAULT, MEMBER_PAGE_MAX, type Member, type MemberAdd, type MemberListData, type MemberRemove, type MembershipData } from '@core/wire/members'
import type { AppContext, RouteOptions } from '../../context'
import { TRUST_CODES } from '@core/wire/trust'
import { ApiError, badRequest, notFound } from '../../errors'
import { signedInUser } from '../../plugins/auth'
import type { MemberCursor } from '../../repositories/members'
import { requireBotHome } from '../../rules/access'
import { requireNotOwnersName } from '../../rules/content'
import { ok } from '../../http/envelope'
import { memberCountsOf } from '../../services/member-counts'
import { membersWithState } from '../../services/member-view'

import { route } from '../../http/route'

/** The cursor text of a member (the `next` of a page): `<joined_at>.<uid>`. */
export function memberCursorText (member: { joined_at: number, user: { uid: string } }): string {
  return `${member.joined_at}.${member.user.uid}`
}

/** The member a cursor text names (its shape is checked by the query schema). */
export function parseMemberCursor (text: string): MemberCursor {
  const dot = text.indexOf('.')
  return { joined_at: Number(text.slice(0, dot)), uid: text.slice(dot + 1) }
}

async function requireServer (ctx: AppContext, serverId: string): Promise<void> {
  if (!await ctx.repos.servers.get(serverId)) throw notFound(`path.server_id: no server ${serverId}`)
}

async function membershipOf (ctx: AppContext, serverId: string, isMember: boolean): Promise<MembershipData> {
  return { ...await memberCountsOf(ctx, serverId), is_member: isMember }
}

/** Registers the membership routes. */
export default async function membersRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  route(fastify, MEMBER_CALLS.join, MEMBER_CALL_SCHEMAS.join, { schema: { summary: 'Join a server (guests too; not when banned)' } }, async request => {
    const user = signedInUser(request)
    const serverId = request.params.server_id
    await requireServer(ctx, serverId)
    await requireBotHome(ctx, user, serverId)
    if (await ctx.repos.moderation.isBanned(serverId, user.uid)) throw new ApiError(403, TRUST_CODES.BANNED, 'you are banned from this server')
    await requireNotOwnersName(ctx, user.uid, user.nickname, [serverId])
    const { joined_at: joinedAt, created } = await ctx.repos.members.join(serverId, user.uid, ctx.now())
    if (created) {
      await ctx.presence.joined(user.uid, serverId)
      const online = (await ctx.presence.onlineOf([user.uid])).has(user.uid)
      const member: Member = { user, joined_at: joinedAt, online, role_ids: [] }
      const added: MemberAdd = { ...await memberCountsOf(ctx, serverId), member }
      await ctx.bus.publish('MEMBER_ADD', { server_id: serverId }, added)
    }
    return ok(await membershipOf(ctx, serverId, true))
  })

  route(fastify, MEMBER_CALLS.leave, MEMBER_CALL_SCHEMAS.leave, { schema: { summary: 'Leave a server' } }, async request => {
    const user = signedInUser(request)
    const serverId = request.params.server_id
    await requireServer(ctx, serverId)
    if (await ctx.repos.members.leave(serverId, user.uid)) {
      await ctx.presence.left(user.uid, serverId)
      const removed: MemberRemove = { ...await memberCountsOf(ctx, serverId), uid: user.uid }
      await ctx.bus.publish('MEMBER_REMOVE', { server_id: serverId }, removed)
    }
    return ok(await membershipOf(ctx, serverId, false))
  })

  route(fastify, MEMBER_CALLS.list, MEMBER_CALL_SCHEMAS.list, { schema: { summary: 'Members in join order with presence (cursor-paged)' } }, async request => {
    const serverId = request.params.server_id
    await requireServer(ctx, serverId)
    const after = request.query.after ? parseMemberCursor(request.query.after) : null
    const limit = request.query.limit ?? MEMBER_PAGE_DEFAULT
    // the validator coerces "1e309" to Infinity and lets it through (ajv 8.20): refused here
    if (!Number.isSafeInteger(limit)) throw badRequest(`querystring.limit: an integer from 1 to ${MEMBER_PAGE_MAX} is required`)
    const page = await ctx.repos.members.list(serverId, after, limit)
    const [items, onlineCount] = await Promise.all([membersWithState(ctx, serverId, page.items), ctx.presence.onlineCount(serverId)])
    const last = items[items.length - 1]
    const data: MemberListData = { items, has_more: page.has_more, next: page.has_more && last ? memberCursorText(last) : null, online_count: onlineCount }
    return ok(data)
  })
}
