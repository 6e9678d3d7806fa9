/**
 * A server's member and online counts as membership events carry them (a join
 * or leave changes both, so every MEMBER_ADD / MEMBER_REMOVE says both and no client
 * has to ask again).
 */
import type { AppContext } from '../context'

/** How many members the server has and how many of them are online now (on any process). */
export interface MemberCounts {
  server_id: string
  member_count: number
  online_count: number
}

/** The server's counts after a membership change committed (or for a membership answer). */
export async function memberCountsOf (ctx: AppContext, serverId: string): Promise<MemberCounts> {
  const [memberCount, onlineCount] = await Promise.all([ctx.repos.members.count(serverId), ctx.presence.onlineCount(serverId)])
  return { server_id: serverId, member_count: memberCount, online_count: onlineCount }
}
