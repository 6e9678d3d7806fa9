/**
 * The HTTP contract between the client (src/services/api) and the reference API
 * server (server/src/routes). Every answer is an {@link Envelope}. Paths are written
 * once here, in {@link API_PATHS}, and both sides use them.
 *
 * SPEC §7 lists four calls (base64, wxconf, upfiles, mapcfg); the community calls
 * below them are not shown in the SPEC and are designed here (README "API").
 */
import type { Channel, ChannelGroup, ChannelType, LiveItem, MapCategory, Message, Post, Role, Server, User } from './entities'

/** Every answer of the API server: code 0 is success; anything else carries a message. */
export interface Envelope<T> {
  code: number
  msg: string
  data: T
}

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
} as const

/** HTTP status of an audit rejection (the envelope's code is 104xxx). */
export const AUDIT_REJECT_STATUS = 422

/** Paths of every call, relative to the main API base. `:x` marks a path parameter. */
export const API_PATHS = {
  /** SPEC §7 */
  base64: '/resource/base64',
  /** SPEC §7 */
  wxconf: '/login_third/wxconf',
  /** SPEC §7 */
  uploadToken: '/v2/qn/upfiles',
  /** SPEC §7 */
  mapcfg: '/channel/room/game/mapcfg',
  guestLogin: '/auth/guest',
  me: '/user/me',
  user: '/users/:uid',
  servers: '/servers',
  server: '/servers/:server_id',
  serverChannels: '/servers/:server_id/channels',
  serverRoles: '/servers/:server_id/roles',
  serverLives: '/servers/:server_id/lives',
  channel: '/channels/:channel_id',
  channelPosts: '/channels/:channel_id/posts',
  channelMessages: '/channels/:channel_id/messages',
  channelLives: '/channels/:channel_id/lives',
} as const

/** Path of the Qiniu-compatible form upload on the reference server (its own upload host). */
export const UPLOAD_HOST_PATH = '/upload'
/** Path under which the reference server serves uploaded and stored files. */
export const FILES_PATH = '/files'

/**
 * Answers a served H5 page carries with it: the reference server writes the answers of
 * the page's first GET calls into the HTML under this global (server/src/plugins/page-answers.ts),
 * keyed by path and query, and the client takes each once instead of asking again
 * (src/services/request/interceptors/page-answer.ts), so the first screen needs no round
 * trip after start-up. Pages served from elsewhere carry none and ask as usual.
 */
export const PAGE_ANSWERS_GLOBAL = '__openrealmPageAnswers'

/** One carried answer: its HTTP status and its body text, exactly as the API sent them. */
export interface PageAnswer {
  statusCode: number
  body: string
}

/** Carried answers by path and query (`/servers/832828`). */
export type PageAnswers = Record<string, PageAnswer>

/** A page of a list. `page` starts at 1. */
export interface Paged<T> {
  list: T[]
  page: number
  page_size: number
  total: number
  has_more: boolean
}

/** Query of a paged list. */
export interface PageQuery {
  page?: number
  /** 1..50, default 20 */
  page_size?: number
}

// ---- SPEC §7 calls ----

/** POST /resource/base64: an image as base64 (a data-URL prefix is allowed). */
export interface Base64UploadBody { data: string }
export interface Base64UploadData { url: string }

/** GET /login_third/wxconf?url= : the JS-SDK signature for a page URL. */
export interface WxConfQuery { url: string }
export interface WxConfData { appId: string; nonceStr: string; signature: string; timestamp: number }

/** POST /v2/qn/upfiles: ask for a storage upload token. */
export interface UploadTokenBody {
  /** Planned object key; the token's scope is limited to it when given. */
  key?: string
  /** Mime type of the file to upload, checked against the token's mime limit. */
  mime?: string
}
export interface UploadTokenData {
  /** Public base URL under which uploaded keys are served. */
  domain: string
  /** Qiniu upload token: AccessKey:encodedSign:encodedPutPolicy */
  token: string
}

/** GET /channel/room/game/mapcfg?server_id=&channel_id= */
export interface MapCfgQuery { server_id: string; channel_id: string }

/** One tappable point on the showroom map; x and y are fractions (0..1) of the map size. */
export interface Hotspot {
  hotspot_id: string
  x: number
  y: number
  title: string
  /** The interaction event this hotspot opens. */
  event_id: string
}

/** What happens in the showroom: a welcome card, a product card or a video. */
export interface InteractionEvent {
  event_id: string
  type: 'welcome' | 'product' | 'video'
  title: string
  text: string
  image: string
  /** Product events: price in the smallest currency unit (fen). */
  price: number | null
  /** Video events: an mp4 or HLS URL. */
  video_url: string | null
}

/** The showroom of a metaverse channel (SPEC §7: the client takes the first interaction event). */
export interface MapCfgData {
  channel_id: string
  server_id: string
  map: {
    map_category: MapCategory
    background: string
    /** Natural size of the background image in pixels, for the aspect ratio. */
    width: number
    height: number
  }
  hotspots: Hotspot[]
  interaction_events: InteractionEvent[]
}

// ---- community calls (designed here) ----

/** POST /auth/guest: sign in as a guest (uid prefix B_). The token goes in `Authorization: Bearer`. */
export interface GuestLoginData { token: string; user: User }

/** POST (or PATCH) /user/me: edit the signed-in user's audited profile fields. The mini-program cannot send PATCH. */
export interface ProfilePatchBody {
  nickname?: string
  signature?: string
  avatar?: string
}

/** GET /servers */
export interface ServerListData { list: Server[] }

/** GET /servers/:server_id/channels: the channel list, grouped for display. */
export interface ChannelListData { groups: ChannelGroup[] }

/** POST /servers/:server_id/channels: create a channel (types 1, 3, 8 only; title and icon audited). */
export interface CreateChannelBody {
  title: string
  channel_type: ChannelType
  icon?: string
  parent_id?: string | null
}

/** GET /servers/:server_id/roles */
export interface RoleListData { list: Role[] }

/** GET /servers/:server_id/lives and /channels/:channel_id/lives */
export type LiveListData = Paged<LiveItem>
/** GET /channels/:channel_id/posts */
export type PostListData = Paged<Post>
/** GET /channels/:channel_id/messages */
export type MessageListData = Paged<Message>
/** GET /channels/:channel_id */
export type ChannelData = Channel
/** GET /servers/:server_id */
export type ServerData = Server
/** GET /user/me, GET /users/:uid, PATCH /user/me */
export type UserData = User
