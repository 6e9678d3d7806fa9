/**
 * Trust calls (core/wire/trust.ts): the caller's permissions, roles, moderation,
 * the audit log and reports, invites, and one's own sessions, on the same request chain
 * as every other call. Refusals arrive as the chain's errors with the envelope's code
 * (403 naming the missing permission, TRUST_CODES for bans and used-up invites).
 */
import type { API_CALL_SCHEMAS } from '@core/wire/api-calls'
import { API_CALLS } from '@core/wire/paths'
import { TRUST_CALLS } from '@core/wire/trust-paths'
import type {
  TRUST_CALL_SCHEMAS,
  AcceptInvite, AuditLog, BanList, ChannelOverrides, CreateInviteBody, CreateRoleBody, Done, Invite, InviteList, MemberState, MyPermissions, PatchRoleBody,
  OverrideBody, ReportBody, ReportList, ReportResolution, ReportResolveEvent, RoleList, ServerRole, SessionList,
} from '@core/wire/trust'
import { request } from '@/services/request/request'
import { callsOf } from './call'
import { fetchMyPermissions } from './my-permissions'
import type { Requester } from './index'

/** The trust calls. */
export interface TrustApi {
  /** The caller's bits in the server and in each of its channels. */
  myPermissions (serverId: string): Promise<MyPermissions>
  roles (serverId: string): Promise<RoleList>
  createRole (serverId: string, body: CreateRoleBody): Promise<ServerRole>
  updateRole (serverId: string, roleId: string, body: PatchRoleBody): Promise<ServerRole>
  deleteRole (serverId: string, roleId: string): Promise<RoleList>
  /** Sets (bits) or removes (null) a channel's override of a role or member. */
  setOverride (channelId: string, targetType: 'role' | 'member', targetId: string, bits: OverrideBody | null): Promise<ChannelOverrides>
  /** Gives (true) or takes (false) a role. */
  setMemberRole (serverId: string, uid: string, roleId: string, held: boolean): Promise<MemberState>
  /** Mutes until a unix time; null lifts the timeout. */
  timeout (serverId: string, uid: string, until: number | null, reason?: string): Promise<MemberState>
  kick (serverId: string, uid: string, reason?: string): Promise<Done>
  ban (serverId: string, uid: string, reason?: string): Promise<Done>
  unban (serverId: string, uid: string): Promise<Done>
  bans (serverId: string): Promise<BanList>
  /** Newest first; `before` is the last entry id of the previous page. */
  auditLog (serverId: string, before?: string): Promise<AuditLog>
  report (body: ReportBody): Promise<Done>
  /** The server's open reports, newest first (moderators); `before` is the last report id of the previous page. */
  serverReports (serverId: string, before?: string): Promise<ReportList>
  /** Closes a report (and the other open reports of its target) as dismissed or as what was done to its target. */
  resolveReport (reportId: string, resolution: ReportResolution): Promise<ReportResolveEvent>
  invites (serverId: string): Promise<InviteList>
  createInvite (serverId: string, body: Partial<CreateInviteBody>): Promise<Invite>
  /** Who invites to which server, and whether the invite still works. */
  invite (code: string): Promise<Invite>
  revokeInvite (code: string): Promise<Done>
  acceptInvite (code: string): Promise<AcceptInvite>
  logout (): Promise<Done>
  sessions (): Promise<SessionList>
  revokeSession (sessionId: string): Promise<Done>
}

/** The trust calls sent through `send`. */
export function createTrustApi (send: Requester = request): TrustApi {
  const trust = callsOf<typeof TRUST_CALLS, typeof TRUST_CALL_SCHEMAS>(send, TRUST_CALLS)
  const api = callsOf<typeof API_CALLS, typeof API_CALL_SCHEMAS>(send, API_CALLS)
  return {
    myPermissions: serverId => fetchMyPermissions(serverId, send),
    roles: serverId => api.serverRoles({ params: { server_id: serverId } }),
    createRole: (serverId, body) => trust.createRole({ params: { server_id: serverId }, body }),
    updateRole: (serverId, roleId, body) => trust.editRole({ params: { server_id: serverId, role_id: roleId }, body }),
    deleteRole: (serverId, roleId) => trust.deleteRole({ params: { server_id: serverId, role_id: roleId } }),
    setOverride: (channelId, targetType, targetId, bits) => {
      const params = { channel_id: channelId, target_type: targetType, target_id: targetId }
      return bits ? trust.setOverride({ params, body: bits }) : trust.clearOverride({ params })
    },
    setMemberRole: (serverId, uid, roleId, held) => (held ? trust.giveRole : trust.takeRole)({ params: { server_id: serverId, uid, role_id: roleId } }),
    timeout: (serverId, uid, until, reason) => trust.timeout({ params: { server_id: serverId, uid }, body: { until, reason } }),
    kick: (serverId, uid, reason) => trust.kick({ params: { server_id: serverId, uid }, query: { reason } }),
    ban: (serverId, uid, reason) => trust.ban({ params: { server_id: serverId, uid }, body: { reason } }),
    unban: (serverId, uid) => trust.unban({ params: { server_id: serverId, uid } }),
    bans: serverId => trust.bans({ params: { server_id: serverId } }),
    auditLog: (serverId, before) => trust.auditLog({ params: { server_id: serverId }, query: { before } }),
    report: body => trust.report({ body }),
    serverReports: (serverId, before) => trust.serverReports({ params: { server_id: serverId }, query: { before } }),
    resolveReport: (reportId, resolution) => trust.resolveReport({ params: { report_id: reportId }, body: { resolution } }),
    invites: serverId => trust.invites({ params: { server_id: serverId } }),
    createInvite: (serverId, body) => trust.createInvite({ params: { server_id: serverId }, body }),
    invite: code => trust.invite({ params: { code } }),
    revokeInvite: code => trust.revokeInvite({ params: { code } }),
    acceptInvite: code => trust.acceptInvite({ params: { code } }),
    logout: () => trust.logout({}),
    sessions: () => trust.sessions({}),
    revokeSession: sessionId => trust.endSession({ params: { session_id: sessionId } }),
  }
}
