/**
 * The HTTP contract between the client (src/services/api) and the reference API
 * server (server/src/routes): what each call of {@link API_PATHS} takes (params, query,
 * body) and answers, each declared once as a TypeBox schema with its `Static` type.
 * The server validates requests and serialises answers with these very objects (and
 * its OpenAPI document comes from them); the client imports this file only as types —
 * its runtime values come from ./codes, ./paths and ./page-answers, which re-export here
 * for the server's convenience. Every answer is an {@link Envelope}.
 *
 * SPEC §7 lists four calls (base64, wxconf, upfiles, mapcfg); the community calls
 * below them are not shown in the SPEC and are designed here (docs/api.md).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { ChannelType, DEFAULT_PAGE_SIZE, MapCategory, MAX_PAGE, MAX_PAGE_SIZE } from './codes'
import { ChannelGroupSchema, LiveItemSchema, MessageSchema, RoleSchema, ServerSchema, UserSchema, VoiceBitrate, VoiceUserLimit } from './entities'
import { enumCode, IdString, ImageUrlString, LineText, ListOf, MultilineText, Nullable, StringEnum } from './fields'

export { AUDIT_REJECT_STATUS, SERVER_CODES } from './codes'
export { API_PATHS, FILES_PATH, UPLOAD_HOST_PATH } from './paths'
export { PAGE_ANSWERS_GLOBAL, type PageAnswer, type PageAnswers } from './page-answers'

// ---- the envelope and pages ----

/** The head of every answer: code 0 is success; anything else carries a message. */
const EnvelopeHeadSchema = Type.Object({ code: Type.Integer(), msg: Type.String() })
const EnvelopeHead = EnvelopeHeadSchema.properties

/** Every answer of the API server: code 0 is success; anything else carries a message. */
export type Envelope<T> = Static<typeof EnvelopeHeadSchema> & { data: T }

/** The envelope `{code, msg, data}` around `data`. */
export function EnvelopeOf<T extends TSchema> (data: T) {
  return Type.Object({ ...EnvelopeHead, data })
}

/** The envelope of every failure: a non-zero code, a message, data null. */
export const ErrorEnvelopeSchema = EnvelopeOf(Type.Null())

/** Query of a paged list: `page` starts at 1; page_size 1..MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE when absent. */
export const PageQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
})
/** Query of a paged list. */
export type PageQuery = Static<typeof PageQuerySchema>

/**
 * `page`/`page_size` with the same bounds but no defaults: a list that pages by cursor
 * answers the older numbered page only when a client names one of them.
 */
export const OldPageQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
})

/** Where a page sits in its list. */
const PageInfoSchema = Type.Object({ page: Type.Integer(), page_size: Type.Integer(), total: Type.Integer(), has_more: Type.Boolean() })

/** A page of `item`: its items in `list`, then where it sits. */
export function PagedOf<T extends TSchema> (item: T) {
  return Type.Object({ list: Type.Array(item), ...PageInfoSchema.properties })
}

/** A page of a list. `page` starts at 1. */
export type Paged<T> = { list: T[] } & Static<typeof PageInfoSchema>

// ---- path parameters ----

/** `:server_id` */
export const ServerParamsSchema = Type.Object({ server_id: IdString })
/** `:channel_id` */
export const ChannelParamsSchema = Type.Object({ channel_id: IdString })
/** `:uid` */
export const UserParamsSchema = Type.Object({ uid: IdString })

// ---- SPEC §7 calls ----

/** POST /resource/base64: an image as base64 (a data-URL prefix is allowed). */
export const Base64UploadBodySchema = Type.Object({ data: Type.String({ minLength: 1 }) }, { additionalProperties: false })
/** POST /resource/base64 answer: where the stored image is served. */
export const Base64UploadDataSchema = Type.Object({ url: Type.String() })
/** POST /resource/base64 answer. */
export type Base64UploadData = Static<typeof Base64UploadDataSchema>

/** Longest page URL a JS-SDK signature is asked for. */
export const WX_CONF_URL_MAX_LENGTH = 2048
/** GET /login_third/wxconf?url= : the JS-SDK signature for a page URL. */
export const WxConfQuerySchema = Type.Object({ url: Type.String({ minLength: 1, maxLength: WX_CONF_URL_MAX_LENGTH }) })
/** GET /login_third/wxconf answer: what `wx.config` takes. */
export const WxConfDataSchema = Type.Object({ appId: Type.String(), nonceStr: Type.String(), signature: Type.String(), timestamp: Type.Integer() })
/** GET /login_third/wxconf answer. */
export type WxConfData = Static<typeof WxConfDataSchema>

/**
 * POST /login_third/wx_session: the mini-program's sign-in code (`Taro.login`), exchanged
 * for the signed-in member's WeChat openid, which live reminders are sent to.
 */
export const WxSessionBodySchema = Type.Object({ code: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false })
/** POST /login_third/wx_session answer: the openid is kept (never answered). */
export const WxSessionDataSchema = Type.Object({ bound: Type.Boolean() })
/** POST /login_third/wx_session answer. */
export type WxSessionData = Static<typeof WxSessionDataSchema>

/** Qiniu's longest object key, in bytes. */
export const UPLOAD_KEY_MAX_BYTES = 750
/** POST /v2/qn/upfiles: ask for a storage upload token. */
export const UploadTokenBodySchema = Type.Object({
  /** Planned object key; the token's scope is limited to it when given. */
  key: Type.Optional(Type.String({ minLength: 1, maxLength: UPLOAD_KEY_MAX_BYTES, pattern: '^[^\\u0000-\\u001f\\u007f]+$', description: 'planned object key; limits the token\'s scope' })),
  /** Mime type of the file to upload, checked against the token's mime limit. */
  mime: Type.Optional(Type.String({ maxLength: 100, pattern: '^[a-z0-9.+-]+/[a-z0-9.+*-]+$', description: 'mime type of the file to upload' })),
}, { additionalProperties: false })
/** POST /v2/qn/upfiles body. */
export type UploadTokenBody = Static<typeof UploadTokenBodySchema>
/** POST /v2/qn/upfiles answer. */
export const UploadTokenDataSchema = Type.Object({
  /** Public base URL under which uploaded keys are served. */
  domain: Type.String({ description: 'public base URL of uploaded keys' }),
  /** Qiniu upload token: AccessKey:encodedSign:encodedPutPolicy */
  token: Type.String({ description: 'AccessKey:encodedSign:encodedPutPolicy' }),
})
/** POST /v2/qn/upfiles answer. */
export type UploadTokenData = Static<typeof UploadTokenDataSchema>

/** POST /upload (the Qiniu-compatible form upload) answer: Qiniu's `hash` and `key` beside the envelope, and inside it. */
export const UploadAnswerSchema = Type.Object({
  ...EnvelopeHead,
  data: Type.Object({ hash: Type.String(), key: Type.String() }),
  hash: Type.String(),
  key: Type.String(),
})
/** POST /upload answer. */
export type UploadAnswer = Static<typeof UploadAnswerSchema>
/** POST /upload refusal: Qiniu's `error` beside the failure envelope. */
export const UploadErrorSchema = Type.Object({ ...EnvelopeHead, data: Type.Null(), error: Type.String() })

/** GET /channel/room/game/mapcfg?server_id=&channel_id= */
export const MapCfgQuerySchema = Type.Object({ server_id: IdString, channel_id: IdString })
/** GET /channel/room/game/mapcfg query. */
export type MapCfgQuery = Static<typeof MapCfgQuerySchema>

/** One tappable point on the showroom map; x and y are fractions (0..1) of the map size. */
export const HotspotSchema = Type.Object({
  hotspot_id: Type.String(),
  x: Type.Number(),
  y: Type.Number(),
  title: Type.String(),
  /** The interaction event this hotspot opens. */
  event_id: Type.String({ description: 'the interaction event this hotspot opens' }),
})
/** One tappable point on the showroom map. */
export type Hotspot = Static<typeof HotspotSchema>

/** What happens in the showroom: a welcome card, a product card or a video. */
export const InteractionEventSchema = Type.Object({
  event_id: Type.String(),
  type: StringEnum(['welcome', 'product', 'video']),
  title: Type.String(),
  text: Type.String(),
  image: Type.String(),
  /** Product events: price in the smallest currency unit (fen). */
  price: Nullable(Type.Integer({ description: 'product events: price in fen' })),
  /** Video events: an mp4 or HLS URL. */
  video_url: Nullable(Type.String({ description: 'video events: an mp4 or HLS URL' })),
})
/** What happens in the showroom. */
export type InteractionEvent = Static<typeof InteractionEventSchema>

/** The showroom of a metaverse channel (SPEC §7: the client takes the first interaction event). */
export const MapCfgDataSchema = Type.Object({
  channel_id: Type.String(),
  server_id: Type.String(),
  map: Type.Object({
    map_category: enumCode(MapCategory, 'SPEC §3 map category'),
    background: Type.String(),
    /** Natural size of the background image in pixels, for the aspect ratio. */
    width: Type.Integer(),
    height: Type.Integer(),
  }),
  hotspots: Type.Array(HotspotSchema),
  interaction_events: Type.Array(InteractionEventSchema),
})
/** The showroom of a metaverse channel. */
export type MapCfgData = Static<typeof MapCfgDataSchema>

// ---- community calls (designed here) ----

/** POST /auth/guest: no fields (an absent body reads as `{}`). */
export const GuestLoginBodySchema = Type.Object({}, { additionalProperties: false })
/** POST /auth/guest: sign in as a guest (uid prefix B_). The token goes in `Authorization: Bearer`. */
export const GuestLoginDataSchema = Type.Object({ token: Type.String(), user: UserSchema })
/** POST /auth/guest answer. */
export type GuestLoginData = Static<typeof GuestLoginDataSchema>

/** Longest nickname. */
export const NICKNAME_MAX_LENGTH = 32
/** SPEC §9: default text input maxlength 140. */
export const SIGNATURE_MAX_LENGTH = 140
/** POST (or PATCH) /user/me: edit the signed-in user's audited profile fields. The mini-program cannot send PATCH. */
export const ProfilePatchBodySchema = Type.Object({
  nickname: Type.Optional(LineText(NICKNAME_MAX_LENGTH)),
  signature: Type.Optional(MultilineText(SIGNATURE_MAX_LENGTH)),
  avatar: Type.Optional(ImageUrlString),
}, { additionalProperties: false, minProperties: 1 })
/** POST (or PATCH) /user/me body. */
export type ProfilePatchBody = Static<typeof ProfilePatchBodySchema>

/** GET /servers */
export const ServerListDataSchema = ListOf(ServerSchema)
/** GET /servers answer. */
export type ServerListData = Static<typeof ServerListDataSchema>

/** GET /servers/:server_id/channels: the channel list, grouped for display. */
export const ChannelListDataSchema = Type.Object({ groups: Type.Array(ChannelGroupSchema) })
/** GET /servers/:server_id/channels answer. */
export type ChannelListData = Static<typeof ChannelListDataSchema>

/** Longest channel title. */
export const CHANNEL_TITLE_MAX_LENGTH = 40
/** POST /servers/:server_id/channels: create a channel (types 1, 3, 8 only; title and icon audited). */
export const CreateChannelBodySchema = Type.Object({
  title: LineText(CHANNEL_TITLE_MAX_LENGTH),
  channel_type: enumCode(ChannelType, 'SPEC §4 channel type (users may create 1, 3 and 8)'),
  icon: Type.Optional(ImageUrlString),
  parent_id: Type.Optional(Nullable(IdString)),
  /** Voice channels only (400 on another type; VOICE_USER_LIMIT_DEFAULT when left out). */
  user_limit: Type.Optional(VoiceUserLimit('voice channels only: members the room holds at once')),
  /** Voice channels only (400 on another type; VOICE_BITRATE_DEFAULT when left out). */
  bitrate: Type.Optional(VoiceBitrate('voice channels only: Opus bitrate, bits per second')),
}, { additionalProperties: false })
/** POST /servers/:server_id/channels body. */
export type CreateChannelBody = Static<typeof CreateChannelBodySchema>

/** GET /servers/:server_id/roles */
export const RoleListDataSchema = ListOf(RoleSchema)
/** GET /servers/:server_id/roles answer. */
export type RoleListData = Static<typeof RoleListDataSchema>

/** GET /servers/:server_id/lives and /channels/:channel_id/lives */
export const LiveListDataSchema = PagedOf(LiveItemSchema)
/** GET /channels/:channel_id/messages */
export const MessageListDataSchema = PagedOf(MessageSchema)
/** GET /channels/:channel_id/messages answer. */
export type MessageListData = Static<typeof MessageListDataSchema>
