/**
 * A fake browser at the voice transport seam (src/services/voice/runtime.ts): peer
 * connections that record what they are given and answer with a fixed SDP, a microphone
 * that grants or refuses, level meters the test sets, audio outputs that record their volume.
 */
import type { AudioOutput, VoicePeerConnection, VoiceRuntime } from '@/services/voice/runtime'

/** A fake track (the microphone's or a member's). */
export interface FakeTrack {
  kind: 'audio'
  id: string
  enabled: boolean
  stopped: boolean
  constraints: unknown[]
  stop (): void
  applyConstraints (constraints: unknown): Promise<void>
}

/** A fake track with id `id`. */
export function fakeTrack (id: string): FakeTrack {
  const track: FakeTrack = {
    kind: 'audio', id, enabled: true, stopped: false, constraints: [],
    stop () { track.stopped = true },
    async applyConstraints (constraints) { track.constraints.push(constraints) },
  }
  return track
}

/** A fake transceiver of a fake peer. */
export interface FakeTransceiver {
  mid: string | null
  direction: string
  sender: { track: FakeTrack | null, replaceTrack (track: FakeTrack): Promise<void> }
  receiver: { track: FakeTrack }
}

/** A fake RTCPeerConnection. */
export interface FakePeer {
  config: RTCConfiguration
  remote: string[]
  local: string[]
  added: unknown[]
  transceivers: FakeTransceiver[]
  closed: boolean
  iceConnectionState: RTCIceConnectionState
  stats: Array<Record<string, unknown>>
  onicecandidate: ((event: { candidate: { candidate: string, sdpMid: string | null, sdpMLineIndex: number | null } | null }) => void) | null
  oniceconnectionstatechange: (() => void) | null
  ontrack: ((event: { transceiver: FakeTransceiver, track: FakeTrack, streams: unknown[] }) => void) | null
  /** The ICE state changes (the browser's agent). */
  setIceState (state: RTCIceConnectionState): void
  /** This browser found a candidate. */
  gather (candidate: string | null): void
}

/** The mids of an SDP offer the fake understands: `a=mid:<mid>` lines. */
function midsOf (sdp: string): string[] {
  return [...sdp.matchAll(/a=mid:(\S+)/g)].map(match => match[1])
}

function fakePeer (config: RTCConfiguration): FakePeer {
  const peer: FakePeer = {
    config, remote: [], local: [], added: [], transceivers: [], closed: false, iceConnectionState: 'new', stats: [],
    onicecandidate: null, oniceconnectionstatechange: null, ontrack: null,
    setIceState (state) {
      peer.iceConnectionState = state
      peer.oniceconnectionstatechange?.()
    },
    gather (candidate) {
      peer.onicecandidate?.({ candidate: candidate === null ? null : { candidate, sdpMid: '0', sdpMLineIndex: 0 } })
    },
  }
  return peer
}

/** The fake as the VoicePeerConnection the store drives. */
function asConnection (peer: FakePeer): VoicePeerConnection {
  return {
    get iceConnectionState () { return peer.iceConnectionState },
    get onicecandidate () { return peer.onicecandidate as never },
    set onicecandidate (handler) { peer.onicecandidate = handler as never },
    get oniceconnectionstatechange () { return peer.oniceconnectionstatechange as never },
    set oniceconnectionstatechange (handler) { peer.oniceconnectionstatechange = handler as never },
    get ontrack () { return peer.ontrack as never },
    set ontrack (handler) { peer.ontrack = handler as never },
    async setRemoteDescription (description: RTCSessionDescriptionInit) {
      peer.remote.push(description.sdp ?? '')
      for (const mid of midsOf(description.sdp ?? '')) {
        if (peer.transceivers.some(transceiver => transceiver.mid === mid)) continue
        const transceiver: FakeTransceiver = {
          mid,
          direction: 'recvonly',
          sender: { track: null, async replaceTrack (track) { transceiver.sender.track = track } },
          receiver: { track: fakeTrack(`remote-${mid}`) },
        }
        peer.transceivers.push(transceiver)
        peer.ontrack?.({ transceiver, track: transceiver.receiver.track, streams: [] })
      }
    },
    async createAnswer () { return { type: 'answer', sdp: `answer to ${peer.remote.length}` } },
    async setLocalDescription (description?: RTCLocalSessionDescriptionInit) { peer.local.push(description?.sdp ?? '') },
    async addIceCandidate (candidate?: RTCIceCandidateInit) { peer.added.push(candidate ?? null) },
    getTransceivers: () => peer.transceivers as unknown as RTCRtpTransceiver[],
    addTrack: (() => { throw new Error('the fake offers a transceiver for the microphone') }) as unknown as RTCPeerConnection['addTrack'],
    async getStats () { return new Map(peer.stats.map((entry, index) => [String(index), entry])) as unknown as RTCStatsReport },
    close () { peer.closed = true },
    restartIce () {},
  } as unknown as VoicePeerConnection
}

/** What the fake browser recorded. */
export interface FakeBrowser {
  runtime: VoiceRuntime
  peers: FakePeer[]
  lastPeer: () => FakePeer
  microphone: FakeTrack
  /** Constraints getUserMedia was asked for. */
  asked: MediaStreamConstraints[]
  /** The level the microphone's meter reads now. */
  level: { value: number }
  outputs: Array<{ track: FakeTrack, volume: number, muted: boolean, closed: boolean }>
}

/** A fake browser; `refuse` makes getUserMedia reject with a DOMException-like error of that name. */
export function fakeBrowser (options: { refuse?: string, userAgent?: string, secureContext?: boolean, hasMediaDevices?: boolean } = {}): FakeBrowser {
  const peers: FakePeer[] = []
  const microphone = fakeTrack('mic')
  const asked: MediaStreamConstraints[] = []
  const level = { value: 0 }
  const outputs: FakeBrowser['outputs'] = []
  const stream = { getAudioTracks: () => [microphone], getTracks: () => [microphone] } as unknown as MediaStream
  const runtime: VoiceRuntime = {
    createPeer: config => {
      const peer = fakePeer(config)
      peers.push(peer)
      return asConnection(peer)
    },
    getUserMedia: async constraints => {
      asked.push(constraints)
      if (options.refuse !== undefined) throw Object.assign(new Error(options.refuse), { name: options.refuse })
      return stream
    },
    secureContext: options.secureContext ?? true,
    hasMediaDevices: options.hasMediaDevices ?? true,
    userAgent: options.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
    meter: () => ({ level: () => level.value, close: () => undefined }),
    play: track => {
      const output = { track: track as unknown as FakeTrack, volume: 1, muted: false, closed: false }
      outputs.push(output)
      const played: AudioOutput = {
        setVolume: volume => { output.volume = volume },
        setMuted: muted => { output.muted = muted },
        close: () => { output.closed = true },
      }
      return played
    },
  }
  return { runtime, peers, lastPeer: () => peers[peers.length - 1], microphone, asked, level, outputs }
}
