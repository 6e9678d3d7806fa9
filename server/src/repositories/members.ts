/**
 * Membership of servers (the server_members table): who belongs where, joining,
 * leaving and the member list in join order, paged by a (joined_at, uid) cursor on the
 * index of migration 0002-gateway (never OFFSET). Every route that is for members only
 * asks {@link MembersRepository.isMember}.
 */
import type { User } from '@core/wire/entities'
import type { Db } from '../db/schema'
import { startReadingAtJoin } from './join-reading'
import { toUser } from './users'

/** A member row with its user, in join order. */
export interface MemberRow {
  user: User
  joined_at: number
}

/** Where a member page starts: after this member in join order. */
export interface MemberCursor {
  joined_at: number
  uid: string
}

/** Reads and writes membership. */
export interface MembersRepository {
  /** True when `uid` is a member of `serverId`. */
  isMember (serverId: string, uid: string): Promise<boolean>
  /** The servers `uid` is a member of. */
  serverIdsOf (uid: string): Promise<string[]>
  /** A member other than `ownerUid` of a server `ownerUid` owns who is named exactly `nickname` (stored form), or null. */
  namesakeInOwnedServers (ownerUid: string, nickname: string): Promise<{ server_id: string, uid: string } | null>
  /** Makes `uid` a member at `now`; the membership row after it and whether this call created it. */
  join (serverId: string, uid: string, now: number): Promise<{ joined_at: number, created: boolean }>
  /** Ends `uid`'s membership; true when there was one. */
  leave (serverId: string, uid: string): Promise<boolean>
  /** How many members `serverId` has. */
  count (serverId: string): Promise<number>
  /** The uids of every member of `serverId`, in join order (an @全体成员 tells each who may read its channel). */
  uidsOf (serverId: string): Promise<string[]>
  /** Up to `limit` members in join order after `after` (from the first when null), and whether more follow. */
  list (serverId: string, after: MemberCursor | null, limit: number): Promise<{ items: MemberRow[], has_more: boolean }>
}

/** The members repository on `db`. */
export function createMembersRepository (db: Db): MembersRepository {
  return {
    async isMember (serverId, uid) {
      const row = await db.selectFrom('server_members').select('uid').where('server_id', '=', serverId).where('uid', '=', uid).executeTakeFirst()
      return row !== undefined
    },
    async serverIdsOf (uid) {
      const rows = await db.selectFrom('server_members').select('server_id').where('uid', '=', uid).execute()
      return rows.map(row => row.server_id)
    },
    async namesakeInOwnedServers (ownerUid, nickname) {
      const row = await db.selectFrom('servers')
        .innerJoin('server_members', 'server_members.server_id', 'servers.server_id')
        .innerJoin('users', 'users.uid', 'server_members.uid')
        .select(['servers.server_id', 'users.uid'])
        .where('servers.owner_uid', '=', ownerUid).where('users.uid', '!=', ownerUid).where('users.nickname', '=', nickname)
        .executeTakeFirst()
      return row ?? null
    },
    async join (serverId, uid, now) {
      const created = await db.transaction().execute(async trx => {
        const result = await trx.insertInto('server_members').values({ server_id: serverId, uid, joined_at: now })
          .onConflict(conflict => conflict.columns(['server_id', 'uid']).doNothing()).executeTakeFirst()
        const inserted = Number(result.numInsertedOrUpdatedRows ?? 0) > 0
        if (inserted) await startReadingAtJoin(trx, serverId, uid)
        return inserted
      })
      const row = await db.selectFrom('server_members').select('joined_at').where('server_id', '=', serverId).where('uid', '=', uid).executeTakeFirstOrThrow()
      return { joined_at: row.joined_at, created }
    },
    async leave (serverId, uid) {
      const result = await db.deleteFrom('server_members').where('server_id', '=', serverId).where('uid', '=', uid).executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },
    async count (serverId) {
      const row = await db.selectFrom('server_members').select(eb => eb.fn.countAll<number>().as('count')).where('server_id', '=', serverId).executeTakeFirst()
      return Number(row?.count ?? 0)
    },
    async uidsOf (serverId) {
      const rows = await db.selectFrom('server_members').select('uid').where('server_id', '=', serverId).orderBy('joined_at').orderBy('uid').execute()
      return rows.map(row => row.uid)
    },
    async list (serverId, after, limit) {
      let query = db.selectFrom('server_members').innerJoin('users', 'users.uid', 'server_members.uid')
        .selectAll('users').select('server_members.joined_at')
        .where('server_members.server_id', '=', serverId)
      if (after) {
        query = query.where(eb => eb.or([
          eb('server_members.joined_at', '>', after.joined_at),
          eb.and([eb('server_members.joined_at', '=', after.joined_at), eb('server_members.uid', '>', after.uid)]),
        ]))
      }
      // one row more than asked tells whether another page follows (no COUNT)
      const rows = await query.orderBy('server_members.joined_at').orderBy('server_members.uid').limit(limit + 1).execute()
      const items = rows.slice(0, limit).map(({ joined_at: joinedAt, ...user }) => ({ user: toUser(user), joined_at: joinedAt }))
      return { items, has_more: rows.length > limit }
    },
  }
}
