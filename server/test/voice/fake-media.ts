/**
 * A fake of the voice media worker at the transport seam (server/src/voice/media/types.ts):
 * it records every call the hub makes, offers each peer that joins at once (as the worker
 * does), and lets a test play the worker's events (a candidate, a failed connection).
 */
import type { VoiceMedia, VoiceMediaEvents, VoicePeerOptions } from '../../src/voice/media/types'
import type { VoiceMediaFactory } from '../../src/voice/hub'

/** One call the hub made. */
export interface MediaCall {
  method: 'join' | 'answer' | 'addCandidate' | 'setSilenced' | 'setDeafened' | 'restartIce' | 'leave'
  peerId: string
  value?: unknown
}

/** The fake and the factory the app opens it with. */
export interface FakeVoiceMedia {
  open: VoiceMediaFactory
  /** Every call, in order. */
  calls: MediaCall[]
  /** Open peers by id. */
  peers: Map<string, VoicePeerOptions>
  /** The hub's ears (set once the app opened the media). */
  events: () => VoiceMediaEvents
  /** The open peer of `uid`, if any. */
  peerOf (uid: string): VoicePeerOptions | undefined
  /** Calls of `method` on the peers of `uid` (every peer it had). */
  callsOf (uid: string, method: MediaCall['method']): MediaCall[]
}

/** The offer every join gets. */
export const FAKE_OFFER = 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n'

/** A fresh fake. */
export function fakeVoiceMedia (): FakeVoiceMedia {
  const calls: MediaCall[] = []
  const peers = new Map<string, VoicePeerOptions>()
  const uids = new Map<string, string>()
  let events: VoiceMediaEvents | null = null
  const record = (method: MediaCall['method'], peerId: string, value?: unknown): void => { calls.push({ method, peerId, value }) }
  const media: VoiceMedia = {
    async join (options) {
      record('join', options.peerId, options)
      peers.set(options.peerId, options)
      uids.set(options.peerId, options.uid)
      setImmediate(() => events?.offer(options.peerId, FAKE_OFFER, [{ mid: '0', uid: options.uid }]))
    },
    async answer (peerId, sdp) { record('answer', peerId, sdp) },
    async addCandidate (peerId, candidate) { record('addCandidate', peerId, candidate) },
    async setSilenced (peerId, silenced) { record('setSilenced', peerId, silenced) },
    async setDeafened (peerId, deafened) { record('setDeafened', peerId, deafened) },
    async restartIce (peerId) { record('restartIce', peerId) },
    async leave (peerId) {
      record('leave', peerId)
      peers.delete(peerId)
    },
    stats: async () => [],
    close: async () => undefined,
  }
  return {
    open: ears => {
      events = ears
      return media
    },
    calls,
    peers,
    events: () => {
      if (!events) throw new Error('the app has not opened the voice media yet')
      return events
    },
    peerOf: uid => [...peers.values()].find(peer => peer.uid === uid),
    callsOf: (uid, method) => calls.filter(call => call.method === method && uids.get(call.peerId) === uid),
  }
}
