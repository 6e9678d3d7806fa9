/**
 * What a member may read in a server, as the gateway keeps it per (server, user): the
 * channels where they hold ViewChannel and whether they hold a moderation bit. Computed
 * with core/domain/permissions.ts `effectivePermissions` from the repositories the routes
 * read (roles, overrides, membership, training roles), so a socket carries exactly what
 * `GET /channels/:id/messages` would answer. One read of the server's facts serves every
 * user asked about in the same change.
 */
import { effectivePermissions, hasPermission, MODERATION_PERMISSIONS, Permission } from '@core/domain/permissions'
import type { Repositories } from '../repositories'

/** One user's standing in one server. */
export interface ServerGrant {
  /** The channels they may read (ViewChannel). */
  readonly readable: ReadonlySet<string>
  /** They hold a moderation bit server-wide (the report queue's dispatches are theirs). */
  readonly moderator: boolean
}

/** The grant of someone who is not a member (or of a server that is gone): nothing to read. */
export const NO_GRANT: ServerGrant = { readable: new Set(), moderator: false }

/** The grants of `uids` in `serverId` now (`now` in unix seconds); a non-member's is {@link NO_GRANT}. */
export async function grantsIn (repos: Repositories, serverId: string, uids: readonly string[], now: number): Promise<Map<string, ServerGrant>> {
  const grants = new Map<string, ServerGrant>()
  if (uids.length === 0) return grants
  const [server, overrides, channels, members] = await Promise.all([
    repos.roles.permissionServer(serverId),
    repos.roles.overridesByChannel(serverId),
    repos.channels.listByServer(serverId),
    Promise.all(uids.map(uid => repos.roles.permissionMember(serverId, uid))),
  ])
  for (const [index, uid] of uids.entries()) {
    const member = members[index]
    if (!server || !member) {
      grants.set(uid, NO_GRANT)
      continue
    }
    const readable = new Set(channels.filter(channel => hasPermission(effectivePermissions({
      server, member, channel: { channel_id: channel.channel_id, overrides: overrides.get(channel.channel_id) ?? [] }, now,
    }), Permission.ViewChannel)).map(channel => channel.channel_id))
    const moderator = (effectivePermissions({ server, member, channel: null, now }) & MODERATION_PERMISSIONS) !== 0
    grants.set(uid, { readable, moderator })
  }
  return grants
}

/** The channels `after` may read that `before` could not (added) and the reverse (removed). */
export function readableChange (before: ServerGrant, after: ServerGrant): { added: string[], removed: string[] } {
  return {
    added: [...after.readable].filter(id => !before.readable.has(id)),
    removed: [...before.readable].filter(id => !after.readable.has(id)),
  }
}

/** What a session's client was last told it may read: per server (of its servers), the readable channel ids. */
export type ReadableSnapshot = Record<string, string[]>

/** The snapshot of `grants` in `serverIds` (a server with no grant known is left out). */
export function snapshotOf (grants: ReadonlyMap<string, ServerGrant>, serverIds: Iterable<string>): ReadableSnapshot {
  const snapshot: ReadableSnapshot = {}
  for (const serverId of serverIds) {
    const grant = grants.get(serverId)
    if (grant) snapshot[serverId] = [...grant.readable]
  }
  return snapshot
}

/**
 * What changed between `before` (a snapshot kept when the client last knew) and `grants` now,
 * in the servers of `serverIds` that both know: one entry per server whose readable channels
 * differ. A server joined or left meanwhile is not here (its MEMBER_ADD/MEMBER_REMOVE says so).
 */
export function changesSince (before: ReadableSnapshot, grants: ReadonlyMap<string, ServerGrant>, serverIds: Iterable<string>): Array<{ server_id: string, added: string[], removed: string[] }> {
  const changes: Array<{ server_id: string, added: string[], removed: string[] }> = []
  for (const serverId of serverIds) {
    const known = Object.prototype.hasOwnProperty.call(before, serverId) ? before[serverId] : undefined
    const now = grants.get(serverId)
    if (!known || !now) continue
    const change = readableChange({ readable: new Set(known), moderator: false }, now)
    if (change.added.length > 0 || change.removed.length > 0) changes.push({ server_id: serverId, ...change })
  }
  return changes
}
