/**
 * The member's own voice connection (core/wire/voice.ts), one per app: the room page and
 * the bar every page shows while connected read it. Its state machine:
 * idle → asking-mic → joining → connected ⇄ reconnecting → left (and back to joining for
 * another room). It asks for the microphone (explaining a refusal per browser), sends
 * `voice_join` on the gateway, answers the media worker's offers through ./peer, trickles
 * candidates, and keeps what the member chose: mute and deafen (sent as `voice_state`),
 * voice activity or push-to-talk, the three audio processings, a volume per member. On an
 * ICE drop it asks `voice_restart` and, not back within VOICE_RESTART_GRACE_MS, joins again;
 * a `voice_left` says why the member is out (moved: into the next room; holder: again).
 */
import '@/i18n/page-messages'
import { makeAutoObservable, observable } from 'mobx'
import type { VoiceState } from '@core/wire/voice'
import type { VoiceLeftReason } from '@core/wire/voice-codes'
import { t, type MessageKey } from '@/i18n'
import type { VoiceApi } from '@/services/api/voice'
import type { SelectedPath } from '@/services/voice/ice-probe'
import { VoicePeer } from '@/services/voice/peer'
import type { AudioLevelMeter, AudioOutput, VoiceRuntime } from '@/services/voice/runtime'
import { GATEWAY_ONLINE, GATEWAY_READY, type VoiceChannel, type VoiceInbound } from '../gateway-store'
import type { StoreLogger } from '../support/load-tracker'
import { refusalMessage } from '../support/refusal'
import type { TimerScheduler } from '../support/timer-scheduler'
import { DEFAULT_AUDIO_PROCESSING, microphoneConstraints, microphoneHelp, microphoneProblemBeforeAsking, microphoneProblemOf, type AudioProcessing, type MicrophoneHelp } from './microphone'
import { qualityOf, type VoiceQuality } from './quality'
import { SPEAKING_POLL_MS, SpeakingDetector } from './speaking'
import type { VoiceStatesStore } from './voice-states-store'

/** Where the member's own connection is. */
export type VoiceRoomStatus = 'idle' | 'asking-mic' | 'joining' | 'connected' | 'reconnecting' | 'left'

/** How the microphone is opened: always while not muted (voice activity), or only while a key or button is held (push-to-talk). */
export type VoiceInputMode = 'voice-activity' | 'push-to-talk'

/** After an ICE drop and a `voice_restart`, how long (ms) before joining the room again. */
export const VOICE_RESTART_GRACE_MS = 5000
/** How often the connection quality is measured (ms). */
export const VOICE_STATS_INTERVAL_MS = 2000
/** The key held to talk on a desktop unless the member picks another (KeyboardEvent.code). */
export const DEFAULT_PUSH_TO_TALK_KEY = 'Space'
/** A member's volume for me unless I move their slider (1: as sent). */
export const DEFAULT_MEMBER_VOLUME = 1

/** The room a member is in or joining. */
export interface VoiceRoomTarget {
  serverId: string
  channelId: string
  /** The channel's name (the bar shows it). */
  name: string
}

/** What a voice room store needs. */
export interface VoiceRoomStoreOptions {
  gateway: VoiceChannel
  /** The browser's WebRTC and microphone; null where there is none (the mini-program). */
  runtime: VoiceRuntime | null
  /** Who is in which room (the voice_ready list is applied to it). */
  states: VoiceStatesStore
  /** A moderator's calls. */
  api: Pick<VoiceApi, 'moderate' | 'disconnect'>
  /** A voice channel's name (a moved member's next room), '' when unknown. */
  channelName: (channelId: string) => string
  scheduler: TimerScheduler
  clock: () => number
  logger: StoreLogger
}

const LEFT_NOTICES: Readonly<Record<Exclude<VoiceLeftReason, 'moved' | 'holder'>, MessageKey>> = {
  elsewhere: 'voiceLeftElsewhere',
  hidden: 'voiceLeftHidden',
  gone: 'voiceLeftGone',
  disconnected: 'voiceLeftDisconnected',
}

/** The member's own voice connection. */
export class VoiceRoomStore {
  /** Where the connection is. */
  status: VoiceRoomStatus = 'idle'
  /** The room joined or being joined (kept after leaving, so the page still names it), or null. */
  room: VoiceRoomTarget | null = null
  /** Why the last join failed, in words (a refusal, no WebRTC here), or null. */
  error: string | null = null
  /** Why the microphone is not there and how to allow it, or null. */
  microphone: MicrophoneHelp | null = null
  /** A sentence for the page to show once (left elsewhere, removed, a refused moderation), or null. */
  notice: string | null = null
  /** The member muted themselves. */
  selfMute = false
  /** The member deafened themselves. */
  selfDeaf = false
  /** Voice activity or push-to-talk. */
  mode: VoiceInputMode = 'voice-activity'
  /** The key held to talk (KeyboardEvent.code). */
  pushToTalkKey = DEFAULT_PUSH_TO_TALK_KEY
  /** Whether the push-to-talk key or button is held now. */
  talking = false
  /** The microphone's processing switches. */
  processing: AudioProcessing = { ...DEFAULT_AUDIO_PROCESSING }
  /** How the connection sounds (null before the first measure). */
  quality: VoiceQuality | null = null
  /** Whether the member speaks now (as sent). */
  speaking = false
  /** The room's bitrate as voice_ready said it (bits per second), or null. */
  bitrate: number | null = null
  /** The voice channel whose room page is on screen, or null (the bar stands aside there). */
  shownRoomId: string | null = null
  /** My volume of each member by uid (absent: {@link DEFAULT_MEMBER_VOLUME}). */
  readonly volumes = observable.map<string, number>()
  private stream: MediaStream | null = null
  private peer: VoicePeer | null = null
  private meter: AudioLevelMeter | null = null
  private readonly outputs = new Map<string, { track: MediaStreamTrack, output: AudioOutput }>()
  private readonly detector: SpeakingDetector
  private stops: Array<() => void> = []
  private timers: Array<() => void> = []
  private cancelRejoin: (() => void) | null = null
  /** A frame that waits for the gateway (it was offline when it was to be sent). */
  private unsent: 'join' | 'restart' | null = null

  constructor (private readonly options: VoiceRoomStoreOptions) {
    this.detector = new SpeakingDetector(options.clock, options.scheduler, speaking => this.sendSpeaking(speaking))
    makeAutoObservable<VoiceRoomStore, 'options' | 'stream' | 'peer' | 'meter' | 'outputs' | 'detector' | 'stops' | 'timers' | 'cancelRejoin' | 'unsent'>(this, {
      options: false, stream: false, peer: false, meter: false, outputs: false, detector: false, stops: false, timers: false, cancelRejoin: false, unsent: false,
      room: observable.ref, microphone: observable.ref, processing: observable.ref,
    })
  }

  /** Whether the member is in (or getting into) a room: the bar shows then. */
  get active (): boolean {
    return this.status === 'joining' || this.status === 'connected' || this.status === 'reconnecting'
  }

  /** Whether the bar over every page shows: in a room, and not on that room's own page. */
  get barShown (): boolean {
    return this.active && this.room !== null && this.room.channelId !== this.shownRoomId
  }

  /** A room page was shown (its channel) or hidden (null, unless another room page is shown by then). */
  markRoomShown (channelId: string | null, hiddenChannelId?: string): void {
    if (channelId === null && hiddenChannelId !== undefined && this.shownRoomId !== hiddenChannelId) return
    this.shownRoomId = channelId
  }

  /** Whether the member is in the room of `channelId` (or getting in). */
  isIn (channelId: string): boolean {
    return this.active && this.room?.channelId === channelId
  }

  /** Whether the microphone sends now: not muted, and in push-to-talk only while held. */
  get transmitting (): boolean {
    return !this.selfMute && (this.mode === 'voice-activity' || this.talking)
  }

  /** Who is in my room, in join order (from the voice states). */
  get members (): VoiceState[] {
    return this.room === null ? [] : this.options.states.inRoom(this.room.channelId)
  }

  /** My volume of `uid` (0…1). */
  volumeOf (uid: string): number {
    return this.volumes.get(uid) ?? DEFAULT_MEMBER_VOLUME
  }

  /**
   * Joins the room of `target` (one tap): the microphone first (refusals explained, old iOS
   * WeChat told before asking), then `voice_join`. Joining another room leaves the first.
   * Resolves whether the join was sent.
   */
  async join (target: VoiceRoomTarget): Promise<boolean> {
    const runtime = this.options.runtime
    this.error = null
    this.microphone = null
    if (runtime === null) {
      this.error = t('voiceUnsupported')
      return false
    }
    if (this.active && this.room?.channelId === target.channelId) return true
    const before = microphoneProblemBeforeAsking(runtime)
    if (before !== null) {
      this.microphone = microphoneHelp(before, runtime.userAgent)
      return false
    }
    this.closeMedia()
    this.room = target
    if (this.stream === null) {
      this.status = 'asking-mic'
      let stream: MediaStream
      try {
        stream = await runtime.getUserMedia(microphoneConstraints(this.processing))
      } catch (error) {
        this.options.logger.warn('[voice] the microphone was refused:', error)
        if (this.room === target) this.noMicrophone(microphoneHelp(microphoneProblemOf(error), runtime.userAgent))
        return false
      }
      if (this.room !== target || this.status !== 'asking-mic') {
        // another join or a leave while the browser asked: this one's microphone is let go
        stream.getTracks().forEach(track => track.stop())
        return false
      }
      this.gotStream(stream)
    }
    this.listen()
    this.status = 'joining'
    this.sendJoin()
    return true
  }

  /** Leaves the room (the member's Leave). */
  leave (): void {
    this.detector.reset()
    if (this.active) this.options.gateway.sendVoice({ op: 'voice_leave', d: null })
    this.end('left')
  }

  /** Mutes or unmutes myself: the track stops sending and the room is told. */
  setSelfMute (mute: boolean): void {
    this.selfMute = mute
    this.applyTransmit()
    this.sendState()
  }

  /** Deafens or undeafens myself: nobody's audio plays and the room is told. */
  setSelfDeaf (deaf: boolean): void {
    this.selfDeaf = deaf
    for (const { output } of this.outputs.values()) output.setMuted(deaf)
    this.sendState()
  }

  /** Switches between voice activity and push-to-talk. */
  setMode (mode: VoiceInputMode): void {
    this.mode = mode
    this.talking = false
    this.applyTransmit()
  }

  /** The key held to talk (a KeyboardEvent.code; an empty one keeps the current). */
  setPushToTalkKey (code: string): void {
    if (code !== '') this.pushToTalkKey = code
  }

  /** The push-to-talk key or button went down (true) or up (false). */
  setTalking (held: boolean): void {
    if (this.mode !== 'push-to-talk' || this.talking === held) return
    this.talking = held
    this.applyTransmit()
  }

  /** Switches one audio processing; an open microphone takes it at once. */
  setProcessing (key: keyof AudioProcessing, on: boolean): void {
    this.processing = { ...this.processing, [key]: on }
    const track = this.localTrack()
    track?.applyConstraints({ ...this.processing }).catch(error => this.options.logger.warn('[voice] the microphone did not take the processing change:', error))
  }

  /** My volume of a member (0…1, clamped). */
  setVolume (uid: string, volume: number): void {
    const clamped = Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : DEFAULT_MEMBER_VOLUME
    this.volumes.set(uid, clamped)
    this.outputs.get(uid)?.output.setVolume(clamped)
  }

  /** The page showed the notice. */
  clearNotice (): void {
    this.notice = null
  }

  /** A moderator server-mutes (or unmutes) a member of the room. Resolves whether it went through. */
  serverMute (uid: string, mute: boolean): Promise<boolean> {
    return this.moderate(uid, { mute })
  }

  /** A moderator server-deafens (or undeafens) a member of the room. */
  serverDeafen (uid: string, deaf: boolean): Promise<boolean> {
    return this.moderate(uid, { deaf })
  }

  /** A moderator moves a member into another voice channel. */
  moveTo (uid: string, channelId: string): Promise<boolean> {
    return this.moderate(uid, { channel_id: channelId })
  }

  /** A moderator takes a member out of the room. */
  async disconnect (serverId: string, uid: string): Promise<boolean> {
    try {
      await this.options.api.disconnect(serverId, uid)
      return true
    } catch (error) {
      this.notice = refusalMessage(error, this.options.logger)
      return false
    }
  }

  /** The candidate pair the connection to the media worker chose (the voice check), or null when there is none. */
  async selectedPath (): Promise<SelectedPath | null> {
    return this.peer === null ? null : this.peer.selectedPath()
  }

  /** Stops everything (the app closes). */
  dispose (): void {
    this.end('idle')
    this.stream?.getTracks().forEach(track => track.stop())
    this.stream = null
  }

  private async moderate (uid: string, body: { mute?: boolean, deaf?: boolean, channel_id?: string }): Promise<boolean> {
    const serverId = this.room?.serverId ?? this.options.states.stateOf(uid)?.server_id
    if (serverId === undefined) return false
    try {
      await this.options.api.moderate(serverId, uid, body)
      return true
    } catch (error) {
      this.notice = refusalMessage(error, this.options.logger)
      return false
    }
  }

  private gotStream (stream: MediaStream): void {
    this.stream = stream
    this.applyTransmit()
  }

  private noMicrophone (help: MicrophoneHelp): void {
    this.microphone = help
    this.status = 'idle'
  }

  private localTrack (): MediaStreamTrack | null {
    return this.stream?.getAudioTracks()[0] ?? null
  }

  private listen (): void {
    if (this.stops.length > 0) return
    const { gateway } = this.options
    this.stops = [
      gateway.onVoice(frame => this.receive(frame)),
      // a new session (the old one could not resume) left the room after its grace period, or never heard the join: join (again)
      gateway.on(GATEWAY_READY, () => {
        if (this.status === 'joining') this.sendJoin()
        else if (this.active) this.rejoin()
      }),
      // a resumed session still holds the room: only what could not be sent meanwhile goes now (after a new
      // session's READY, which the gateway emits right after this, has had its say)
      gateway.on(GATEWAY_ONLINE, () => { this.options.scheduler.schedule(() => this.flushUnsent(), 0) }),
    ]
  }

  private sendJoin (): void {
    const room = this.room
    if (room === null) return
    const sent = this.options.gateway.sendVoice({ op: 'voice_join', d: { channel_id: room.channelId, self_mute: this.selfMute, self_deaf: this.selfDeaf } })
    this.unsent = sent ? null : 'join'
  }

  private flushUnsent (): void {
    const unsent = this.unsent
    if (unsent === 'join') this.sendJoin()
    if (unsent === 'restart') this.restart()
  }

  private sendState (): void {
    if (this.status === 'connected' || this.status === 'reconnecting') {
      this.options.gateway.sendVoice({ op: 'voice_state', d: { self_mute: this.selfMute, self_deaf: this.selfDeaf } })
    }
  }

  private sendSpeaking (speaking: boolean): void {
    this.speaking = speaking
    if (this.status === 'connected') this.options.gateway.sendVoice({ op: 'voice_speaking', d: { speaking } })
  }

  /** The track sends only while transmitting (mute is the track's enabled flag: no packets leave). */
  private applyTransmit (): void {
    const track = this.localTrack()
    if (track !== null) track.enabled = this.transmitting
    if (!this.transmitting) this.detector.reset()
  }

  private receive (frame: VoiceInbound): void {
    switch (frame.op) {
      case 'voice_ready':
        if (frame.d.channel_id === this.room?.channelId) this.ready(frame.d)
        return
      case 'voice_offer':
        void this.answer(frame.d.sdp, frame.d.tracks)
        return
      case 'voice_ice':
        this.peer?.addCandidate(frame.d.candidate).catch(error => this.options.logger.warn('[voice] a candidate of the worker was refused:', error))
        return
      case 'voice_left':
        if (frame.d.channel_id === this.room?.channelId) this.left(frame.d.reason, frame.d.to)
        return
      case 'error':
        this.refused(frame.d.msg)
    }
  }

  private ready (d: { server_id: string, channel_id: string, members: VoiceState[], ice_servers: Array<{ urls: string[], username?: string, credential?: string }>, bitrate: number, relay_only: boolean }): void {
    const runtime = this.options.runtime
    const track = this.localTrack()
    if (runtime === null || track === null) return
    this.closePeer()
    this.options.states.applyRoom(d.server_id, d.channel_id, d.members)
    this.bitrate = d.bitrate
    this.peer = new VoicePeer(runtime, d.ice_servers, d.relay_only, track, {
      candidate: candidate => { this.options.gateway.sendVoice({ op: 'voice_ice', d: { candidate } }) },
      state: state => this.iceState(state),
      remote: (uid, remote) => this.remoteTrack(uid, remote),
    })
  }

  private async answer (sdp: string, tracks: Array<{ mid: string, uid: string }>): Promise<void> {
    const peer = this.peer
    if (peer === null) return
    try {
      const answer = await peer.answer(sdp, tracks)
      if (this.peer === peer) this.options.gateway.sendVoice({ op: 'voice_answer', d: { sdp: answer } })
    } catch (error) {
      this.options.logger.error('[voice] the offer could not be answered:', error)
    }
    // members no longer in any transceiver stop playing
    const carried = new Set(tracks.map(track => track.uid))
    for (const [uid, { output }] of [...this.outputs]) {
      if (!carried.has(uid)) {
        output.close()
        this.outputs.delete(uid)
      }
    }
  }

  private remoteTrack (uid: string, track: MediaStreamTrack): void {
    const runtime = this.options.runtime
    const known = this.outputs.get(uid)
    if (runtime === null || known?.track === track) return
    known?.output.close()
    const output = runtime.play(track)
    output.setVolume(this.volumeOf(uid))
    output.setMuted(this.selfDeaf)
    this.outputs.set(uid, { track, output })
  }

  private iceState (state: RTCIceConnectionState): void {
    if (state === 'connected' || state === 'completed') {
      this.cancelRejoin?.()
      this.cancelRejoin = null
      if (this.status !== 'connected') this.connected()
      return
    }
    if ((state === 'disconnected' || state === 'failed') && (this.status === 'connected' || this.status === 'joining')) {
      this.status = 'reconnecting'
      this.restart()
    }
  }

  /** Asks the worker to offer with an ICE restart; not back within the grace, joins again. */
  private restart (): void {
    const sent = this.options.gateway.sendVoice({ op: 'voice_restart', d: null })
    this.unsent = sent ? null : 'restart'
    this.cancelRejoin?.()
    this.cancelRejoin = this.options.scheduler.schedule(() => {
      this.cancelRejoin = null
      if (this.status === 'reconnecting') this.rejoin()
    }, VOICE_RESTART_GRACE_MS)
  }

  private rejoin (): void {
    this.closePeer()
    this.status = 'reconnecting'
    this.sendJoin()
    // joined again and connected: iceState ends reconnecting; still down after another grace: try again
    this.cancelRejoin?.()
    this.cancelRejoin = this.options.scheduler.schedule(() => {
      this.cancelRejoin = null
      if (this.status === 'reconnecting') this.rejoin()
    }, VOICE_RESTART_GRACE_MS)
  }

  private connected (): void {
    this.status = 'connected'
    this.sendState()
    this.startMeasuring()
  }

  private startMeasuring (): void {
    this.stopTimers()
    const runtime = this.options.runtime
    if (runtime !== null && this.stream !== null && this.meter === null) this.meter = runtime.meter(this.stream)
    const poll = () => {
      this.detector.reading(this.meter?.level() ?? 0, this.transmitting)
      this.timers[0] = this.options.scheduler.schedule(poll, SPEAKING_POLL_MS)
    }
    const measure = () => {
      const peer = this.peer
      peer?.stats().then(stats => { if (this.peer === peer) this.setQuality(qualityOf(stats.rttMs, stats.loss)) }).catch(error => this.options.logger.warn('[voice] getStats failed:', error))
      this.timers[1] = this.options.scheduler.schedule(measure, VOICE_STATS_INTERVAL_MS)
    }
    this.timers = [this.options.scheduler.schedule(poll, SPEAKING_POLL_MS), this.options.scheduler.schedule(measure, VOICE_STATS_INTERVAL_MS)]
  }

  private setQuality (quality: VoiceQuality): void {
    this.quality = quality
  }

  private left (reason: VoiceLeftReason, to: string | undefined): void {
    const room = this.room
    if (room === null) return
    if (reason === 'holder') {
      // the process holding the room went away: the room lives on another one now
      this.rejoin()
      return
    }
    if (reason === 'moved' && to !== undefined) {
      this.closeMedia()
      this.room = { ...room, channelId: to, name: this.options.channelName(to) }
      this.status = 'joining'
      this.sendJoin()
      return
    }
    this.end('left')
    this.notice = t(LEFT_NOTICES[reason === 'moved' ? 'disconnected' : reason])
  }

  private refused (message: string): void {
    if (this.status === 'joining') {
      // a refusal names the op it refuses first (`voice_join: …`): only the join's own ends the
      // join; one of an op sent in the room just left (a speaking change crossing a move) is stale
      if (!message.startsWith('voice_join:')) {
        this.options.logger.warn(`[voice] an op of the room left was refused: ${message}`)
        return
      }
      this.end('idle')
      this.error = t('voiceJoinRefused')
      this.options.logger.warn(`[voice] the join was refused: ${message}`)
      return
    }
    this.notice = t('voiceActionRefused')
  }

  private end (status: VoiceRoomStatus): void {
    this.closeMedia()
    for (const stop of this.stops) stop()
    this.stops = []
    this.unsent = null
    this.status = status
    this.quality = null
    // the microphone is let go: the browser's recording mark goes away
    this.stream?.getTracks().forEach(track => track.stop())
    this.stream = null
  }

  private closeMedia (): void {
    this.closePeer()
    this.stopTimers()
    this.meter?.close()
    this.meter = null
    this.detector.reset()
  }

  private closePeer (): void {
    this.cancelRejoin?.()
    this.cancelRejoin = null
    this.peer?.close()
    this.peer = null
    for (const { output } of this.outputs.values()) output.close()
    this.outputs.clear()
  }

  private stopTimers (): void {
    for (const stop of this.timers) stop()
    this.timers = []
  }
}
