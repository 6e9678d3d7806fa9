/**
 * Trust calls (core/wire/trust.ts): the caller's permissions, roles, moderation,
 * the audit log and reports, invites, and one's own sessions, on the same request chain
 * as every other call. Refusals arrive as the chain's errors with the envelope's code
 * (403 naming the missing permission, TRUST_CODES for bans and used-up invites).
 */
import { fillPath } from '@core/wire/paths'
import { TRUST_PATHS } from '@core/wire/trust-paths'
import type {
  AcceptInvite, AuditLog, BanList, ChannelOverrides, CreateInviteBody, CreateRoleBody, Done, Invite, InviteList, MemberState, MyPermissions, PatchRoleBody,
  OverrideBody, ReportBody, ReportList, ReportResolution, ReportResolveEvent, RoleList, ServerRole, SessionList,
} from '@core/wire/trust'
import { request } from '@/services/request/request'
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
  const server = (path: string, serverId: string, more: Record<string, string> = {}) => fillPath(path, { server_id: serverId, ...more })
  return {
    myPermissions: serverId => fetchMyPermissions(serverId, send),
    roles: serverId => send<RoleList>({ path: server(TRUST_PATHS.roles, serverId) }),
    createRole: (serverId, body) => send<ServerRole>({ path: server(TRUST_PATHS.roles, serverId), method: 'POST', data: body }),
    // POST: the mini-program's request API has no PATCH (the server takes both)
    updateRole: (serverId, roleId, body) => send<ServerRole>({ path: server(TRUST_PATHS.role, serverId, { role_id: roleId }), method: 'POST', data: body }),
    deleteRole: (serverId, roleId) => send<RoleList>({ path: server(TRUST_PATHS.role, serverId, { role_id: roleId }), method: 'DELETE' }),
    setOverride: (channelId, targetType, targetId, bits) => send<ChannelOverrides>({
      path: fillPath(TRUST_PATHS.channelOverride, { channel_id: channelId, target_type: targetType, target_id: targetId }),
      ...(bits ? { method: 'PUT', data: bits } : { method: 'DELETE' }),
    }),
    setMemberRole: (serverId, uid, roleId, held) =>
      send<MemberState>({ path: server(TRUST_PATHS.memberRole, serverId, { uid, role_id: roleId }), method: held ? 'PUT' : 'DELETE' }),
    timeout: (serverId, uid, until, reason) => send<MemberState>({ path: server(TRUST_PATHS.timeout, serverId, { uid }), method: 'PUT', data: { until, reason } }),
    kick: (serverId, uid, reason) => send<Done>({ path: server(TRUST_PATHS.member, serverId, { uid }), method: 'DELETE', query: { reason } }),
    ban: (serverId, uid, reason) => send<Done>({ path: server(TRUST_PATHS.ban, serverId, { uid }), method: 'PUT', data: { reason } }),
    unban: (serverId, uid) => send<Done>({ path: server(TRUST_PATHS.ban, serverId, { uid }), method: 'DELETE' }),
    bans: serverId => send<BanList>({ path: server(TRUST_PATHS.bans, serverId) }),
    auditLog: (serverId, before) => send<AuditLog>({ path: server(TRUST_PATHS.auditLog, serverId), query: { before } }),
    report: body => send<Done>({ path: TRUST_PATHS.reports, method: 'POST', data: body }),
    serverReports: (serverId, before) => send<ReportList>({ path: server(TRUST_PATHS.serverReports, serverId), query: { before } }),
    // POST: the mini-program's request API has no PATCH (the server takes both)
    resolveReport: (reportId, resolution) => send<ReportResolveEvent>({ path: fillPath(TRUST_PATHS.report, { report_id: reportId }), method: 'POST', data: { resolution } }),
    invites: serverId => send<InviteList>({ path: server(TRUST_PATHS.serverInvites, serverId) }),
    createInvite: (serverId, body) => send<Invite>({ path: server(TRUST_PATHS.serverInvites, serverId), method: 'POST', data: body }),
    invite: code => send<Invite>({ path: fillPath(TRUST_PATHS.invite, { code }) }),
    revokeInvite: code => send<Done>({ path: fillPath(TRUST_PATHS.invite, { code }), method: 'DELETE' }),
    acceptInvite: code => send<AcceptInvite>({ path: fillPath(TRUST_PATHS.acceptInvite, { code }), method: 'POST' }),
    logout: () => send<Done>({ path: TRUST_PATHS.logout, method: 'POST' }),
    sessions: () => send<SessionList>({ path: TRUST_PATHS.sessions }),
    revokeSession: sessionId => send<Done>({ path: fillPath(TRUST_PATHS.session, { session_id: sessionId }), method: 'DELETE' }),
  }
}
