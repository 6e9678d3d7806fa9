/**
 * Direct messages: conversations of two to {@link CONVERSATION_PARTICIPANTS_MAX} people who
 * share a server, outside any server. A message of a conversation is the channel's
 * ChatMessage (./messages.ts) with the conversation's id as its `channel_id` and `''` as
 * its `server_id`, so the client's history, outbox and chat views serve both; every
 * dispatch goes to the conversation's participants only (./dispatches.ts `participants`).
 */
import { Type, type Static } from '@sinclair/typebox'
import { UserParamsSchema } from './api'
import type { CallSchemasOf } from './call-schemas'
import { UserSchema } from './entities'
import { CONVERSATION_CALLS, CONVERSATION_PARTICIPANTS_MAX, DM_PRIVACY_CHOICES } from './direct-messages-paths'
import { ChatMessageSchema, conversationMessageCallSchemas, HISTORY_LIMIT_MAX, MessageHistorySchema, MessageIdSchema } from './messages'

export * from './direct-messages-paths'

/** Envelope codes of the direct-message refusals a client tells apart (HTTP status first, then a number). */
export const DM_CODES = {
  /** 403: the recipient does not take messages from the sender (their privacy choice, or a block — never said which). */
  CANNOT_SEND: 403301,
  /** 403: the recipient shares no server with the sender. */
  NO_SHARED_SERVER: 403302,
  /** 400: more people than a conversation holds. */
  TOO_MANY_PARTICIPANTS: 400303,
  /** 429: the account started as many conversations this hour as its reach allows (core/domain/dm-reach.ts). */
  TOO_MANY_NEW_CONVERSATIONS: 429304,
  /** 429: the account reached as many new recipients this hour as its reach allows (core/domain/dm-reach.ts). */
  TOO_MANY_NEW_RECIPIENTS: 429305,
  /** 400: a one-to-one conversation is not left or added to (block the member instead). */
  NOT_A_GROUP: 400306,
} as const

/** A conversation as its participants see it: who is in it, its newest message and how much of it I have not read. */
export const ConversationSchema = Type.Object({
  conversation_id: Type.String(),
  /** `direct`: two people, found again by either; `group`: up to ten, made anew each time. */
  kind: Type.Union([Type.Literal('direct'), Type.Literal('group')]),
  participants: Type.Array(UserSchema),
  /** The newest message, or null before the first. */
  last_message: Type.Union([ChatMessageSchema, Type.Null()]),
  /** Others' messages after my read position (at most 100). */
  unread_count: Type.Integer({ minimum: 0 }),
  /** unix seconds */
  created_at: Type.Integer(),
})
/** A conversation as its participants see it. */
export type Conversation = Static<typeof ConversationSchema>

/** GET /conversations: my conversations, the most recently active first. */
export const ConversationListSchema = Type.Object({ items: Type.Array(ConversationSchema) })
/** GET /conversations answer. */
export type ConversationList = Static<typeof ConversationListSchema>

/** POST /conversations/direct: the member to talk to. */
export const DirectConversationBodySchema = Type.Object({ uid: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false })

/** POST /conversations: the others of a group (I am added); at most nine others. POST …/participants: whom to add to a group. */
export const GroupConversationBodySchema = Type.Object({
  // the schema bounds the input loosely; over the group size is refused with its own code
  uids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 4 * CONVERSATION_PARTICIPANTS_MAX }),
}, { additionalProperties: false })

/** A message of a conversation: ChatMessage with channel_id = conversation_id, server_id = ''. */
export const DirectMessageSchema = ChatMessageSchema

/** Who may start a conversation with me. */
export const DmPrivacySchema = Type.Object({
  dm_privacy: Type.Union(DM_PRIVACY_CHOICES.map(choice => Type.Literal(choice))),
}, { additionalProperties: false })

/** GET /users/me/blocks: the members I block. */
export const BlockListSchema = Type.Object({ items: Type.Array(UserSchema) })
/** GET /users/me/blocks answer. */
export type BlockList = Static<typeof BlockListSchema>

/** The path parameter of a conversation. */
export const ConversationParamsSchema = Type.Object({ conversation_id: Type.String({ minLength: 1, maxLength: 64 }) })

/** GET /conversations/:conversation_id/messages query: `before` or `after` a message id, `limit` 1..100 (a conversation has no old page and no `around`). */
export const ConversationHistoryQuerySchema = Type.Object({
  before: Type.Optional(MessageIdSchema),
  after: Type.Optional(MessageIdSchema),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: HISTORY_LIMIT_MAX })),
}, { additionalProperties: false })

/** The shapes of the direct-message calls (core/wire/direct-messages-paths.ts `CONVERSATION_CALLS`). */
export const CONVERSATION_CALL_SCHEMAS = {
  list: { answer: ConversationListSchema },
  createGroup: { body: GroupConversationBodySchema, answer: ConversationSchema },
  addParticipants: { params: ConversationParamsSchema, body: GroupConversationBodySchema, answer: ConversationSchema },
  leaveGroup: { params: ConversationParamsSchema, answer: Type.Null() },
  blockGroup: { params: ConversationParamsSchema, answer: Type.Null() },
  direct: { body: DirectConversationBodySchema, answer: ConversationSchema },
  history: { params: ConversationParamsSchema, query: ConversationHistoryQuerySchema, answer: MessageHistorySchema },
  // a direct message is the channel's ChatMessage (DirectMessageSchema): the same calls on the conversation's paths
  ...conversationMessageCallSchemas(ConversationParamsSchema),
  privacy: { answer: DmPrivacySchema },
  setPrivacy: { body: DmPrivacySchema, answer: DmPrivacySchema },
  blocks: { answer: BlockListSchema },
  block: { params: UserParamsSchema, answer: Type.Null() },
  unblock: { params: UserParamsSchema, answer: Type.Null() },
} as const satisfies CallSchemasOf<typeof CONVERSATION_CALLS>
