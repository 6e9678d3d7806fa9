/**
 * Values of the direct-message routes (./direct-messages.ts) the client needs too: paths,
 * the group size and the privacy choices. Nothing TypeBox imported, so the client takes them from here
 * without loading TypeBox.
 */
import { EDIT_METHODS } from './paths'

/** Most people one conversation holds, its starter included. */
export const CONVERSATION_PARTICIPANTS_MAX = 10

/** Who may start a conversation with a member: members of a server they share, or nobody. */
export const DM_PRIVACY_CHOICES = ['server_members', 'nobody'] as const
/** Who may start a conversation with a member. */
export type DmPrivacy = typeof DM_PRIVACY_CHOICES[number]

/** Paths of the direct-message routes (`:x` marks a path parameter; fill with core/wire/paths.ts fillPath). */
export const CONVERSATIONS_PATHS = {
  /** GET my conversations (newest first, with unread), POST a group */
  conversations: '/conversations',
  /** POST {uid}: the one-to-one conversation with a member, found or made */
  direct: '/conversations/direct',
  /** GET history, POST send */
  messages: '/conversations/:conversation_id/messages',
  /** PATCH or POST edit (author only), DELETE delete (author only) */
  message: '/conversations/:conversation_id/messages/:message_id',
  /** PUT add, DELETE remove the signed-in participant's reaction */
  myReaction: '/conversations/:conversation_id/messages/:message_id/reactions/:emoji/me',
  /** POST: the signed-in participant is typing */
  typing: '/conversations/:conversation_id/typing',
  /** POST {message_id}: the signed-in participant has read up to there */
  read: '/conversations/:conversation_id/read',
  /** POST {uids}: add members to a group I take part in */
  participants: '/conversations/:conversation_id/participants',
  /** POST: leave a group */
  leave: '/conversations/:conversation_id/leave',
  /** PUT: leave a group for good (nobody adds me to it again) */
  groupBlock: '/conversations/:conversation_id/block',
  /** GET, PUT {dm_privacy}: who may start a conversation with me */
  privacy: '/users/me/dm-privacy',
  /** GET the members I block */
  blocks: '/users/me/blocks',
  /** PUT block, DELETE unblock a member */
  block: '/users/me/blocks/:uid',
} as const

/** The direct-message calls (core/wire/direct-messages.ts): a participant's or one's own settings, so all signed in. */
export const CONVERSATION_CALLS = {
  list: { method: 'GET', path: CONVERSATIONS_PATHS.conversations, auth: 'user' },
  createGroup: { method: 'POST', path: CONVERSATIONS_PATHS.conversations, auth: 'user' },
  addParticipants: { method: 'POST', path: CONVERSATIONS_PATHS.participants, auth: 'user' },
  leaveGroup: { method: 'POST', path: CONVERSATIONS_PATHS.leave, auth: 'user' },
  blockGroup: { method: 'PUT', path: CONVERSATIONS_PATHS.groupBlock, auth: 'user' },
  direct: { method: 'POST', path: CONVERSATIONS_PATHS.direct, auth: 'user' },
  history: { method: 'GET', path: CONVERSATIONS_PATHS.messages, auth: 'user' },
  send: { method: 'POST', path: CONVERSATIONS_PATHS.messages, auth: 'user' },
  edit: { method: EDIT_METHODS, path: CONVERSATIONS_PATHS.message, auth: 'user' },
  delete: { method: 'DELETE', path: CONVERSATIONS_PATHS.message, auth: 'user' },
  react: { method: 'PUT', path: CONVERSATIONS_PATHS.myReaction, auth: 'user' },
  unreact: { method: 'DELETE', path: CONVERSATIONS_PATHS.myReaction, auth: 'user' },
  typing: { method: 'POST', path: CONVERSATIONS_PATHS.typing, auth: 'user' },
  read: { method: 'POST', path: CONVERSATIONS_PATHS.read, auth: 'user' },
  privacy: { method: 'GET', path: CONVERSATIONS_PATHS.privacy, auth: 'user' },
  setPrivacy: { method: 'PUT', path: CONVERSATIONS_PATHS.privacy, auth: 'user' },
  blocks: { method: 'GET', path: CONVERSATIONS_PATHS.blocks, auth: 'user' },
  block: { method: 'PUT', path: CONVERSATIONS_PATHS.block, auth: 'user' },
  unblock: { method: 'DELETE', path: CONVERSATIONS_PATHS.block, auth: 'user' },
} as const
