/**
 * The voice rooms as the media worker (./worker.ts) holds them: one werift
 * RTCPeerConnection per member's browser, each speaker's Opus RTP forwarded to the others
 * as it came (an SFU: never decoded, never mixed). The worker is always the offerer: a
 * peer's connection has one recvonly transceiver (the member's microphone) and one
 * sendonly transceiver per other member (that member's voice); whenever the room's members
 * change, every peer is offered again. A transceiver whose member left goes inactive and is
 * given to the next member who joins, so a long-lived room does not grow its offers.
 *
 * Everything here runs in one process and is tested in-process (server/test/voice/media/);
 * ./worker-media.ts runs it in a forked worker for the API process.
 */
import {
  RTCPeerConnection, RTCRtpCodecParameters, useSdesMid as sdesMidExtension,
  type RTCRtpTransceiver, type RtpPacket,
} from 'werift'
import type { VoiceMedia, VoiceMediaEvents, VoicePeerOptions, VoicePeerStats } from './types'

/** Where the worker's UDP sockets listen and what address it advertises (config: VOICE_PUBLIC_IP, VOICE_UDP_PORT_MIN/MAX). */
export interface VoiceMediaNetwork {
  /**
   * The address browsers reach the worker at, when the machine sits behind a 1:1 NAT (a
   * cloud VM's public IP): every host candidate the worker offers is advertised with it.
   * Null: the machine's own addresses (and loopback) are advertised as they are.
   */
  publicIp: string | null
  /** Lowest and highest UDP port of the worker's sockets (one a peer per local address). */
  udpPortMin: number
  udpPortMax: number
}

/** One ICE candidate as RTCIceCandidateInit (the contract's shape). */
type CandidateInit = { candidate: string, sdpMid?: string | null, sdpMLineIndex?: number | null }

/** Opus RTP clock rate (RFC 7587: always 48 kHz). */
const OPUS_CLOCK_RATE = 48_000

/**
 * The Opus format offered: in-band FEC (a lost frame is rebuilt from the next one), DTX
 * (silence costs almost nothing), frames down to 10 ms, and the room's bitrate as the
 * browser's encoder ceiling (RFC 7587 §6.1 `maxaveragebitrate`).
 */
function opusCodec (bitrate: number): RTCRtpCodecParameters {
  return new RTCRtpCodecParameters({
    mimeType: 'audio/opus',
    clockRate: OPUS_CLOCK_RATE,
    channels: 2,
    parameters: `minptime=10;useinbandfec=1;usedtx=1;maxaveragebitrate=${bitrate}`,
  })
}

/**
 * The offer as the browser gets it: each audio section also carries `b=AS` (RFC 4566 §5.8,
 * kbit/s) so browsers that read the bandwidth line rather than the fmtp cap their encoder
 * at the room's bitrate; with a public IP, host candidates name it instead of the
 * machine's private address. Candidates are listed in the first section only: every
 * section is bundled on its transport (RFC 8843), so repeating them in each (as werift
 * does) only makes a full room's offer outgrow the wire's 60 KB.
 */
export function offerForBrowser (sdp: string, bitrate: number, publicIp: string | null): string {
  const kbps = Math.ceil(bitrate / 1000)
  const out: string[] = []
  let sections = 0
  let inAudio = false
  for (const line of sdp.split('\r\n')) {
    if (line.startsWith('m=')) {
      sections++
      inAudio = line.startsWith('m=audio')
    }
    if (inAudio && line.startsWith('b=AS:')) continue
    const candidateLine = line.startsWith('a=candidate:') || line === 'a=end-of-candidates'
    if (candidateLine && sections > 1) continue
    out.push(line.startsWith('a=candidate:') ? `a=${advertised(line.slice(2), publicIp)}` : line)
    if (inAudio && line.startsWith('c=')) out.push(`b=AS:${kbps}`)
  }
  return out.join('\r\n')
}

/** A host candidate with its address replaced by the public one (loopback stays as it is: it only serves this machine). */
export function advertised (candidate: string, publicIp: string | null): string {
  if (publicIp === null) return candidate
  const fields = candidate.split(' ')
  // candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> …
  if (fields.length < 8 || fields[7] !== 'host' || isLoopback(fields[4])) return candidate
  fields[4] = publicIp
  return fields.join(' ')
}

function isLoopback (address: string): boolean {
  return address.startsWith('127.') || address === '::1'
}

/**
 * One downlink of a peer's connection: a sendonly transceiver carrying one other member's
 * voice. Sequence numbers are rewritten so the browser sees one unbroken stream: packets
 * the SFU chose not to send (a silenced speaker, a deafened listener) leave no gap that the
 * browser would count as loss, and a transceiver handed to a new member continues where
 * the last one stopped, with timestamps that follow the wall clock across the switch.
 */
class Downlink {
  /** The peer whose voice this carries in the last offer; null: inactive, free for the next member. */
  sourceId: string | null = null
  /** The browser answered the offer naming `sourceId`: its packets may flow. */
  live = false
  private sequenceShift = 0
  private timestampShift = 0
  private rebase = true
  private lastSequence: number | null = null
  private lastTimestamp = 0
  private lastSentAt = 0

  constructor (readonly transceiver: RTCRtpTransceiver) {}

  /** Carries another member's voice from the next offer on. */
  assign (sourceId: string | null): void {
    this.sourceId = sourceId
    this.live = false
    this.rebase = true
  }

  /** A packet of the source that this listener is not sent: later sequence numbers close the gap. */
  skip (): void {
    if (!this.rebase) this.sequenceShift = (this.sequenceShift - 1) & 0xffff
  }

  /** Sends one packet of the source (a copy: werift's sender rewrites the header it is given). */
  send (packet: RtpPacket): void {
    const now = Date.now()
    const { sequenceNumber, timestamp } = packet.header
    if (this.rebase) {
      this.rebase = false
      if (this.lastSequence !== null) {
        this.sequenceShift = (this.lastSequence + 1 - sequenceNumber) & 0xffff
        const elapsed = Math.max(1, Math.round((now - this.lastSentAt) * OPUS_CLOCK_RATE / 1000))
        this.timestampShift = (this.lastTimestamp + elapsed - timestamp) >>> 0
      }
    }
    const copy = packet.clone()
    copy.header.sequenceNumber = (sequenceNumber + this.sequenceShift) & 0xffff
    copy.header.timestamp = (timestamp + this.timestampShift) >>> 0
    // The uplink's header extension ids mean nothing on this connection: the sender adds its own.
    copy.header.extensions = []
    copy.header.extension = false
    this.lastSequence = copy.header.sequenceNumber
    this.lastTimestamp = copy.header.timestamp
    this.lastSentAt = now
    this.transceiver.sender.sendRtp(copy).catch(() => { /* a closing transport drops the packet */ })
  }
}

/** One member's browser in a room. */
class Peer {
  readonly downlinks: Downlink[] = []
  /** Downlinks by the peer whose voice they carry (as the next or last offer says). */
  readonly downlinkBySource = new Map<string, Downlink>()
  silenced: boolean
  deafened: boolean
  /** An offer is out and its answer not yet applied. */
  negotiating = false
  /** The room changed (or an ICE restart was asked) while an offer was out: offer again after its answer. */
  offerQueued = false
  iceRestartQueued = false
  /** The offer that is out restarts ICE. */
  restarting = false
  /** An offer went out and no other is being made: candidates found now are trickled (while one is made, they ride in its SDP). */
  trickling = false
  closed = false
  packetsIn = 0
  packetsForwarded = 0
  packetsOut = 0

  constructor (readonly options: VoicePeerOptions, readonly pc: RTCPeerConnection) {
    this.silenced = options.silenced
    this.deafened = options.deafened
  }

  get id (): string { return this.options.peerId }
}

/**
 * The SFU of one process: rooms of peers, each with its connection. Implements the
 * VoiceMedia contract in-process; {@link VoiceMediaEvents} receive its offers, candidates
 * and connection states.
 */
export class Sfu implements VoiceMedia {
  private readonly peers = new Map<string, Peer>()
  /** Peers of each room in the order they joined. */
  private readonly rooms = new Map<string, Peer[]>()

  /**
   * @param events where offers, candidates and states go (the hub, or the worker's IPC)
   * @param network the worker's ports and advertised address
   * @param log where a failure nobody awaits is told (a re-offer that could not be made)
   */
  constructor (
    private readonly events: VoiceMediaEvents,
    private readonly network: VoiceMediaNetwork,
    private readonly log: (message: string) => void = () => {},
  ) {}

  /** Opens the member's connection and offers it; re-offers everyone else in the room. */
  async join (options: VoicePeerOptions): Promise<void> {
    if (this.peers.has(options.peerId)) throw new Error(`voice peer ${options.peerId} already joined`)
    const peer = new Peer(options, this.connection(options))
    const mic = peer.pc.addTransceiver('audio', { direction: 'recvonly' })
    mic.onTrack.subscribe(track => {
      track.onReceiveRtp.subscribe(packet => { this.forward(peer, packet) })
    })
    peer.pc.connectionStateChange.subscribe(state => {
      if (peer.closed) return
      this.events.state(peer.id, state)
      if (state !== 'connecting' && (peer.offerQueued || peer.iceRestartQueued)) this.requestOffer(peer)
    })
    peer.pc.onIceCandidate.subscribe(candidate => {
      // Gathering ends inside setLocalDescription: what it finds is in the offer's SDP, and a
      // candidate of an ICE restart sent before its offer would not match the browser's ufrag.
      if (peer.closed || !peer.trickling) return
      this.events.candidate(peer.id, candidate
        ? { ...candidate.toJSON(), candidate: advertised(candidate.candidate, this.network.publicIp) }
        : null)
    })
    this.peers.set(peer.id, peer)
    const room = this.rooms.get(options.roomId) ?? []
    room.push(peer)
    this.rooms.set(options.roomId, room)
    for (const other of room) if (other !== peer) this.requestOffer(other)
    try {
      await this.offer(peer)
    } catch (error) {
      // A peer that could not be offered is no member: the others are offered again without it.
      await this.leave(peer.id).catch(() => {})
      throw error
    }
  }

  /** Applies the browser's answer to the peer's outstanding offer; a change meanwhile is offered now. */
  async answer (peerId: string, sdp: string): Promise<void> {
    const peer = this.peer(peerId)
    if (!peer.negotiating) throw new Error(`voice peer ${peerId} has no offer outstanding`)
    await peer.pc.setRemoteDescription({ type: 'answer', sdp })
    peer.negotiating = false
    if (peer.restarting) {
      peer.restarting = false
      this.recheck(peer)
    }
    for (const downlink of peer.downlinks) {
      if (downlink.sourceId !== null) downlink.live = true
    }
    if (peer.offerQueued || peer.iceRestartQueued) this.requestOffer(peer)
  }

  /** Adds one of the browser's trickled candidates (null: its gathering ended). */
  async addCandidate (peerId: string, candidate: CandidateInit | null): Promise<void> {
    const peer = this.peer(peerId)
    await peer.pc.addIceCandidate(candidate === null
      ? null
      : { candidate: candidate.candidate, sdpMid: candidate.sdpMid ?? undefined, sdpMLineIndex: candidate.sdpMLineIndex ?? undefined })
  }

  /** Stops (true) or resumes forwarding the peer's voice. */
  async setSilenced (peerId: string, silenced: boolean): Promise<void> {
    this.peer(peerId).silenced = silenced
  }

  /** Stops (true) or resumes sending the peer the others' voices. */
  async setDeafened (peerId: string, deafened: boolean): Promise<void> {
    this.peer(peerId).deafened = deafened
  }

  /** Offers the peer again with new ICE credentials (after its outstanding offer, if any). */
  async restartIce (peerId: string): Promise<void> {
    const peer = this.peer(peerId)
    peer.iceRestartQueued = true
    this.requestOffer(peer)
  }

  /** Closes the peer's connection; the others are offered again without its voice. */
  async leave (peerId: string): Promise<void> {
    const peer = this.peer(peerId)
    peer.closed = true
    this.peers.delete(peerId)
    const room = (this.rooms.get(peer.options.roomId) ?? []).filter(other => other !== peer)
    if (room.length === 0) this.rooms.delete(peer.options.roomId)
    else this.rooms.set(peer.options.roomId, room)
    for (const other of room) {
      // Its packets stop at once; the transceiver is freed by the re-offer.
      other.downlinkBySource.delete(peerId)
      this.requestOffer(other)
    }
    await peer.pc.close()
  }

  /** Every open peer's counters, with loss and round trip from its browser's receiver reports. */
  async stats (): Promise<VoicePeerStats[]> {
    return await Promise.all([...this.peers.values()].map(async peer => {
      const losses: number[] = []
      const rtts: number[] = []
      const report = await peer.pc.getStats()
      for (const entry of report.values()) {
        if (entry.type !== 'remote-inbound-rtp') continue
        const remote = entry as { fractionLost?: number, roundTripTime?: number }
        if (typeof remote.fractionLost === 'number') losses.push(remote.fractionLost)
        if (typeof remote.roundTripTime === 'number') rtts.push(remote.roundTripTime * 1000)
      }
      return {
        peerId: peer.id,
        state: peer.pc.connectionState,
        packetsIn: peer.packetsIn,
        packetsForwarded: peer.packetsForwarded,
        packetsOut: peer.packetsOut,
        lossFraction: losses.length === 0 ? 0 : Math.max(...losses),
        rttMs: rtts.length === 0 ? null : Math.round(rtts.reduce((a, b) => a + b, 0) / rtts.length),
      }
    }))
  }

  /** Closes every connection. */
  async close (): Promise<void> {
    const peers = [...this.peers.values()]
    this.peers.clear()
    this.rooms.clear()
    for (const peer of peers) peer.closed = true
    await Promise.all(peers.map(async peer => { await peer.pc.close() }))
  }

  private peer (peerId: string): Peer {
    const peer = this.peers.get(peerId)
    if (!peer) throw new Error(`unknown voice peer ${peerId}`)
    return peer
  }

  private connection (options: VoicePeerOptions): RTCPeerConnection {
    return new RTCPeerConnection({
      codecs: { audio: [opusCodec(options.bitrate)] },
      headerExtensions: { audio: [sdesMidExtension()] },
      // werift's default is a public STUN server: the worker asks only those it is given.
      iceServers: options.iceServers.map(server => ({ ...server })),
      icePortRange: [this.network.udpPortMin, this.network.udpPortMax],
      // Loopback is not gathered by default: with it a browser on this machine connects with no
      // configuration. A machine with a public address serves no browser of its own: no port spent on it.
      iceAdditionalHostAddresses: this.network.publicIp === null ? ['127.0.0.1'] : [],
      bundlePolicy: 'max-bundle',
    })
  }

  /** One packet of a speaker: to every listener of the room that may hear it. */
  private forward (source: Peer, packet: RtpPacket): void {
    if (source.closed) return
    source.packetsIn += 1
    const room = this.rooms.get(source.options.roomId) ?? []
    let sent = false
    for (const listener of room) {
      if (listener === source) continue
      const downlink = listener.downlinkBySource.get(source.id)
      if (!downlink?.live) continue
      if (source.silenced || listener.deafened) {
        downlink.skip()
        continue
      }
      downlink.send(packet)
      listener.packetsOut += 1
      sent = true
    }
    if (sent) source.packetsForwarded += 1
  }

  /**
   * Offers now, or after the answer to the offer that is out, or once the connection is up:
   * werift starts connecting again on every answer, and a second start while the first
   * one's checks run can fail the connection. An ICE restart is not held back by a
   * connection stuck connecting: it is what unsticks it.
   */
  private requestOffer (peer: Peer): void {
    if (peer.closed) return
    if (peer.negotiating || (peer.pc.connectionState === 'connecting' && !peer.iceRestartQueued)) {
      peer.offerQueued = true
      return
    }
    this.offer(peer).catch(error => {
      this.log(`voice peer ${peer.id}: offer failed: ${String(error)}`)
      if (!peer.closed) this.events.state(peer.id, 'failed')
    })
  }

  /**
   * Runs the connectivity checks of an ICE restart. werift 0.24 starts ICE on an answer
   * only when DTLS is not up, and DTLS stays up across a restart, so without this the
   * restarted agent never checks a pair again and every packet goes nowhere.
   */
  private recheck (peer: Peer): void {
    for (const dtls of peer.pc.dtlsTransports) {
      if (dtls.state !== 'connected') continue
      dtls.iceTransport.start().catch(error => {
        this.log(`voice peer ${peer.id}: ICE restart failed: ${String(error)}`)
        if (!peer.closed) this.events.state(peer.id, 'failed')
      })
    }
  }

  /** Fits the peer's downlinks to the room's other members and sends the offer that says so. */
  private async offer (peer: Peer): Promise<void> {
    peer.negotiating = true
    peer.trickling = false
    const iceRestart = peer.iceRestartQueued
    peer.offerQueued = false
    peer.iceRestartQueued = false
    peer.restarting = iceRestart
    this.fitDownlinks(peer)
    const offer = await peer.pc.createOffer({ iceRestart })
    await peer.pc.setLocalDescription(offer)
    if (peer.closed) return
    const sdp = offerForBrowser(peer.pc.localDescription?.sdp ?? offer.sdp, peer.options.bitrate, this.network.publicIp)
    const tracks = peer.downlinks.flatMap(downlink => {
      const source = downlink.sourceId === null ? undefined : this.peers.get(downlink.sourceId)
      return source && downlink.transceiver.mid !== null ? [{ mid: downlink.transceiver.mid, uid: source.options.uid }] : []
    })
    this.events.offer(peer.id, sdp, tracks)
    peer.trickling = true
  }

  /** A sendonly downlink for each other member, reusing those of members who left. */
  private fitDownlinks (peer: Peer): void {
    const others = (this.rooms.get(peer.options.roomId) ?? []).filter(other => other !== peer)
    const wanted = new Set(others.map(other => other.id))
    for (const downlink of peer.downlinks) {
      if (downlink.sourceId !== null && !wanted.has(downlink.sourceId)) {
        peer.downlinkBySource.delete(downlink.sourceId)
        downlink.assign(null)
        downlink.transceiver.setDirection('inactive')
      }
    }
    const carried = new Set(peer.downlinks.map(downlink => downlink.sourceId))
    for (const other of others) {
      if (carried.has(other.id)) continue
      let downlink = peer.downlinks.find(candidate => candidate.sourceId === null)
      if (downlink) {
        downlink.transceiver.setDirection('sendonly')
      } else {
        downlink = new Downlink(peer.pc.addTransceiver('audio', { direction: 'sendonly' }))
        peer.downlinks.push(downlink)
      }
      downlink.assign(other.id)
      peer.downlinkBySource.set(other.id, downlink)
    }
  }
}
