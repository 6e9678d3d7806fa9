/**
 * The owner's voice check (docs/voice.md "Checking the path"): four steps run in order, each
 * with its live status and plain words, the way LiveKit's connection tester walks the path.
 * 1. The microphone: getUserMedia, refusals explained as the voice room explains them (./microphone).
 * 2. STUN: a server-reflexive candidate gathered from each STUN (and UDP TURN) URL.
 * 3. TURN: a relayed candidate gathered from each TURN URL with iceTransportPolicy 'relay'.
 * 4. The media worker: a voice channel of the server joined muted through the member's own
 *    voice connection (./voice-room-store: the same join, signalling and peer), whether ICE
 *    connected within the time and whether the chosen candidate pair is direct or relayed;
 *    left after (a member already in a room has that connection read, and stays in it).
 * Each failed step says what to check. The ICE servers are the ones a member would be handed
 * (GET /servers/:server_id/voice-check, ManageServer).
 */
import '@/i18n/page-messages'
import { makeAutoObservable, runInAction, when } from 'mobx'
import { channelTypeHas } from '@core/domain/channel-types'
import type { Channel } from '@core/wire/entities'
import type { VoiceCheckAnswer, VoiceIceServer } from '@core/wire/voice'
import { t, type MessageKey } from '@/i18n'
import { createVoiceCheckApi, type VoiceCheckApi } from '@/services/api/voice'
import { browserVoiceRuntime } from '@/services/voice/browser'
import { gatherCandidates, type CandidateType, type IceProbeRuntime, type SelectedPath } from '@/services/voice/ice-probe'
import { browserIceProbe } from '@/services/voice/ice-probe-browser'
import type { VoiceRuntime } from '@/services/voice/runtime'
import type { OnDemand } from '../on-demand'
import type { StoreLogger } from '../support/load-tracker'
import { refusalMessage } from '../support/refusal'
import type { TimerScheduler } from '../support/timer-scheduler'
import { DEFAULT_AUDIO_PROCESSING, microphoneConstraints, microphoneHelp, microphoneProblemBeforeAsking, microphoneProblemOf, type MicrophoneHelp } from './microphone'
import type { VoiceRoomStore, VoiceRoomTarget } from './voice-room-store'

/** How long (ms) one STUN server has to give a server-reflexive candidate. */
export const STUN_TIMEOUT_MS = 5000
/** How long (ms) one TURN server has to give a relayed candidate (an allocation takes a round trip more). */
export const TURN_TIMEOUT_MS = 8000
/** How long (ms) the join has to connect to the media worker. */
export const MEDIA_TIMEOUT_MS = 15_000

/** The check's steps, in the order they run. */
export type VoiceCheckStepName = 'microphone' | 'stun' | 'turn' | 'media'

/** Where a step is. */
export type VoiceCheckStatus = 'waiting' | 'running' | 'passed' | 'failed' | 'timeout' | 'skipped'

/** One step as the page shows it. */
export interface VoiceCheckStep {
  name: VoiceCheckStepName
  status: VoiceCheckStatus
  /** What happened, in words (null while waiting or running). */
  detail: string | null
  /** What to check, when the step did not pass (null otherwise). */
  advice: string | null
}

/** The parts of the member's voice connection the check drives. */
export type VoiceCheckRoom = Pick<VoiceRoomStore, 'active' | 'status' | 'error' | 'microphone' | 'selfMute' | 'join' | 'leave' | 'setSelfMute' | 'selectedPath'>

/** What a voice check needs. */
export interface VoiceCheckStoreOptions {
  serverId: string
  api: VoiceCheckApi
  /** The browser's microphone (null: no WebRTC here, the mini-program). */
  runtime: VoiceRuntime | null
  /** The browser's candidate gathering (null: none here). */
  probe: IceProbeRuntime | null
  /** The member's own voice connection (loaded on first use). */
  room: () => Promise<VoiceCheckRoom>
  /** The voice channel of the server to join for the media step, or null when it has none. */
  voiceChannel: () => VoiceRoomTarget | null
  scheduler: TimerScheduler
  logger: StoreLogger
}

const STEP_NAMES: readonly VoiceCheckStepName[] = ['microphone', 'stun', 'turn', 'media']

/** Each step's title. */
export const STEP_TITLES: Readonly<Record<VoiceCheckStepName, MessageKey>> = {
  microphone: 'voiceCheckStepMicrophone',
  stun: 'voiceCheckStepStun',
  turn: 'voiceCheckStepTurn',
  media: 'voiceCheckStepMedia',
}

/** One ICE server per URL, with its credentials: each URL is tried on its own. */
function serversPerUrl (servers: readonly VoiceIceServer[], keep: (url: string) => boolean): VoiceIceServer[] {
  return servers.flatMap(server => server.urls.filter(keep).map(url => ({ ...server, urls: [url] })))
}

/** A STUN URL, or a TURN one over UDP: both answer a STUN binding with this browser's public address (RFC 8656 §2). */
const answersStun = (url: string): boolean => url.startsWith('stun:') || (url.startsWith('turn:') && !url.includes('transport=tcp'))
const isTurn = (url: string): boolean => url.startsWith('turn:') || url.startsWith('turns:')

/** The words of a chosen candidate type. */
const CANDIDATE_WORDS: Readonly<Record<CandidateType, MessageKey>> = {
  host: 'voiceCheckCandidateHost',
  srflx: 'voiceCheckCandidateSrflx',
  prflx: 'voiceCheckCandidatePrflx',
  relay: 'voiceCheckCandidateRelay',
}

/** The owner's voice check of one server. */
export class VoiceCheckStore {
  /** The steps, in order. */
  steps: VoiceCheckStep[] = STEP_NAMES.map(name => ({ name, status: 'waiting', detail: null, advice: null }))
  /** Whether a run is going on. */
  running = false
  /** Why the check could not start (the call refused, the network), or null. */
  error: string | null = null
  /** What the server hands a member, once asked. */
  path: VoiceCheckAnswer | null = null
  private disposed = false
  /** The voice connection the check joined (left at the end or on dispose), or null. */
  private joined: VoiceCheckRoom | null = null

  constructor (private readonly options: VoiceCheckStoreOptions) {
    makeAutoObservable<VoiceCheckStore, 'options' | 'disposed' | 'joined'>(this, { options: false, disposed: false, joined: false })
  }

  /** Whether this browser can run the check (WebRTC here; the mini-program says to open the page in a browser). */
  get supported (): boolean {
    return this.options.runtime !== null && this.options.probe !== null
  }

  /** The step named `name`. */
  step (name: VoiceCheckStepName): VoiceCheckStep {
    return this.steps.find(step => step.name === name) ?? this.steps[0]
  }

  /** Runs every step in order (again from the start when run again). */
  async run (): Promise<void> {
    if (this.running || !this.supported) return
    this.running = true
    this.error = null
    this.steps = STEP_NAMES.map(name => ({ name, status: 'waiting', detail: null, advice: null }))
    try {
      const path = await this.options.api.check(this.options.serverId)
      runInAction(() => { this.path = path })
      await this.checkMicrophone()
      await this.checkStun(path)
      await this.checkTurn(path)
      await this.checkMedia(path)
    } catch (error) {
      runInAction(() => { this.error = refusalMessage(error, this.options.logger) })
    } finally {
      runInAction(() => { this.running = false })
    }
  }

  /** The page closed: a join of the check is left, nothing more is reported. */
  dispose (): void {
    this.disposed = true
    this.joined?.leave()
    this.joined = null
  }

  private set (name: VoiceCheckStepName, status: VoiceCheckStatus, detail: string | null = null, advice: string | null = null): void {
    if (this.disposed) return
    this.steps = this.steps.map(step => step.name === name ? { name, status, detail, advice } : step)
  }

  private async checkMicrophone (): Promise<void> {
    const runtime = this.options.runtime
    if (runtime === null) return
    this.set('microphone', 'running')
    const refused = (help: MicrophoneHelp): void => this.set('microphone', 'failed', t(help.reason), t(help.steps))
    const before = microphoneProblemBeforeAsking(runtime)
    if (before !== null) {
      refused(microphoneHelp(before, runtime.userAgent))
      return
    }
    try {
      const stream = await runtime.getUserMedia(microphoneConstraints(DEFAULT_AUDIO_PROCESSING))
      // only asked to know it is there: the browser's recording mark goes away at once
      stream.getTracks().forEach(track => track.stop())
      this.set('microphone', 'passed', t('voiceCheckMicrophoneGiven'))
    } catch (error) {
      this.options.logger.warn('[voice-check] the microphone was refused:', error)
      refused(microphoneHelp(microphoneProblemOf(error), runtime.userAgent))
    }
  }

  /** Gathers with each server of `servers` on its own; resolves the URLs that gave `wanted`, and whether any ran out of time. */
  private async gatherEach (servers: VoiceIceServer[], policy: RTCIceTransportPolicy, wanted: CandidateType, timeoutMs: number): Promise<{ answered: string[], silent: string[], timedOut: boolean }> {
    const probe = this.options.probe
    if (probe === null) return { answered: [], silent: servers.map(server => server.urls[0]), timedOut: false }
    const schedule = (callback: () => void, delayMs: number) => this.options.scheduler.schedule(callback, delayMs)
    const results = await Promise.all(servers.map(async server => {
      try {
        const gathered = await gatherCandidates(probe, { iceServers: [server], iceTransportPolicy: policy }, timeoutMs, schedule)
        return { url: server.urls[0], ok: gathered.types.includes(wanted), timedOut: !gathered.complete }
      } catch (error) {
        this.options.logger.warn(`[voice-check] ${server.urls[0]} could not be tried:`, error)
        return { url: server.urls[0], ok: false, timedOut: false }
      }
    }))
    return {
      answered: results.filter(result => result.ok).map(result => result.url),
      silent: results.filter(result => !result.ok).map(result => result.url),
      timedOut: results.some(result => !result.ok && result.timedOut),
    }
  }

  private async checkStun (path: VoiceCheckAnswer): Promise<void> {
    const servers = serversPerUrl(path.ice_servers, answersStun)
    if (servers.length === 0) {
      this.set('stun', 'skipped', t('voiceCheckStunNone'), t('voiceCheckAdviceStunNone'))
      return
    }
    this.set('stun', 'running')
    const { answered, silent, timedOut } = await this.gatherEach(servers, 'all', 'srflx', STUN_TIMEOUT_MS)
    if (silent.length === 0) {
      this.set('stun', 'passed', t('voiceCheckStunAnswered', { urls: answered.join(', ') }))
      return
    }
    this.set('stun', timedOut ? 'timeout' : 'failed', this.gatheredWords(answered, silent, 'voiceCheckStunAnswered', 'voiceCheckStunSilent'), t('voiceCheckAdviceStun'))
  }

  private async checkTurn (path: VoiceCheckAnswer): Promise<void> {
    const servers = serversPerUrl(path.ice_servers, isTurn)
    if (servers.length === 0) {
      this.set('turn', 'skipped', t('voiceCheckTurnNone'), t('voiceCheckAdviceTurnNone'))
      return
    }
    this.set('turn', 'running')
    const { answered, silent, timedOut } = await this.gatherEach(servers, 'relay', 'relay', TURN_TIMEOUT_MS)
    if (silent.length === 0) {
      this.set('turn', 'passed', t('voiceCheckTurnAnswered', { urls: answered.join(', ') }))
      return
    }
    this.set('turn', timedOut ? 'timeout' : 'failed', this.gatheredWords(answered, silent, 'voiceCheckTurnAnswered', 'voiceCheckTurnSilent'), t('voiceCheckAdviceTurn'))
  }

  private gatheredWords (answered: string[], silent: string[], answeredKey: MessageKey, silentKey: MessageKey): string {
    const words = [t(silentKey, { urls: silent.join(', ') })]
    if (answered.length > 0) words.push(t(answeredKey, { urls: answered.join(', ') }))
    return words.join(' ')
  }

  private async checkMedia (path: VoiceCheckAnswer): Promise<void> {
    const target = this.options.voiceChannel()
    if (target === null) {
      this.set('media', 'skipped', t('voiceCheckMediaNoChannel'), t('voiceCheckAdviceMediaNoChannel'))
      return
    }
    this.set('media', 'running')
    const room = await this.options.room()
    if (this.disposed) return
    const advice = t('voiceCheckAdviceMedia', {
      min: String(path.media.udp_port_min),
      max: String(path.media.udp_port_max),
      ip: path.media.public_ip ?? t('voiceCheckPublicIpUnset'),
    })
    // a member already in a room has that connection read (the check does not take them out of it)
    const ownJoin = !room.active
    if (ownJoin) {
      const wasMuted = room.selfMute
      room.setSelfMute(true)
      const sent = await room.join(target)
      if (!sent) {
        room.setSelfMute(wasMuted)
        this.set('media', 'failed', this.refusalOf(room), advice)
        return
      }
      this.joined = room
      try {
        await this.measureMedia(room, advice)
      } finally {
        if (this.joined === room) {
          room.leave()
          this.joined = null
        }
        room.setSelfMute(wasMuted)
      }
      return
    }
    await this.measureMedia(room, advice)
  }

  /** Waits for the connection (or its end, or the time) and says which path it took. */
  private async measureMedia (room: VoiceCheckRoom, advice: string): Promise<void> {
    const settled = when(() => room.status === 'connected' || room.status === 'idle' || room.status === 'left')
    const cancelTimeout = this.options.scheduler.schedule(() => settled.cancel(), MEDIA_TIMEOUT_MS)
    try {
      await settled
    } catch {
      this.set('media', 'timeout', t('voiceCheckMediaTimeout', { seconds: String(MEDIA_TIMEOUT_MS / 1000) }), advice)
      return
    } finally {
      cancelTimeout()
    }
    if (room.status !== 'connected') {
      this.set('media', 'failed', this.refusalOf(room), advice)
      return
    }
    let chosen: SelectedPath | null = null
    try {
      chosen = await room.selectedPath()
    } catch (error) {
      this.options.logger.warn('[voice-check] getStats failed:', error)
    }
    this.set('media', 'passed', this.pathWords(chosen))
  }

  private refusalOf (room: VoiceCheckRoom): string {
    if (room.microphone !== null) return t(room.microphone.reason)
    return room.error ?? t('voiceCheckMediaEnded')
  }

  private pathWords (chosen: SelectedPath | null): string {
    if (chosen === null) return t('voiceCheckMediaConnected')
    const pair = {
      local: chosen.local === null ? '?' : t(CANDIDATE_WORDS[chosen.local]),
      remote: chosen.remote === null ? '?' : t(CANDIDATE_WORDS[chosen.remote]),
      protocol: (chosen.protocol ?? '?').toUpperCase(),
    }
    return t(chosen.relayed ? 'voiceCheckMediaRelayed' : 'voiceCheckMediaDirect', pair)
  }
}

/**
 * The voice check of `serverId` on the app's request chain, with the browser's own WebRTC (none in the mini-program), the
 * app's voice connection (root.voice) and the server's first voice channel in the channel list.
 */
export function openVoiceCheck (serverId: string, root: { voice: OnDemand<VoiceRoomStore>, channel: { channels: Channel[] }, scheduler: TimerScheduler, logger: StoreLogger }): VoiceCheckStore {
  return new VoiceCheckStore({
    serverId,
    api: createVoiceCheckApi(),
    runtime: browserVoiceRuntime(),
    probe: browserIceProbe(),
    room: () => root.voice.load(),
    voiceChannel: () => {
      const channel = root.channel.channels.find(candidate => candidate.server_id === serverId && channelTypeHas(candidate.channel_type, 'carriesVoice'))
      return channel === undefined ? null : { serverId, channelId: channel.channel_id, name: channel.name }
    },
    scheduler: root.scheduler,
    logger: root.logger,
  })
}
