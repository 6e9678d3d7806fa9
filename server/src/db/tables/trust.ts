/**
 * Row types of the trust tables (migration 0005-trust): who holds which role, channel
 * overrides, bans, timeouts, invites, the audit log, reports, bot tokens and each
 * server's own audit words. The columns the same migration adds to servers, roles and
 * sessions are declared with those tables in ../schema.ts.
 */

/** A role a member holds (`@everyone` is never stored: everyone holds it). */
export interface MemberRolesTable {
  server_id: string
  uid: string
  role_id: string
}

/** A channel's override of a role's or a member's permissions (core/domain/permissions.ts). */
export interface ChannelOverridesTable {
  channel_id: string
  /** 'role' or 'member'. */
  target_type: string
  /** role_id or uid. */
  target_id: string
  allow: number
  deny: number
}

/** Someone kept out of a server. */
export interface BansTable {
  server_id: string
  uid: string
  reason: string
  banned_by: string
  created_at: number
}

/** A member who may not speak until `until` (unix seconds). */
export interface MemberTimeoutsTable {
  server_id: string
  uid: string
  until: number
  set_by: string
}

/** An invite link's code and limits. */
export interface InvitesTable {
  code: string
  server_id: string
  inviter_uid: string
  /** 0 = unlimited. */
  max_uses: number
  uses: number
  /** Unix seconds, or null for never. */
  expires_at: number | null
  created_at: number
}

/** One moderation or settings action, for the owner and moderators to read. */
export interface AuditLogTable {
  /** Time-ordered id (core/domain/ids.ts). */
  entry_id: string
  server_id: string
  actor_uid: string
  /** core/wire/trust.ts AuditAction. */
  action: string
  /** What it acted on: a uid, role_id, channel_id, message_id, invite code or server_id. */
  target_id: string
  reason: string
  created_at: number
  /** What the action changed: JSON of core/wire/trust.ts AuditChange[] ('[]' when nothing is named). */
  changes: string
}

/** A member's report of a message, post or member, queued for moderators. */
export interface ReportsTable {
  /** Time-ordered id (core/domain/ids.ts). */
  report_id: string
  server_id: string
  reporter_uid: string
  /** 'message', 'post' or 'member'. */
  target_type: string
  target_id: string
  /** core/wire/trust.ts ReportReason. */
  reason: string
  note: string
  created_at: number
  /** The moderator who closed it, or null while it is open. */
  resolved_by: string | null
  /** How it was closed (core/wire/trust.ts ReportResolution), or null while it is open. */
  resolution: string | null
  /** When it was closed (unix seconds), or null while it is open. */
  resolved_at: number | null
}

/** A bot's token: only its SHA-256 is kept; one token per bot. */
export interface BotTokensTable {
  token_hash: string
  bot_uid: string
  server_id: string
  created_by: string
  created_at: number
}

/** A word the server's owner added to the content audit (SPEC §5) of that server. */
export interface ServerWordsTable {
  server_id: string
  word: string
}
