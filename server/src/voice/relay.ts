/**
 * Where a voice room lives when several processes serve one product (REDIS_URL, docs/voice.md
 * "Several processes"): on the holder of its lease (the shared lease relay,
 * server/src/bus/lease-relay.ts, kind `voice`: `voice:owner:<channel_id>`, mailboxes
 * `voice:to:<process>`). A member whose socket is on another process is relayed: their process
 * sends each voice op to the holder and waits for its answer (done, or the refusal's words),
 * and the holder sends that member's frames back, numbered. The holder keeps the states of a
 * room's members beside its lease (`voice:states:<channel_id>`) at every change, so any process
 * lists a server's rooms and finds a member to moderate; a moderation is asked of the holder.
 * A member whose socket closed is kept under its gateway session (`voice:session:<session_id>`,
 * for the grace), so a resume on any process finds the room's holder and takes the place up;
 * server mutes and deafens are held in `voice:held:moderated` for every process.
 * The media never travels here: the browser's WebRTC path goes to the holder's media worker.
 */
import type { User } from '@core/wire/entities'
import type { VoiceClientFrame, VoiceModerateBody, VoiceServerFrame, VoiceState } from '@core/wire/voice'
import { createLocalLeaseRelay, createRedisLeaseRelay, type LeaseRelay } from '../bus/lease-relay'

/** A relayed member: the process their socket is on and their key there (one per session while it is relayed). */
export interface RelayedVoiceMember { process: string, key: string }

/** A question to the holder, answered by an `answer` message of the same `ask` to `from`. */
export type VoiceQuestion =
  /** A voice op of a relayed member (its user and session as their process knows them): answered with the refusal's words, or null when done. */
  | { q: 'op', member: RelayedVoiceMember, user: User, session_id: string, frame: VoiceClientFrame }
  /** A moderator's change of `uid` (checked by the route): answered with the new state, or null when they are in no room here. */
  | { q: 'moderate', server_id: string, uid: string, change: VoiceModerateBody }
  /** A moderator's disconnect of `uid`: answered true when they were in a room here. */
  | { q: 'disconnect', server_id: string, uid: string }
  /** Gateway session `session_id`, resumed on the asking process, takes up the place it held here (now relayed as `member`): answered true when it held one. */
  | { q: 'resume', member: RelayedVoiceMember, user: User, session_id: string }

/** What travels between processes about voice rooms. */
export type VoiceRelayMessage =
  | { t: 'ask', from: string, ask: number, question: VoiceQuestion }
  | { t: 'answer', ask: number, answer: string | VoiceState | boolean | null }
  /** The relayed member's socket closed (the holder starts the resume grace) or a resume on its process took it up again. */
  | { t: 'detach' | 'attach', member: RelayedVoiceMember }
  /** The members of `process` still relayed (each pass of the upkeep); the holder drops the ones not heard of for a lease. */
  | { t: 'alive', process: string, keys: string[] }
  /** `n`: how many frames the holder has sent this member so far, this one included (a gap: one was lost). */
  | { t: 'frame', key: string, frame: VoiceServerFrame, n: number }

/** The voice rooms' leases and messages, the members' states kept beside each lease. */
export type VoiceRelay = LeaseRelay<VoiceRelayMessage>

/** The kept value of a room: its members' states, in the order they joined. */
export const VOICE_STATES_KEPT = 'states'

/** The kept value of a gateway session whose socket closed in a room (for the resume grace): the room's channel, for a resume on another process to find its holder. */
export const VOICE_SESSION_KEPT = 'session'

/** The held values of the server mutes and deafens (field `<server_id> <uid>`, `{mute, deaf}`): they outlast a leave and every process, so a rejoin anywhere keeps them. */
export const VOICE_MODERATED_HELD = 'moderated'

/** One process: every room is this process's and nothing travels. */
export function createLocalVoiceRelay (leaseMs: number): VoiceRelay {
  return createLocalLeaseRelay(leaseMs)
}

/** The relay over Redis at `url` (keys under `prefix`), connected and listening when it resolves. */
export async function createRedisVoiceRelay (url: string, prefix: string, leaseMs: number): Promise<VoiceRelay> {
  return createRedisLeaseRelay<VoiceRelayMessage>(url, { prefix, kind: 'voice', kept: [VOICE_STATES_KEPT] }, leaseMs)
}
