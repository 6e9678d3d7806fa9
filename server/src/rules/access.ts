/**
 * Permission checks of the routes, the gateway and the space: who the caller is in a
 * server (owner, member with roles and timeout, or nobody) and what
 * core/domain/permissions.ts lets them do there.
 * Every refusal is a 403 envelope whose message names the missing permission, so a
 * client and a person reading the answer both know why. The preambles the routes share
 * live here once: the actor of a /servers/:server_id route ({@link requireServerActor}),
 * a channel the caller may see ({@link requireVisibleChannel}: 404 otherwise, as for none),
 * a member in a channel ({@link requireChannelMember}), removing what others wrote
 * ({@link requireRemoval}) and the audit record of an action ({@link auditRecord}).
 */
import {
  effectivePermissions, hasPermission, missingPermissions, outranks, Permission, type PermissionMember, type PermissionServer,
} from '@core/domain/permissions'
import { identityKindOf } from '@core/domain/identity'
import type { FastifyRequest } from 'fastify'
import type { Channel, User } from '@core/wire/entities'
import { AUDIT_MEMBER_FIELD, TRUST_CODES, type AuditAction, type AuditChange } from '@core/wire/trust'
import type { AppContext } from '../context'
import { ApiError, forbidden, notFound } from '../errors'
import { signedInUser } from '../plugins/auth'
import type { AuditRecord } from '../repositories/audit-log'

/** The caller as the permission rules see them in one server. */
export interface Access {
  server: PermissionServer
  /** The caller's membership, or null (signed out, banned, never joined). */
  member: PermissionMember | null
}

/**
 * A bot acts only in the server it was created in (where its token was issued): 403 in
 * any other, whatever memberships it holds there. People pass untouched.
 */
export async function requireBotHome (ctx: AppContext, user: User, serverId: string): Promise<void> {
  if (identityKindOf(user) !== 'bot') return
  const home = await ctx.repos.bots.homeServerOf(user.uid)
  if (home !== serverId) throw forbidden(`a bot acts only in the server it was created in (${home ?? 'none'}), not in server ${serverId}`)
}

/** The caller's standing in `serverId`; 404 for an unknown server, 403 for a bot outside its own server. */
export async function accessTo (ctx: AppContext, serverId: string, user: User | null): Promise<Access> {
  const server = await ctx.repos.roles.permissionServer(serverId)
  if (!server) throw notFound(`path.server_id: no server ${serverId}`)
  if (user) await requireBotHome(ctx, user, serverId)
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

/** The 403 naming `missing` (and that the caller is no member, when so). */
function missingPermission (access: Access, missing: string): ApiError {
  const standing = access.member ? '' : ` (not a member of server ${access.server.server_id})`
  return forbidden(`missing permission: ${missing}${standing}`)
}

/** 403 naming what `permissions` lacks of `wanted` (and that the caller is no member, when so). */
export function requireBits (access: Access, permissions: number, wanted: number): void {
  const missing = missingPermissions(permissions, wanted)
  if (missing.length > 0) throw missingPermission(access, missing.join(', '))
}

/** 403 naming the choices unless `permissions` holds at least one bit of `choices` (a moderator holds any of the moderation bits). */
export function requireAnyBit (access: Access, permissions: number, choices: number): void {
  if ((permissions & choices) === 0) throw missingPermission(access, `one of ${missingPermissions(0, choices).join(', ')}`)
}

/** The caller's access after checking they hold `wanted` server-wide; 403 naming the missing bits otherwise. */
export async function requireServerPermission (ctx: AppContext, serverId: string, user: User, wanted: number): Promise<Access> {
  const access = await accessTo(ctx, serverId, user)
  requireBits(access, serverPermissions(ctx, access), wanted)
  return access
}

/** The 404 of a channel that does not exist, which a channel the caller may not see answers too. */
export function unknownChannel (channelId: string, field = 'path.channel_id'): ApiError {
  return notFound(`${field}: no channel ${channelId}`)
}

/**
 * The caller's access after checking they hold `wanted` in the channel: first that they may
 * see it (ViewChannel: roles, overrides, SPEC §6 training roles), else 404 `unknown` — the
 * answer for what the path names when it does not exist, so a hidden channel, and what is
 * in it, is never told to exist; then 403 naming the bits of `wanted` they lack.
 */
export async function requireChannelPermission (
  ctx: AppContext, channel: { server_id: string, channel_id: string }, user: User | null, wanted: number, unknown = unknownChannel(channel.channel_id),
): Promise<Access> {
  const access = await accessTo(ctx, channel.server_id, user)
  const permissions = await channelPermissions(ctx, access, channel.channel_id)
  if (!hasPermission(permissions, Permission.ViewChannel)) throw unknown
  requireBits(access, permissions, wanted)
  return access
}

/**
 * The caller's access in the channel `place` is in, when they may see it; 404 `unknown`
 * otherwise (as for nothing at all). Every route whose path names a channel, or a message,
 * post, comment or live item in one, resolves it through here (or the resolvers below)
 * before any other check, so its other answers (400 for the wrong channel type, 403 for
 * someone else's message) never tell that a hidden channel or its content exists.
 */
export async function requireVisible (ctx: AppContext, place: { server_id: string, channel_id: string }, user: User | null, unknown: ApiError): Promise<Access> {
  return requireChannelPermission(ctx, place, user, Permission.ViewChannel, unknown)
}

/** The channel a path names, whether or not the caller may see it (404 when there is none): only for the resolvers here. */
async function existingChannel (ctx: AppContext, channelId: string): Promise<Channel> {
  const channel = await ctx.repos.channels.get(channelId)
  if (!channel) throw unknownChannel(channelId)
  return channel
}

/**
 * The channel a path names, when the caller may see it and holds `wanted` there
 * ({@link requireChannelPermission}): 404 `path.channel_id: no channel …` for one that does
 * not exist and for one they may not see alike, 403 naming the bits they lack.
 */
export async function requireVisibleChannel (ctx: AppContext, channelId: string, user: User | null, wanted: number = Permission.ViewChannel): Promise<Channel> {
  const channel = await existingChannel(ctx, channelId)
  await requireChannelPermission(ctx, channel, user, wanted)
  return channel
}

/** The channel a path names, when the caller is a member who may see it and holds `wanted` there ({@link requireChannelMember}: 404 / 403 as there). */
export async function requireChannelOfMember (ctx: AppContext, channelId: string, user: User, wanted: number): Promise<Channel> {
  const channel = await existingChannel(ctx, channelId)
  await requireChannelMember(ctx, channel, user, wanted)
  return channel
}

/** The signed-in caller acting in the server a path names, after the permission check. */
export interface Actor {
  /** The signed-in caller. */
  user: User
  /** The server the path names. */
  serverId: string
  /** The caller's standing there. */
  access: Access
}

/** A request whose path names a server (`/servers/:server_id/…`). */
export type ServerRequest = FastifyRequest & { params: { server_id: string } }

/** A request whose path names a server and one of its members (`/servers/:server_id/…/:uid`). */
export type MemberRequest = FastifyRequest & { params: { server_id: string, uid: string } }

/**
 * The permission preamble of a route under /servers/:server_id: the signed-in
 * caller, after checking they hold `wanted` server-wide; 404 for an unknown server, 403
 * naming the missing bits otherwise.
 */
export async function requireServerActor (ctx: AppContext, request: ServerRequest, wanted: number): Promise<Actor> {
  const user = signedInUser(request)
  const serverId = request.params.server_id
  return { user, serverId, access: await requireServerPermission(ctx, serverId, user, wanted) }
}

/**
 * The preamble of a moderation route on one member (kick, timeout): {@link requireServerActor},
 * then the member the path's uid names (404 when none), whom the caller must outrank (403 OUTRANKED).
 */
export async function requireActorOverMember (ctx: AppContext, request: MemberRequest, wanted: number): Promise<Actor & { target: PermissionMember }> {
  const actor = await requireServerActor(ctx, request, wanted)
  const target = await requireMember(ctx, actor.serverId, request.params.uid)
  requireOutranks(actor.access, target)
  return { ...actor, target }
}

/** The audit-log record of what `actor` did in their server, stamped now. */
export function auditRecord (ctx: AppContext, actor: Pick<Actor, 'user' | 'serverId'>, action: AuditAction, targetId: string, reason?: string): AuditRecord {
  return { server_id: actor.serverId, actor_uid: actor.user.uid, action, target_id: targetId, reason, created_at: ctx.now() }
}

/**
 * The audit-log record of an act on a member (kick, ban, timeout), keeping the member's
 * name at the time of the act (AUDIT_MEMBER_FIELD) before any further `changes`.
 */
export async function memberAuditRecord (ctx: AppContext, actor: Pick<Actor, 'user' | 'serverId'>, action: AuditAction, uid: string, reason?: string, changes: AuditChange[] = []): Promise<AuditRecord> {
  const nickname = (await ctx.repos.users.get(uid))?.nickname ?? null
  return { ...auditRecord(ctx, actor, action, uid, reason), changes: [{ field: AUDIT_MEMBER_FIELD, from: null, to: nickname }, ...changes] }
}

/**
 * The caller's access after checking they are a member holding `wanted` in the channel:
 * a channel they may not see is 404 (`unknown`, {@link requireChannelPermission}); non-members
 * and members in timeout (for the speaking bits) are refused with 403 (core/domain/permissions.ts).
 */
export async function requireChannelMember (
  ctx: AppContext, channel: { server_id: string, channel_id: string }, user: User, wanted: number, unknown = unknownChannel(channel.channel_id),
): Promise<Access> {
  const access = await requireChannelPermission(ctx, channel, user, wanted, unknown)
  if (!access.member) throw forbidden(`only members of server ${channel.server_id} can do this (join it first)`)
  return access
}

/**
 * Removing what someone else wrote (a message, post or comment) needs
 * ManageMessages in its channel and is audited; the author removes their own freely.
 * The audit record to write once the removal is done, or null for the author's own.
 */
export async function requireRemoval (
  ctx: AppContext, place: { server_id: string, channel_id: string }, user: User, authorUid: string, action: AuditAction, targetId: string,
): Promise<AuditRecord | null> {
  if (authorUid === user.uid) return null
  await requireChannelPermission(ctx, place, user, Permission.ManageMessages, unknownChannel(place.channel_id))
  return auditRecord(ctx, { user, serverId: place.server_id }, action, targetId, `by ${authorUid}`)
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

/**
 * {@link requireOutranks} on `uid`, member of the server or not (a ban, a move in a space a
 * visitor stands in): someone who is not a member (yet) holds no role, so only the owner and
 * oneself are out of reach.
 */
export async function requireOutranksAnyone (ctx: AppContext, access: Access, uid: string): Promise<void> {
  const target = await ctx.repos.roles.permissionMember(access.server.server_id, uid)
  requireOutranks(access, target ?? { uid, user_type: 0, role_ids: [], timeout_until: null })
}
