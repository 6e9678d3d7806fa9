/**
 * Every gateway dispatch, declared once: its name (`t`), its payload (`d`, a TypeBox
 * schema of the topic's wire file) and its audience — who may receive it. The server's bus
 * publishes only these names with these payloads (a wrong payload does not compile), the
 * gateway computes each recipient from the audience with the permission function the
 * routes use (core/domain/permissions.ts), the client's `gateway.on(…)` takes its payload
 * type from here, and server/README.md's event table is checked against it. What each one
 * changes (who may read what, the roles, the channels: the groups the gateway and the
 * stores follow) is declared beside it in ./dispatch-codes, which the client loads as a value.
 *
 * The protocol's version (GATEWAY_PROTOCOL_VERSION, announced in `ready`) is in
 * ./gateway-codes. The client imports this file only as types (TypeBox stays out of the
 * app bundle).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { ConversationSchema, DirectMessageSchema } from './direct-messages'
import { ChannelSchema, ServerSchema } from './entities'
import { MemberAddSchema, MemberRemoveSchema, PresenceUpdateSchema } from './members'
import { ChatMessageSchema, MessageDeleteEventSchema, ReactionEventSchema, ReadStateSchema, TypingEventSchema } from './messages'
import {
  CommentCreateEventSchema, CommentDeleteEventSchema, CommentUpdateEventSchema, LiveCommentSchema, LiveViewersSchema, PostDeleteEventSchema,
  PostLikeEventSchema, PostSchema,
} from './posts'
import { NotificationCreateEventSchema, NotificationsReadEventSchema, NotificationsSubjectDeleteEventSchema } from './notifications'
import { ChannelPinsUpdateSchema } from './pins'
import { ChannelDeletedSchema } from './server-settings'
import { PlazaGameViewSchema, PlazaGameViewsSchema, PlazaTableSchema } from './plaza'
import { SpaceCountSchema } from './space'
import { VoiceSpeakingSchema, VoiceStateUpdateSchema } from './voice'
import {
  ChannelOverridesSchema, MemberStateSchema, ReportResolveEventSchema, ReportSchema, RoleDeleteEventSchema, ServerRoleSchema, SessionRevokedEventSchema,
} from './trust'

/**
 * Who receives a dispatch, always among the members of its `server_id`:
 * - `server`: every member;
 * - `channel`: the members who may read its `channel_id` (ViewChannel there: roles,
 *   overrides, training roles — the rule `GET /channels/:id/messages` applies);
 * - `moderators`: the members holding a moderation permission server-wide;
 * - `self`: the sessions of one user (`uid`): the author's own devices;
 * - `table`: the sessions watching one plaza table (`table_id`, gateway op `table_watch`)
 *   among those who may read its `channel_id`.
 *
 * And two audiences outside any server:
 * - `user`: every session of one user (`uid`), whatever servers they belong to (their inbox);
 * - `participants`: the sessions of the users `uids` names — a direct conversation's
 *   participants as the write that publishes it read them, so every process delivers it
 *   without asking the database.
 */
export type DispatchAudience = 'server' | 'channel' | 'moderators' | 'self' | 'table' | 'user' | 'participants'

/** One dispatch's declaration. */
export interface DispatchDeclaration {
  /** The payload `d`. */
  payload: TSchema
  audience: DispatchAudience
  /** One line for server/README.md's event table. */
  summary: string
  /** Only for sessions that said (focus) they look at its channel, and never replayed on resume. */
  focusOnly?: true
  /** Of the moment for everyone in its audience: never replayed on resume (who speaks in a voice room). */
  neverReplayed?: true
  /** Where it comes from when no route publishes it: `gateway` (each gateway makes it for its own sessions), `control` (gateways act on it; clients never receive it). */
  origin?: 'gateway' | 'control'
}

/** CHANNELS_VISIBLE_UPDATE: the channels of a server this user may now read or no longer read, after a role, override, membership or training-role change. */
export const ChannelsVisibleUpdateSchema = Type.Object({
  server_id: Type.String(),
  added: Type.Array(Type.String()),
  removed: Type.Array(Type.String()),
})
/** CHANNELS_VISIBLE_UPDATE payload. */
export type ChannelsVisibleUpdate = Static<typeof ChannelsVisibleUpdateSchema>

/** SOCKETS_OVER_CAP (between gateways only): the gateway sessions (`session_id` of `ready`) of one account that are over its socket cap, oldest first. */
export const SocketsOverCapSchema = Type.Object({
  uid: Type.String(),
  session_ids: Type.Array(Type.String()),
})
/** SOCKETS_OVER_CAP payload. */
export type SocketsOverCap = Static<typeof SocketsOverCapSchema>

/** CHANNEL_UPDATE: the channel after an edit; after an override change it carries the channel's overrides too. */
export const ChannelUpdateEventSchema = Type.Composite([ChannelSchema, Type.Object({ overrides: Type.Optional(ChannelOverridesSchema.properties.overrides) })])

/** Every dispatch: name → payload, audience, summary. */
export const DISPATCHES = {
  PRESENCE_UPDATE: { payload: PresenceUpdateSchema, audience: 'server', summary: 'a member came online or went offline (coalesced: at most one per member per GATEWAY_PRESENCE_INTERVAL_MS, 1 s by default)' },
  MEMBER_ADD: { payload: MemberAddSchema, audience: 'server', summary: 'someone joined, with the counts after it' },
  MEMBER_REMOVE: { payload: MemberRemoveSchema, audience: 'server', summary: 'someone left, was kicked or banned, with the counts after it' },
  MEMBER_UPDATE: { payload: MemberStateSchema, audience: 'server', summary: "a member's roles or timeout changed" },
  SERVER_UPDATE: { payload: ServerSchema, audience: 'server', summary: "the server's name, icon or introduction changed" },
  ROLE_CREATE: { payload: ServerRoleSchema, audience: 'server', summary: 'a role was created' },
  ROLE_UPDATE: { payload: ServerRoleSchema, audience: 'server', summary: 'a role was edited or moved' },
  ROLE_DELETE: { payload: RoleDeleteEventSchema, audience: 'server', summary: 'a role was deleted' },
  CHANNEL_CREATE: { payload: ChannelSchema, audience: 'channel', summary: 'a channel was created' },
  CHANNEL_UPDATE: { payload: ChannelUpdateEventSchema, audience: 'channel', summary: 'a channel was edited, or its overrides changed' },
  CHANNEL_DELETE: { payload: ChannelDeletedSchema, audience: 'channel', summary: 'a channel was deleted' },
  CHANNELS_VISIBLE_UPDATE: { payload: ChannelsVisibleUpdateSchema, audience: 'self', origin: 'gateway', summary: 'channels this user gained or lost (roles, overrides, membership, training roles)' },
  MESSAGE_CREATE: { payload: ChatMessageSchema, audience: 'channel', summary: 'a message was sent' },
  MESSAGE_UPDATE: { payload: ChatMessageSchema, audience: 'channel', summary: 'a message was edited' },
  MESSAGE_DELETE: { payload: MessageDeleteEventSchema, audience: 'channel', summary: 'a message was deleted' },
  CHANNEL_PINS_UPDATE: { payload: ChannelPinsUpdateSchema, audience: 'channel', summary: 'a message was pinned, or left the pins (unpinned or deleted)' },
  REACTION_ADD: { payload: ReactionEventSchema, audience: 'channel', summary: 'a reaction was added' },
  REACTION_REMOVE: { payload: ReactionEventSchema, audience: 'channel', summary: 'a reaction was removed' },
  TYPING_START: { payload: TypingEventSchema, audience: 'channel', focusOnly: true, summary: 'someone is typing (only to sessions looking at the channel, never replayed)' },
  READ_STATE_UPDATE: { payload: ReadStateSchema, audience: 'self', summary: "the reader's position in a channel moved (their other devices clear the badge)" },
  POST_CREATE: { payload: PostSchema, audience: 'channel', summary: 'a post was written' },
  POST_UPDATE: { payload: PostSchema, audience: 'channel', summary: 'a post was edited' },
  POST_DELETE: { payload: PostDeleteEventSchema, audience: 'channel', summary: 'a post was deleted' },
  POST_LIKE: { payload: PostLikeEventSchema, audience: 'channel', summary: "a post's like count changed" },
  COMMENT_CREATE: { payload: CommentCreateEventSchema, audience: 'channel', summary: 'a comment was written, with the count after it' },
  COMMENT_UPDATE: { payload: CommentUpdateEventSchema, audience: 'channel', summary: 'a comment was edited' },
  COMMENT_DELETE: { payload: CommentDeleteEventSchema, audience: 'channel', summary: 'a comment (and its replies) was deleted, with the count after it' },
  LIVE_COMMENT_CREATE: { payload: LiveCommentSchema, audience: 'channel', summary: 'a live comment was sent' },
  LIVE_VIEWERS: { payload: LiveViewersSchema, audience: 'channel', summary: 'how many members watch a live item' },
  SPACE_COUNT: { payload: SpaceCountSchema, audience: 'channel', summary: "how many stand in a metaverse channel's space (coalesced: at most one per channel per second)" },
  VOICE_STATE_UPDATE: { payload: VoiceStateUpdateSchema, audience: 'channel', summary: 'a member joined, changed or left (`left`) a voice room; a move is a leave of one room and a join of the other' },
  VOICE_SPEAKING: { payload: VoiceSpeakingSchema, audience: 'channel', neverReplayed: true, summary: 'a member in a voice room started or stopped speaking (coalesced: at most VOICE_SPEAKING_PER_SECOND per member, never replayed)' },
  PLAZA_TABLE_UPDATE: { payload: PlazaTableSchema, audience: 'channel', summary: 'a plaza table was created, or its seats, ready flags, status, turn or result changed (`closed`: gone from the lobby)' },
  PLAZA_GAME_VIEWS: {
    payload: PlazaGameViewsSchema, audience: 'table', origin: 'control', neverReplayed: true,
    summary: "every view of a table's game after a change; each gateway sends each of its sessions watching the table only its own, as PLAZA_GAME_VIEW",
  },
  PLAZA_GAME_VIEW: {
    payload: PlazaGameViewSchema, audience: 'table', origin: 'gateway', neverReplayed: true,
    summary: "a table's game after a change, as this session may see it (its seat's view, or a watcher's; never replayed: after a reconnect the client asks for the table)",
  },
  REPORT_CREATE: { payload: ReportSchema, audience: 'moderators', summary: 'a report entered the queue' },
  REPORT_RESOLVE: { payload: ReportResolveEventSchema, audience: 'moderators', summary: 'reports were closed' },
  NOTIFICATION_CREATE: { payload: NotificationCreateEventSchema, audience: 'user', summary: "a notification entered the recipient's inbox, with their unread count after it" },
  NOTIFICATIONS_READ: { payload: NotificationsReadEventSchema, audience: 'user', summary: "notifications were marked read (the recipient's other devices clear the badge)" },
  NOTIFICATIONS_SUBJECT_DELETE: { payload: NotificationsSubjectDeleteEventSchema, audience: 'user', summary: "what these notifications quote (a message, a direct message, a comment) was deleted: the recipient's open inbox shows them deleted" },
  CONVERSATION_CREATE: { payload: ConversationSchema, audience: 'participants', summary: 'a direct conversation was started with these participants' },
  DM_MESSAGE_CREATE: { payload: DirectMessageSchema, audience: 'participants', summary: 'a direct message was sent (`channel_id` is the conversation)' },
  DM_MESSAGE_UPDATE: { payload: DirectMessageSchema, audience: 'participants', summary: 'a direct message was edited' },
  DM_MESSAGE_DELETE: { payload: MessageDeleteEventSchema, audience: 'participants', summary: 'a direct message was deleted' },
  DM_REACTION_ADD: { payload: ReactionEventSchema, audience: 'participants', summary: 'a reaction was added to a direct message' },
  DM_REACTION_REMOVE: { payload: ReactionEventSchema, audience: 'participants', summary: 'a reaction was removed from a direct message' },
  DM_TYPING: { payload: TypingEventSchema, audience: 'participants', summary: 'a participant is typing in a conversation (never stored)' },
  DM_READ: { payload: ReadStateSchema, audience: 'user', summary: "the reader's position in a conversation moved (their other devices clear the badge)" },
  SESSION_REVOKED: {
    payload: SessionRevokedEventSchema, audience: 'self', origin: 'control',
    summary: "closes the user's sockets on every process (sign-out, revoked session or bot token, kick, ban)",
  },
  SOCKETS_OVER_CAP: {
    payload: SocketsOverCapSchema, audience: 'user', origin: 'control',
    summary: "closes an account's oldest gateway sockets beyond GATEWAY_SOCKETS_PER_ACCOUNT, on whichever process holds them (close code 4011)",
  },
} as const satisfies Record<string, DispatchDeclaration>

/** A dispatch name. */
export type DispatchName = keyof typeof DISPATCHES

/** The payload of each dispatch. */
export type DispatchPayloads = { [T in DispatchName]: Static<typeof DISPATCHES[T]['payload']> }

/** The names a route may publish on the bus (not those the gateway makes itself). */
export type PublishedDispatchName = { [T in DispatchName]: typeof DISPATCHES[T] extends { origin: 'gateway' } ? never : T }[DispatchName]

/** The names a client receives (not the gateways' control events). */
export type ReceivedDispatchName = { [T in DispatchName]: typeof DISPATCHES[T] extends { origin: 'control' } ? never : T }[DispatchName]

/** The names whose audience is `A` (the moderators' report queue events, for one). */
export type DispatchNameOf<A extends DispatchAudience> = { [T in DispatchName]: typeof DISPATCHES[T]['audience'] extends A ? T : never }[DispatchName]

/** Where a dispatch of audience `A` goes: its server, plus the channel or the user the audience names; a `user` dispatch only its user; a conversation and its participants' uids outside any server. */
export type AudienceTarget<A extends DispatchAudience> =
  A extends 'participants' ? { conversation_id: string, uids: readonly string[] }
    : A extends 'channel' ? { server_id: string, channel_id: string }
      : A extends 'self' ? { server_id: string, uid: string }
        : A extends 'table' ? { server_id: string, channel_id: string, table_id: string }
        : A extends 'user' ? { uid: string }
        : { server_id: string }

/** Where dispatch `T` goes. */
export type DispatchTarget<T extends DispatchName> = AudienceTarget<typeof DISPATCHES[T]['audience']>

/** Every dispatch name, in declaration order. */
export const DISPATCH_NAMES = Object.keys(DISPATCHES) as DispatchName[]

/** The declaration of `name`, or undefined for a name nobody declared. */
export function dispatchDeclaration (name: string): DispatchDeclaration | undefined {
  return Object.prototype.hasOwnProperty.call(DISPATCHES, name) ? DISPATCHES[name as DispatchName] : undefined
}

/** The message dispatches and their payloads, as declared above (the chat stores subscribe to these). */
export type MessageDispatchPayloads = Pick<DispatchPayloads, 'MESSAGE_CREATE' | 'MESSAGE_UPDATE' | 'MESSAGE_DELETE' | 'REACTION_ADD' | 'REACTION_REMOVE' | 'TYPING_START' | 'READ_STATE_UPDATE'>

/** The post dispatches and their payloads, as declared above (the post stores subscribe to these). */
export type PostsDispatches = Pick<DispatchPayloads, 'POST_CREATE' | 'POST_UPDATE' | 'POST_DELETE' | 'COMMENT_CREATE' | 'COMMENT_UPDATE' | 'COMMENT_DELETE' | 'POST_LIKE' | 'LIVE_COMMENT_CREATE' | 'LIVE_VIEWERS'>

/** The direct-message dispatches and their payloads, as declared above (the conversation stores subscribe to these). */
export type DirectMessageDispatchPayloads = Pick<DispatchPayloads, 'CONVERSATION_CREATE' | 'DM_MESSAGE_CREATE' | 'DM_MESSAGE_UPDATE' | 'DM_MESSAGE_DELETE' | 'DM_REACTION_ADD' | 'DM_REACTION_REMOVE' | 'DM_TYPING' | 'DM_READ'>
