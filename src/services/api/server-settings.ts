/**
 * The owner's server-settings calls that the other API files lack: the
 * server's name, icon and introduction, editing and deleting a channel, and the server's
 * own audit words (SPEC §5), on the same request chain as every other call. Roles and
 * invites are ./trust.ts's; creating a channel is the ApiClient's.
 */
import { API_PATHS, fillPath } from '@core/wire/paths'
import { TRUST_PATHS } from '@core/wire/trust-paths'
import type { Channel, Server } from '@core/wire/entities'
import type { ChannelDeleted, PatchChannelBody } from '@core/wire/server-settings'
import type { PatchServerBody, WordList } from '@core/wire/trust'
import { request } from '@/services/request/request'
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
  const wordsPath = (serverId: string) => fillPath(TRUST_PATHS.words, { server_id: serverId })
  return {
    // POST: the mini-program's request API has no PATCH (the server takes both)
    updateServer: (serverId, body) => send<Server>({ path: fillPath(API_PATHS.server, { server_id: serverId }), method: 'POST', data: body }),
    updateChannel: (channelId, body) => send<Channel>({ path: fillPath(API_PATHS.channel, { channel_id: channelId }), method: 'POST', data: body }),
    deleteChannel: channelId => send<ChannelDeleted>({ path: fillPath(API_PATHS.channel, { channel_id: channelId }), method: 'DELETE' }),
    words: serverId => send<WordList>({ path: wordsPath(serverId) }),
    setWords: (serverId, words) => send<WordList>({ path: wordsPath(serverId), method: 'PUT', data: { words } }),
  }
}
