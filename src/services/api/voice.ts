/**
 * The voice calls a member makes (core/wire/voice.ts): who is in each voice room of a
 * server, a moderator's server mute, server deafen, move and disconnect, and the owner's voice check, on the same
 * request chain as every other call. Joining and talking go over the gateway (GatewayStore.sendVoice).
 */
import { VOICE_CALLS } from '@core/wire/voice-paths'
import type { VOICE_CALL_SCHEMAS, VoiceCheckAnswer, VoiceModerateBody, VoiceStatesAnswer } from '@core/wire/voice'
import { request } from '@/services/request/request'
import { callsOf } from './call'
import type { Requester } from './index'

/** The voice calls. */
export interface VoiceApi {
  /** Every member in a voice room of the server, as the caller may see them. */
  states (serverId: string): Promise<VoiceStatesAnswer>
  /** Server-mutes, server-deafens or moves (`channel_id`) a member in a voice room (a moderator); the room's change arrives as VOICE_STATE_UPDATE. */
  moderate (serverId: string, uid: string, body: VoiceModerateBody): Promise<null>
  /** Takes a member out of their voice room (a moderator): they are told voice_left 'disconnected'. */
  disconnect (serverId: string, uid: string): Promise<null>
}

/** The owner's voice check call (the voice check page's own). */
export interface VoiceCheckApi {
  /** The voice path a member of the server would be handed (ManageServer): its ICE servers, relay-only, the media worker's address and ports. */
  check (serverId: string): Promise<VoiceCheckAnswer>
}

/** The voice calls sent through `send`. */
export function createVoiceApi (send: Requester = request): VoiceApi {
  const calls = callsOf<typeof VOICE_CALLS, typeof VOICE_CALL_SCHEMAS>(send, VOICE_CALLS)
  return {
    states: serverId => calls.states({ params: { server_id: serverId } }),
    moderate: (serverId, uid, body) => calls.moderate({ params: { server_id: serverId, uid }, body }),
    disconnect: (serverId, uid) => calls.disconnect({ params: { server_id: serverId, uid } }),
  }
}

/** The voice check call sent through `send`. */
export function createVoiceCheckApi (send: Requester = request): VoiceCheckApi {
  const calls = callsOf<typeof VOICE_CALLS, typeof VOICE_CALL_SCHEMAS>(send, VOICE_CALLS)
  return { check: serverId => calls.check({ params: { server_id: serverId } }) }
}
