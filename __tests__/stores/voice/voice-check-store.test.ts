import type { ServerFrame } from '@core/wire/gateway'
import { GATEWAY_PROTOCOL_VERSION, GatewayErrorCode } from '@core/wire/gateway-codes'
import type { VoiceCheckAnswer, VoiceServerFrame, VoiceState } from '@core/wire/voice'
import { t } from '@/i18n'
import { RequestError } from '@/services/request/errors'
import type { IceProbeConnection, IceProbeRuntime } from '@/services/voice/ice-probe'
import { GatewayStore } from '@/stores/gateway-store'
import { MEDIA_TIMEOUT_MS, STUN_TIMEOUT_MS, TURN_TIMEOUT_MS, VoiceCheckStore } from '@/stores/voice/voice-check-store'
import { VoiceRoomStore } from '@/stores/voice/voice-room-store'
import { VoiceStatesStore } from '@/stores/voice/voice-states-store'
import { fakeConnector } from '../support/fake-socket'
import { fakeLogger, user } from '../support/fakes'
import { fakeBrowser, type FakeBrowser } from './fake-webrtc'

const SERVER = '723658'
const ROOM = { serverId: SERVER, channelId: 'c-voice', name: '语音茶室' }
const STUN = 'stun:stun.test:3478'
const TURN_UDP = 'turn:turn.test:3478?transport=udp'
const TURNS = 'turns:turn.test:5349'
const TURN_CREDENTIALS = { username: '1700000600:me', credential: 'minted' }

const PATH: VoiceCheckAnswer = {
  ice_servers: [{ urls: [STUN] }, { urls: [TURN_UDP, TURNS], ...TURN_CREDENTIALS }],
  relay_only: false,
  media: { public_ip: '203.0.113.7', udp_port_min: 40000, udp_port_max: 40999 },
}

const HOST = 'candidate:1 1 udp 2122260223 10.0.0.2 50000 typ host generation 0'
const SRFLX = 'candidate:2 1 udp 1686052607 198.51.100.4 50000 typ srflx raddr 10.0.0.2 rport 50000'
const RELAY = 'candidate:3 1 udp 41885439 203.0.113.9 60000 typ relay raddr 198.51.100.4 rport 50000'

/** What a fake ICE server answers a gathering with: the candidates then the end, or nothing at all. */
type Answer = string[] | 'silent'

/** A fake browser's candidate gathering: each probe answers as its one URL (and policy) is scripted. */
function fakeProbe (answers: Record<string, { all?: Answer, relay?: Answer }>) {
  const configs: RTCConfiguration[] = []
  let open = 0
  const runtime: IceProbeRuntime = {
    createProbe (config) {
      configs.push(config)
      open += 1
      const url = [config.iceServers?.[0]?.urls ?? []].flat()[0]
      const answer = answers[url]?.[config.iceTransportPolicy === 'relay' ? 'relay' : 'all'] ?? 'silent'
      let closed = false
      const probe = {
        onicecandidate: null as ((event: { candidate: { candidate: string } | null }) => void) | null,
        createDataChannel: () => ({}),
        createOffer: async () => ({ type: 'offer', sdp: 'v=0' }),
        setLocalDescription: async () => {
          if (answer === 'silent') return
          await Promise.resolve()
          for (const candidate of [HOST, ...answer]) if (!closed) probe.onicecandidate?.({ candidate: { candidate } })
          if (!closed) probe.onicecandidate?.({ candidate: null })
        },
        close: () => {
          if (!closed) open -= 1
          closed = true
        },
      }
      return probe as unknown as IceProbeConnection
    },
  }
  return { runtime, configs, openProbes: () => open }
}

/** Timers that run when the test moves the clock. */
function timedScheduler () {
  let now = 0
  let timers: Array<{ at: number, callback: () => void }> = []
  return {
    schedule (callback: () => void, delayMs: number) {
      const timer = { at: now + delayMs, callback }
      timers.push(timer)
      return () => { timers = timers.filter(other => other !== timer) }
    },
    advance (ms: number) {
      now += ms
      const due = timers.filter(timer => timer.at <= now)
      timers = timers.filter(timer => timer.at > now)
      for (const timer of due) timer.callback()
    },
  }
}

const settle = () => new Promise(resolve => setTimeout(resolve, 0))

/** Lets promises run until `condition` holds (a few hundred turns at most). */
async function until (condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 500 && !condition(); turn += 1) await settle()
  expect(condition()).toBe(true)
}

/** A voice check on a real gateway (fake socket) and a real voice room store with a fake browser. */
function setup (options: { answers?: Record<string, { all?: Answer, relay?: Answer }>, path?: VoiceCheckAnswer, browser?: FakeBrowser | null, voiceChannel?: typeof ROOM | null, check?: () => Promise<VoiceCheckAnswer> } = {}) {
  const connect = fakeConnector()
  const scheduler = timedScheduler()
  const logger = fakeLogger()
  const gateway = new GatewayStore({ connect, url: 'ws://realm.test/gateway', token: () => 'tok', scheduler, random: () => 0.5, logger })
  const states = new VoiceStatesStore({ states: async () => ({ items: [] as VoiceState[] }) }, gateway, logger)
  const browser = options.browser === undefined ? fakeBrowser() : options.browser
  const room = new VoiceRoomStore({ gateway, runtime: browser?.runtime ?? null, states, api: { moderate: jest.fn(), disconnect: jest.fn() }, channelName: () => '', scheduler, clock: () => 0, logger })
  const probe = fakeProbe(options.answers ?? {
    [STUN]: { all: [SRFLX] },
    [TURN_UDP]: { all: [SRFLX], relay: [RELAY] },
    [TURNS]: { all: [], relay: [RELAY] },
  })
  const api = { check: jest.fn(options.check ?? (async () => options.path ?? PATH)) }
  const store = new VoiceCheckStore({
    serverId: SERVER,
    api,
    runtime: browser?.runtime ?? null,
    probe: browser === null ? null : probe.runtime,
    room: async () => room,
    voiceChannel: () => options.voiceChannel === undefined ? ROOM : options.voiceChannel,
    scheduler,
    logger,
  })
  gateway.start()
  connect.last().open()
  connect.last().deliver({ op: 'ready', d: { user: user({ uid: 'me' }), protocol_version: GATEWAY_PROTOCOL_VERSION, session_id: 's1', seq: 0, heartbeat_interval_ms: 30_000, server_ids: [SERVER] } })
  const deliver = (frame: VoiceServerFrame | ServerFrame) => connect.last().deliver(frame as ServerFrame)
  const sent = () => connect.last().sent.filter(frame => frame.op.startsWith('voice_'))
  /** The worker's side of the join: ready, an offer, then the ICE state `state` with the stats the browser would report. */
  const worker = async (state: RTCIceConnectionState, stats: Array<Record<string, unknown>> = []) => {
    await until(() => sent().some(frame => frame.op === 'voice_join'))
    deliver({ op: 'voice_ready', d: { channel_id: 'c-voice', server_id: SERVER, members: [], ice_servers: PATH.ice_servers, bitrate: 64_000, relay_only: false } })
    deliver({ op: 'voice_offer', d: { sdp: 'v=0\r\na=mid:0\r\n', tracks: [] } })
    await settle()
    const peer = browser!.lastPeer()
    peer.stats = stats
    peer.setIceState(state)
  }
  return { store, room, api, probe, browser, scheduler, sent, deliver, worker, logger }
}

/** getStats of a connection whose chosen pair is `local` → `remote`. */
function pairStats (local: string, remote: string, protocol = 'udp'): Array<Record<string, unknown>> {
  return [
    { id: 'T1', type: 'transport', selectedCandidatePairId: 'P1' },
    { id: 'P0', type: 'candidate-pair', localCandidateId: 'L0', remoteCandidateId: 'R1', state: 'failed' },
    { id: 'P1', type: 'candidate-pair', localCandidateId: 'L1', remoteCandidateId: 'R1', state: 'succeeded', nominated: true },
    { id: 'L0', type: 'local-candidate', candidateType: 'host', protocol: 'udp' },
    { id: 'L1', type: 'local-candidate', candidateType: local, protocol },
    { id: 'R1', type: 'remote-candidate', candidateType: remote, protocol },
  ]
}

const statuses = (store: VoiceCheckStore) => store.steps.map(step => [step.name, step.status])

describe('VoiceCheckStore', () => {
  it('passes every step on a good path: the microphone, a public address from each STUN URL, a relay from each TURN URL, and a direct UDP connection to the worker', async () => {
    const { store, api, probe, browser, sent, worker } = setup()
    const running = store.run()
    await worker('connected', pairStats('srflx', 'host'))
    await running
    expect(api.check).toHaveBeenCalledWith(SERVER)
    expect(statuses(store)).toEqual([['microphone', 'passed'], ['stun', 'passed'], ['turn', 'passed'], ['media', 'passed']])
    expect(store.step('microphone').detail).toBe(t('voiceCheckMicrophoneGiven'))
    // the microphone asked for the check alone is let go at once
    expect(browser?.microphone.stopped).toBe(true)
    // STUN: each URL that answers STUN on its own (turns: over TLS gives no public address); TURN: each TURN URL, relay only, with its credentials
    expect(probe.configs).toEqual([
      { iceServers: [{ urls: [STUN] }], iceTransportPolicy: 'all' },
      { iceServers: [{ urls: [TURN_UDP], ...TURN_CREDENTIALS }], iceTransportPolicy: 'all' },
      { iceServers: [{ urls: [TURN_UDP], ...TURN_CREDENTIALS }], iceTransportPolicy: 'relay' },
      { iceServers: [{ urls: [TURNS], ...TURN_CREDENTIALS }], iceTransportPolicy: 'relay' },
    ])
    expect(probe.openProbes()).toBe(0)
    expect(store.step('stun').detail).toBe(t('voiceCheckStunAnswered', { urls: `${STUN}, ${TURN_UDP}` }))
    expect(store.step('turn').detail).toBe(t('voiceCheckTurnAnswered', { urls: `${TURN_UDP}, ${TURNS}` }))
    expect(store.step('media').detail).toBe(t('voiceCheckMediaDirect', { protocol: 'UDP', local: t('voiceCheckCandidateSrflx'), remote: t('voiceCheckCandidateHost') }))
    expect(store.steps.every(step => step.advice === null)).toBe(true)
    // joined muted, left after
    expect(sent()[0]).toEqual({ op: 'voice_join', d: { channel_id: 'c-voice', self_mute: true, self_deaf: false } })
    expect(sent().slice(-1)).toEqual([{ op: 'voice_leave', d: null }])
    expect(store.running).toBe(false)
  })

  it('says the connection to the worker is relayed when the chosen pair has a relay candidate', async () => {
    const { store, worker, room } = setup()
    const running = store.run()
    await worker('connected', pairStats('relay', 'host'))
    await running
    expect(store.step('media')).toMatchObject({ status: 'passed', detail: t('voiceCheckMediaRelayed', { protocol: 'UDP', local: t('voiceCheckCandidateRelay'), remote: t('voiceCheckCandidateHost') }) })
    // the member's own mute is as it was before the check
    expect(room.selfMute).toBe(false)
  })

  it('explains a refused microphone as the voice room does, and still checks the path', async () => {
    const browser = fakeBrowser({ refuse: 'NotAllowedError', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1' })
    const { store } = setup({ browser })
    await store.run()
    expect(store.step('microphone')).toEqual({ name: 'microphone', status: 'failed', detail: t('voiceMicDenied'), advice: t('voiceMicStepsIosSafari') })
    expect(store.step('stun').status).toBe('passed')
    expect(store.step('turn').status).toBe('passed')
    // the join needs the microphone too: refused the same way
    expect(store.step('media')).toMatchObject({ status: 'failed', detail: t('voiceMicDenied') })
  })

  it('says before asking that an insecure page has no microphone (https)', async () => {
    const { store } = setup({ browser: fakeBrowser({ secureContext: false }), voiceChannel: null })
    await store.run()
    expect(store.step('microphone')).toMatchObject({ status: 'failed', detail: t('voiceMicInsecure'), advice: t('voiceMicStepsSecure') })
  })

  it('times out a STUN server that never answers and names it, with what to check', async () => {
    const { store, scheduler, probe } = setup({ answers: { [STUN]: { all: 'silent' }, [TURN_UDP]: { all: [SRFLX], relay: [RELAY] }, [TURNS]: { relay: [RELAY] } }, voiceChannel: null })
    const running = store.run()
    await until(() => store.step('stun').status === 'running' && probe.configs.length === 2)
    await settle()
    scheduler.advance(STUN_TIMEOUT_MS)
    await running
    expect(store.step('stun')).toEqual({
      name: 'stun',
      status: 'timeout',
      detail: `${t('voiceCheckStunSilent', { urls: STUN })} ${t('voiceCheckStunAnswered', { urls: TURN_UDP })}`,
      advice: t('voiceCheckAdviceStun'),
    })
    expect(probe.openProbes()).toBe(0)
  })

  it('fails TURN when gathering ends without a relay candidate (a wrong secret), and times out one that stays silent', async () => {
    const { store, probe } = setup({ answers: { [STUN]: { all: [SRFLX] }, [TURN_UDP]: { all: [SRFLX], relay: [] }, [TURNS]: { relay: [] } }, voiceChannel: null })
    await store.run()
    expect(store.step('turn')).toEqual({ name: 'turn', status: 'failed', detail: t('voiceCheckTurnSilent', { urls: `${TURN_UDP}, ${TURNS}` }), advice: t('voiceCheckAdviceTurn') })

    const silent = setup({ answers: { [STUN]: { all: [SRFLX] }, [TURN_UDP]: { all: [SRFLX], relay: 'silent' }, [TURNS]: { relay: [RELAY] } }, voiceChannel: null })
    const running = silent.store.run()
    await until(() => silent.store.step('turn').status === 'running' && silent.probe.configs.length === 4)
    await settle()
    silent.scheduler.advance(TURN_TIMEOUT_MS)
    await running
    expect(silent.store.step('turn')).toMatchObject({ status: 'timeout', advice: t('voiceCheckAdviceTurn') })
    expect(probe.openProbes() + silent.probe.openProbes()).toBe(0)
  })

  it('skips STUN and TURN with what to set when the server configures none', async () => {
    const { store } = setup({ path: { ...PATH, ice_servers: [] }, voiceChannel: null })
    await store.run()
    expect(store.step('stun')).toEqual({ name: 'stun', status: 'skipped', detail: t('voiceCheckStunNone'), advice: t('voiceCheckAdviceStunNone') })
    expect(store.step('turn')).toEqual({ name: 'turn', status: 'skipped', detail: t('voiceCheckTurnNone'), advice: t('voiceCheckAdviceTurnNone') })
    expect(store.step('media')).toEqual({ name: 'media', status: 'skipped', detail: t('voiceCheckMediaNoChannel'), advice: t('voiceCheckAdviceMediaNoChannel') })
  })

  it('times out a join whose ICE never connects, names the ports and public address to check, and leaves', async () => {
    const { store, scheduler, sent, worker } = setup()
    const running = store.run()
    await worker('checking')
    scheduler.advance(MEDIA_TIMEOUT_MS)
    await running
    expect(store.step('media')).toEqual({
      name: 'media',
      status: 'timeout',
      detail: t('voiceCheckMediaTimeout', { seconds: String(MEDIA_TIMEOUT_MS / 1000) }),
      advice: t('voiceCheckAdviceMedia', { min: '40000', max: '40999', ip: '203.0.113.7' }),
    })
    expect(sent().slice(-1)).toEqual([{ op: 'voice_leave', d: null }])
  })

  it('fails the media step with the room\'s words when the join is refused', async () => {
    const { store, sent, deliver } = setup({ path: { ...PATH, media: { ...PATH.media, public_ip: null } } })
    const running = store.run()
    await until(() => sent().some(frame => frame.op === 'voice_join'))
    deliver({ op: 'error', d: { code: GatewayErrorCode.VoiceRefused, msg: 'voice_join: missing permission Connect' } })
    await running
    expect(store.step('media')).toEqual({ name: 'media', status: 'failed', detail: t('voiceJoinRefused'), advice: t('voiceCheckAdviceMedia', { min: '40000', max: '40999', ip: t('voiceCheckPublicIpUnset') }) })
  })

  it('reads a connection the member already has instead of joining, and does not take them out of it', async () => {
    const { store, room, sent, worker } = setup()
    await room.join(ROOM)
    await worker('connected', pairStats('host', 'host'))
    expect(room.status).toBe('connected')
    const before = sent().length
    await store.run()
    expect(store.step('media').status).toBe('passed')
    expect(sent().length).toBe(before)
    expect(room.status).toBe('connected')
  })

  it('says the check could not start when the server refuses it', async () => {
    const { store } = setup({ check: async () => { throw new RequestError({ kind: 'server', message: 'missing permission: ManageServer', status: 403, code: 403000, serverMessage: 'missing permission: ManageServer' }) } })
    await store.run()
    expect(store.error).not.toBeNull()
    expect(store.steps.every(step => step.status === 'waiting')).toBe(true)
    expect(store.running).toBe(false)
  })

  it('is not supported where there is no WebRTC (the mini-program) and runs nothing there', async () => {
    const { store, api } = setup({ browser: null })
    expect(store.supported).toBe(false)
    await store.run()
    expect(api.check).not.toHaveBeenCalled()
  })
})
