/** Servers (communities) with their member counts, and their roles. */
import type { Role, Server } from '@core/wire/entities'
import type { Db, RolesTable } from '../db/schema'

/** Reads servers and roles. */
export interface ServersRepository {
  /** Every server in display order. */
  list (): Promise<Server[]>
  get (serverId: string): Promise<Server | null>
  /** The roles of a server in display order. */
  roles (serverId: string): Promise<Role[]>
  /** The owners of `serverIds` (those that have one) with their nicknames. */
  owners (serverIds: readonly string[]): Promise<Array<{ server_id: string, uid: string, nickname: string }>>
}

/** The wire role of a row. */
export function toRole (row: RolesTable): Role {
  return { role_id: row.role_id, server_id: row.server_id, name: row.name, type: row.type, join_role: row.join_role }
}

/** The servers repository on `db`. */
export function createServersRepository (db: Db): ServersRepository {
  const withMemberCount = () => db.selectFrom('servers')
    .select(['servers.server_id', 'servers.name', 'servers.sub_domain', 'servers.icon', 'servers.introduction'])
    .select(eb => eb.selectFrom('server_members').whereRef('server_members.server_id', '=', 'servers.server_id')
      .select(inner => inner.fn.countAll<number>().as('count')).as('member_count'))
  const toServer = (row: Omit<Server, 'member_count'> & { member_count: number | string | null }): Server => ({ ...row, member_count: Number(row.member_count ?? 0) })
  return {
    async list () {
      const rows = await withMemberCount().orderBy('servers.sort').orderBy('servers.server_id').execute()
      return rows.map(toServer)
    },
    async get (serverId) {
      const row = await withMemberCount().where('servers.server_id', '=', serverId).executeTakeFirst()
      return row ? toServer(row) : null
    },
    async roles (serverId) {
      const rows = await db.selectFrom('roles').selectAll().where('server_id', '=', serverId).orderBy('sort').orderBy('role_id').execute()
      return rows.map(toRole)
    },
    async owners (serverIds) {
      if (serverIds.length === 0) return []
      return db.selectFrom('servers').innerJoin('users', 'users.uid', 'servers.owner_uid')
        .select(['servers.server_id', 'users.uid', 'users.nickname']).where('servers.server_id', 'in', [...serverIds]).execute()
    },
  }
}
