import type { ServerFrame } from '@core/wire/gateway'
import { GATEWAY_PROTOCOL_VERSION, GatewayErrorCode } from '@core/wire/gateway-codes'
import type { VoiceServerFrame, VoiceState } from '@core/wire/voice'
import { VOICE_SPEAKING_PER_SECOND } from '@core/wire/voice-codes'
import { t } from '@/i18n'
import { RequestError } from '@/services/request/errors'
import { GatewayStore } from '@/stores/gateway-store'
import { SPEAKING_POLL_MS } from '@/stores/voice/speaking'
import { VOICE_RESTART_GRACE_MS, VoiceRoomStore } from '@/stores/voice/voice-room-store'
import { VoiceStatesStore } from '@/stores/voice/voice-states-store'
import { fakeConnector } from '../support/fake-socket'
import { fakeLogger, user } from '../support/fakes'
import { fakeBrowser, type FakeBrowser } from './fake-webrtc'

const IOS_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1'
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36'
const DESKTOP_EDGE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0'
const WECHAT_ANDROID = 'Mozilla/5.0 (Linux; Android 13; V2148A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/107.0 Mobile Safari/537.36 MicroMessenger/8.0.44.2502(0x28002C37) NetType/WIFI'
const WECHAT_IOS_14_2 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 14_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.2(0x18000239) NetType/WIFI'
const WECHAT_IOS_14_3 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 14_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.2(0x18000239) NetType/WIFI'

/** Timers that run when the test moves the clock. */
function timedScheduler (clock: { now: number }) {
  let timers: Array<{ at: number, callback: () => void }> = []
  return {
    schedule (callback: () => void, delayMs: number) {
      const timer = { at: clock.now + delayMs, callback }
      timers.push(timer)
      return () => { timers = timers.filter(other => other !== timer) }
    },
    advance (ms: number) {
      const end = clock.now + ms
      for (;;) {
        const next = timers.filter(timer => timer.at <= end).sort((a, b) => a.at - b.at)[0]
        if (next === undefined) break
        timers = timers.filter(timer => timer !== next)
        clock.now = next.at
        next.callback()
      }
      clock.now = end
    },
  }
}

function member (uid: string, overrides: Partial<VoiceState> = {}): VoiceState {
  return { server_id: '723658', channel_id: 'c-voice', uid, nickname: `member ${uid}`, avatar: '', mute: false, deaf: false, self_mute: false, self_deaf: false, joined_at: 1, rank: null, ...overrides }
}

const OFFER = 'v=0\r\na=mid:0\r\na=mid:1\r\na=mid:2\r\n'
const ROOM = { serverId: '723658', channelId: 'c-voice', name: '语音茶室' }

/** A real gateway over a fake socket, signed in; a voice room store on it with a fake browser. */
function setup (browser: FakeBrowser | null = fakeBrowser()) {
  const connect = fakeConnector()
  const clock = { now: 10_000 }
  const scheduler = timedScheduler(clock)
  const logger = fakeLogger()
  const gateway = new GatewayStore({ connect, url: 'ws://realm.test/gateway', token: () => 'tok', scheduler, random: () => 0.5, logger })
  const statesApi = { states: jest.fn(async () => ({ items: [] as VoiceState[] })) }
  const states = new VoiceStatesStore(statesApi, gateway, logger)
  const api = { moderate: jest.fn(), disconnect: jest.fn(async () => null) }
  const store = new VoiceRoomStore({ gateway, runtime: browser?.runtime ?? null, states, api, channelName: id => (id === 'c-other' ? '第二茶室' : ''), scheduler, clock: () => clock.now, logger })
  const online = (sessionId = 's1') => {
    connect.last().open()
    connect.last().deliver({ op: 'ready', d: { user: user({ uid: 'me' }), protocol_version: GATEWAY_PROTOCOL_VERSION, session_id: sessionId, seq: 0, heartbeat_interval_ms: 30_000, server_ids: ['723658'] } })
  }
  gateway.start()
  online()
  const deliver = (frame: VoiceServerFrame | ServerFrame) => connect.last().deliver(frame as ServerFrame)
  const sent = () => connect.last().sent.filter(frame => frame.op.startsWith('voice_'))
  const settle = () => new Promise(resolve => setTimeout(resolve, 0))
  const ready = (overrides: Partial<{ relay_only: boolean, members: VoiceState[] }> = {}) => deliver({
    op: 'voice_ready',
    d: { channel_id: 'c-voice', server_id: '723658', members: [member('me'), member('u1')], ice_servers: [{ urls: ['turn:turn.test:3478'], username: 'u', credential: 'p' }], bitrate: 64_000, relay_only: false, ...overrides },
  })
  const offer = async (tracks = [{ mid: '1', uid: 'u1' }, { mid: '2', uid: 'u2' }]) => {
    deliver({ op: 'voice_offer', d: { sdp: OFFER, tracks } })
    await settle()
  }
  /** Joined, ready, offered, answered and connected. */
  const connected = async () => {
    await store.join(ROOM)
    ready()
    await offer()
    browser?.lastPeer().setIceState('connected')
  }
  return { connect, clock, scheduler, gateway, states, statesApi, api, store, deliver, sent, ready, offer, connected, online, logger, browser }
}

describe('VoiceRoomStore', () => {
  it('asks for the microphone with echo cancellation, noise suppression and gain control on, then joins the room', async () => {
    const { store, sent, browser } = setup()
    const joining = store.join(ROOM)
    expect(store.status).toBe('asking-mic')
    expect(await joining).toBe(true)
    expect(browser?.asked).toEqual([{ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true }, video: false }])
    expect(store.status).toBe('joining')
    expect(sent()).toEqual([{ op: 'voice_join', d: { channel_id: 'c-voice', self_mute: false, self_deaf: false } }])
  })

  it('answers the worker\'s offer after voice_ready, the microphone on the transceiver no member comes on', async () => {
    const { store, sent, ready, offer, browser, states } = setup()
    await store.join(ROOM)
    ready()
    expect(browser?.lastPeer().config).toEqual({ iceServers: [{ urls: ['turn:turn.test:3478'], username: 'u', credential: 'p' }], iceTransportPolicy: 'all' })
    expect(states.inRoom('c-voice').map(state => state.uid)).toEqual(['me', 'u1'])
    await offer()
    const peer = browser!.lastPeer()
    expect(peer.remote).toEqual([OFFER])
    expect(sent().slice(-1)).toEqual([{ op: 'voice_answer', d: { sdp: 'answer to 1' } }])
    const upstream = peer.transceivers.find(transceiver => transceiver.mid === '0')
    expect([upstream?.sender.track?.id, upstream?.direction]).toEqual(['mic', 'sendrecv'])
  })

  it('uses only relayed candidates when the server says relay_only', async () => {
    const { store, ready, browser } = setup()
    await store.join(ROOM)
    ready({ relay_only: true })
    expect(browser?.lastPeer().config.iceTransportPolicy).toBe('relay')
  })

  it('plays each member\'s audio from the transceiver the offer names for them', async () => {
    const { store, ready, offer, browser } = setup()
    await store.join(ROOM)
    ready()
    await offer()
    expect(browser?.outputs.map(output => output.track.id)).toEqual(['remote-1', 'remote-2'])
    store.setVolume('u2', 0.25)
    expect(browser?.outputs[1].volume).toBe(0.25)
    expect(store.volumeOf('u2')).toBe(0.25)
    // the next offer no longer carries u2: their audio stops
    await offer([{ mid: '1', uid: 'u1' }])
    expect(browser?.outputs[1].closed).toBe(true)
  })

  it('trickles candidates both ways', async () => {
    const { store, ready, sent, deliver, browser } = setup()
    await store.join(ROOM)
    ready()
    browser!.lastPeer().gather('candidate:1 1 udp 1 10.0.0.2 5000 typ host')
    browser!.lastPeer().gather(null)
    expect(sent().slice(-2)).toEqual([
      { op: 'voice_ice', d: { candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.2 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 } } },
      { op: 'voice_ice', d: { candidate: null } },
    ])
    deliver({ op: 'voice_ice', d: { candidate: { candidate: 'candidate:2 1 udp 1 10.0.0.9 6000 typ relay', sdpMid: '0', sdpMLineIndex: 0 } } })
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(browser!.lastPeer().added).toEqual([{ candidate: 'candidate:2 1 udp 1 10.0.0.9 6000 typ relay', sdpMid: '0', sdpMLineIndex: 0 }])
  })

  it('is connected once ICE connects; mute stops the track and tells the room', async () => {
    const { store, sent, connected, browser } = setup()
    await connected()
    expect(store.status).toBe('connected')
    store.setSelfMute(true)
    expect(browser?.microphone.enabled).toBe(false)
    expect(sent().slice(-1)).toEqual([{ op: 'voice_state', d: { self_mute: true, self_deaf: false } }])
    store.setSelfMute(false)
    expect(browser?.microphone.enabled).toBe(true)
  })

  it('deafens by silencing every member\'s audio and telling the room', async () => {
    const { store, sent, connected, browser } = setup()
    await connected()
    store.setSelfDeaf(true)
    expect(browser?.outputs.map(output => output.muted)).toEqual([true, true])
    expect(sent().slice(-1)).toEqual([{ op: 'voice_state', d: { self_mute: false, self_deaf: true } }])
  })

  it(`sends voice activity at most ${VOICE_SPEAKING_PER_SECOND} changes a second`, async () => {
    const { store, sent, connected, browser, scheduler } = setup()
    await connected()
    const speakingSent = () => sent().filter(frame => frame.op === 'voice_speaking')
    // loud and quiet flipping every poll for two seconds
    for (let poll = 0; poll < 40; poll++) {
      browser!.level.value = Math.floor(poll / 7) % 2 === 0 ? 0.2 : 0
      scheduler.advance(SPEAKING_POLL_MS)
    }
    const changes = speakingSent()
    expect(changes[0]).toEqual({ op: 'voice_speaking', d: { speaking: true } })
    expect(changes.length).toBeGreaterThan(1)
    expect(changes.length).toBeLessThanOrEqual(2 * VOICE_SPEAKING_PER_SECOND + 1)
    expect(store.speaking).toBe((changes[changes.length - 1].d as { speaking: boolean }).speaking)
  })

  it('never shows a muted member speaking', async () => {
    const { store, sent, connected, browser, scheduler } = setup()
    await connected()
    store.setSelfMute(true)
    browser!.level.value = 0.3
    scheduler.advance(1000)
    expect(sent().filter(frame => frame.op === 'voice_speaking')).toEqual([])
  })

  it('opens the microphone only while the push-to-talk key is held', async () => {
    const { store, connected, browser } = setup()
    await connected()
    store.setMode('push-to-talk')
    expect(browser?.microphone.enabled).toBe(false)
    store.setTalking(true)
    expect(browser?.microphone.enabled).toBe(true)
    store.setTalking(false)
    expect(browser?.microphone.enabled).toBe(false)
    store.setPushToTalkKey('KeyV')
    expect(store.pushToTalkKey).toBe('KeyV')
  })

  it('switches an audio processing on the open microphone', async () => {
    const { store, connected, browser } = setup()
    await connected()
    store.setProcessing('noiseSuppression', false)
    expect(browser?.microphone.constraints).toEqual([{ echoCancellation: true, noiseSuppression: false, autoGainControl: true }])
  })

  it('measures the connection quality from getStats', async () => {
    const { store, connected, browser, scheduler } = setup()
    await connected()
    browser!.lastPeer().stats = [
      { type: 'candidate-pair', state: 'succeeded', nominated: true, currentRoundTripTime: 0.5 },
      { type: 'inbound-rtp', kind: 'audio', packetsReceived: 100, packetsLost: 0 },
    ]
    scheduler.advance(2000)
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(store.quality).toBe('poor')
  })

  it('asks for an ICE restart when the path drops, and joins again when it is not back in time', async () => {
    const { store, sent, connected, browser, scheduler } = setup()
    await connected()
    browser!.lastPeer().setIceState('disconnected')
    expect(store.status).toBe('reconnecting')
    expect(sent().slice(-1)).toEqual([{ op: 'voice_restart', d: null }])
    scheduler.advance(VOICE_RESTART_GRACE_MS)
    expect(sent().slice(-1)).toEqual([{ op: 'voice_join', d: { channel_id: 'c-voice', self_mute: false, self_deaf: false } }])
    expect(browser!.lastPeer().closed).toBe(true)
    expect(store.status).toBe('reconnecting')
  })

  it('is connected again without rejoining when the restart works in time', async () => {
    const { store, sent, connected, browser, scheduler } = setup()
    await connected()
    browser!.lastPeer().setIceState('failed')
    browser!.lastPeer().setIceState('connected')
    scheduler.advance(VOICE_RESTART_GRACE_MS * 2)
    expect(store.status).toBe('connected')
    expect(sent().filter(frame => frame.op === 'voice_join')).toHaveLength(1)
  })

  it('follows a move into the channel it names', async () => {
    const { store, sent, connected, deliver } = setup()
    await connected()
    deliver({ op: 'voice_left', d: { channel_id: 'c-voice', reason: 'moved', to: 'c-other' } })
    expect(sent().slice(-1)).toEqual([{ op: 'voice_join', d: { channel_id: 'c-other', self_mute: false, self_deaf: false } }])
    expect(store.room).toEqual({ serverId: '723658', channelId: 'c-other', name: '第二茶室' })
    expect(store.status).toBe('joining')
  })

  it('is not put off a move by the refusal of an op sent in the room it was moved out of', async () => {
    const { store, sent, connected, deliver } = setup()
    await connected()
    deliver({ op: 'voice_left', d: { channel_id: 'c-voice', reason: 'moved', to: 'c-other' } })
    deliver({ op: 'error', d: { code: GatewayErrorCode.VoiceRefused, msg: 'voice_speaking: not in a voice room (voice_join first)' } })
    expect(store.status).toBe('joining')
    expect(store.error).toBeNull()
    expect(store.notice).toBeNull()
    expect(sent().filter(frame => frame.op === 'voice_join')).toHaveLength(2)
  })

  it('joins again when the process holding the room went away', async () => {
    const { store, sent, connected, deliver } = setup()
    await connected()
    deliver({ op: 'voice_left', d: { channel_id: 'c-voice', reason: 'holder' } })
    expect(sent().slice(-1)).toEqual([{ op: 'voice_join', d: { channel_id: 'c-voice', self_mute: false, self_deaf: false } }])
    expect(store.status).toBe('reconnecting')
  })

  it.each([
    ['elsewhere', '已在另一台设备上加入语音'],
    ['hidden', '你已不能进入这个语音频道'],
    ['gone', '这个语音频道已被删除'],
    ['disconnected', '你已被管理员移出语音'],
  ] as const)('leaves with a notice when out of the room as %s', async (reason, notice) => {
    const { store, connected, deliver, browser } = setup()
    await connected()
    deliver({ op: 'voice_left', d: { channel_id: 'c-voice', reason } })
    expect(store.status).toBe('left')
    expect(store.notice).toBe(notice)
    expect(browser?.microphone.stopped).toBe(true)
    expect(browser?.lastPeer().closed).toBe(true)
  })

  it('shows the bar while in a room, except on that room\'s own page', async () => {
    const { store, connected } = setup()
    expect(store.barShown).toBe(false)
    await connected()
    expect(store.barShown).toBe(true)
    store.markRoomShown('c-voice')
    expect(store.barShown).toBe(false)
    store.markRoomShown('c-other')
    store.markRoomShown(null, 'c-voice')
    expect(store.barShown).toBe(true)
  })

  it('leaves when the member taps Leave, letting the microphone go', async () => {
    const { store, sent, connected, browser } = setup()
    await connected()
    store.leave()
    expect(sent().slice(-1)).toEqual([{ op: 'voice_leave', d: null }])
    expect([store.status, store.active, browser?.microphone.stopped]).toEqual(['left', false, true])
  })

  it('joins nothing when the member left while the browser was asking for the microphone', async () => {
    const { store, sent, browser } = setup()
    const joining = store.join(ROOM)
    store.leave()
    expect(await joining).toBe(false)
    expect(sent()).toEqual([])
    expect([store.status, browser?.microphone.stopped]).toEqual(['left', true])
  })

  it('says the join was refused when the server refuses it', async () => {
    const { store, deliver } = setup()
    await store.join(ROOM)
    deliver({ op: 'error', d: { code: GatewayErrorCode.VoiceRefused, msg: 'voice_join: missing permission Connect' } })
    expect(store.status).toBe('idle')
    expect(store.error).toBe(t('voiceJoinRefused'))
  })

  it('joins again after a new gateway session (the old one could not resume)', async () => {
    const { store, connect, connected, online, scheduler } = setup()
    await connected()
    connect.last().drop()
    scheduler.advance(1000)
    expect(connect.sockets).toHaveLength(2)
    online('s2')
    expect(connect.last().sent.filter(frame => frame.op === 'voice_join')).toHaveLength(1)
    expect(store.status).toBe('reconnecting')
  })

  it('sends a join made while the gateway was away once it is back, once', async () => {
    const { store, connect, online, scheduler } = setup()
    connect.last().drop()
    expect(await store.join(ROOM)).toBe(true)
    expect(store.status).toBe('joining')
    scheduler.advance(1000)
    online('s2')
    scheduler.advance(0)
    expect(connect.last().sent.filter(frame => frame.op === 'voice_join')).toHaveLength(1)
    expect(store.status).toBe('joining')
  })

  it('sends an ICE restart asked while the gateway was away once a resumed session is up', async () => {
    const { store, connect, connected, browser, scheduler } = setup()
    await connected()
    connect.last().drop()
    browser!.lastPeer().setIceState('failed')
    scheduler.advance(1000)
    connect.last().open()
    connect.last().deliver({ op: 'resumed', d: { replayed: 0 } })
    scheduler.advance(0)
    expect(connect.last().sent.filter(frame => frame.op.startsWith('voice_'))).toEqual([{ op: 'voice_restart', d: null }])
    expect(store.status).toBe('reconnecting')
  })

  it('says voice does not work where there is no WebRTC (the mini-program)', async () => {
    const { store, sent } = setup(null)
    expect(await store.join(ROOM)).toBe(false)
    expect(store.error).toBe(t('voiceUnsupported'))
    expect(sent()).toEqual([])
  })

  it('puts a moderator\'s refused action in the refusal wording', async () => {
    const { store, connected, api } = setup()
    await connected()
    api.moderate.mockRejectedValueOnce(new RequestError({ kind: 'server', message: 'missing permission: MuteVoice', status: 403, code: 403000, serverMessage: 'missing permission: MuteVoice' }))
    expect(await store.serverMute('u1', true)).toBe(false)
    expect(api.moderate).toHaveBeenCalledWith('723658', 'u1', { mute: true })
    expect(store.notice).toBe(t('refusalMissing', { names: t('permMuteVoice') }))
    expect(await store.moveTo('u1', 'c-other')).toBe(true)
    expect(api.moderate).toHaveBeenLastCalledWith('723658', 'u1', { channel_id: 'c-other' })
  })
})

describe('VoiceRoomStore: the microphone refused', () => {
  it.each([
    [IOS_SAFARI, 'ios-safari', 'voiceMicStepsIosSafari'],
    [ANDROID_CHROME, 'android-chrome', 'voiceMicStepsAndroidChrome'],
    [DESKTOP_EDGE, 'desktop', 'voiceMicStepsDesktop'],
    [WECHAT_ANDROID, 'wechat', 'voiceMicStepsWechat'],
  ] as const)('explains a denial with how to allow it (%#: %s)', async (userAgent, platform, steps) => {
    const { store, sent } = setup(fakeBrowser({ refuse: 'NotAllowedError', userAgent }))
    expect(await store.join(ROOM)).toBe(false)
    expect(store.status).toBe('idle')
    expect(store.microphone).toEqual({ problem: 'denied', platform, reason: 'voiceMicDenied', steps })
    expect(sent()).toEqual([])
  })

  it('says no microphone was found', async () => {
    const { store } = setup(fakeBrowser({ refuse: 'NotFoundError' }))
    await store.join(ROOM)
    expect(store.microphone).toMatchObject({ problem: 'not-found', reason: 'voiceMicNotFound', steps: 'voiceMicStepsPlugIn' })
  })

  it('says an insecure page gets no microphone, before asking', async () => {
    const browser = fakeBrowser({ secureContext: false, hasMediaDevices: false })
    const { store } = setup(browser)
    await store.join(ROOM)
    expect(store.microphone).toMatchObject({ problem: 'insecure', reason: 'voiceMicInsecure' })
    expect(browser.asked).toEqual([])
  })

  it('tells WeChat on iOS before 14.3 it has no microphone, before asking', async () => {
    const browser = fakeBrowser({ userAgent: WECHAT_IOS_14_2 })
    const { store } = setup(browser)
    expect(await store.join(ROOM)).toBe(false)
    expect(store.microphone).toMatchObject({ problem: 'wechat-ios-too-old', reason: 'voiceMicWechatIosTooOld', steps: 'voiceMicStepsOpenInSafari' })
    expect(browser.asked).toEqual([])
  })

  it('asks WeChat on iOS 14.3', async () => {
    const browser = fakeBrowser({ userAgent: WECHAT_IOS_14_3 })
    const { store } = setup(browser)
    expect(await store.join(ROOM)).toBe(true)
    expect(browser.asked).toHaveLength(1)
  })
})
