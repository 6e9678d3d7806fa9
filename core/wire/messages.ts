/**
 * The chat contract: the message a discussion channel shows, the bodies and
 * queries of the message routes, their paths, and the payloads of the dispatches the
 * server publishes after each write (ARCHITECTURE.md "Data flow"). Declared once with
 * TypeBox: the server validates and serialises with these objects, the client imports
 * the types only (`import type`).
 */
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox'
import { MESSAGE_ATTACHMENTS_MAX, MESSAGE_CONTENT_MAX_LENGTH } from '../domain/messages'
import { ChannelParamsSchema, MessageListDataSchema, OldPageQuerySchema } from './api'
import type { CallSchemasOf } from './call-schemas'
import { AuthoredSchema, ChannelPlaceSchema, SlowModeSeconds, UserSchema } from './entities'
import { CursorPageSchema, MultilineText, Nullable, PictureSchema } from './fields'
import { HISTORY_LIMIT_MAX, MESSAGE_CALLS } from './messages-paths'
import { PlazaCardSchema } from './plaza-card'

export * from './messages-paths'

/** Envelope codes of the message refusals a client tells apart (HTTP status first, then a number). */
export const MESSAGE_CODES = {
  /** 409: the member already put their most distinct emoji on someone else's message (core/domain/messages.ts REACTIONS_PER_MEMBER_ON_OTHERS_MAX). */
  REACTIONS_PER_MEMBER: 409101,
} as const

/** A time-ordered message id (core/domain/ids.ts: 19 digits, string order = time order). */
export const MessageIdSchema = Type.String({ pattern: '^[0-9]{19}$', description: 'time-ordered id, 19 digits' })

/** An emoji as a path segment of a reaction (core/domain/messages.ts `isReactionEmoji` says whether it is one emoji). */
export const ReactionEmojiSchema = Type.String({ minLength: 1, maxLength: 64 })

/** A client-chosen key of one send: the same nonce from the same author is the same message. */
export const NonceSchema = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })

/** The quote of the message a reply answers: its first 100 characters. */
export const ReplyPreviewSchema = Type.Object({
  message_id: Type.String(),
  author: UserSchema,
  content: Type.String({ description: 'the first 100 characters of the replied-to message' }),
})

/** One emoji's reactions on a message: how many members chose it and whether the signed-in one did. */
export const ReactionSummarySchema = Type.Object({
  emoji: Type.String(),
  count: Type.Integer({ minimum: 1 }),
  me: Type.Boolean(),
})
/** One emoji's reactions on a message. */
export type ReactionSummary = Static<typeof ReactionSummarySchema>

/** A file a message carries (uploaded first; an http(s) URL of an image, video or audio). */
export const AttachmentSchema = Type.Object({
  ...PictureSchema.properties,
  /** Bytes. */
  size: Type.Integer({ minimum: 0, maximum: 1_073_741_824 }),
  mime: Type.String({ maxLength: 100, pattern: '^(image|video|audio)/[A-Za-z0-9.+-]+$' }),
}, { additionalProperties: false })
/** A file a message carries. */
export type Attachment = Static<typeof AttachmentSchema>

/**
 * A system line the server wrote in a channel's chat, shown as a centred grey line and
 * never pinned: `pin` says its author (the moderator) pinned the message `message_id`.
 */
export const MessageNoticeSchema = Type.Object({
  kind: Type.Literal('pin'),
  message_id: Type.String(),
})
/** A system line of the chat. */
export type MessageNotice = Static<typeof MessageNoticeSchema>

/** A message of a discussion channel as the chat shows it. */
export const ChatMessageSchema = Type.Object({
  message_id: Type.String(),
  ...ChannelPlaceSchema.properties,
  ...AuthoredSchema.properties,
  /** The nonce the sender chose (the client matches its pending message by it); demo messages carry the seed's own; null when none was given. */
  nonce: Nullable(Type.String()),
  /** The message this one answers; null when it answers none or the original was deleted. */
  reply_to: Nullable(ReplyPreviewSchema),
  /** Uids of the members `<@uid>` in the content names. */
  mentions: Type.Array(Type.String()),
  reactions: Type.Array(ReactionSummarySchema),
  attachments: Type.Array(AttachmentSchema),
  /** unix seconds of the last edit, null when never edited */
  edited_at: Nullable(Type.Integer()),
  /** A game plaza card the server posted (an invitation to a table, a game's result; core/wire/plaza-card.ts); absent on a member's message. */
  card: Type.Optional(Nullable(PlazaCardSchema)),
  /** A system line the server wrote (a pin's announcement); absent on a member's message. */
  notice: Type.Optional(Nullable(MessageNoticeSchema)),
})
/** A message of a discussion channel as the chat shows it. */
export type ChatMessage = Static<typeof ChatMessageSchema>

/**
 * GET /channels/:channel_id/messages. `before` (older than) or `after` (newer than) a
 * message id, `limit` 1..100 (default 50); neither cursor = the newest messages. The old
 * `page`/`page_size` query still answers the old page (core/wire/api.ts MessageListData).
 */
export const MessageHistoryQuerySchema = Type.Object({
  before: Type.Optional(MessageIdSchema),
  after: Type.Optional(MessageIdSchema),
  /** A page around this message (half older, half newer, the message itself included when it still exists): a search hit opens there. */
  around: Type.Optional(MessageIdSchema),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: HISTORY_LIMIT_MAX })),
  ...OldPageQuerySchema.properties,
}, { additionalProperties: false })
/** GET /channels/:channel_id/messages query. */
export type MessageHistoryQuery = Static<typeof MessageHistoryQuerySchema>

/**
 * A page of history: messages oldest first; `has_more` = more exist beyond it in the
 * paging direction (older for a page `around` a message, whose `has_newer` says whether newer ones follow).
 */
export const MessageHistorySchema = Type.Object({
  ...CursorPageSchema(ChatMessageSchema).properties,
  has_newer: Type.Optional(Type.Boolean()),
})
/** A page of history. */
export type MessageHistory = Static<typeof MessageHistorySchema>

/** POST /channels/:channel_id/messages: content 1..2000 characters after trimming (audited; empty when it carries attachments), a nonce, optionally a reply and attachments. */
export const SendMessageBodySchema = Type.Object({
  // the schema bounds the input; 1..2000 characters after trimming is checked by messageContentOf
  content: MultilineText(2 * MESSAGE_CONTENT_MAX_LENGTH),
  nonce: NonceSchema,
  reply_to: Type.Optional(Nullable(MessageIdSchema)),
  attachments: Type.Optional(Type.Array(AttachmentSchema, { maxItems: MESSAGE_ATTACHMENTS_MAX })),
}, { additionalProperties: false })
/** POST /channels/:channel_id/messages body. */
export type SendMessageBody = Static<typeof SendMessageBodySchema>

/** PATCH /channels/:channel_id/messages/:message_id: the new content (same rules as sending). */
export const EditMessageBodySchema = Type.Object({
  content: SendMessageBodySchema.properties.content,
}, { additionalProperties: false })

/** POST /channels/:channel_id/read: the newest message the member has seen. */
export const ReadBodySchema = Type.Object({
  message_id: MessageIdSchema,
}, { additionalProperties: false })

/** The reader's position in a channel (answer of POST /read and payload of READ_STATE_UPDATE). */
export const ReadStateSchema = Type.Object({
  channel_id: Type.String(),
  last_read_id: Type.String(),
})
/** The reader's position in a channel. */
export type ReadState = Static<typeof ReadStateSchema>


/** MESSAGE_DELETE: which message is gone. */
export const MessageDeleteEventSchema = Type.Object({ channel_id: Type.String(), message_id: Type.String() })
/** MESSAGE_DELETE payload. */
export type MessageDeleteEvent = Static<typeof MessageDeleteEventSchema>

/** REACTION_ADD and REACTION_REMOVE: who added or removed which emoji on which message. */
export const ReactionEventSchema = Type.Object({ channel_id: Type.String(), message_id: Type.String(), emoji: Type.String(), uid: Type.String() })
/** REACTION_ADD / REACTION_REMOVE payload. */
export type ReactionEvent = Static<typeof ReactionEventSchema>

/** TYPING_START: who started typing where, and when (unix seconds). Sent only to sessions looking at the channel. */
export const TypingEventSchema = Type.Object({ channel_id: Type.String(), uid: Type.String(), nickname: Type.String(), at: Type.Integer() })
/** TYPING_START payload. */
export type TypingEvent = Static<typeof TypingEventSchema>

/** GET /channels/:channel_id/messages answer: a cursor page, or the old page when the query asks with page/page_size. */
export const ChannelHistorySchema = Type.Union([MessageHistorySchema, MessageListDataSchema])

/**
 * The shapes of the calls on the messages of one conversation — a channel's, or a direct
 * conversation's (./direct-messages.ts) — whose path parameters are `params`: sending, editing,
 * deleting, my reaction, typing and the read mark.
 */
export function conversationMessageCallSchemas<P extends TProperties> (params: TObject<P>) {
  const message = Type.Object({ ...params.properties, message_id: MessageIdSchema })
  const reaction = Type.Object({ ...message.properties, emoji: ReactionEmojiSchema })
  return {
    send: { params, body: SendMessageBodySchema, answer: ChatMessageSchema },
    edit: { params: message, body: EditMessageBodySchema, answer: ChatMessageSchema },
    delete: { params: message, answer: MessageDeleteEventSchema },
    react: { params: reaction, answer: ReactionEventSchema },
    unreact: { params: reaction, answer: ReactionEventSchema },
    typing: { params, answer: Type.Null() },
    read: { params, body: ReadBodySchema, answer: ReadStateSchema },
  } as const
}

/**
 * GET /channels/:channel_id/slow-mode: the channel's slow mode as the signed-in member meets
 * it now (core/domain/slow-mode.ts): asked when a chat opens, so a reload shows the wait that
 * is left, and after a refusal of a send (SERVER_CODES.SLOW_MODE_WAIT).
 */
export const SlowModeStateSchema = Type.Object({
  /** The channel's slow mode, seconds between two messages of a member (0: off). */
  seconds: SlowModeSeconds('the channel\'s slow mode, seconds between two messages of a member, 0 off'),
  /** Whole seconds before the member's next message may go out (0: now; always 0 for an exempt member). */
  wait_seconds: Type.Integer({ minimum: 0, description: 'whole seconds before the member may send again, 0 now' }),
  /** True for a moderator here (ManageMessages or ManageChannels): slow mode does not hold them back. */
  exempt: Type.Boolean(),
})
/** The signed-in member's slow mode in a channel. */
export type SlowModeState = Static<typeof SlowModeStateSchema>

/** The shapes of the message calls (core/wire/messages-paths.ts `MESSAGE_CALLS`). */
export const MESSAGE_CALL_SCHEMAS = {
  history: { params: ChannelParamsSchema, query: MessageHistoryQuerySchema, answer: ChannelHistorySchema },
  ...conversationMessageCallSchemas(ChannelParamsSchema),
  slowMode: { params: ChannelParamsSchema, answer: SlowModeStateSchema },
} as const satisfies CallSchemasOf<typeof MESSAGE_CALLS>
