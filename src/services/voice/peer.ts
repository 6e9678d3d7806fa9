/**
 * One member's WebRTC connection to the media worker holding their room (core/wire/voice.ts):
 * configured from `voice_ready` (its ICE servers; relayed candidates only when the server says
 * relay_only), it answers each `voice_offer` (the microphone's track on the transceiver no
 * member's audio comes on), trickles candidates both ways, names each remote stream by the
 * member whose audio it carries (the offer's `tracks`: mid → uid) and measures the path
 * (getStats: round trip and loss).
 */
import type { VoiceIceServer } from '@core/wire/voice'
import { selectedPathOf, type SelectedPath } from './ice-probe'
import type { VoicePeerConnection, VoiceRuntime } from './runtime'

/** An ICE candidate as the wire carries it (RTCIceCandidateInit), null when gathering ended. */
export type WireCandidate = { candidate: string, sdpMid?: string | null, sdpMLineIndex?: number | null } | null

/** What the peer tells its owner. */
export interface VoicePeerEvents {
  /** One of this browser's candidates to send (null: gathering done). */
  candidate (candidate: WireCandidate): void
  /** The ICE connection state changed ('checking', 'connected', 'disconnected', 'failed', …). */
  state (state: RTCIceConnectionState): void
  /** A member's audio track arrived, or the transceiver carrying it now carries another member's. */
  remote (uid: string, track: MediaStreamTrack): void
}

/** What getStats says of the path now: round trip in ms (null before any), and the fraction of inbound packets lost since the last reading. */
export interface VoicePathStats {
  rttMs: number | null
  loss: number
}

/** One member's connection to their room's media worker. */
export class VoicePeer {
  private readonly pc: VoicePeerConnection
  private uidOfMid = new Map<string, string>()
  private lastPackets = { received: 0, lost: 0 }

  constructor (runtime: Pick<VoiceRuntime, 'createPeer'>, iceServers: readonly VoiceIceServer[], relayOnly: boolean, private readonly local: MediaStreamTrack, private readonly events: VoicePeerEvents) {
    this.pc = runtime.createPeer({
      iceServers: iceServers.map(server => ({ ...server, urls: [...server.urls] })),
      // the server's VOICE_RELAY_ONLY: never reveal this device's addresses, go through TURN
      iceTransportPolicy: relayOnly ? 'relay' : 'all',
    })
    this.pc.onicecandidate = event => {
      const candidate = event.candidate
      this.events.candidate(candidate === null ? null : { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex })
    }
    this.pc.oniceconnectionstatechange = () => this.events.state(this.pc.iceConnectionState)
    this.pc.ontrack = event => {
      const uid = event.transceiver.mid === null ? undefined : this.uidOfMid.get(event.transceiver.mid)
      if (uid !== undefined) this.events.remote(uid, event.track)
    }
  }

  /** The ICE connection state now. */
  get state (): RTCIceConnectionState {
    return this.pc.iceConnectionState
  }

  /** Answers an offer of the worker; resolves the answer's SDP to send as `voice_answer`. */
  async answer (sdp: string, tracks: ReadonlyArray<{ mid: string, uid: string }>): Promise<string> {
    this.uidOfMid = new Map(tracks.map(track => [track.mid, track.uid]))
    await this.pc.setRemoteDescription({ type: 'offer', sdp })
    this.attachMicrophone()
    const answer = await this.pc.createAnswer()
    await this.pc.setLocalDescription(answer)
    // a renegotiation may reuse a transceiver for another member: name the streams again
    for (const transceiver of this.pc.getTransceivers()) {
      const uid = transceiver.mid === null ? undefined : this.uidOfMid.get(transceiver.mid)
      if (uid !== undefined && transceiver.receiver.track !== null) this.events.remote(uid, transceiver.receiver.track)
    }
    return answer.sdp ?? ''
  }

  /** The member whose audio transceiver `mid` carries, if any. */
  uidOf (mid: string): string | undefined {
    return this.uidOfMid.get(mid)
  }

  /** Adds one of the worker's candidates (null: its gathering ended). */
  async addCandidate (candidate: WireCandidate): Promise<void> {
    await this.pc.addIceCandidate(candidate ?? undefined)
  }

  /** Round trip and loss since the last reading (the connection quality). */
  async stats (): Promise<VoicePathStats> {
    const report = await this.pc.getStats()
    let rttMs: number | null = null
    let received = 0
    let lost = 0
    report.forEach((entry: { type?: string, state?: string, nominated?: boolean, currentRoundTripTime?: number, packetsReceived?: number, packetsLost?: number, kind?: string }) => {
      if (entry.type === 'candidate-pair' && entry.state === 'succeeded' && entry.nominated === true && typeof entry.currentRoundTripTime === 'number') rttMs = entry.currentRoundTripTime * 1000
      if (entry.type === 'inbound-rtp') {
        received += entry.packetsReceived ?? 0
        lost += Math.max(0, entry.packetsLost ?? 0)
      }
    })
    const delta = { received: received - this.lastPackets.received, lost: lost - this.lastPackets.lost }
    this.lastPackets = { received, lost }
    const total = delta.received + delta.lost
    return { rttMs, loss: total > 0 ? Math.max(0, delta.lost) / total : 0 }
  }

  /** The candidate pair the connection chose (direct or relayed), or null before one is chosen. */
  async selectedPath (): Promise<SelectedPath | null> {
    return selectedPathOf(await this.pc.getStats())
  }

  /** Closes the connection. */
  close (): void {
    this.pc.onicecandidate = null
    this.pc.oniceconnectionstatechange = null
    this.pc.ontrack = null
    this.pc.close()
  }

  /** Puts the microphone on the audio transceiver that carries no member's audio (the member's own upstream), once. */
  private attachMicrophone (): void {
    const transceivers = this.pc.getTransceivers()
    if (transceivers.some(transceiver => transceiver.sender.track === this.local)) return
    const upstream = transceivers.find(transceiver => transceiver.mid !== null && !this.uidOfMid.has(transceiver.mid) && transceiver.receiver.track?.kind !== 'video')
    if (upstream === undefined) {
      this.pc.addTrack(this.local)
      return
    }
    void upstream.sender.replaceTrack(this.local)
    upstream.direction = 'sendrecv'
  }
}
