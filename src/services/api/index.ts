/**
 * The real ApiClient (api-client.ts) on the request chain: one typed function per
 * endpoint of core/wire/api.ts. Stores take an ApiClient, so tests can pass a fake; the app
 * passes {@link api}.
 */
import type { MapCfgData, PageQuery, UploadTokenData } from '@core/wire/api'
import type { API_CALL_SCHEMAS } from '@core/wire/api-calls'
import { API_CALLS } from '@core/wire/paths'
import { noDataError } from '@/services/request/errors'
import { request as defaultRequest } from '@/services/request/request'
import type { ApiClient, Showroom } from './api-client'
import { callsOf, type Requester } from './call'

export type { ApiClient, Showroom } from './api-client'

export type { Requester } from './call'

/** An answer's list, or a no-data error (999997) when the answer has none. */
function listOf<T> (list: T[] | undefined): T[] {
  if (!Array.isArray(list)) throw noDataError()
  return list
}

function pageQuery (query: PageQuery = {}): PageQuery {
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
  const calls = callsOf<typeof API_CALLS, typeof API_CALL_SCHEMAS>(send, API_CALLS)
  return {
    async uploadBase64 (data) {
      const answer = await calls.uploadBase64({ body: { data } }) // SPEC §7: body {data}
      if (typeof answer.url !== 'string' || answer.url === '') throw noDataError() // SPEC §7: reads data.url
      return answer.url
    },
    getWxConfig: url => calls.wxconf({ query: { url } }), // SPEC §7: query {url}
    bindWechat: code => calls.wxSession({ body: { code } }),
    async getUploadToken (body = {}) {
      try {
        const answer: unknown = await calls.uploadToken({ body })
        if (isUploadToken(answer)) return { domain: answer.domain, token: answer.token }
        console.error('[api] upload token: the answer has no domain or token')
      } catch (error) {
        console.error('[api] upload token:', error) // SPEC §8: log the error, return an empty result
      }
      return null
    },
    async getShowroom (query) {
      const data = await calls.mapcfg({ query: { server_id: query.server_id, channel_id: query.channel_id } })
      return { data, firstEvent: firstInteractionEvent(data) } // SPEC §7: the first interaction event
    },
    guestLogin: () => calls.guestLogin({ body: {} }),
    getMe: () => calls.me({}),
    updateProfile: patch => calls.updateMe({ body: patch }),
    getUser: uid => calls.user({ params: { uid } }),
    listServers: async () => listOf((await calls.servers({})).list),
    getServer: serverId => calls.server({ params: { server_id: serverId } }),
    listChannels: async serverId => listOf((await calls.serverChannels({ params: { server_id: serverId } })).groups),
    createChannel: (serverId, body) => calls.createChannel({ params: { server_id: serverId }, body }),
    listRoles: async serverId => listOf((await calls.serverRoles({ params: { server_id: serverId } })).list),
    listServerLives: (serverId, query) => calls.serverLives({ params: { server_id: serverId }, query: pageQuery(query) }),
    listChannelLives: (channelId, query) => calls.channelLives({ params: { channel_id: channelId }, query: pageQuery(query) }),
    getChannel: channelId => calls.channel({ params: { channel_id: channelId } }),
  }
}

/** The app's ApiClient: every call through the request chain. */
export const api: ApiClient = createApiClient()
