import { GATEWAY_PROTOCOL_VERSION } from '@core/wire/gateway-codes'
import type { ServerFrame } from '@core/wire/gateway'
import type { VoiceState } from '@core/wire/voice'
import { GatewayStore } from '@/stores/gateway-store'
import { VoiceStatesStore } from '@/stores/voice/voice-states-store'
import { fakeConnector } from '../support/fake-socket'
import { failedRequest, fakeLogger, manualScheduler, user } from '../support/fakes'

function member (uid: string, channelId: string, joinedAt: number, overrides: Partial<VoiceState> = {}): VoiceState {
  return { server_id: '723658', channel_id: channelId, uid, nickname: uid, avatar: '', mute: false, deaf: false, self_mute: false, self_deaf: false, joined_at: joinedAt, rank: null, ...overrides }
}

function setup (items: VoiceState[] = [member('u2', 'c-voice', 2), member('u1', 'c-voice', 1), member('u3', 'c-other', 3)]) {
  const connect = fakeConnector()
  const scheduler = manualScheduler()
  const logger = fakeLogger()
  const gateway = new GatewayStore({ connect, url: 'ws://realm.test/gateway', token: () => 'tok', scheduler, random: () => 0.5, logger })
  const api = { states: jest.fn(async () => ({ items })) }
  const store = new VoiceStatesStore(api, gateway, logger)
  let seq = 0
  const online = () => {
    connect.last().open()
    connect.last().deliver({ op: 'ready', d: { user: user(), protocol_version: GATEWAY_PROTOCOL_VERSION, session_id: 's1', seq: 0, heartbeat_interval_ms: 30_000, server_ids: ['723658'] } })
  }
  gateway.start()
  online()
  const dispatch = (t: string, d: unknown) => connect.last().deliver({ op: 'dispatch', t, s: ++seq, d } as unknown as ServerFrame)
  return { store, api, dispatch, connect, scheduler, online, logger }
}

describe('VoiceStatesStore', () => {
  it('lists who is in each room of the server, in the order they joined', async () => {
    const { store, api } = setup()
    await store.load('723658')
    expect(api.states).toHaveBeenCalledWith('723658')
    expect(store.inRoom('c-voice').map(state => state.uid)).toEqual(['u1', 'u2'])
    expect(Object.fromEntries(Object.entries(store.byChannel).map(([channel, members]) => [channel, members.map(state => state.uid)]))).toEqual({ 'c-voice': ['u1', 'u2'], 'c-other': ['u3'] })
    expect(store.loaded).toBe(true)
  })

  it('follows VOICE_STATE_UPDATE: a join, a change, a leave, and a move as a leave and a join', async () => {
    const { store, dispatch } = setup()
    await store.load('723658')
    dispatch('VOICE_STATE_UPDATE', { ...member('u4', 'c-voice', 4), left: false })
    expect(store.inRoom('c-voice').map(state => state.uid)).toEqual(['u1', 'u2', 'u4'])
    dispatch('VOICE_STATE_UPDATE', { ...member('u4', 'c-voice', 4, { self_mute: true }), left: false })
    expect(store.stateOf('u4')?.self_mute).toBe(true)
    // a move: the join of the other room may come first; the leave of the first then forgets nothing
    dispatch('VOICE_STATE_UPDATE', { ...member('u1', 'c-other', 5), left: false })
    dispatch('VOICE_STATE_UPDATE', { ...member('u1', 'c-voice', 1), left: true })
    expect(store.inRoom('c-other').map(state => state.uid)).toEqual(['u3', 'u1'])
    dispatch('VOICE_STATE_UPDATE', { ...member('u2', 'c-voice', 2), left: true })
    expect(store.inRoom('c-voice').map(state => state.uid)).toEqual(['u4'])
  })

  it('rings whoever VOICE_SPEAKING says speaks, and stops when they stop or leave', async () => {
    const { store, dispatch } = setup()
    await store.load('723658')
    dispatch('VOICE_SPEAKING', { server_id: '723658', channel_id: 'c-voice', uid: 'u1', speaking: true })
    expect([store.isSpeaking('u1'), [...store.speakingNow]]).toEqual([true, ['u1']])
    dispatch('VOICE_SPEAKING', { server_id: '723658', channel_id: 'c-voice', uid: 'u1', speaking: false })
    expect(store.isSpeaking('u1')).toBe(false)
    dispatch('VOICE_SPEAKING', { server_id: '723658', channel_id: 'c-voice', uid: 'u2', speaking: true })
    dispatch('VOICE_STATE_UPDATE', { ...member('u2', 'c-voice', 2), left: true })
    expect(store.isSpeaking('u2')).toBe(false)
  })

  it('ignores another server\'s rooms', async () => {
    const { store, dispatch } = setup()
    await store.load('723658')
    dispatch('VOICE_STATE_UPDATE', { ...member('x', 'c-far', 9), server_id: '999', left: false })
    expect(store.stateOf('x')).toBeUndefined()
  })

  it('asks again when the gateway is back (what happened meanwhile reached nobody)', async () => {
    const { store, api, connect, scheduler, online } = setup()
    await store.load('723658')
    connect.last().drop()
    scheduler.fireNext()
    online()
    expect(api.states).toHaveBeenCalledTimes(2)
  })

  it('says why the first list could not come', async () => {
    const { store, api } = setup()
    api.states.mockRejectedValueOnce(failedRequest())
    await store.load('723658')
    expect([store.loaded, store.error]).toEqual([false, failedRequest().message])
    await store.load('723658')
    expect([store.loaded, store.error]).toEqual([true, null])
  })

  it('keeps what it knows when the list cannot come', async () => {
    const { store, api, logger } = setup()
    await store.load('723658')
    api.states.mockRejectedValueOnce(failedRequest())
    await store.refresh()
    expect(store.inRoom('c-voice')).toHaveLength(2)
    expect(logger.warn).toHaveBeenCalled()
  })
})
