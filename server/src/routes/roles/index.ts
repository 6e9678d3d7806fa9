/**
 * Roles: list, create, edit, order and delete a server's roles, give and take
 * them, channel overrides, and the caller's effective permissions per channel. Writes need ManageRoles and
 * reach only roles below the caller's highest (the owner reaches all); nobody grants a
 * permission they do not hold, and only the owner grants the elevated bits
 * (core/domain/permissions.ts OWNER_GRANTED_PERMISSIONS: ManageServer, ManageRoles,
 * ManageChannels, KickMembers, BanMembers), on every role `@everyone` included. A role's name is audited like a channel's title (the global and the
 * server's words). Roles are given to and taken from only members the caller
 * outranks, as for kick and ban (or the caller themselves). Every write is audited and published (ROLE_CREATE,
 * ROLE_UPDATE, ROLE_DELETE, MEMBER_UPDATE) after it commits.
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { createTimeIdSource } from '@core/domain/ids'
import { canChangeMemberRoles, canManageRole, grantablePermissions, hasPermission, missingPermissions, Permission, rankOf, type PermissionRole } from '@core/domain/permissions'
import { isBotRole } from '@core/domain/role'
import { identityKindOf } from '@core/domain/identity'
import {
  TRUST_CODES, type ChannelOverrides, type MyPermissions, type OverrideBody, type RoleDeleteEvent, type ServerRole,
} from '@core/wire/trust'
import type { RouteOptions } from '../../context'
import { ApiError, badRequest, forbidden, notFound } from '../../errors'
import { optionalUser, signedInUser } from '../../plugins/auth'
import {
  accessTo, auditRecord, channelPermissions, requireBits, requireMember, requireServerActor, requireServerPermission, serverPermissions, requireVisibleChannel, type Access, type Actor,
} from '../../rules/access'
import { notifyModeration } from '../../services/notifications'
import { cleanName, requireServerAuditPass } from '../../rules/content'
import { ok } from '../../http/envelope'
import { serverScope } from '../../http/cached'
import { API_CALLS, API_CALL_SCHEMAS } from '@core/wire/api-calls'
import { TRUST_CALLS, TRUST_CALL_SCHEMAS } from '@core/wire/trust'
import { declaredRoute, route } from '../../http/route'

const nextRoleId = createTimeIdSource()

/**
 * 403 naming the bits of `added` (bits a role is to gain) the caller may not add: bits they
 * lack, and the elevated ones (OWNER_GRANTED_PERMISSIONS) unless they are the owner.
 */
function requireGrantable (access: Access, callerBits: number, added: number): void {
  const grantable = access.member ? grantablePermissions(access.server, access.member, callerBits) : 0
  const refused = missingPermissions(grantable, added)
  if (refused.length > 0) {
    throw forbidden(`role: you may grant only permissions you hold, and ManageServer, ManageRoles, ManageChannels, KickMembers and BanMembers only as the owner (not yours to grant: ${refused.join(', ')})`)
  }
}

/** 403 unless the caller may manage a role at `role`'s place and holds every bit it carries (nobody hands out what they do not hold). */
function requireRoleReach (access: Access, callerBits: number, role: Pick<PermissionRole, 'position' | 'permissions'>): void {
  if (!access.member || !canManageRole(access.server, access.member, role)) {
    throw forbidden('role: it sits at or above your highest role, or grants ManageServer, which only the owner hands out')
  }
  const lacking = missingPermissions(callerBits, role.permissions)
  if (lacking.length > 0) throw forbidden(`role: it carries permissions you do not hold (${lacking.join(', ')})`)
}

/** Registers the role routes. */
export default async function rolesRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  async function existingRole (serverId: string, roleId: string): Promise<ServerRole> {
    const role = await ctx.repos.roles.get(serverId, roleId)
    if (!role) throw notFound(`path.role_id: no role ${roleId} in server ${serverId}`)
    return role
  }

  /** The role (not @everyone) a path names, when the caller may manage it (404 / 403 otherwise). */
  async function reachableRole (actor: Actor, roleId: string): Promise<ServerRole> {
    const role = await existingRole(actor.serverId, roleId)
    requireRoleReach(actor.access, serverPermissions(ctx, actor.access), role)
    return role
  }

  route(app, API_CALLS.serverRoles, API_CALL_SCHEMAS.serverRoles, { schema: { summary: 'The roles of a server in order, with permissions and colours' } }, async request => {
    await accessTo(ctx, request.params.server_id, null)
    return ok({ list: await ctx.repos.roles.list(request.params.server_id) })
  })

  route(app, TRUST_CALLS.myPermissions, TRUST_CALL_SCHEMAS.myPermissions, { schema: { summary: "The caller's effective permissions, server-wide and per channel" } }, async request => {
    const serverId = request.params.server_id
    const access = await accessTo(ctx, serverId, await optionalUser(ctx, request))
    const channels = await ctx.repos.channels.listByServer(serverId)
    const data: MyPermissions = {
      server_id: serverId,
      is_member: access.member !== null,
      is_owner: access.member !== null && access.member.uid === access.server.owner_uid,
      permissions: serverPermissions(ctx, access),
      // only the channels the caller may see: one they may not is not theirs to know of (as GET /channels/:id answers 404)
      channels: (await Promise.all(channels.map(async channel => ({ channel_id: channel.channel_id, permissions: await channelPermissions(ctx, access, channel.channel_id) }))))
        .filter(channel => hasPermission(channel.permissions, Permission.ViewChannel)),
      role_ids: access.member ? [...access.member.role_ids] : [],
      timeout_until: access.member?.timeout_until ?? null,
      rank: access.member ? rankOf(access.server, access.member) : null,
    }
    return ok(data)
  })

  route(app, TRUST_CALLS.createRole, TRUST_CALL_SCHEMAS.createRole, { schema: { summary: 'Create a role (ManageRoles)' } }, async request => {
    const actor = await requireServerActor(ctx, request, Permission.ManageRoles)
    const { serverId, access } = actor
    const lowest = access.server.roles.filter(role => role.role_id !== serverId).length + 1
    const position = Math.min(request.body.position ?? lowest, lowest)
    const permissions = request.body.permissions ?? 0
    const callerBits = serverPermissions(ctx, access)
    requireRoleReach(access, callerBits, { position, permissions })
    requireGrantable(access, callerBits, permissions)
    const name = cleanName('name', request.body.name)
    await requireServerAuditPass(ctx, serverId, { title: name }) // SPEC §5, §8: a role's name is audited as a title (104001), global and server words
    const roleId = nextRoleId()
    const role = await ctx.repos.roles.create({ role_id: roleId, server_id: serverId, name, permissions, color: request.body.color ?? '', position }, auditRecord(ctx, actor, 'role_create', roleId))
    await ctx.answers.invalidate(serverScope(serverId)) // who sees which channel may have changed
    await ctx.bus.publish('ROLE_CREATE', { server_id: serverId }, role)
    return ok(role)
  })

  // POST as well as PATCH: the mini-program's request API has no PATCH method
  app.route({
    ...declaredRoute(TRUST_CALLS.editRole, TRUST_CALL_SCHEMAS.editRole, { schema: { summary: 'Edit or move a role (ManageRoles; @everyone: permissions only)' } }),
    handler: async request => {
      const actor = await requireServerActor(ctx, request, Permission.ManageRoles)
      const { serverId, access } = actor
      const roleId = request.params.role_id
      const role = await existingRole(serverId, roleId)
      const isEveryone = roleId === serverId
      if (isEveryone && (request.body.name !== undefined || request.body.color !== undefined || request.body.position !== undefined)) {
        throw badRequest('body: @everyone takes only permissions')
      }
      const callerBits = serverPermissions(ctx, access)
      const permissions = request.body.permissions ?? role.permissions
      // @everyone sits below everyone: any ManageRoles holder reaches it; on every role, what it gains must be theirs to grant (never an elevated bit but by the owner)
      if (!isEveryone) {
        requireRoleReach(access, callerBits, role)
        requireRoleReach(access, callerBits, { position: request.body.position ?? role.position, permissions })
      }
      requireGrantable(access, callerBits, permissions & ~role.permissions)
      const changes = request.body.name === undefined ? request.body : { ...request.body, name: cleanName('name', request.body.name) }
      await requireServerAuditPass(ctx, serverId, { title: changes.name }) // a renamed role as a created one; nothing written on refusal
      const updated = await ctx.repos.roles.update(serverId, roleId, changes, auditRecord(ctx, actor, 'role_update', roleId)) as ServerRole
      await ctx.answers.invalidate(serverScope(serverId)) // who sees which channel may have changed
      await ctx.bus.publish('ROLE_UPDATE', { server_id: serverId }, updated)
      return ok(updated)
    },
  })

  route(app, TRUST_CALLS.deleteRole, TRUST_CALL_SCHEMAS.deleteRole, { schema: { summary: 'Delete a role (ManageRoles; never @everyone)' } }, async request => {
    const actor = await requireServerActor(ctx, request, Permission.ManageRoles)
    const { serverId } = actor
    const roleId = request.params.role_id
    if (roleId === serverId) throw badRequest('path.role_id: @everyone cannot be deleted')
    await reachableRole(actor, roleId)
    await ctx.repos.roles.remove(serverId, roleId, auditRecord(ctx, actor, 'role_delete', roleId))
    const event: RoleDeleteEvent = { server_id: serverId, role_id: roleId }
    await ctx.answers.invalidate(serverScope(serverId)) // who sees which channel may have changed
    await ctx.bus.publish('ROLE_DELETE', { server_id: serverId }, event)
    return ok({ list: await ctx.repos.roles.list(serverId) })
  })

  for (const set of [true, false]) {
    app.route({
      ...declaredRoute(set ? TRUST_CALLS.setOverride : TRUST_CALLS.clearOverride, set ? TRUST_CALL_SCHEMAS.setOverride : TRUST_CALL_SCHEMAS.clearOverride, {
        schema: { summary: set ? "Set a channel's override of a role's or member's permissions (ManageChannels; only bits you hold)" : "Remove a channel's override (ManageChannels)" },
      }),
      handler: async request => {
        const user = signedInUser(request)
        const { channel_id: channelId, target_type: targetType, target_id: targetId } = request.params
        const channel = await requireVisibleChannel(ctx, channelId, user) // one the caller may not see is none to them (404)
        const access = await requireServerPermission(ctx, channel.server_id, user, Permission.ManageChannels)
        const bits = set ? request.body as OverrideBody : null
        if (bits) requireBits(access, serverPermissions(ctx, access), bits.allow | bits.deny) // nobody grants or takes what they do not hold
        if (targetType === 'role') await existingRole(channel.server_id, targetId)
        else await requireMember(ctx, channel.server_id, targetId)
        const overrides = await ctx.repos.roles.setOverride(channelId, { target_type: targetType, target_id: targetId }, bits)
        const data: ChannelOverrides = { channel_id: channelId, overrides }
        await ctx.answers.invalidate(serverScope(channel.server_id)) // who sees the channel may have changed
        await ctx.bus.publish('CHANNEL_UPDATE', { server_id: channel.server_id, channel_id: channelId }, { ...channel, overrides })
        return ok(data)
      },
    })
  }

  for (const held of [true, false]) {
    app.route({
      ...declaredRoute(held ? TRUST_CALLS.giveRole : TRUST_CALLS.takeRole, held ? TRUST_CALL_SCHEMAS.giveRole : TRUST_CALL_SCHEMAS.takeRole, {
        schema: { summary: held ? 'Give a member a role (ManageRoles; bot roles only to bots)' : 'Take a role from a member (ManageRoles)' },
      }),
      handler: async request => {
        const actor = await requireServerActor(ctx, request, Permission.ManageRoles)
        const { serverId } = actor
        const { uid, role_id: roleId } = request.params
        if (roleId === serverId) throw badRequest('path.role_id: everyone holds @everyone')
        const role = await reachableRole(actor, roleId)
        const target = await requireMember(ctx, serverId, uid)
        // like kick and ban: only on members below the caller's highest role (never the owner), or on oneself
        if (!actor.access.member || !canChangeMemberRoles(actor.access.server, actor.access.member, target)) {
          throw new ApiError(403, TRUST_CODES.OUTRANKED, `path.uid: ${uid} is the owner or holds a role at or above your highest`)
        }
        // SPEC §3, §6: a bot role (type 1) is for bot accounts
        if (held && isBotRole(role) && identityKindOf(target) !== 'bot') throw badRequest(`path.role_id: ${roleId} is a bot role and ${uid} is not a bot`)
        // The role is what changed on the member (a `role` change), not a reason
        const change = held ? { field: 'role', from: null, to: role.name } : { field: 'role', from: role.name, to: null }
        const record = { ...auditRecord(ctx, actor, held ? 'member_role_add' : 'member_role_remove', uid), changes: [change] }
        const state = await ctx.repos.roles.setMemberRole(serverId, uid, roleId, held, record)
        await ctx.bus.publish('MEMBER_UPDATE', { server_id: serverId }, state)
        await notifyModeration(ctx, serverId, uid, actor.user.uid, 'roles', held ? `+${role.name}` : `-${role.name}`)
        return ok(state)
      },
    })
  }
}
