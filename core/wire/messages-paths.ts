/**
 * Values of the message routes (./messages.ts) the client needs too: paths and history
 * page sizes. Nothing TypeBox imported, so the client takes them from here without loading TypeBox.
 */
import { EDIT_METHODS } from './paths'

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
  /** GET: the channel's slow mode as the signed-in member meets it (how long until they may send again) */
  slowMode: '/channels/:channel_id/slow-mode',
} as const

/** The message calls (core/wire/messages.ts). */
export const MESSAGE_CALLS = {
  history: { method: 'GET', path: MESSAGES_PATHS.messages, auth: 'anyone' },
  send: { method: 'POST', path: MESSAGES_PATHS.messages, auth: 'user' },
  edit: { method: EDIT_METHODS, path: MESSAGES_PATHS.message, auth: 'user' },
  delete: { method: 'DELETE', path: MESSAGES_PATHS.message, auth: 'user' },
  react: { method: 'PUT', path: MESSAGES_PATHS.myReaction, auth: 'user' },
  unreact: { method: 'DELETE', path: MESSAGES_PATHS.myReaction, auth: 'user' },
  typing: { method: 'POST', path: MESSAGES_PATHS.typing, auth: 'user' },
  read: { method: 'POST', path: MESSAGES_PATHS.read, auth: 'user' },
  slowMode: { method: 'GET', path: MESSAGES_PATHS.slowMode, auth: 'user' },
} as const
