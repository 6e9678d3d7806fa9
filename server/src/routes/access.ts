/**
 * Permission checks of the routes: who the caller is in a server (owner, member with
 * roles and timeout, or nobody) and what core/domain/permissions.ts lets them do there.
 * Every refusal is a 403 envelope whose message names the missing permission, so a
 * client and a person reading the answer both know why.
 */
import {
  effectivePermissions, hasPermission, missingPermissions, outranks, Permission, type PermissionMember, type PermissionServer,
} from '@core/domain/permissions'
import type { User } from '@core/wire/entities'
import { TRUST_CODES } from '@core/wire/trust'
import type { AppContext } from '../context'
import { ApiError, forbidden, notFound } from '../errors'

/** The caller as the permission rules see them in one server. */
export interface Access {
  server: PermissionServer
  /** The caller's membership, or null (signed out, banned, never joined). */
  member: PermissionMember | null
}

/** The caller's standing in `serverId`; 404 for an unknown server. */
export async function accessTo (ctx: AppContext, serverId: string, user: User | null): Promise<Access> {
  const server = await ctx.repos.roles.permissionServer(serverId)
  if (!server) throw notFound(`path.server_id: no server ${serverId}`)
  const member = user ? await ctx.repos.roles.permissionMember(serverId, user.uid) : null
  return { server, member }
}

/** The caller's server-wide bits. */
export function serverPermissions (ctx: AppContext, access: Access): number {
  return effectivePermissions({ server: access.server, member: access.member, channel: null, now: ctx.now() })
}

/** The caller's bits in one channel of the server. */
export async function channelPermissions (ctx: AppContext, access: Access, channelId: string): Promise<number> {
  const overrides = (await ctx.repos.roles.overridesByChannel(access.server.server_id)).get(channelId) ?? []
  return effectivePermissions({ server: access.server, member: access.member, channel: { channel_id: channelId, overrides }, now: ctx.now() })
}

/** The channels the caller may see (ViewChannel; SPEC §6: a training channel only with its role), in their order. */
export async function visibleChannels<C extends { channel_id: string }> (ctx: AppContext, access: Access, channels: readonly C[]): Promise<C[]> {
  const overrides = await ctx.repos.roles.overridesByChannel(access.server.server_id)
  const now = ctx.now()
  return channels.filter(channel => hasPermission(effectivePermissions({
    server: access.server, member: access.member, channel: { channel_id: channel.channel_id, overrides: overrides.get(channel.channel_id) ?? [] }, now,
  }), Permission.ViewChannel))
}

/** 403 naming what `permissions` lacks of `wanted` (and that the caller is no member, when so). */
export function requireBits (access: Access, permissions: number, wanted: number): void {
  const missing = missingPermissions(permissions, wanted)
  if (missing.length === 0) return
  const standing = access.member ? '' : ` (not a member of server ${access.server.server_id})`
  throw forbidden(`missing permission: ${missing.join(', ')}${standing}`)
}

/** The caller's access after checking they hold `wanted` server-wide; 403 naming the missing bits otherwise. */
export async function requireServerPermission (ctx: AppContext, serverId: string, user: User, wanted: number): Promise<Access> {
  const access = await accessTo(ctx, serverId, user)
  requireBits(access, serverPermissions(ctx, access), wanted)
  return access
}

/** The caller's access after checking they hold `wanted` in the channel; 403 naming the missing bits otherwise. */
export async function requireChannelPermission (ctx: AppContext, channel: { server_id: string, channel_id: string }, user: User | null, wanted: number): Promise<Access> {
  const access = await accessTo(ctx, channel.server_id, user)
  requireBits(access, await channelPermissions(ctx, access, channel.channel_id), wanted)
  return access
}

/** The member `uid` of the server; 404 when they are not one. */
export async function requireMember (ctx: AppContext, serverId: string, uid: string): Promise<PermissionMember> {
  const member = await ctx.repos.roles.permissionMember(serverId, uid)
  if (!member) throw notFound(`path.uid: ${uid} is not a member of server ${serverId}`)
  return member
}

/** 403 (code OUTRANKED) unless the caller sits above `target` in the role order (never the owner, never oneself). */
export function requireOutranks (access: Access, target: PermissionMember): void {
  const actor = access.member
  if (actor && outranks(access.server, actor, target)) return
  throw new ApiError(403, TRUST_CODES.OUTRANKED, `path.uid: ${target.uid} is the owner, yourself, or holds a role at or above your highest`)
}
