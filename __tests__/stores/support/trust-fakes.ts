/**
 * Fakes for the member list, moderation and audit log tests: members, roles,
 * a permissions answer, a gateway any event type can be emitted on, and the refusals
 * the server sends.
 */
import { runInAction } from 'mobx'
import { Permission } from '@core/domain/permissions'
import type { Member, MemberListData } from '@core/wire/members'
import type { AuditEntry, MyPermissions, Report, ServerRole } from '@core/wire/trust'
import { RequestError } from '@/services/request/errors'
import { user } from './fakes'

/** The server of these tests. */
export const SID = '832828'

/** A member of SID. */
export function member (uid: string, overrides: Partial<Member> = {}): Member {
  return { user: user({ uid, nickname: `n${uid}` }), joined_at: 1_700_000_000, online: false, role_ids: [], ...overrides }
}

/** A role of SID at `position` (0 the top). */
export function role (roleId: string, position: number, overrides: Partial<ServerRole> = {}): ServerRole {
  return { role_id: roleId, server_id: SID, name: `role ${roleId}`, type: 0, join_role: null, permissions: 0, position, color: '', ...overrides }
}

/** The roles of these tests: admin (1, ManageServer), mod (2, kick/ban/mute/manage roles), helper (3), @everyone last. */
export const ROLES: ServerRole[] = [
  role('r_admin', 1, { permissions: Permission.ManageServer }),
  role('r_mod', 2, { permissions: Permission.KickMembers | Permission.BanMembers | Permission.MuteMembers | Permission.ManageRoles, color: '#3370ff' }),
  role('r_helper', 3),
  role(SID, 9, { name: '@everyone' }),
]

/** One page of the member list. */
export function memberPage (items: Member[], next: string | null = null, onlineCount = 0): MemberListData {
  return { items, has_more: next !== null, next, online_count: onlineCount }
}

/** The signed-in member's permissions answer in SID. */
export function myPermissions (overrides: Partial<MyPermissions> = {}): MyPermissions {
  return { server_id: SID, is_member: true, is_owner: false, permissions: 0, channels: [], role_ids: [], timeout_until: null, rank: null, ...overrides }
}

/** The permissions store's face as the moderation store reads it, for an answer. */
export function viewerPermissions (mine: MyPermissions | null) {
  return {
    mine,
    can: (name: keyof typeof Permission) => mine !== null && (mine.is_owner || (mine.permissions & Permission[name]) === Permission[name]),
  }
}

/** A 403 refusal as the request chain makes it from the envelope. */
export function refusal (msg: string, code = 403000): RequestError {
  return new RequestError({ kind: 'server', code, message: msg, status: 403 })
}

/** A gateway the test drives with any event type. */
export function anyGateway () {
  const handlers = new Map<string, Set<(event: never) => void>>()
  return {
    on<D> (type: string, handler: (event: D) => void) {
      const set = handlers.get(type) ?? new Set()
      handlers.set(type, set)
      set.add(handler as (event: never) => void)
      return () => { set.delete(handler as (event: never) => void) }
    },
    emit (type: string, event: object) { runInAction(() => handlers.get(type)?.forEach(handler => (handler as (event: object) => void)(event))) },
    listeners: () => [...handlers.values()].reduce((sum, set) => sum + set.size, 0),
  }
}

/** An audit entry. */
export function auditEntry (entryId: string, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return { entry_id: entryId, actor: user({ uid: '100001', nickname: 'Owner' }), action: 'member_kick', target_id: '100004', reason: '', created_at: 1_700_000_000, changes: [], ...overrides }
}

/** An open report. */
export function report (reportId: string, overrides: Partial<Report> = {}): Report {
  return { report_id: reportId, server_id: SID, reporter: user({ uid: '100004', nickname: 'Mia' }), target_type: 'member', target_id: '100005', reason: 'spam', note: '', created_at: 1_700_000_000, channel_id: null, excerpt: '', ...overrides }
}
