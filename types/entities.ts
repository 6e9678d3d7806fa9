/**
 * The product's entities (SPEC §3, §4), shared by the client and the reference API
 * server. Field names are the wire names. Pure type and enum declarations only: no
 * imports, no runtime dependencies, so both sides can load this file.
 */

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

/** SPEC §3: a person, bot, guest or map account. uid prefixes tell the kinds apart. */
export interface User {
  uid: string
  /** 2 also means bot (SPEC §3). Ordinary users are 1. */
  user_type: number
  /** Registration time, unix seconds. */
  addtime: number
  nickname: string
  avatar: string
  signature: string
  gender?: Gender
}

/** SPEC §3: a role inside a server. */
export interface Role {
  role_id: string
  server_id: string
  name: string
  /** 1 = bot role (SPEC §3). */
  type: number
  /** Set (non-empty) when the role marks a training channel (SPEC §3, §6). */
  join_role: string | null
}

/** SPEC §3: a channel of a server, with what a channel list needs to show it. */
export interface Channel {
  channel_id: string
  server_id: string
  channel_type: ChannelType
  kind: ChannelKind
  name: string
  /** The group (a channel of kind Group) this channel sits under, or null at top level. */
  parent_id: string | null
  /** Ascending display order inside its group. */
  sort: number
  /** Metaverse channels only (SPEC §3). */
  map_category: MapCategory | null
  /** External link channels only: the http(s) URL to open. */
  link_url: string | null
  icon: string
  audit_status: AuditStatus
}

/** A group header with the channels under it, in display order. `group` null = top level. */
export interface ChannelGroup {
  group: Channel | null
  channels: Channel[]
}

/** SPEC §3: a live broadcast or a recording. */
export interface LiveItem {
  live_id: string
  server_id: string
  channel_id: string
  type: MediaType
  is_live: LiveFlag
  play_url: string
  /** Start time, unix seconds; null when not scheduled yet. */
  started_at: number | null
  /** Length in seconds; 0 when unknown. */
  duration: number
  title: string
  cover: string
  can_comment: LiveCommentFlag
}

/** SPEC §3: a server (community). */
export interface Server {
  server_id: string
  name: string
  sub_domain: string
  icon: string
  introduction: string
  member_count: number
}

/** A post of a post channel (not shown in the SPEC; designed here). */
export interface Post {
  post_id: string
  channel_id: string
  author: User
  title: string
  content: string
  cover: string
  /** unix seconds */
  created_at: number
}

/** A message of a discussion channel (not shown in the SPEC; designed here). */
export interface Message {
  message_id: string
  channel_id: string
  author: User
  content: string
  /** unix seconds */
  created_at: number
}
