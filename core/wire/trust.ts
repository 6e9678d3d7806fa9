/**
 * Trust and safety on the wire: roles and permissions, moderation (kick, ban,
 * timeout, the audit log, reports, the server's own audit words), invites, bots and
 * sessions. Every body, query and answer is declared once here as a TypeBox schema; the
 * server validates and serialises with it, the client imports the types only. Refusals
 * are 403 envelopes whose message names the missing permission (core/domain/permissions.ts).
 */
import { ServerParamsSchema } from './api'
import type { CallSchemasOf } from './call-schemas'
import { Type, type Static } from '@sinclair/typebox'
import { ALL_PERMISSIONS } from '../domain/permissions'
import { RoleSchema, ServerSchema, UserSchema } from './entities'
import { CursorPageSchema, IdString, ImageUrlString, LineText, ListOf, MultilineText, Nullable, StringEnum } from './fields'
import {
  INVITE_MAX_AGES, INVITE_MAX_USES, MAX_SERVER_WORDS, REASON_MAX_LENGTH, REPORT_REASONS, REPORT_RESOLUTIONS, ROLE_COLOR_PATTERN, ROLE_NAME_MAX_LENGTH, TRUST_CALLS,
} from './trust-paths'

export * from './trust-paths'

const roleName = LineText(ROLE_NAME_MAX_LENGTH)
const permissionBits = Type.Integer({ minimum: 0, maximum: ALL_PERMISSIONS, description: 'permission bits (core/domain/permissions.ts)' })
const roleColor = Type.String({ pattern: ROLE_COLOR_PATTERN, maxLength: 7, description: "SPEC §5: '#rrggbb' or '' for none" })
const reason = MultilineText(REASON_MAX_LENGTH)
const id = IdString

/** Path parameters (`:server_id` alone is core/wire/api.ts's). */
export { ServerParamsSchema } from './api'
export const RoleParamsSchema = Type.Object({ server_id: id, role_id: id })
export const MemberParamsSchema = Type.Object({ server_id: id, uid: id })
export const MemberRoleParamsSchema = Type.Object({ server_id: id, uid: id, role_id: id })
export const InviteParamsSchema = Type.Object({ code: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9]+$' }) })
export const SessionParamsSchema = Type.Object({ session_id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-f0-9]+$' }) })
export const ReportParamsSchema = Type.Object({ report_id: Type.String({ minLength: 1, maxLength: 19, pattern: '^[0-9]+$' }) })

/** A role with what its settings page edits: permission bits, place in the order, colour. */
export const ServerRoleSchema = Type.Composite([RoleSchema, Type.Object({
  permissions: permissionBits,
  /** 0 is the top of the order; `@everyone` (role_id = server_id) is always last. */
  position: Type.Integer(),
  color: Type.String(),
})])
/** A channel override's path: `role` (a role_id, the server id for `@everyone`) or `member` (a uid). */
export const OverrideParamsSchema = Type.Object({ channel_id: id, target_type: StringEnum(['role', 'member'] as const), target_id: id })

/** PUT /channels/:channel_id/overrides/:target_type/:target_id: bits granted and taken in that channel. */
export const OverrideBodySchema = Type.Object({ allow: permissionBits, deny: permissionBits }, { additionalProperties: false })
export type OverrideBody = Static<typeof OverrideBodySchema>

/** A channel's overrides after a change (the CHANNEL_UPDATE dispatch's `overrides`). */
export const ChannelOverridesSchema = Type.Object({
  channel_id: Type.String(),
  overrides: Type.Array(Type.Object({ target_type: Type.String(), target_id: Type.String(), allow: Type.Integer(), deny: Type.Integer() })),
})
export type ChannelOverrides = Static<typeof ChannelOverridesSchema>

/** A role with its permissions, place and colour. */
export type ServerRole = Static<typeof ServerRoleSchema>

/** GET /servers/:server_id/roles */
export const RoleListSchema = ListOf(ServerRoleSchema)
export type RoleList = Static<typeof RoleListSchema>

/** POST /servers/:server_id/roles: a new role goes just above `@everyone` unless a position is given. */
export const CreateRoleBodySchema = Type.Object({
  name: roleName,
  permissions: Type.Optional(permissionBits),
  color: Type.Optional(roleColor),
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
}, { additionalProperties: false })
export type CreateRoleBody = Static<typeof CreateRoleBodySchema>

/** PATCH /servers/:server_id/roles/:role_id: `@everyone` takes only permissions. */
export const PatchRoleBodySchema = Type.Partial(CreateRoleBodySchema, { additionalProperties: false })
export type PatchRoleBody = Static<typeof PatchRoleBodySchema>

/** A member's standing in a server: the roles they hold and until when they are timed out. */
const StandingSchema = Type.Object({
  role_ids: Type.Array(Type.String()),
  /** Unix seconds the timeout ends, or null. */
  timeout_until: Nullable(Type.Integer()),
})

/** A member's roles and timeout after a change (also the MEMBER_UPDATE dispatch). */
export const MemberStateSchema = Type.Object({
  server_id: Type.String(),
  uid: Type.String(),
  ...StandingSchema.properties,
})
export type MemberState = Static<typeof MemberStateSchema>

/** GET /servers/:server_id/permissions/me */
export const MyPermissionsSchema = Type.Object({
  server_id: Type.String(),
  is_member: Type.Boolean(),
  is_owner: Type.Boolean(),
  /** Server-wide bits (kick, ban, manage roles, …). */
  permissions: Type.Integer(),
  /** The bits in each channel of the server the caller may see (one they may not see is not listed: it is none to them). */
  channels: Type.Array(Type.Object({ channel_id: Type.String(), permissions: Type.Integer() })),
  ...StandingSchema.properties,
  /** The caller's place in the role order (core/domain/permissions.ts `rankOf`: -1 the owner, null no role or not a member), to compare with a voice state's. */
  rank: Nullable(Type.Integer({ minimum: -1 })),
})
export type MyPermissions = Static<typeof MyPermissionsSchema>

/** A reason given with a moderation action. */
export const ReasonBodySchema = Type.Object({ reason: Type.Optional(reason) }, { additionalProperties: false })

/** `?reason=` of a kick (a DELETE carries no body). */
export const ReasonQuerySchema = Type.Object({ reason: Type.Optional(reason) }, { additionalProperties: false })

/** PUT /servers/:server_id/members/:uid/timeout: until when (unix seconds, at most 28 days ahead), or null to lift it. */
export const TimeoutBodySchema = Type.Object({
  // null first: the server's type coercion would otherwise read null as the integer 0
  until: Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 4_102_444_800 })]),
  reason: Type.Optional(reason),
}, { additionalProperties: false })

/** One entry of the ban list. */
export const BanSchema = Type.Object({
  user: UserSchema,
  reason: Type.String(),
  banned_by: Type.String(),
  created_at: Type.Integer(),
})
export type Ban = Static<typeof BanSchema>
export const BanListSchema = ListOf(BanSchema)
export type BanList = Static<typeof BanListSchema>

/** What the audit log records. */
export const AUDIT_ACTIONS = [
  'role_create', 'role_update', 'role_delete', 'member_role_add', 'member_role_remove', 'member_kick', 'member_ban', 'member_unban',
  'member_timeout', 'channel_create', 'message_delete', 'invite_create', 'invite_delete', 'bot_create', 'bot_token_reset', 'bot_token_revoke',
  'server_update', 'words_update', 'report_resolve', 'post_delete', 'comment_delete', 'channel_update', 'channel_delete',
  'member_voice_update', 'member_voice_disconnect', 'message_pin', 'message_unpin',
] as const
/** One kind of audited action. */
export type AuditAction = typeof AUDIT_ACTIONS[number]

/**
 * One thing an audited action changed: a field of its target from one value to another
 * (null: the field had no value before — a creation — or has none after — a deletion).
 * Channels name `name`, `icon`, `parent_id`, `position` and `channel_type`; a closed report
 * names its `resolution` (a ReportResolution); a role given to or taken from a member names
 * that `role` (to: given, from: taken).
 */
export const AuditChangeSchema = Type.Object({
  field: Type.String(),
  from: Nullable(Type.String()),
  to: Nullable(Type.String()),
})
export type AuditChange = Static<typeof AuditChangeSchema>

/** One entry of the audit log. */
export const AuditEntrySchema = Type.Object({
  entry_id: Type.String(),
  actor: UserSchema,
  action: Type.Unsafe<AuditAction>(Type.String()),
  target_id: Type.String(),
  reason: Type.String(),
  created_at: Type.Integer(),
  /** What changed, in order (empty when the action names nothing more than its target). */
  changes: Type.Array(AuditChangeSchema),
})
export type AuditEntry = Static<typeof AuditEntrySchema>

/** `?before=&limit=`: newest first, paged by entry id. */
export const CursorQuerySchema = Type.Object({
  before: Type.Optional(Type.String({ pattern: '^[0-9]{1,19}$' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
}, { additionalProperties: false })
export type CursorQuery = Static<typeof CursorQuerySchema>

/** GET /servers/:server_id/audit-log */
export const AuditLogSchema = CursorPageSchema(AuditEntrySchema)
export type AuditLog = Static<typeof AuditLogSchema>

/** The reasons a report may give (REPORT_REASONS lives in ./trust-paths so the client's reason list reads it). */
export type ReportReason = typeof REPORT_REASONS[number]
/** What may be reported. */
export const REPORT_TARGETS = ['message', 'post', 'member'] as const
export type ReportTarget = typeof REPORT_TARGETS[number]

/** POST /reports: a member report names its server; a message or post carries its own. */
export const ReportBodySchema = Type.Object({
  target_type: Type.Union(REPORT_TARGETS.map(target => Type.Literal(target))),
  target_id: id,
  server_id: Type.Optional(id),
  reason: Type.Union(REPORT_REASONS.map(item => Type.Literal(item))),
  note: Type.Optional(reason),
}, { additionalProperties: false })
export type ReportBody = Static<typeof ReportBodySchema>

/** One queued report. */
export const ReportSchema = Type.Object({
  report_id: Type.String(),
  server_id: Type.String(),
  reporter: UserSchema,
  target_type: Type.Unsafe<ReportTarget>(Type.String()),
  target_id: Type.String(),
  reason: Type.Unsafe<ReportReason>(Type.String()),
  note: Type.String(),
  created_at: Type.Integer(),
  /** The channel of a reported message or post (what deleting it needs); null for a member, or when it is gone. */
  channel_id: Nullable(Type.String()),
  /** The start of a reported message's text or post's title, for the moderator to judge; '' for a member, or when it is gone. */
  excerpt: Type.String(),
})
export type Report = Static<typeof ReportSchema>
/** GET /servers/:server_id/reports */
export const ReportListSchema = CursorPageSchema(ReportSchema)
export type ReportList = Static<typeof ReportListSchema>

/** How a report was closed. */
export type ReportResolution = typeof REPORT_RESOLUTIONS[number]

/**
 * PATCH|POST /reports/:report_id: close a report as dismissed, or as what was done to its
 * target (`deleted` for a message or post, `timed_out` or `kicked` for a member) after
 * doing it with the moderation call that does it. Closes every open report of that target.
 */
export const ResolveReportBodySchema = Type.Object({
  resolution: Type.Union(REPORT_RESOLUTIONS.map(item => Type.Literal(item))),
}, { additionalProperties: false })

/** REPORT_RESOLVE (moderators only), also the PATCH answer: the reports closed and how. */
export const ReportResolveEventSchema = Type.Object({
  server_id: Type.String(),
  report_ids: Type.Array(Type.String()),
  resolution: Type.Unsafe<ReportResolution>(Type.String()),
  resolved_by: Type.String(),
})
export type ReportResolveEvent = Static<typeof ReportResolveEventSchema>

/** GET and PUT /servers/:server_id/words: the server's own audit words (the global list always applies too). */
export const WordListSchema = Type.Object({
  words: Type.Array(Type.String({ minLength: 1, maxLength: 32, pattern: '^[^\\s\\u0000-\\u001f\\u007f]+$' }), { maxItems: MAX_SERVER_WORDS }),
}, { additionalProperties: false })
export type WordList = Static<typeof WordListSchema>

/** Where an invite stands: usable, past its time, or used as often as allowed. */
export type InviteState = 'valid' | 'expired' | 'used_up'

/** Longest server name. */
export const SERVER_NAME_MAX_LENGTH = 40

/** Longest server introduction. */
export const SERVER_INTRODUCTION_MAX_LENGTH = 500

/** PATCH /servers/:server_id: the owner's settings (ManageServer), each audited (SPEC §5: name as a title, icon, introduction). */
export const PatchServerBodySchema = Type.Object({
  name: Type.Optional(LineText(SERVER_NAME_MAX_LENGTH)),
  icon: Type.Optional(ImageUrlString),
  introduction: Type.Optional(MultilineText(SERVER_INTRODUCTION_MAX_LENGTH)),
}, { additionalProperties: false })
export type PatchServerBody = Static<typeof PatchServerBodySchema>

/** An invite as its link shows it: the server, who invited, its limits and state. */
export const InviteSchema = Type.Object({
  code: Type.String(),
  server: ServerSchema,
  inviter: UserSchema,
  /** 0 = unlimited. */
  max_uses: Type.Integer(),
  uses: Type.Integer(),
  /** Unix seconds, or null for never. */
  expires_at: Nullable(Type.Integer()),
  created_at: Type.Integer(),
  state: StringEnum(['valid', 'expired', 'used_up'] as const),
})
export type Invite = Static<typeof InviteSchema>
export const InviteListSchema = ListOf(InviteSchema)
export type InviteList = Static<typeof InviteListSchema>

/** POST /servers/:server_id/invites: lifetime (INVITE_MAX_AGES, 0 = never) and use limit (INVITE_MAX_USES, 0 = unlimited). */
export const CreateInviteBodySchema = Type.Object({
  max_age_seconds: Type.Union(INVITE_MAX_AGES.map(age => Type.Literal(age)), { default: 24 * 3600 }),
  max_uses: Type.Union(INVITE_MAX_USES.map(uses => Type.Literal(uses)), { default: 0 }),
}, { additionalProperties: false })
export type CreateInviteBody = Static<typeof CreateInviteBodySchema>

/** POST /invites/:code/accept */
export const AcceptInviteSchema = Type.Object({
  server_id: Type.String(),
  /** True when the caller was a member already (the invite was not used up by it). */
  already_member: Type.Boolean(),
})
export type AcceptInvite = Static<typeof AcceptInviteSchema>

/** POST /servers/:server_id/bots */
export const CreateBotBodySchema = Type.Object({ nickname: LineText(32) }, { additionalProperties: false })

/** A bot and its token, shown this once (only its hash is stored): `Authorization: Bot <token>`. */
export const BotTokenSchema = Type.Object({ user: UserSchema, token: Type.String() })
export type BotToken = Static<typeof BotTokenSchema>

/** One of the caller's sessions. */
export const SessionSchema = Type.Object({
  session_id: Type.String(),
  created_at: Type.Integer(),
  last_used_at: Type.Integer(),
  expires_at: Type.Integer(),
  /** The User-Agent it signed in with ('' when unknown): the list names the device by it. */
  user_agent: Type.String(),
  /** The session this request came with. */
  current: Type.Boolean(),
})
export type Session = Static<typeof SessionSchema>
export const SessionListSchema = ListOf(SessionSchema)
export type SessionList = Static<typeof SessionListSchema>

/** An empty success answer's data. */
export const DoneSchema = Type.Object({ done: Type.Boolean() })
export type Done = Static<typeof DoneSchema>

/** ROLE_DELETE */
export const RoleDeleteEventSchema = Type.Object({ server_id: Type.String(), role_id: Type.String() })
export type RoleDeleteEvent = Static<typeof RoleDeleteEventSchema>

/**
 * SESSION_REVOKED (to the user, core/wire/dispatches.ts): the gateway on every process closes that user's
 * sockets (close code 4010) — those opened with the named sign-in sessions, or all of
 * them when `session_ids` is null (kick, ban). Clients never receive it as a dispatch.
 */
export const SessionRevokedEventSchema = Type.Object({
  uid: Type.String(),
  session_ids: Nullable(Type.Array(Type.String())),
  reason: Type.Union([Type.Literal('logout'), Type.Literal('revoked'), Type.Literal('kicked'), Type.Literal('banned')]),
})
export type SessionRevokedEvent = Static<typeof SessionRevokedEventSchema>

/** The shapes of the trust and safety calls (core/wire/trust-paths.ts `TRUST_CALLS`). */
export const TRUST_CALL_SCHEMAS = {
  createRole: { params: ServerParamsSchema, body: CreateRoleBodySchema, answer: ServerRoleSchema },
  myPermissions: { params: ServerParamsSchema, answer: MyPermissionsSchema },
  editRole: { params: RoleParamsSchema, body: PatchRoleBodySchema, answer: ServerRoleSchema },
  deleteRole: { params: RoleParamsSchema, answer: RoleListSchema },
  setOverride: { params: OverrideParamsSchema, body: OverrideBodySchema, answer: ChannelOverridesSchema },
  clearOverride: { params: OverrideParamsSchema, answer: ChannelOverridesSchema },
  giveRole: { params: MemberRoleParamsSchema, answer: MemberStateSchema },
  takeRole: { params: MemberRoleParamsSchema, answer: MemberStateSchema },
  kick: { params: MemberParamsSchema, query: ReasonQuerySchema, answer: DoneSchema },
  bans: { params: ServerParamsSchema, answer: BanListSchema },
  ban: { params: MemberParamsSchema, body: ReasonBodySchema, answer: DoneSchema },
  unban: { params: MemberParamsSchema, answer: DoneSchema },
  timeout: { params: MemberParamsSchema, body: TimeoutBodySchema, answer: MemberStateSchema },
  auditLog: { params: ServerParamsSchema, query: CursorQuerySchema, answer: AuditLogSchema },
  report: { body: ReportBodySchema, answer: DoneSchema },
  resolveReport: { params: ReportParamsSchema, body: ResolveReportBodySchema, answer: ReportResolveEventSchema },
  serverReports: { params: ServerParamsSchema, query: CursorQuerySchema, answer: ReportListSchema },
  words: { params: ServerParamsSchema, answer: WordListSchema },
  setWords: { params: ServerParamsSchema, body: WordListSchema, answer: WordListSchema },
  invites: { params: ServerParamsSchema, answer: InviteListSchema },
  createInvite: { params: ServerParamsSchema, body: CreateInviteBodySchema, answer: InviteSchema },
  invite: { params: InviteParamsSchema, answer: InviteSchema },
  revokeInvite: { params: InviteParamsSchema, answer: DoneSchema },
  acceptInvite: { params: InviteParamsSchema, answer: AcceptInviteSchema },
  createBot: { params: ServerParamsSchema, body: CreateBotBodySchema, answer: BotTokenSchema },
  newBotToken: { params: MemberParamsSchema, answer: BotTokenSchema },
  revokeBot: { params: MemberParamsSchema, answer: DoneSchema },
  logout: { answer: DoneSchema },
  sessions: { answer: SessionListSchema },
  endSession: { params: SessionParamsSchema, answer: DoneSchema },
} as const satisfies CallSchemasOf<typeof TRUST_CALLS>
