/**
 * Roles, who holds them, channel overrides and timeouts: the facts the permission rules
 * (core/domain/permissions.ts) decide on, and the writes of the role settings. A role's
 * place in the order is its `sort` (0 the top); `@everyone` has role_id = server_id.
 */
import type { ChannelOverride, PermissionMember, PermissionServer } from '@core/domain/permissions'
import type { MemberState, ServerRole } from '@core/wire/trust'
import type { Db, RolesTable } from '../db/schema'
import { writeAuditEntry, type AuditRecord } from './audit-log'

/** A new role's fields. */
export interface NewRole {
  role_id: string
  server_id: string
  name: string
  permissions: number
  color: string
  position: number
}

/** The fields of a role a PATCH may change. */
export type RoleChanges = Partial<Pick<NewRole, 'name' | 'permissions' | 'color' | 'position'>>

/** Reads and writes roles, member roles, overrides and timeouts. */
export interface RolesRepository {
  /** The server's owner and roles, or null for an unknown server. */
  permissionServer (serverId: string): Promise<PermissionServer | null>
  /** The member's roles and timeout, or null when `uid` is not a member. */
  permissionMember (serverId: string, uid: string): Promise<PermissionMember | null>
  /** The overrides of every channel of the server, by channel id. */
  overridesByChannel (serverId: string): Promise<Map<string, ChannelOverride[]>>
  /** The roles in order, `@everyone` last. */
  list (serverId: string): Promise<ServerRole[]>
  get (serverId: string, roleId: string): Promise<ServerRole | null>
  /** Adds a role at `position`, moving the roles from there on one place down. Each write here records `audit` in its transaction. */
  create (role: NewRole, audit: AuditRecord): Promise<ServerRole>
  /** Changes a role (a new position moves the others to make room). */
  update (serverId: string, roleId: string, changes: RoleChanges, audit: AuditRecord): Promise<ServerRole | null>
  /** Removes a role; its holders lose it. */
  remove (serverId: string, roleId: string, audit: AuditRecord): Promise<void>
  /** Gives (true) or takes (false) a role; resolves the member's state after it. */
  setMemberRole (serverId: string, uid: string, roleId: string, held: boolean, audit: AuditRecord): Promise<MemberState>
  /** Sets or lifts (null) a member's timeout. */
  setTimeout (serverId: string, uid: string, until: number | null, audit: AuditRecord): Promise<MemberState>
  /** The member's roles and timeout as MEMBER_UPDATE sends them. */
  memberState (serverId: string, uid: string): Promise<MemberState>
  /** Sets (allow/deny) or removes (null) one override of a channel; resolves the channel's overrides after it. */
  setOverride (channelId: string, target: Pick<ChannelOverride, 'target_type' | 'target_id'>, bits: Pick<ChannelOverride, 'allow' | 'deny'> | null): Promise<ChannelOverride[]>
  /** The members of the server holding any of `roleIds` (the report queue's audience); `@everyone` (the server id) is held by every member. */
  holdersOf (serverId: string, roleIds: readonly string[]): Promise<string[]>
  /** The roles each of `uids` holds in the server (the member list's role_ids). */
  roleIdsOf (serverId: string, uids: readonly string[]): Promise<Map<string, string[]>>
  /** When the running timeouts of those of `uids` who are timed out at `now` end (the member list's timeout_until). */
  timeoutsOf (serverId: string, uids: readonly string[], now: number): Promise<Map<string, number>>
}

/** The role of a row, as the settings show it. */
export function toServerRole (row: RolesTable): ServerRole {
  return {
    role_id: row.role_id, server_id: row.server_id, name: row.name, type: row.type, join_role: row.join_role,
    permissions: row.permissions, position: row.sort, color: row.color,
  }
}

/** The roles repository on `db`. */
export function createRolesRepository (db: Db): RolesRepository {
  async function get (serverId: string, roleId: string): Promise<ServerRole | null> {
    const row = await db.selectFrom('roles').selectAll().where('server_id', '=', serverId).where('role_id', '=', roleId).executeTakeFirst()
    return row ? toServerRole(row) : null
  }

  /** Renumbers the server's roles 1, 2, … in order with `moving` placed at `position` (`@everyone` stays last). */
  async function reorder (trx: Db, serverId: string, moving: string, position: number): Promise<void> {
    const rows = await trx.selectFrom('roles').select(['role_id', 'sort']).where('server_id', '=', serverId)
      .where('role_id', '!=', serverId).where('role_id', '!=', moving).orderBy('sort').orderBy('role_id').execute()
    const ordered = rows.map(row => row.role_id)
    ordered.splice(Math.max(0, Math.min(position - 1, ordered.length)), 0, moving)
    for (const [index, roleId] of ordered.entries()) {
      await trx.updateTable('roles').set({ sort: index + 1 }).where('role_id', '=', roleId).execute()
    }
  }

  async function memberState (serverId: string, uid: string): Promise<MemberState> {
    const roles = await db.selectFrom('member_roles').select('role_id').where('server_id', '=', serverId).where('uid', '=', uid).orderBy('role_id').execute()
    const timeout = await db.selectFrom('member_timeouts').select('until').where('server_id', '=', serverId).where('uid', '=', uid).executeTakeFirst()
    return { server_id: serverId, uid, role_ids: roles.map(row => row.role_id), timeout_until: timeout?.until ?? null }
  }

  return {
    async permissionServer (serverId) {
      const server = await db.selectFrom('servers').select(['server_id', 'owner_uid']).where('server_id', '=', serverId).executeTakeFirst()
      if (!server) return null
      const roles = await db.selectFrom('roles').selectAll().where('server_id', '=', serverId).execute()
      return {
        server_id: server.server_id,
        owner_uid: server.owner_uid,
        roles: roles.map(role => ({ role_id: role.role_id, type: role.type, join_role: role.join_role, permissions: role.permissions, position: role.sort })),
      }
    },
    async permissionMember (serverId, uid) {
      const row = await db.selectFrom('server_members').innerJoin('users', 'users.uid', 'server_members.uid')
        .select(['users.uid', 'users.user_type']).where('server_members.server_id', '=', serverId).where('server_members.uid', '=', uid).executeTakeFirst()
      if (!row) return null
      const state = await memberState(serverId, uid)
      return { uid: row.uid, user_type: row.user_type, role_ids: state.role_ids, timeout_until: state.timeout_until }
    },
    async overridesByChannel (serverId) {
      const rows = await db.selectFrom('channel_overrides').innerJoin('channels', 'channels.channel_id', 'channel_overrides.channel_id')
        .selectAll('channel_overrides').where('channels.server_id', '=', serverId).execute()
      const byChannel = new Map<string, ChannelOverride[]>()
      for (const row of rows) {
        const override: ChannelOverride = { target_type: row.target_type === 'member' ? 'member' : 'role', target_id: row.target_id, allow: row.allow, deny: row.deny }
        byChannel.set(row.channel_id, [...(byChannel.get(row.channel_id) ?? []), override])
      }
      return byChannel
    },
    async list (serverId) {
      const rows = await db.selectFrom('roles').selectAll().where('server_id', '=', serverId).orderBy('sort').orderBy('role_id').execute()
      return rows.map(toServerRole)
    },
    get,
    async create (role, audit) {
      await db.transaction().execute(async trx => {
        await writeAuditEntry(trx, audit)
        await trx.insertInto('roles').values({
          role_id: role.role_id, server_id: role.server_id, name: role.name, type: 0, join_role: null, sort: role.position, permissions: role.permissions, color: role.color,
        }).execute()
        await reorder(trx, role.server_id, role.role_id, role.position)
      })
      return (await get(role.server_id, role.role_id)) as ServerRole
    },
    async update (serverId, roleId, changes, audit) {
      await db.transaction().execute(async trx => {
        await writeAuditEntry(trx, audit)
        const { position, ...fields } = changes
        if (Object.keys(fields).length > 0) await trx.updateTable('roles').set(fields).where('server_id', '=', serverId).where('role_id', '=', roleId).execute()
        if (position !== undefined) await reorder(trx, serverId, roleId, position)
      })
      return get(serverId, roleId)
    },
    async remove (serverId, roleId, audit) {
      await db.transaction().execute(async trx => {
        await writeAuditEntry(trx, audit)
        await trx.deleteFrom('member_roles').where('role_id', '=', roleId).execute()
        await trx.deleteFrom('channel_overrides').where('target_type', '=', 'role').where('target_id', '=', roleId).execute()
        await trx.deleteFrom('roles').where('server_id', '=', serverId).where('role_id', '=', roleId).execute()
      })
    },
    async setMemberRole (serverId, uid, roleId, held, audit) {
      await db.transaction().execute(async trx => {
        await writeAuditEntry(trx, audit)
        if (held) {
          await trx.insertInto('member_roles').values({ server_id: serverId, uid, role_id: roleId })
            .onConflict(conflict => conflict.columns(['server_id', 'uid', 'role_id']).doNothing()).execute()
        } else {
          await trx.deleteFrom('member_roles').where('server_id', '=', serverId).where('uid', '=', uid).where('role_id', '=', roleId).execute()
        }
      })
      return memberState(serverId, uid)
    },
    async setTimeout (serverId, uid, until, audit) {
      await db.transaction().execute(async trx => {
        await writeAuditEntry(trx, audit)
        if (until === null) {
          await trx.deleteFrom('member_timeouts').where('server_id', '=', serverId).where('uid', '=', uid).execute()
        } else {
          await trx.insertInto('member_timeouts').values({ server_id: serverId, uid, until, set_by: audit.actor_uid })
            .onConflict(conflict => conflict.columns(['server_id', 'uid']).doUpdateSet({ until, set_by: audit.actor_uid })).execute()
        }
      })
      return memberState(serverId, uid)
    },
    memberState,
    async setOverride (channelId, target, bits) {
      const key = { channel_id: channelId, target_type: target.target_type, target_id: target.target_id }
      if (bits === null) {
        await db.deleteFrom('channel_overrides').where('channel_id', '=', channelId).where('target_type', '=', key.target_type).where('target_id', '=', key.target_id).execute()
      } else {
        await db.insertInto('channel_overrides').values({ ...key, ...bits })
          .onConflict(conflict => conflict.columns(['channel_id', 'target_type', 'target_id']).doUpdateSet(bits)).execute()
      }
      const rows = await db.selectFrom('channel_overrides').selectAll().where('channel_id', '=', channelId).orderBy('target_type').orderBy('target_id').execute()
      return rows.map(row => ({ target_type: row.target_type === 'member' ? 'member' : 'role', target_id: row.target_id, allow: row.allow, deny: row.deny }))
    },
    async holdersOf (serverId, roleIds) {
      if (roleIds.length === 0) return []
      const rows = roleIds.includes(serverId)
        ? await db.selectFrom('server_members').select('uid').where('server_id', '=', serverId).execute()
        : await db.selectFrom('member_roles').select('uid').distinct().where('server_id', '=', serverId).where('role_id', 'in', [...roleIds]).execute()
      return rows.map(row => row.uid)
    },
    async roleIdsOf (serverId, uids) {
      const byUid = new Map<string, string[]>()
      if (uids.length === 0) return byUid
      const rows = await db.selectFrom('member_roles').select(['uid', 'role_id']).where('server_id', '=', serverId).where('uid', 'in', [...uids]).orderBy('role_id').execute()
      for (const row of rows) byUid.set(row.uid, [...(byUid.get(row.uid) ?? []), row.role_id])
      return byUid
    },
    async timeoutsOf (serverId, uids, now) {
      if (uids.length === 0) return new Map()
      const rows = await db.selectFrom('member_timeouts').select(['uid', 'until']).where('server_id', '=', serverId).where('uid', 'in', [...uids]).where('until', '>', now).execute()
      return new Map(rows.map(row => [row.uid, row.until]))
    },
  }
}
