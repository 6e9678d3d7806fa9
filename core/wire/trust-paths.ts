/**
 * Values of the trust calls (./trust.ts) the client needs: paths, refusal codes and the
 * limits forms offer. No TypeBox, so the client takes them from here without loading it.
 */
import { MY_PERMISSIONS_PATH } from './my-permissions-paths'
import { EDIT_METHODS } from './paths'

/** Paths of the trust routes. `:x` marks a path parameter. */
export const TRUST_PATHS = {
  /** POST: create a role (GET lists them, core/wire/api.ts serverRoles). */
  roles: '/servers/:server_id/roles',
  /** PATCH, DELETE */
  role: '/servers/:server_id/roles/:role_id',
  /** PUT, DELETE: give or take a role. */
  memberRole: '/servers/:server_id/members/:uid/roles/:role_id',
  /** GET: the caller's effective bits, server-wide and per channel. */
  myPermissions: MY_PERMISSIONS_PATH,
  /** GET: the ban list. */
  bans: '/servers/:server_id/bans',
  /** PUT (ban), DELETE (unban) */
  ban: '/servers/:server_id/bans/:uid',
  /** PUT {until}: timeout (mute) until a time, or lift it with null. */
  timeout: '/servers/:server_id/members/:uid/timeout',
  /** DELETE: kick. */
  member: '/servers/:server_id/members/:uid',
  /** GET */
  auditLog: '/servers/:server_id/audit-log',
  /** POST: report a message, post or member. */
  reports: '/reports',
  /** PATCH or POST {resolution}: close a report (and the other open reports of its target). */
  report: '/reports/:report_id',
  /** GET: the open reports of a server, for moderators. */
  serverReports: '/servers/:server_id/reports',
  /** GET, PUT: the server's own audit words (SPEC §5). */
  words: '/servers/:server_id/words',
  /** GET, POST */
  serverInvites: '/servers/:server_id/invites',
  /** GET (who invited, to which server), DELETE (revoke) */
  invite: '/invites/:code',
  /** POST: join through the invite. */
  acceptInvite: '/invites/:code/accept',
  /** POST: create a bot account and its token. */
  bots: '/servers/:server_id/bots',
  /** DELETE: revoke the bot's token. */
  bot: '/servers/:server_id/bots/:uid',
  /** POST: a new token for the bot (the old one stops working). */
  botToken: '/servers/:server_id/bots/:uid/token',
  /** PUT {allow, deny}, DELETE: a channel's override of a role's or member's permissions. */
  channelOverride: '/channels/:channel_id/overrides/:target_type/:target_id',
  /** POST: end the calling session. */
  logout: '/auth/logout',
  /** GET: the caller's live sessions. */
  sessions: '/auth/sessions',
  /** DELETE: end one of them. */
  session: '/auth/sessions/:session_id',
} as const

/** Envelope codes of the trust refusals that a client tells apart (HTTP status first, then a number). */
export const TRUST_CODES = {
  /** 403: the caller is banned from the server. */
  BANNED: 403001,
  /** 403: the target sits at or above the caller in the role order (or is the owner). */
  OUTRANKED: 403002,
  /** 409: the report was closed already (by another moderator). */
  REPORT_CLOSED: 409001,
  /** 409: a report's resolution names what was done, but it was not (the message is still there, the member still in). */
  REPORT_NOT_DONE: 409002,
  /** 409: the nickname reads as the name of the owner of a server one is (or joins as) a member of (core/domain/names.ts). */
  OWNERS_NAME: 409003,
  /** 410: the invite's time is up. */
  INVITE_EXPIRED: 410001,
  /** 410: the invite was used as often as it allows. */
  INVITE_USED_UP: 410002,
} as const

/** SPEC §5: a colour is '#' and six hexadecimal digits; '' means none. */
export const ROLE_COLOR_PATTERN = '^(#[0-9a-fA-F]{6})?$'

/** Longest role name. */
export const ROLE_NAME_MAX_LENGTH = 32

/** Longest reason of a moderation action or report note. */
export const REASON_MAX_LENGTH = 200

/** The longest timeout: 28 days (as Discord). */
export const MAX_TIMEOUT_SECONDS = 28 * 24 * 3600

/** Invite lifetimes a creator may pick, in seconds; 0 = never expires. */
export const INVITE_MAX_AGES = [1800, 3600, 6 * 3600, 12 * 3600, 24 * 3600, 7 * 24 * 3600, 0] as const

/** Invite use limits a creator may pick; 0 = unlimited. */
export const INVITE_MAX_USES = [0, 1, 5, 10, 25, 50, 100] as const

/** How many words a server's own audit list holds at most. */
export const MAX_SERVER_WORDS = 500

/** The reasons a report may give (the report sheet lists them). */
export const REPORT_REASONS = ['spam', 'abuse', 'harassment', 'illegal', 'sexual', 'other'] as const

/**
 * How a moderator closes a report: dismissed (nothing wrong), or what was done
 * to its target with the existing moderation calls first — the message or post deleted,
 * the member timed out or kicked.
 */
export const REPORT_RESOLUTIONS = ['dismissed', 'deleted', 'timed_out', 'kicked'] as const

/**
 * The change a kick, ban or timeout carries to keep the member's name at the time of the
 * act (`to`: the nickname): a kicked guest is gone from the member list, so the log could
 * otherwise name them only by id.
 */
export const AUDIT_MEMBER_FIELD = 'member'
/** The change a timeout carries: its length in whole seconds (`to`); no change when lifted. */
export const AUDIT_TIMEOUT_FIELD = 'timeout'

/** The trust and safety calls (core/wire/trust.ts): roles, moderation, reports, words, invites, bots and sessions. */
export const TRUST_CALLS = {
  createRole: { method: 'POST', path: TRUST_PATHS.roles, auth: 'user' },
  myPermissions: { method: 'GET', path: TRUST_PATHS.myPermissions, auth: 'anyone' },
  editRole: { method: EDIT_METHODS, path: TRUST_PATHS.role, auth: 'user' },
  deleteRole: { method: 'DELETE', path: TRUST_PATHS.role, auth: 'user' },
  setOverride: { method: 'PUT', path: TRUST_PATHS.channelOverride, auth: 'user' },
  clearOverride: { method: 'DELETE', path: TRUST_PATHS.channelOverride, auth: 'user' },
  giveRole: { method: 'PUT', path: TRUST_PATHS.memberRole, auth: 'user' },
  takeRole: { method: 'DELETE', path: TRUST_PATHS.memberRole, auth: 'user' },
  kick: { method: 'DELETE', path: TRUST_PATHS.member, auth: 'user' },
  bans: { method: 'GET', path: TRUST_PATHS.bans, auth: 'user' },
  ban: { method: 'PUT', path: TRUST_PATHS.ban, auth: 'user' },
  unban: { method: 'DELETE', path: TRUST_PATHS.ban, auth: 'user' },
  timeout: { method: 'PUT', path: TRUST_PATHS.timeout, auth: 'user' },
  auditLog: { method: 'GET', path: TRUST_PATHS.auditLog, auth: 'user' },
  report: { method: 'POST', path: TRUST_PATHS.reports, auth: 'user' },
  resolveReport: { method: EDIT_METHODS, path: TRUST_PATHS.report, auth: 'user' },
  serverReports: { method: 'GET', path: TRUST_PATHS.serverReports, auth: 'user' },
  words: { method: 'GET', path: TRUST_PATHS.words, auth: 'user' },
  setWords: { method: 'PUT', path: TRUST_PATHS.words, auth: 'user' },
  invites: { method: 'GET', path: TRUST_PATHS.serverInvites, auth: 'user' },
  createInvite: { method: 'POST', path: TRUST_PATHS.serverInvites, auth: 'user' },
  invite: { method: 'GET', path: TRUST_PATHS.invite, auth: 'anyone' },
  revokeInvite: { method: 'DELETE', path: TRUST_PATHS.invite, auth: 'user' },
  acceptInvite: { method: 'POST', path: TRUST_PATHS.acceptInvite, auth: 'user' },
  createBot: { method: 'POST', path: TRUST_PATHS.bots, auth: 'user' },
  newBotToken: { method: 'POST', path: TRUST_PATHS.botToken, auth: 'user' },
  revokeBot: { method: 'DELETE', path: TRUST_PATHS.bot, auth: 'user' },
  logout: { method: 'POST', path: TRUST_PATHS.logout, auth: 'user' },
  sessions: { method: 'GET', path: TRUST_PATHS.sessions, auth: 'user' },
  endSession: { method: 'DELETE', path: TRUST_PATHS.session, auth: 'user' },
} as const
