/**
 * A member's browser for the media tests, without a browser: a werift RTCPeerConnection on
 * loopback that answers the worker's offers as Chromium would (its microphone on the
 * recvonly section, the others' voices on the sendonly ones), writes Opus-shaped RTP on its
 * microphone, and counts what arrives on each transceiver, by the uid the offer's `tracks`
 * say it carries.
 */
import {
  RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, RtpPacket, useSdesMid as sdesMidExtension,
  type RTCRtpTransceiver,
} from 'werift'
import type { VoiceMedia, VoiceMediaEvents, VoicePeerOptions } from '../../../src/voice/media/types'

/** What a browser needs of the media side: join, answer, trickle (the media itself, or a gateway session carrying them). */
export type BrowserSignalling = Pick<VoiceMedia, 'join' | 'answer' | 'addCandidate'>

/** One offer the browser got. */
export interface ReceivedOffer {
  sdp: string
  tracks: ReadonlyArray<{ mid: string, uid: string }>
}

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function until (check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise(resolve => setTimeout(resolve, 20))
  }
}

function iceUfrag (sdp: string): string | undefined {
  return /a=ice-ufrag:(\S+)/.exec(sdp)?.[1]
}

/** Resolves after `ms`. */
export async function pause (ms: number): Promise<void> {
  await new Promise(resolve => setTimeout(resolve, ms))
}

/** A browser in a voice room. */
export class WeriftBrowser {
  readonly pc = new RTCPeerConnection({
    codecs: { audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48_000, channels: 2 })] },
    headerExtensions: { audio: [sdesMidExtension()] },
    iceServers: [],
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceUseIpv6: false,
  })

  readonly offers: ReceivedOffer[] = []
  /** Offers answered (the media took the answer). */
  answered = 0
  /** Answers that failed (an offer it could not apply, an answer the media refused). */
  readonly errors: unknown[] = []
  /** Answers offers as they come; false: {@link answerHeld} answers the ones held. */
  autoAnswer = true
  private held: ReceivedOffer[] = []
  /** Packets received, by the uid whose voice the transceiver carries (per the last offer). */
  readonly receivedFrom = new Map<string, number>()
  /** Payloads received, in order, with the sender's uid. */
  readonly payloads: Array<{ uid: string, payload: Buffer, sequenceNumber: number }> = []
  private tracks = new Map<string, string>()
  private framesSent = 0
  private sequenceNumber = Math.floor(Math.random() * 0xffff)
  private timestamp = Math.floor(Math.random() * 0xffffffff)
  private readonly ssrc = Math.floor(Math.random() * 0xffffffff)
  private answering: Promise<void> = Promise.resolve()

  constructor (readonly media: BrowserSignalling, readonly peerId: string, readonly uid: string) {
    this.pc.onIceCandidate.subscribe(candidate => {
      if (candidate) void this.media.addCandidate(this.peerId, candidate.toJSON()).catch(() => {})
    })
    // Before the offer's tracks are added (inside setRemoteDescription), so no track is missed.
    this.pc.onRemoteTransceiverAdded.subscribe(transceiver => { this.listen(transceiver) })
  }

  /** Joins the room through the media (its offers reach {@link receiveOffer} through {@link eventsFor}). */
  async join (roomId: string, options: Partial<VoicePeerOptions> = {}): Promise<void> {
    await this.media.join({
      roomId, peerId: this.peerId, uid: this.uid, bitrate: 64_000, silenced: false, deafened: false, iceServers: [], ...options,
    })
  }

  /** Answers an offer (in order: the worker never has two out). */
  receiveOffer (sdp: string, tracks: ReadonlyArray<{ mid: string, uid: string }>): void {
    this.offers.push({ sdp, tracks })
    if (this.autoAnswer) this.answerOffer({ sdp, tracks })
    else this.held.push({ sdp, tracks })
  }

  /** Answers the offers held while {@link autoAnswer} was off, and answers from now on. */
  answerHeld (): void {
    this.autoAnswer = true
    for (const offer of this.held.splice(0)) this.answerOffer(offer)
  }

  /** Every offer answered, and the last one names each of `uids` (the room as expected). */
  settledWith (uids: readonly string[]): boolean {
    const last = this.offers.at(-1)
    return this.connected && last !== undefined && this.answered === this.offers.length &&
      last.tracks.length === uids.length && uids.every(uid => last.tracks.some(track => track.uid === uid))
  }

  private answerOffer ({ sdp, tracks }: ReceivedOffer): void {
    this.answering = this.answering.then(async () => {
      // werift starts connecting again on every answer it makes; a second start while the
      // first one's checks run leaves timers behind (Chromium has no such limit): wait for it.
      await until(() => this.pc.connectionState !== 'connecting', 'the connection to settle before answering again', 10_000)
      const restart = this.pc.remoteDescription !== null && iceUfrag(this.pc.remoteDescription.sdp) !== iceUfrag(sdp)
      await this.pc.setRemoteDescription({ type: 'offer', sdp })
      for (const transceiver of this.pc.getTransceivers()) {
        const carried = tracks.some(track => track.mid === transceiver.mid)
        if (transceiver.mLineIndex === 0) transceiver.setDirection('sendonly')
        else transceiver.setDirection(carried ? 'recvonly' : 'inactive')
      }
      const answer = await this.pc.createAnswer()
      await this.pc.setLocalDescription(answer)
      // Chromium checks again on an ICE restart by itself; werift 0.24 does not while DTLS is up (see the SFU's recheck).
      if (restart) for (const dtls of this.pc.dtlsTransports) void dtls.iceTransport.start().catch(() => {})
      this.tracks = new Map(tracks.map(track => [track.mid, track.uid]))
      await this.media.answer(this.peerId, this.pc.localDescription?.sdp ?? answer.sdp)
      this.answered += 1
    }).catch((error: unknown) => { this.errors.push(error) })
  }

  /** Packets received from `uid` so far. */
  from (uid: string): number {
    return this.receivedFrom.get(uid) ?? 0
  }

  /** Connected (DTLS up, so RTP can flow). */
  get connected (): boolean {
    return this.pc.connectionState === 'connected'
  }

  /** Writes `count` 20 ms Opus-shaped frames on the microphone, `intervalMs` apart. */
  async speak (count: number, intervalMs = 20): Promise<void> {
    for (let i = 0; i < count; i++) {
      await this.frame(i === 0)
      if (intervalMs > 0) await pause(intervalMs)
    }
  }

  /** Writes one 20 ms Opus-shaped frame of 80 bytes (`first`: the marker bit of a talk spurt's start). */
  async frame (first = false): Promise<void> {
    const mic = this.pc.getTransceivers().find(transceiver => transceiver.mLineIndex === 0)
    if (!mic) throw new Error('no microphone transceiver yet')
    this.sequenceNumber = (this.sequenceNumber + 1) & 0xffff
    this.timestamp = (this.timestamp + 960) >>> 0
    const header = new RtpHeader({ payloadType: 111, sequenceNumber: this.sequenceNumber, timestamp: this.timestamp, ssrc: this.ssrc, marker: first })
    const index = this.framesSent++
    await mic.sender.sendRtp(new RtpPacket(header, Buffer.from(`${this.uid}:${index}`.padEnd(80, '.'))))
  }

  /** Closes the browser's connection. */
  async close (): Promise<void> {
    await this.pc.close()
  }

  private listen (transceiver: RTCRtpTransceiver): void {
    transceiver.onTrack.subscribe(track => {
      track.onReceiveRtp.subscribe(packet => {
        const uid = transceiver.mid === null ? undefined : this.tracks.get(transceiver.mid)
        if (uid === undefined) return
        this.receivedFrom.set(uid, this.from(uid) + 1)
        this.payloads.push({ uid, payload: packet.payload, sequenceNumber: packet.header.sequenceNumber })
      })
    })
  }
}

/** Media events routed to the browsers by peer id, with every state kept. */
export class BrowserEvents implements VoiceMediaEvents {
  readonly browsers = new Map<string, WeriftBrowser>()
  readonly states: Array<{ peerId: string, state: string }> = []
  /** Every event, in order (a state as `state:<state>`). */
  readonly signals: Array<{ peerId: string, kind: string }> = []

  /** The browser that gets `peerId`'s events. */
  add (browser: WeriftBrowser): WeriftBrowser {
    this.browsers.set(browser.peerId, browser)
    return browser
  }

  offer (peerId: string, sdp: string, tracks: ReadonlyArray<{ mid: string, uid: string }>): void {
    this.signals.push({ peerId, kind: 'offer' })
    this.browsers.get(peerId)?.receiveOffer(sdp, tracks)
  }

  candidate (peerId: string, candidate: { candidate: string, sdpMid?: string | null, sdpMLineIndex?: number | null } | null): void {
    this.signals.push({ peerId, kind: 'candidate' })
    const browser = this.browsers.get(peerId)
    if (browser && candidate) {
      void browser.pc.addIceCandidate({ candidate: candidate.candidate, sdpMid: candidate.sdpMid ?? undefined, sdpMLineIndex: candidate.sdpMLineIndex ?? undefined }).catch(() => {})
    }
  }

  state (peerId: string, state: string): void {
    this.signals.push({ peerId, kind: `state:${state}` })
    this.states.push({ peerId, state })
  }
}
