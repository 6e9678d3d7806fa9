/**
 * Values of the message routes (./messages.ts) the client needs too: paths and history
 * page sizes. No imports, so the client takes them from here without loading TypeBox.
 */

/** Most messages one history page holds. */
export const HISTORY_LIMIT_MAX = 100
/** Messages of a history page when the query names no limit. */
export const HISTORY_LIMIT_DEFAULT = 50

/** Paths of the message routes (`:x` marks a path parameter; fill with core/wire/paths.ts fillPath). */
export const MESSAGES_PATHS = {
  /** GET history, POST send */
  messages: '/channels/:channel_id/messages',
  /** PATCH or POST edit (the mini-program's request API has no PATCH), DELETE delete (author, or ManageMessages) */
  message: '/channels/:channel_id/messages/:message_id',
  /** PUT add, DELETE remove the signed-in member's reaction */
  myReaction: '/channels/:channel_id/messages/:message_id/reactions/:emoji/me',
  /** POST: the signed-in member is typing */
  typing: '/channels/:channel_id/typing',
  /** POST {message_id}: the signed-in member has read up to there */
  read: '/channels/:channel_id/read',
} as const
