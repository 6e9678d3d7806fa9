/**
 * A server's members as the client shows them (core/wire/members Member): each with
 * presence (online on any process), roles and a running timeout. The member list and the
 * member search (by nickname) answer the same shape through this one function.
 */
import type { User } from '@core/wire/entities'
import type { Member } from '@core/wire/members'
import type { AppContext } from '../context'

/** `rows` (members of `serverId`, in the order given) with their presence, roles and timeout. */
export async function membersWithState (ctx: AppContext, serverId: string, rows: Array<{ user: User, joined_at: number }>): Promise<Member[]> {
  const uids = rows.map(row => row.user.uid)
  const [online, roleIds, timeouts] = await Promise.all([
    ctx.presence.onlineOf(uids),
    ctx.repos.roles.roleIdsOf(serverId, uids),
    ctx.repos.roles.timeoutsOf(serverId, uids, ctx.now()),
  ])
  return rows.map(row => {
    const until = timeouts.get(row.user.uid)
    // the list marks who is timed out until when
    return { user: row.user, joined_at: row.joined_at, online: online.has(row.user.uid), role_ids: roleIds.get(row.user.uid) ?? [], ...(until === undefined ? {} : { timeout_until: until }) }
  })
}
