/**
 * The owner's server-settings calls that the other API files lack: the
 * server's name, icon and introduction, editing and deleting a channel, and the server's
 * own audit words (SPEC §5), on the same request chain as every other call. Roles and
 * invites are ./trust.ts's; creating a channel is the ApiClient's.
 */
import type { API_CALL_SCHEMAS } from '@core/wire/api-calls'
import { API_CALLS } from '@core/wire/paths'
import { TRUST_CALLS } from '@core/wire/trust-paths'
import type { Channel, Server } from '@core/wire/entities'
import type { ChannelDeleted, PatchChannelBody } from '@core/wire/server-settings'
import type { PatchServerBody, TRUST_CALL_SCHEMAS, WordList } from '@core/wire/trust'
import { request } from '@/services/request/request'
import { callsOf } from './call'
import type { Requester } from './index'

/** The settings calls. */
export interface ServerSettingsApi {
  /** Saves the server's name, icon or introduction (ManageServer; each audited, 104xxx on refusal). */
  updateServer (serverId: string, body: PatchServerBody): Promise<Server>
  /** Saves a channel's title, icon, group or place (ManageChannels; title and icon audited). */
  updateChannel (channelId: string, body: PatchChannelBody): Promise<Channel>
  /** Deletes a channel with its messages and posts (ManageChannels). */
  deleteChannel (channelId: string): Promise<ChannelDeleted>
  /** The server's own audit words (ManageServer). */
  words (serverId: string): Promise<WordList>
  /** Replaces the server's own audit words; resolves with the list as stored (deduplicated, sorted). */
  setWords (serverId: string, words: string[]): Promise<WordList>
}

/** The settings calls sent through `send`. */
export function createServerSettingsApi (send: Requester = request): ServerSettingsApi {
  const api = callsOf<typeof API_CALLS, typeof API_CALL_SCHEMAS>(send, API_CALLS)
  const trust = callsOf<typeof TRUST_CALLS, typeof TRUST_CALL_SCHEMAS>(send, TRUST_CALLS)
  return {
    updateServer: (serverId, body) => api.editServer({ params: { server_id: serverId }, body }),
    updateChannel: (channelId, body) => api.editChannel({ params: { channel_id: channelId }, body }),
    deleteChannel: channelId => api.deleteChannel({ params: { channel_id: channelId } }),
    words: serverId => trust.words({ params: { server_id: serverId } }),
    setWords: (serverId, words) => trust.setWords({ params: { server_id: serverId }, body: { words } }),
  }
}
