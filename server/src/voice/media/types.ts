/**
 * The media side of voice channels as the rest of the server sees it: an SFU that holds one
 * WebRTC peer connection per member in a room, forwards each speaker's Opus packets to the
 * others (never mixing), and drops what a server mute or a deafen says it must not forward.
 * This process's implementation runs in a forked media worker (./worker.ts) so packets never
 * run on the API's event loop; the voice hub (../hub.ts) talks to it only through this
 * interface, so a bigger SFU can be put behind it later. Types only.
 *
 * Signalling is the worker's: it offers (on join, when the room's speakers change, on an
 * ICE restart), the member's browser answers. Every offer and candidate the worker makes
 * comes back through {@link VoiceMediaEvents}; the hub sends them on the member's socket.
 */
import type { VoiceIceServer } from '@core/wire/voice'

/** One member's peer in a room: `peerId` is unique per join (a rejoin is a new peer). */
export interface VoicePeerOptions {
  /** The room (a voice channel's id). */
  roomId: string
  peerId: string
  /** Whose audio it is (the offer's `tracks` name them). */
  uid: string
  /** The room's Opus bitrate, bits per second. */
  bitrate: number
  /** Not forwarded: server-muted, self-muted, or without Speak. */
  silenced: boolean
  /** Sent nothing: server-deafened or self-deafened. */
  deafened: boolean
  /** ICE servers the worker's own agent uses (STUN/TURN for the worker side; empty on loopback). */
  iceServers: readonly VoiceIceServer[]
}

/** What the worker tells about one peer. */
export interface VoicePeerStats {
  peerId: string
  /** ICE connection state as RTCPeerConnection names it ('new' … 'connected', 'disconnected', 'failed', 'closed'). */
  state: string
  /** RTP packets received from this peer's browser, and forwarded from it to others. */
  packetsIn: number
  packetsForwarded: number
  /** RTP packets sent to this peer's browser (others' audio). */
  packetsOut: number
  /** Packets the peer's browser reported lost (RTCP receiver reports), 0…1 of those sent to it. */
  lossFraction: number
  /** Round trip to the browser in ms from RTCP, or null before any report. */
  rttMs: number | null
}

/** What the media worker tells the hub. */
export interface VoiceMediaEvents {
  /** An offer for the peer's browser; `tracks` maps each transceiver mid to the uid whose audio it carries. */
  offer (peerId: string, sdp: string, tracks: ReadonlyArray<{ mid: string, uid: string }>): void
  /** One of the worker's ICE candidates for the peer (null: gathering done). */
  candidate (peerId: string, candidate: { candidate: string, sdpMid?: string | null, sdpMLineIndex?: number | null } | null): void
  /** The peer's connection state changed ('connected', 'disconnected', 'failed', 'closed'). */
  state (peerId: string, state: string): void
}

/** The SFU behind voice rooms. Every method is asynchronous (the worker is another process); a rejected promise is an error worth logging, not the member's fault. */
export interface VoiceMedia {
  /** Opens a peer for a member joining a room; its first offer follows through {@link VoiceMediaEvents.offer}. */
  join (options: VoicePeerOptions): Promise<void>
  /** The browser's answer to the peer's last offer. */
  answer (peerId: string, sdp: string): Promise<void>
  /** One trickled candidate of the browser (null: gathering done). */
  addCandidate (peerId: string, candidate: { candidate: string, sdpMid?: string | null, sdpMLineIndex?: number | null } | null): Promise<void>
  /** Whether the peer's audio is forwarded (false: server mute, self mute, no Speak). */
  setSilenced (peerId: string, silenced: boolean): Promise<void>
  /** Whether the peer is sent the others' audio (false: deafened). */
  setDeafened (peerId: string, deafened: boolean): Promise<void>
  /** Offers again with an ICE restart. */
  restartIce (peerId: string): Promise<void>
  /** Closes the peer and stops forwarding to and from it. */
  leave (peerId: string): Promise<void>
  /** Every open peer's numbers. */
  stats (): Promise<VoicePeerStats[]>
  /** Stops the worker (the process is closing). */
  close (): Promise<void>
}
