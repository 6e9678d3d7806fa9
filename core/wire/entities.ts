/**
 * The product's entities (SPEC §3, §4), shared by the client and the reference API
 * server. Field names are the wire names. Each entity is declared once, as a TypeBox
 * schema: its TypeScript type is derived from it (`Static`), and the server validates
 * and serialises with the very same object. It imports only TypeBox and core/wire, so
 * both sides can load this file; the client imports it only as types (its enum values come from
 * ./codes, so TypeBox stays out of the bundles).
 */
import { Type, type Static, type TInteger } from '@sinclair/typebox'
import { AuditStatus, ChannelKind, ChannelType, Gender, LiveCommentFlag, LiveFlag, MapCategory, MediaType } from './codes'
import { enumCode, Nullable } from './fields'
import { SLOW_MODE_SECONDS_CHOICES } from './slow-mode-codes'
import { VOICE_BITRATE_MAX, VOICE_BITRATE_MIN, VOICE_USER_LIMIT_MAX } from './voice-codes'

export * from './codes'
export { enumCode, Nullable } from './fields'

/** SPEC §3: a person, bot, guest or map account. uid prefixes tell the kinds apart. */
export const UserSchema = Type.Object({
  uid: Type.String(),
  /** 2 also means bot (SPEC §3). Ordinary users are 1. */
  user_type: Type.Integer({ description: '2 also means bot (SPEC §3); ordinary users are 1' }),
  /** Registration time, unix seconds. */
  addtime: Type.Integer({ description: 'registration time, unix seconds' }),
  nickname: Type.String(),
  avatar: Type.String(),
  signature: Type.String(),
  gender: Type.Optional(enumCode(Gender, 'SPEC §3')),
})
/** SPEC §3: a person, bot, guest or map account. */
export type User = Static<typeof UserSchema>

/** SPEC §3: a role inside a server. */
export const RoleSchema = Type.Object({
  role_id: Type.String(),
  server_id: Type.String(),
  name: Type.String(),
  /** 1 = bot role (SPEC §3). */
  type: Type.Integer({ description: '1 = bot role (SPEC §3)' }),
  /** Set (non-empty) when the role marks a training channel (SPEC §3, §6). */
  join_role: Nullable(Type.String({ description: 'set when the role marks a training channel (SPEC §3, §6)' })),
})
/** SPEC §3: a role inside a server. */
export type Role = Static<typeof RoleSchema>

/** A voice room's member limit (1…VOICE_USER_LIMIT_MAX). */
export function VoiceUserLimit (description: string): TInteger {
  return Type.Integer({ minimum: 1, maximum: VOICE_USER_LIMIT_MAX, description })
}

/** A voice room's Opus bitrate (VOICE_BITRATE_MIN…MAX bits per second). */
export function VoiceBitrate (description: string): TInteger {
  return Type.Integer({ minimum: VOICE_BITRATE_MIN, maximum: VOICE_BITRATE_MAX, description })
}

/** A channel's slow mode, seconds: one of SLOW_MODE_SECONDS_CHOICES (./slow-mode-codes.ts; 0: off). */
export function SlowModeSeconds (description: string): TInteger {
  return Type.Integer({ enum: [...SLOW_MODE_SECONDS_CHOICES], description })
}

/** SPEC §3: a channel of a server, with what a channel list needs to show it. */
export const ChannelSchema = Type.Object({
  channel_id: Type.String(),
  server_id: Type.String(),
  channel_type: enumCode(ChannelType, 'SPEC §4 channel type'),
  kind: enumCode(ChannelKind, 'SPEC §4 channel kind'),
  name: Type.String(),
  /** The group (a channel of kind Group) this channel sits under, or null at top level. */
  parent_id: Nullable(Type.String()),
  /** Ascending display order inside its group. */
  sort: Type.Integer(),
  /** Metaverse channels only (SPEC §3). */
  map_category: Nullable(enumCode(MapCategory, 'SPEC §3 map category')),
  /** External link channels only: the http(s) URL to open. */
  link_url: Nullable(Type.String()),
  icon: Type.String(),
  audit_status: enumCode(AuditStatus, 'SPEC §4 audit status'),
  /** Voice channels only (SPEC §4 type 2): how many members its room holds at once. */
  user_limit: Type.Optional(VoiceUserLimit('voice channels only: members the room holds at once')),
  /** Voice channels only: the room's Opus bitrate, bits per second. */
  bitrate: Type.Optional(VoiceBitrate('voice channels only: the room\'s Opus bitrate, bits per second')),
  /** Chat channels only: the slow mode, seconds a member waits between two messages (0: off; core/domain/slow-mode.ts). */
  slow_mode_seconds: Type.Optional(SlowModeSeconds('chat channels only: seconds a member waits between two messages, 0 off')),
  /** In the channel list of a signed-in member only: others' messages after their read position, counted up to 100 (SPEC §9 shows 99+). */
  unread_count: Type.Optional(Type.Integer({ description: 'signed-in members only: unread messages, counted up to 100' })),
  /** In the channel list of a signed-in member only: unread messages that mention them, counted up to 100. */
  mention_count: Type.Optional(Type.Integer({ description: 'signed-in members only: unread mentions, counted up to 100' })),
  /**
   * In the channel list of a signed-in member only: the channel's newest message when the
   * counts were taken (null: none). A live message newer than it is not in `unread_count`.
   */
  last_message_id: Type.Optional(Nullable(Type.String({ description: 'signed-in members only: newest message id when the counts were taken' }))),
  /** In the channel list of a signed-in member only: their read position (null: none); the first unread message is the first of others' after it. */
  last_read_id: Type.Optional(Nullable(Type.String({ description: 'signed-in members only: the member\'s read position' }))),
})
/** SPEC §3: a channel of a server. */
export type Channel = Static<typeof ChannelSchema>

/** A group header with the channels under it, in display order. `group` null = top level. */
export const ChannelGroupSchema = Type.Object({
  group: Nullable(ChannelSchema),
  channels: Type.Array(ChannelSchema),
})
/** A group header with the channels under it. */
export type ChannelGroup = Static<typeof ChannelGroupSchema>

/** SPEC §3: a live broadcast or a recording. */
export const LiveItemSchema = Type.Object({
  live_id: Type.String(),
  server_id: Type.String(),
  channel_id: Type.String(),
  type: enumCode(MediaType, 'SPEC §3 media type'),
  is_live: enumCode(LiveFlag, 'SPEC §3 is_live'),
  play_url: Type.String(),
  /** Start time, unix seconds; null when not scheduled yet. */
  started_at: Nullable(Type.Integer()),
  /** Length in seconds; 0 when unknown. */
  duration: Type.Integer(),
  title: Type.String(),
  cover: Type.String(),
  can_comment: enumCode(LiveCommentFlag, 'SPEC §4 comment flag'),
})
/** SPEC §3: a live broadcast or a recording. */
export type LiveItem = Static<typeof LiveItemSchema>

/** SPEC §3: a server (community). */
export const ServerSchema = Type.Object({
  server_id: Type.String(),
  name: Type.String(),
  sub_domain: Type.String(),
  icon: Type.String(),
  introduction: Type.String(),
  member_count: Type.Integer(),
})
/** SPEC §3: a server (community). */
export type Server = Static<typeof ServerSchema>

/** What everything members write (posts, comments, messages) carries: who wrote it, the text, and when (unix seconds). */
export const AuthoredSchema = Type.Object({
  author: UserSchema,
  content: Type.String(),
  /** unix seconds */
  created_at: Type.Integer(),
})

/** Where something written in a channel lives: the channel and its server. */
export const ChannelPlaceSchema = Type.Object({
  channel_id: Type.String(),
  server_id: Type.String(),
})

/** A post of a post channel (not shown in the SPEC; designed here). */
export const PostSchema = Type.Object({
  post_id: Type.String(),
  channel_id: Type.String(),
  title: Type.String(),
  cover: Type.String(),
  ...AuthoredSchema.properties,
})
/** A post of a post channel. */
export type Post = Static<typeof PostSchema>

/** A message of a discussion channel (not shown in the SPEC; designed here). */
export const MessageSchema = Type.Object({
  message_id: Type.String(),
  channel_id: Type.String(),
  ...AuthoredSchema.properties,
})
/** A message of a discussion channel. */
export type Message = Static<typeof MessageSchema>
