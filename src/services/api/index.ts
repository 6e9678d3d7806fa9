/**
 * The real ApiClient (api-client.ts) on the request chain: one typed function per
 * endpoint of core/wire/api.ts. Stores take an ApiClient, so tests can pass a fake; the app
 * passes {@link api}.
 */
import type {
  Base64UploadData, ChannelListData, GuestLoginData, MapCfgData, PageQuery, Paged,
  RoleListData, ServerListData, UploadTokenData, WxConfData, WxSessionData,
} from '@core/wire/api'
import type { Channel, LiveItem, User } from '@core/wire/entities'
import { API_PATHS, fillPath } from '@core/wire/paths'
import type { ServerDetail } from '@core/wire/members'
import { noDataError } from '@/services/request/errors'
import { request as defaultRequest, type RequestOptions } from '@/services/request/request'
import type { ApiClient, Showroom } from './api-client'

export type { ApiClient, Showroom } from './api-client'

/** The request function an ApiClient sends through (request.ts's `request` in the app). */
export type Requester = <T>(options: RequestOptions) => Promise<T>

/** An answer's list, or a no-data error (999997) when the answer has none. */
function listOf<T> (list: T[] | undefined): T[] {
  if (!Array.isArray(list)) throw noDataError()
  return list
}

function pageQuery (query: PageQuery = {}): RequestOptions['query'] {
  return { page: query.page, page_size: query.page_size }
}

/** SPEC §7: the first interaction event of the showroom data, or null when there is none. */
export function firstInteractionEvent (data: MapCfgData): Showroom['firstEvent'] {
  const events: unknown = data.interaction_events
  return Array.isArray(events) && events.length > 0 ? events[0] : null
}

/** SPEC §7, §8: an upload token is usable only with a non-empty domain and token. */
function isUploadToken (value: unknown): value is UploadTokenData {
  const { domain, token } = (value ?? {}) as { domain?: unknown, token?: unknown }
  return typeof domain === 'string' && domain !== '' && typeof token === 'string' && token !== ''
}

/** Builds an ApiClient that sends every call through `send`. */
export function createApiClient (send: Requester = defaultRequest): ApiClient {
  const get = <T>(path: string, query?: RequestOptions['query']) => send<T>({ path, query })
  const post = <T>(path: string, data: unknown) => send<T>({ path, method: 'POST', data })
  return {
    async uploadBase64 (data) {
      const answer = await post<Base64UploadData>(API_PATHS.base64, { data }) // SPEC §7: body {data}
      if (typeof answer.url !== 'string' || answer.url === '') throw noDataError() // SPEC §7: reads data.url
      return answer.url
    },
    getWxConfig: url => get<WxConfData>(API_PATHS.wxconf, { url }), // SPEC §7: query {url}
    bindWechat: code => post<WxSessionData>(API_PATHS.wxSession, { code }),
    async getUploadToken (body = {}) {
      try {
        const answer = await post<unknown>(API_PATHS.uploadToken, body)
        if (isUploadToken(answer)) return { domain: answer.domain, token: answer.token }
        console.error('[api] upload token: the answer has no domain or token')
      } catch (error) {
        console.error('[api] upload token:', error) // SPEC §8: log the error, return an empty result
      }
      return null
    },
    async getShowroom (query) {
      const data = await get<MapCfgData>(API_PATHS.mapcfg, { server_id: query.server_id, channel_id: query.channel_id })
      return { data, firstEvent: firstInteractionEvent(data) } // SPEC §7: the first interaction event
    },
    guestLogin: () => post<GuestLoginData>(API_PATHS.guestLogin, {}),
    getMe: () => get<User>(API_PATHS.me),
    // POST, not PATCH: the mini-program's request API has no PATCH (the server takes both).
    updateProfile: patch => send<User>({ path: API_PATHS.me, method: 'POST', data: patch }),
    getUser: uid => get<User>(fillPath(API_PATHS.user, { uid })),
    listServers: async () => listOf((await get<ServerListData>(API_PATHS.servers)).list),
    getServer: serverId => get<ServerDetail>(fillPath(API_PATHS.server, { server_id: serverId })),
    listChannels: async serverId => listOf((await get<ChannelListData>(fillPath(API_PATHS.serverChannels, { server_id: serverId }))).groups),
    createChannel: (serverId, body) => post<Channel>(fillPath(API_PATHS.serverChannels, { server_id: serverId }), body),
    listRoles: async serverId => listOf((await get<RoleListData>(fillPath(API_PATHS.serverRoles, { server_id: serverId }))).list),
    listServerLives: (serverId, query) => get<Paged<LiveItem>>(fillPath(API_PATHS.serverLives, { server_id: serverId }), pageQuery(query)),
    listChannelLives: (channelId, query) => get<Paged<LiveItem>>(fillPath(API_PATHS.channelLives, { channel_id: channelId }), pageQuery(query)),
    getChannel: channelId => get<Channel>(fillPath(API_PATHS.channel, { channel_id: channelId })),
  }
}

/** The app's ApiClient: every call through the request chain. */
export const api: ApiClient = createApiClient()
