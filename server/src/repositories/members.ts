/**
 * Membership of servers (the server_members table): who belongs where. Writing and
 * listing members (join, leave, the paged member list with presence) is the gateway
 * work's; every route that is for members only asks {@link MembersRepository.isMember}.
 */
import type { Db } from '../db/schema'

/** Reads membership. */
export interface MembersRepository {
  /** True when `uid` is a member of `serverId`. */
  isMember (serverId: string, uid: string): Promise<boolean>
}

/** The members repository on `db`. */
export function createMembersRepository (db: Db): MembersRepository {
  return {
    async isMember (serverId, uid) {
      const row = await db.selectFrom('server_members').select('uid').where('server_id', '=', serverId).where('uid', '=', uid).executeTakeFirst()
      return row !== undefined
    },
  }
}
