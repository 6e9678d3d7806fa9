/**
 * The client's view of the API: one typed function per endpoint (core/wire/api.ts is the
 * wire contract). Stores receive an ApiClient, so they can be tested with a fake one;
 * src/services/api/index.ts builds the real one on the request chain.
 *
 * Every function resolves with the envelope's `data` (already unwrapped) or rejects
 * with a RequestError (src/services/request/errors.ts). The one exception is
 * getUploadToken, which never rejects (SPEC §8: failing to obtain an upload token
 * logs the error and returns an empty result).
 */
import type {
  CreateChannelBody, GuestLoginData, InteractionEvent, MapCfgData, MapCfgQuery, PageQuery, Paged,
  ProfilePatchBody, UploadTokenBody, UploadTokenData, WxConfData, WxSessionData,
} from '@core/wire/api'
import type { Channel, ChannelGroup, LiveItem, Role, Server, User } from '@core/wire/entities'
import type { ServerDetail } from '@core/wire/members'

/** The showroom of a metaverse channel and the interaction event to play first (SPEC §7). */
export interface Showroom {
  data: MapCfgData
  /** The first interaction event of the showroom data, or null when it has none. */
  firstEvent: InteractionEvent | null
}

/** Every call the client makes. */
export interface ApiClient {
  /** SPEC §7 POST /resource/base64: stores a base64 image, resolves with its URL. */
  uploadBase64 (data: string): Promise<string>
  /** SPEC §7 GET /login_third/wxconf: JS-SDK configuration for a page URL. */
  getWxConfig (url: string): Promise<WxConfData>
  /** Mini-program: hands `Taro.login`'s code to the server, which keeps the member's openid for live reminders. */
  bindWechat (code: string): Promise<WxSessionData>
  /** SPEC §7 POST /v2/qn/upfiles: a storage upload token, or null (logged) when none could be had. */
  getUploadToken (body?: UploadTokenBody): Promise<UploadTokenData | null>
  /** SPEC §7 GET /channel/room/game/mapcfg: the showroom of a metaverse channel. */
  getShowroom (query: MapCfgQuery): Promise<Showroom>
  /** Signs in as a guest (uid prefix B_). */
  guestLogin (): Promise<GuestLoginData>
  /** The signed-in user. */
  getMe (): Promise<User>
  /** Edits the signed-in user's audited fields; rejects with an audit RequestError (104xxx). */
  updateProfile (patch: ProfilePatchBody): Promise<User>
  getUser (uid: string): Promise<User>
  listServers (): Promise<Server[]>
  /** One server with its counts (and is_member when signed in). */
  getServer (serverId: string): Promise<ServerDetail>
  /** The channel list of a server, grouped for display. */
  listChannels (serverId: string): Promise<ChannelGroup[]>
  /** Creates a channel (types 1, 3, 8 only; title and icon audited). */
  createChannel (serverId: string, body: CreateChannelBody): Promise<Channel>
  listRoles (serverId: string): Promise<Role[]>
  listServerLives (serverId: string, query?: PageQuery): Promise<Paged<LiveItem>>
  listChannelLives (channelId: string, query?: PageQuery): Promise<Paged<LiveItem>>
  getChannel (channelId: string): Promise<Channel>
}
