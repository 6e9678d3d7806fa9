/**
 * The wire's values: the product's numeric codes (SPEC §3, §4) as enums, the envelope's
 * codes and the paging limits. No imports: the client imports its values from here (and
 * paths from ./paths), so the schema builder behind core/wire/entities.ts and api.ts
 * (TypeBox) stays out of the H5 and mini-program bundles, which import those only as types.
 */

/**
 * Codes the server sends in the envelope (besides 0). HTTP status and code agree:
 * a 4xx answer carries a 4xx-family code, an audit rejection (SPEC §5) a 104xxx code.
 */
export const SERVER_CODES = {
  OK: 0,
  BAD_REQUEST: 400000,
  UNAUTHORIZED: 401000,
  FORBIDDEN: 403000,
  NOT_FOUND: 404000,
  PAYLOAD_TOO_LARGE: 413000,
  UNSUPPORTED_MEDIA: 415000,
  RATE_LIMITED: 429000,
  INTERNAL: 500000,
  /** A service this server depends on (WeChat, the storage host) failed to answer. */
  BAD_GATEWAY: 502000,
  /** A feature this server is not configured for (e.g. WeChat sign-in without an app secret); retrying will not help until it is. */
  SERVICE_UNAVAILABLE: 503000,
  /** SPEC §8: title rejected by audit. */
  AUDIT_TITLE: 104001,
  AUDIT_NICKNAME: 104002,
  AUDIT_SIGNATURE: 104003,
  /** SPEC §8: icon rejected by audit. */
  AUDIT_ICON: 104004,
  AUDIT_AVATAR: 104005,
  AUDIT_COVER: 104006,
  AUDIT_INTRODUCTION: 104007,
  /** Free text (messages, posts, comments) rejected by audit. */
  AUDIT_CONTENT: 104008,
  /** 429: slow mode (core/domain/slow-mode.ts): the member sent here less than the channel's slow mode ago; the words say how many seconds remain, Retry-After too. */
  SLOW_MODE_WAIT: 429101,
  /** 400: the game plaza (SPEC §4 type 10, core/wire/plaza.ts): the channel is no game plaza. */
  PLAZA_NOT_A_PLAZA: 400501,
  /** 400: a table's seat count is not one its game may have. */
  PLAZA_BAD_TABLE: 400502,
  /** 400: an invitation card goes only to a chat channel of the table's server. */
  PLAZA_NOT_A_CHAT: 400503,
  /** 400: a move's shape is not its game's (GameRefusal `bad_move`). */
  PLAZA_MOVE_BAD_MOVE: 400511,
  /** 400: reversi: the square turns no disc (`no_flip`). */
  PLAZA_MOVE_NO_FLIP: 400512,
  /** 400: spy: a description empty, too long or naming one's word (`bad_text`). */
  PLAZA_MOVE_BAD_TEXT: 400513,
  /** 400: spy: a vote for oneself, for a seat out, or outside the vote (`bad_vote`). */
  PLAZA_MOVE_BAD_VOTE: 400514,
  /** 403: guests, bots, members timed out and non-members only watch. */
  PLAZA_WATCH_ONLY: 403501,
  /** 403: an invite-only table: sitting needs its code. */
  PLAZA_INVITE_REQUIRED: 403502,
  /** 403: only a seated player does this (ready, move, rematch). */
  PLAZA_NOT_SEATED: 403503,
  /** 403: closing a table: its creator while it waits, a moderator (ManageMessages in its channel) any time; removing another player: a moderator. */
  PLAZA_NOT_ALLOWED: 403504,
  /** 404: no such table (or one in a channel the caller may not see). */
  PLAZA_NO_TABLE: 404501,
  /** 409: the move names an older version of the table: ask for the table again. */
  PLAZA_STALE_VERSION: 409501,
  /** 409: the seat is taken. */
  PLAZA_SEAT_TAKEN: 409502,
  /** 409: every seat is taken. */
  PLAZA_TABLE_FULL: 409503,
  /** 409: the caller sits at the table already. */
  PLAZA_ALREADY_SEATED: 409504,
  /** 409: the table is not in the status this needs (sit and ready: waiting; move: playing; rematch: ended), or it is closed. */
  PLAZA_WRONG_STATUS: 409505,
  /** 409: not the seat's turn (`not_your_turn`). */
  PLAZA_MOVE_NOT_YOUR_TURN: 409511,
  /** 409: the point is taken (`occupied`). */
  PLAZA_MOVE_OCCUPIED: 409512,
  /** 409: the game has ended (`over`). */
  PLAZA_MOVE_OVER: 409513,
  /** 429: the member has PLAZA_TABLES_PER_MEMBER_MAX open tables in the channel. */
  PLAZA_TOO_MANY_TABLES: 429501,
  /** 429: the channel holds PLAZA_OPEN_TABLES_MAX open tables. */
  PLAZA_CHANNEL_FULL: 429502,
} as const

/** HTTP status of an audit rejection (the envelope's code is 104xxx). */
export const AUDIT_REJECT_STATUS = 422

/** Items of a page when the query names no page_size: the one page size of client and server. */
export const DEFAULT_PAGE_SIZE = 20

/** Largest page_size a list query may ask for. */
export const MAX_PAGE_SIZE = 50

/** Largest page number a list query may ask for. */
export const MAX_PAGE = 100000

/** SPEC §3: gender codes. */
export enum Gender {
  Secret = 0,
  Male = 1,
  Female = 2,
}

/** SPEC §3: the platform list. */
export enum Platform {
  Android = 1,
  IOS = 2,
  PC = 3,
  MacOS = 4,
  H5 = 5,
  Web = 6,
  Applet = 7,
}

/** SPEC §4: channel types. Users may create only Discussion, Post and Metaverse. */
export enum ChannelType {
  Discussion = 1,
  Voice = 2,
  Post = 3,
  Metaverse = 8,
  GamePlaza = 10,
  ExternalLink = 11,
  Live = 12,
  LiveBanner = 13,
}

/** SPEC §4: channel kinds. A Group is a header that other channels hang under. */
export enum ChannelKind {
  Channel = 0,
  Group = 1,
  LiveTab = 2,
  Interaction = 14,
}

/** SPEC §4: audit status of user-supplied content. */
export enum AuditStatus {
  Pass = 0,
  Auditing = 1,
  Reject = 2,
}

/** SPEC §4: whether viewers may comment on a live item. */
export enum LiveCommentFlag {
  CanComment = 1,
  CannotComment = 2,
}

/** SPEC §3: map category of a metaverse channel. */
export enum MapCategory {
  ThreeD = 1,
  LiveMap = 2,
}

/** SPEC §3: a live or media item is a recording (1) or a live broadcast (3). */
export enum MediaType {
  Record = 1,
  Live = 3,
}

/** SPEC §3: is_live of a live item: 0 reserved, 2 ended; 1 is "on air" (not in the SPEC, used by the server). */
export enum LiveFlag {
  Reserved = 0,
  OnAir = 1,
  Ended = 2,
}

// ---- posts and live chat ----

/** Most images a post may carry. */
export const POST_MAX_IMAGES = 9
/** Longest post title (one line). */
export const POST_TITLE_MAX_LENGTH = 60
/** Longest post text. */
export const POST_CONTENT_MAX_LENGTH = 5000
/** Longest comment, post or live. */
export const COMMENT_MAX_LENGTH = 500
/** Default `limit` of a cursor page: the one page size of client and server. */
export const CURSOR_PAGE_DEFAULT = DEFAULT_PAGE_SIZE
/** Largest `limit` of a cursor page, as of a numbered page. */
export const CURSOR_PAGE_MAX = MAX_PAGE_SIZE
