/**
 * What the voice tests share: the seeded channels they use, a member's session joining a
 * room, the error frames and dispatches a client received, and waiting for a frame.
 */
import type { DispatchFrame, GatewayErrorData, ServerFrame } from '@core/wire/gateway'
import type { VoiceServerFrame, VoiceStateUpdate } from '@core/wire/voice'
import { pause, type GatewayTestClient } from '../gateway/client'
import type { ListeningApp } from '../gateway/listening-app'

/** The server the voice tests use, its seeded voice channel and its lobby (a discussion channel). */
export const SERVER = '723658'
export const VOICE = `${SERVER}03`
export const LOBBY = `${SERVER}02`

/** A voice frame the server sent, by op. */
export type VoiceFrame<Op extends VoiceServerFrame['op']> = Extract<VoiceServerFrame, { op: Op }>

/** A session of `token` that joined the room of `channelId`, with its voice_ready. */
export async function joined (app: ListeningApp, token: string, channelId = VOICE, flags: { self_mute?: boolean, self_deaf?: boolean } = {}): Promise<{ client: GatewayTestClient, ready: VoiceFrame<'voice_ready'>['d'] }> {
  const client = await app.session(token)
  client.send({ op: 'voice_join', d: { channel_id: channelId, self_mute: flags.self_mute ?? false, self_deaf: flags.self_deaf ?? false } })
  const ready = await client.next<VoiceFrame<'voice_ready'>>(frame => frame.op === 'voice_ready' || frame.op === 'error')
  if (ready.op !== 'voice_ready') throw new Error(`voice_join refused: ${JSON.stringify(ready)}`)
  return { client, ready: ready.d }
}

/** The error frames a client received. */
export function errorsOf (client: GatewayTestClient): GatewayErrorData[] {
  return client.frames.flatMap(frame => frame.op === 'error' ? [frame.d] : [])
}

/** The dispatches of `t` a client received, their payloads. */
export function dispatchesOf<T> (client: GatewayTestClient, t: string): T[] {
  return client.frames.filter((frame): frame is DispatchFrame => frame.op === 'dispatch' && frame.t === t).map(frame => frame.d as T)
}

/** The VOICE_STATE_UPDATEs a client received about `uid`. */
export function stateUpdatesOf (client: GatewayTestClient, uid: string): VoiceStateUpdate[] {
  return dispatchesOf<VoiceStateUpdate>(client, 'VOICE_STATE_UPDATE').filter(update => update.uid === uid)
}

/** Polls until `done` holds (4 s at most). */
export async function until (done: () => boolean, what: string, ms = 4000): Promise<void> {
  for (const end = Date.now() + ms; !done(); await pause(20)) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`)
  }
}

/** Whether a frame is a voice op of the server. */
export function isVoiceFrame (frame: ServerFrame): frame is VoiceServerFrame {
  return frame.op.startsWith('voice_')
}
