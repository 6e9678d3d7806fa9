/**
 * Permissions (SPEC §3, §6): what a member may do in a server and in each of
 * its channels, as bits on roles with per-channel overrides, the model members of
 * Discord, KOOK and QQ频道 already know. One pure function,
 * {@link effectivePermissions}, decides; the server checks it on every route and event,
 * the client uses the same function only to hide what is not allowed.
 *
 * The order, strongest first:
 * 1. the server's owner holds every permission everywhere;
 * 2. a member's base is the `@everyone` role (role_id = server_id) OR-ed with every role
 *    they hold; a bot role (SPEC §3: type 1) counts only for bot accounts;
 * 3. ManageServer is the administrator bit: it grants every permission in every channel,
 *    overrides and the training gate do not apply (only the owner hands it out, with the
 *    other elevated bits, see {@link OWNER_GRANTED_PERMISSIONS});
 * 4. a guest account (SPEC §3: B_) never holds the moderation and management bits,
 *    whatever its roles say: a throwaway account is never a moderator;
 * 5. in a channel, overrides apply in Discord's order: `@everyone`'s, then the member's
 *    roles' (their denies together, then their allows together), then the member's own;
 * 6. a training channel (SPEC §6: a role's `join_role` names it) is seen only by members
 *    holding a role that names it;
 * 7. without ViewChannel a member has no permission in that channel at all;
 * 8. a member in timeout (mute) loses every speaking bit until it ends (the owner and
 *    administrators are never muted, as on Discord).
 * A non-member (signed out, banned, or never joined) may only look at what `@everyone`
 * may look at (the public preview the share flow opens), and never at a training channel.
 * Pure: no Taro import, no I/O.
 */
import { identityKindOf } from './identity'
import { BOT_ROLE_TYPE, isTrainingChannelRole } from './role'

/** The permission bits. Values are stable: they are stored in the database and sent on the wire. */
export const Permission = {
  /** See the channel and read its history. */
  ViewChannel: 1 << 0,
  /** Write messages, posts and comments. */
  SendMessages: 1 << 1,
  /** Attach images and files to what one writes. */
  AttachFiles: 1 << 2,
  /** React with emoji. */
  AddReactions: 1 << 3,
  /** Mention @everyone (@全体成员). */
  MentionEveryone: 1 << 4,
  /** Delete or pin other members' messages, posts and comments. */
  ManageMessages: 1 << 5,
  /** Create, edit and delete channels and their overrides. */
  ManageChannels: 1 << 6,
  /** Create, order and edit roles below one's own, and give or take them. */
  ManageRoles: 1 << 7,
  /** Remove a member (they may join again). */
  KickMembers: 1 << 8,
  /** Remove a member for good and keep them out. */
  BanMembers: 1 << 9,
  /** Put a member in timeout (no speaking until a time). */
  MuteMembers: 1 << 10,
  /** Make invite links. */
  CreateInvites: 1 << 11,
  /** Administrator: edit the server (name, icon, introduction, word list, bots) and everything else. */
  ManageServer: 1 << 12,
  /** Join a voice channel's room (voice channels, SPEC §4 type 2). */
  Connect: 1 << 13,
  /** Be heard in a voice room (without it the media worker forwards nothing of theirs). */
  Speak: 1 << 14,
  /** Server-mute another member in a voice room: they hear but are not heard. */
  MuteVoice: 1 << 15,
  /** Server-deafen another member in a voice room: they are sent nothing. */
  DeafenMembers: 1 << 16,
  /** Move another member from one voice room to another. */
  MoveMembers: 1 << 17,
  /** Take another member out of a voice room. */
  DisconnectMembers: 1 << 18,
} as const

/** The name of a permission bit, as refusals and the settings page name it. */
export type PermissionName = keyof typeof Permission

/** Every permission bit. */
export const ALL_PERMISSIONS = Object.values(Permission).reduce((all, bit) => all | bit, 0)

/** What `@everyone` holds in a new server: look, speak, attach, react, invite, and join and talk in voice rooms. */
export const DEFAULT_EVERYONE_PERMISSIONS = Permission.ViewChannel | Permission.SendMessages | Permission.AttachFiles
  | Permission.AddReactions | Permission.CreateInvites | Permission.Connect | Permission.Speak

/** The bits a timeout (mute) takes away: everything that speaks, in writing and in a voice room (they stay in it, silenced). */
export const SPEAKING_PERMISSIONS = Permission.SendMessages | Permission.AttachFiles | Permission.AddReactions | Permission.MentionEveryone | Permission.Speak

/** The voice moderation bits: server mute, server deafen, move and disconnect a member in a voice room. */
export const VOICE_MODERATION_PERMISSIONS = Permission.MuteVoice | Permission.DeafenMembers | Permission.MoveMembers | Permission.DisconnectMembers

/** The moderation bits: a member holding any of them server-wide is a moderator (the report queue and its dispatches are theirs). */
export const MODERATION_PERMISSIONS = Permission.ManageMessages | Permission.KickMembers | Permission.BanMembers | Permission.MuteMembers | Permission.ManageRoles
  | VOICE_MODERATION_PERMISSIONS

/** The bits a guest account may hold: taking part (voice rooms too), never moderating or managing. */
export const GUEST_PERMISSIONS = Permission.ViewChannel | SPEAKING_PERMISSIONS | Permission.CreateInvites | Permission.Connect

/**
 * True when a guest may be given a role with these bits: it grants nothing beyond
 * GUEST_PERMISSIONS. A role that moderates or manages (管理员, 版主) is never offered to a
 * guest: its bits would be taken away again, and the sheet would promise what it cannot give.
 */
export function guestMayHold (role: { permissions: number }): boolean {
  return (role.permissions & ~GUEST_PERMISSIONS) === 0
}

/**
 * The elevated bits, which only the server's owner may put on a role, `@everyone` included
 * (as Discord marks its elevated permissions): ManageServer, the administrator bit that
 * grants every other, and the bits over the server's structure and its people — its roles,
 * its channels, and who stays in it (kick, ban). An administrator holds them all but never
 * hands them out: no second administrator, no new moderator who removes people, least of all
 * everyone at once. The content moderation bits (ManageMessages, MuteMembers) are passed on
 * by whoever holds them. A role the owner made with elevated bits may still be edited,
 * given and taken by those above it ({@link canManageRole}); what they may not do is add one.
 */
export const OWNER_GRANTED_PERMISSIONS = Permission.ManageServer | Permission.ManageRoles | Permission.ManageChannels
  | Permission.KickMembers | Permission.BanMembers

/** The bits a non-member may hold: a look at what `@everyone` sees. */
export const PREVIEW_PERMISSIONS = Permission.ViewChannel

/** A role as the permission rules need it. The `@everyone` role has role_id = server_id. */
export interface PermissionRole {
  role_id: string
  /** SPEC §3: 1 = bot role. */
  type: number
  /** SPEC §6: the training channel this role opens, or null. */
  join_role: string | null
  /** The role's permission bits. */
  permissions: number
  /** Hierarchy: 0 is the top; `@everyone` is always at the bottom. */
  position: number
}

/** What an override applies to: a role (`@everyone` included) or one member. */
export type OverrideTarget = 'role' | 'member'

/** A channel's override of the permissions of a role or a member. */
export interface ChannelOverride {
  target_type: OverrideTarget
  /** role_id or uid. */
  target_id: string
  /** Bits granted in this channel. */
  allow: number
  /** Bits taken away in this channel. */
  deny: number
}

/** A member as the permission rules need them; null for someone who is not a member. */
export interface PermissionMember {
  uid: string
  user_type: number
  /** The roles they hold (without `@everyone`, which everyone holds). */
  role_ids: readonly string[]
  /** Unix seconds the timeout ends, or null; a time in the past is no timeout. */
  timeout_until: number | null
}

/** A channel as the permission rules need it. */
export interface PermissionChannel {
  channel_id: string
  overrides: readonly ChannelOverride[]
}

/** A server's permission facts: its owner and every role. */
export interface PermissionServer {
  server_id: string
  owner_uid: string | null
  /** Every role of the server, `@everyone` (role_id = server_id) among them. */
  roles: readonly PermissionRole[]
}

/** What {@link effectivePermissions} is asked about. */
export interface PermissionQuery {
  server: PermissionServer
  /** The member, or null for a non-member (signed out, banned, never joined). */
  member: PermissionMember | null
  /** The channel, or null for server-wide permissions (kick, ban, manage roles, …). */
  channel: PermissionChannel | null
  /** Unix seconds (a timeout that ended is none). */
  now: number
}

/** True when `permissions` holds every bit of `wanted`. */
export function hasPermission (permissions: number, wanted: number): boolean {
  return (permissions & wanted) === wanted
}

/** The names of the bits of `wanted` that `permissions` lacks (refusals name them). */
export function missingPermissions (permissions: number, wanted: number): PermissionName[] {
  return (Object.keys(Permission) as PermissionName[]).filter(name => (wanted & Permission[name]) !== 0 && (permissions & Permission[name]) === 0)
}

/** True when the member is in timeout at `now`. */
export function isTimedOut (member: Pick<PermissionMember, 'timeout_until'>, now: number): boolean {
  return member.timeout_until !== null && member.timeout_until > now
}

/** The roles of the server that the member holds and that count for them (bot roles only for bots). */
function heldRoles (server: PermissionServer, member: PermissionMember): PermissionRole[] {
  const isBot = identityKindOf(member) === 'bot'
  return server.roles.filter(role => role.role_id !== server.server_id && member.role_ids.includes(role.role_id) &&
    (role.type !== BOT_ROLE_TYPE || isBot)) // SPEC §3, §6: a bot role is a bot's
}

function everyoneRole (server: PermissionServer): PermissionRole | undefined {
  return server.roles.find(role => role.role_id === server.server_id)
}

function applyOverride (permissions: number, allow: number, deny: number): number {
  return (permissions & ~deny) | allow
}

/** Step 5: `@everyone`'s override, the held roles' together, then the member's own. */
function applyChannelOverrides (base: number, server: PermissionServer, channel: PermissionChannel, uid: string | null, roleIds: readonly string[]): number {
  const roleOverrides = channel.overrides.filter(override => override.target_type === 'role')
  const everyone = roleOverrides.find(override => override.target_id === server.server_id)
  let permissions = everyone ? applyOverride(base, everyone.allow, everyone.deny) : base
  const held = roleOverrides.filter(override => roleIds.includes(override.target_id))
  permissions = applyOverride(permissions, held.reduce((bits, override) => bits | override.allow, 0), held.reduce((bits, override) => bits | override.deny, 0))
  const own = channel.overrides.find(override => override.target_type === 'member' && override.target_id === uid)
  return own ? applyOverride(permissions, own.allow, own.deny) : permissions
}

/** SPEC §6: the roles that open a training channel (none: it is an ordinary channel). */
export function trainingRolesOf (roles: readonly Pick<PermissionRole, 'role_id' | 'join_role'>[], channelId: string): string[] {
  return roles.filter(role => isTrainingChannelRole(role) && role.join_role === channelId).map(role => role.role_id)
}

/** Steps 6 and 7: no training role, no view; no view, nothing. */
function gateChannel (permissions: number, server: PermissionServer, channel: PermissionChannel, roleIds: readonly string[]): number {
  const trainingRoles = trainingRolesOf(server.roles, channel.channel_id)
  const mayEnter = trainingRoles.length === 0 || trainingRoles.some(roleId => roleIds.includes(roleId)) // SPEC §6: join_role marks a training channel
  return mayEnter && hasPermission(permissions, Permission.ViewChannel) ? permissions : 0
}

/** A member's effective permission bits in the server (channel null) or in one channel. */
export function effectivePermissions ({ server, member, channel, now }: PermissionQuery): number {
  const everyoneBits = everyoneRole(server)?.permissions ?? 0
  if (!member) {
    const preview = everyoneBits & PREVIEW_PERMISSIONS
    return channel ? gateChannel(applyChannelOverrides(preview, server, channel, null, []) & PREVIEW_PERMISSIONS, server, channel, []) : preview
  }
  if (server.owner_uid === member.uid) return ALL_PERMISSIONS
  const roles = heldRoles(server, member)
  const roleIds = roles.map(role => role.role_id)
  let permissions = roles.reduce((bits, role) => bits | role.permissions, everyoneBits)
  const isGuest = identityKindOf(member) === 'guest'
  if (!isGuest && hasPermission(permissions, Permission.ManageServer)) return ALL_PERMISSIONS
  if (channel) permissions = gateChannel(applyChannelOverrides(permissions, server, channel, member.uid, roleIds), server, channel, roleIds)
  if (isGuest) permissions &= GUEST_PERMISSIONS
  if (isTimedOut(member, now)) permissions &= ~SPEAKING_PERMISSIONS
  return permissions
}

/**
 * Hierarchy: the position of a member's highest role (0 is the top); the owner is above
 * every role (-1), a member with no role sits at `@everyone`'s place (Infinity).
 */
export function highestPosition (server: PermissionServer, member: PermissionMember): number {
  if (server.owner_uid === member.uid) return -1
  return heldRoles(server, member).reduce((top, role) => Math.min(top, role.position), Number.POSITIVE_INFINITY)
}

/**
 * A member's place in the role order as the wire carries it (a voice state's `rank`, the
 * caller's own permissions): {@link highestPosition}, -1 for the owner, and null for a member
 * holding no role (`@everyone`'s place, which JSON cannot write as Infinity).
 */
export function rankOf (server: PermissionServer, member: PermissionMember): number | null {
  const position = highestPosition(server, member)
  return Number.isFinite(position) ? position : null
}

/** Someone in the role order: who, and their {@link rankOf}. */
export interface Ranked {
  uid: string
  rank: number | null
}

/**
 * The role-order rule on ranks ({@link rankOf}), for a side that knows where both stand but
 * not the server's roles (the voice room's tiles): never oneself, and only someone whose
 * highest role sits strictly below the actor's; the owner (-1) sits below no one.
 */
export function outranksByRank (actor: Ranked, target: Ranked): boolean {
  if (target.uid === actor.uid) return false
  return (actor.rank ?? Number.POSITIVE_INFINITY) < (target.rank ?? Number.POSITIVE_INFINITY)
}

/**
 * True when `actor` may kick, ban, time out, change the roles of or moderate in a voice
 * room `target`: never the owner or oneself, and only someone whose highest role sits
 * strictly below the actor's (the owner may act on everyone else). The permission bit is
 * checked separately.
 */
export function outranks (server: PermissionServer, actor: PermissionMember, target: PermissionMember): boolean {
  return outranksByRank({ uid: actor.uid, rank: rankOf(server, actor) }, { uid: target.uid, rank: rankOf(server, target) })
}

/**
 * True when `actor` may edit, delete, give or take `role`: never `@everyone`'s place in
 * the order (it is edited, not given), and only a role strictly below the actor's
 * highest; a role carrying ManageServer (an administrator's) is the owner's alone.
 */
export function canManageRole (server: PermissionServer, actor: PermissionMember, role: Pick<PermissionRole, 'position' | 'permissions'>): boolean {
  if (server.owner_uid === actor.uid) return true
  if (hasPermission(role.permissions, Permission.ManageServer)) return false
  return highestPosition(server, actor) < role.position
}

/**
 * The bits `actor` may add to any role, `@everyone` included: the owner every bit; anyone
 * else only bits they hold themselves (`actorPermissions`, their effective server-wide
 * bits), never the elevated {@link OWNER_GRANTED_PERMISSIONS}. Where the role sits is
 * {@link canManageRole}'s question; `@everyone` sits below everyone, so this is the whole
 * rule for it.
 */
export function grantablePermissions (server: PermissionServer, actor: PermissionMember, actorPermissions: number): number {
  if (server.owner_uid === actor.uid) return ALL_PERMISSIONS
  return actorPermissions & ~OWNER_GRANTED_PERMISSIONS
}

/**
 * True when `actor` may give `target` a role or take one from them, the role itself being
 * {@link canManageRole}'s question: like kick and ban, only a member the actor
 * {@link outranks} (never the owner, never someone at or above the actor's highest role);
 * one's own roles below one's highest may be changed too (they hold nothing one lacks).
 */
export function canChangeMemberRoles (server: PermissionServer, actor: PermissionMember, target: PermissionMember): boolean {
  return actor.uid === target.uid || outranks(server, actor, target)
}
