import type { ReadyData, ServerFrame } from '@core/wire/gateway'
import { GATEWAY_PROTOCOL_VERSION, GatewayErrorCode } from '@core/wire/gateway-codes'
import { GATEWAY_ONLINE, GATEWAY_READY, GATEWAY_RESYNC, GatewayStore, RECONNECT_BASE_MS } from '@/stores/gateway-store'
import { fakeConnector } from './support/fake-socket'
import { fakeLogger, manualScheduler, user } from './support/fakes'

const URL = 'ws://realm.test/gateway'
const HEARTBEAT_MS = 30_000

function ready (overrides: Partial<ReadyData> = {}): ReadyData {
  return { user: user(), protocol_version: GATEWAY_PROTOCOL_VERSION, session_id: 'sess1', seq: 10, heartbeat_interval_ms: HEARTBEAT_MS, server_ids: ['723658'], ...overrides }
}

function setup (token: string | null = 'tok') {
  const connect = fakeConnector()
  const scheduler = manualScheduler()
  const logger = fakeLogger()
  let currentToken = token
  const store = new GatewayStore({ connect, url: URL, token: () => currentToken, scheduler, random: () => 0.5, logger })
  return { connect, scheduler, logger, store, setToken: (value: string | null) => { currentToken = value } }
}

/** Starts the store and brings its first session up. */
function online (overrides: Partial<ReadyData> = {}) {
  const context = setup()
  context.store.start()
  context.connect.last().open()
  context.connect.last().deliver({ op: 'ready', d: ready(overrides) })
  return context
}

describe('GatewayStore', () => {
  it('connects to the gateway and identifies with the session token', () => {
    const { connect, store } = setup()
    store.start()
    expect(store.connection).toBe('connecting')
    expect(connect.last().url).toBe(URL)
    connect.last().open()
    expect(connect.last().sent).toEqual([{ op: 'identify', d: { token: 'tok' } }])
  })

  it('is online after ready and tells READY subscribers the session', () => {
    const { connect, store } = setup()
    const readies: unknown[] = []
    store.on(GATEWAY_READY, d => readies.push(d))
    store.start()
    connect.last().open()
    connect.last().deliver({ op: 'ready', d: ready() })
    expect(store.connection).toBe('online')
    expect(readies).toEqual([ready()])
  })

  it('logs nothing when the server speaks this app\'s protocol version, and keeps what it announced', () => {
    const { logger, store } = online()
    expect(store.serverProtocolVersion).toBe(GATEWAY_PROTOCOL_VERSION)
    expect(logger.warn).not.toHaveBeenCalled()
  })

  it.each([
    ['a newer', GATEWAY_PROTOCOL_VERSION + 1, `protocol ${GATEWAY_PROTOCOL_VERSION + 1}, this app ${GATEWAY_PROTOCOL_VERSION} (newer: events this app does not know are ignored`],
    ['an older', GATEWAY_PROTOCOL_VERSION - 1, `protocol ${GATEWAY_PROTOCOL_VERSION - 1}, this app ${GATEWAY_PROTOCOL_VERSION} (older: `],
  ])('goes online with %s server, warning once in the log however often it reconnects, and ignores dispatches it does not know', (_which, version, warning) => {
    const { connect, logger, scheduler, store } = online({ protocol_version: version })
    expect(store.connection).toBe('online')
    expect(store.serverProtocolVersion).toBe(version)
    expect(logger.warn).toHaveBeenCalledTimes(1)
    expect(logger.warn.mock.calls[0][0]).toContain(warning)
    const created: unknown[] = []
    store.on('CHANNEL_CREATE', d => created.push(d))
    connect.last().deliver({ op: 'dispatch', t: 'SOMETHING_NEW' as 'CHANNEL_CREATE', s: 11, d: {} as never })
    connect.last().deliver({ op: 'dispatch', t: 'CHANNEL_CREATE', s: 12, d: { channel_id: 'c1' } })
    expect(created).toEqual([{ channel_id: 'c1' }])
    // dropped and back: a fresh session on the same server says the same version, nothing new to say
    connect.last().drop()
    scheduler.fireNext()
    connect.last().open()
    connect.last().deliver({ op: 'invalid_session', d: null })
    connect.last().deliver({ op: 'ready', d: ready({ protocol_version: version, session_id: 'sess2' }) })
    expect(store.connection).toBe('online')
    expect(logger.warn).toHaveBeenCalledTimes(1)
  })

  it('stays offline without a token and connects once however often it is started', () => {
    const signedOut = setup(null)
    signedOut.store.start()
    expect(signedOut.store.connection).toBe('offline')
    expect(signedOut.connect.sockets).toHaveLength(0)
    const { connect, store } = setup()
    store.start()
    store.start()
    expect(connect.sockets).toHaveLength(1)
  })

  it('hands each dispatch to the handlers of its name until they unsubscribe', () => {
    const { connect, store } = online()
    const created: unknown[] = []
    const stop = store.on('CHANNEL_CREATE', d => created.push(d))
    store.on('MESSAGE_CREATE', () => { throw new Error('not for this test') })
    connect.last().deliver({ op: 'dispatch', t: 'CHANNEL_CREATE', s: 11, d: { channel_id: 'c1' } })
    stop()
    connect.last().deliver({ op: 'dispatch', t: 'CHANNEL_CREATE', s: 12, d: { channel_id: 'c2' } })
    expect(created).toEqual([{ channel_id: 'c1' }])
  })

  it('types each handler with the payload its dispatch declares (core/wire/dispatches.ts)', () => {
    const { connect, store } = online()
    const removed: string[][] = []
    store.on('CHANNELS_VISIBLE_UPDATE', update => removed.push(update.removed))
    // @ts-expect-error a payload field the declaration does not have does not compile
    store.on('CHANNELS_VISIBLE_UPDATE', update => update.channel_ids)
    // @ts-expect-error an undeclared name does not compile
    store.on('NOT_DECLARED', () => undefined)
    connect.last().deliver({ op: 'dispatch', t: 'CHANNELS_VISIBLE_UPDATE', s: 11, d: { server_id: 's1', added: [], removed: ['c1'] } })
    expect(removed).toEqual([['c1']])
  })

  it('keeps other handlers running when one throws, and logs it', () => {
    const { connect, logger, store } = online()
    const heard: unknown[] = []
    store.on('MESSAGE_CREATE', () => { throw new Error('bug') })
    store.on('MESSAGE_CREATE', d => heard.push(d))
    connect.last().deliver({ op: 'dispatch', t: 'MESSAGE_CREATE', s: 11, d: 'm1' })
    expect(heard).toEqual(['m1'])
    expect(logger.error).toHaveBeenCalled()
  })

  it('beats at the announced interval with the last seq, and reconnects when a beat goes unanswered', () => {
    const { connect, scheduler, store } = online()
    connect.last().deliver({ op: 'dispatch', t: 'X', s: 14, d: null })
    expect(scheduler.pending()).toEqual([{ delayMs: HEARTBEAT_MS }])
    scheduler.fireNext()
    expect(connect.last().sent.at(-1)).toEqual({ op: 'heartbeat', d: { seq: 14 } })
    connect.last().deliver({ op: 'heartbeat_ack', d: null })
    scheduler.fireNext()
    expect(store.connection).toBe('online')
    scheduler.fireNext() // the second beat was never acknowledged
    expect(connect.last().closedByClient).toBe(true)
    expect(store.connection).toBe('reconnecting')
  })

  it('gives the socket up as soon as the device goes offline, and reconnects at once when it is back', () => {
    const { connect, scheduler, store } = online()
    const first = connect.last()
    store.networkChanged(false)
    expect([first.closedByClient, store.connection]).toEqual([true, 'reconnecting'])
    const sockets = connect.sockets.length
    store.networkChanged(true)
    expect(connect.sockets.length).toBe(sockets + 1)
    expect(scheduler.pending()).toEqual([])
    connect.last().open()
    connect.last().deliver({ op: 'resumed', d: { replayed: 0 } })
    expect(store.connection).toBe('online')
    store.networkChanged(true)
    expect(connect.sockets.length).toBe(sockets + 1)
  })

  it('reconnects after a drop with a growing, jittered delay and resumes from the last seq', () => {
    const { connect, scheduler, store } = online()
    connect.last().deliver({ op: 'dispatch', t: 'X', s: 15, d: null })
    connect.last().drop()
    expect(store.connection).toBe('reconnecting')
    // random() = 0.5: three quarters of the ceiling
    expect(scheduler.pending()).toEqual([{ delayMs: RECONNECT_BASE_MS * 0.75 }])
    scheduler.fireNext()
    connect.last().drop() // the reconnect failed too
    expect(scheduler.pending()).toEqual([{ delayMs: RECONNECT_BASE_MS * 2 * 0.75 }])
    scheduler.fireNext()
    connect.last().open()
    expect(connect.last().sent).toEqual([{ op: 'resume', d: { token: 'tok', session_id: 'sess1', seq: 15 } }])
    connect.last().deliver({ op: 'dispatch', t: 'X', s: 16, d: null })
    connect.last().deliver({ op: 'resumed', d: { replayed: 1 } })
    expect(store.connection).toBe('online')
    connect.last().drop()
    expect(scheduler.pending().at(-1)).toEqual({ delayMs: RECONNECT_BASE_MS * 0.75 }) // back to the first delay
  })

  it('identifies afresh after invalid_session and tells subscribers to reload once the new session is ready', () => {
    const { connect, scheduler, store } = online()
    const resyncs: unknown[] = []
    store.on(GATEWAY_RESYNC, d => resyncs.push(d))
    connect.last().drop()
    scheduler.fireNext()
    const socket = connect.last()
    socket.open()
    socket.deliver({ op: 'invalid_session', d: null })
    expect(socket.sent.at(-1)).toEqual({ op: 'identify', d: { token: 'tok' } })
    expect(resyncs).toEqual([])
    socket.deliver({ op: 'ready', d: ready({ session_id: 'sess2', seq: 90 }) })
    expect(resyncs).toEqual([null])
    expect(store.connection).toBe('online')
  })

  it('sends focus now when online, and again after every reconnect', () => {
    const { connect, scheduler, store } = online()
    store.focus('c1')
    expect(connect.last().sent.at(-1)).toEqual({ op: 'focus', d: { channel_id: 'c1' } })
    connect.last().drop()
    scheduler.fireNext()
    connect.last().open()
    connect.last().deliver({ op: 'resumed', d: { replayed: 0 } })
    expect(connect.last().sent.at(-1)).toEqual({ op: 'focus', d: { channel_id: 'c1' } })
  })

  it('stops reconnecting when the token is refused (4004)', () => {
    const { connect, scheduler, store } = online()
    connect.last().deliver({ op: 'error', d: { code: 4004, msg: 'token: unknown or expired' } })
    connect.last().drop(4004)
    expect(store.connection).toBe('offline')
    expect(scheduler.pending()).toEqual([])
  })

  it('gives up at the refusal itself and tells which token was refused, though the platform reports the close as 1006 (Taro\'s H5 socket does)', () => {
    const connect = fakeConnector()
    const scheduler = manualScheduler()
    const refused: string[] = []
    const store = new GatewayStore({ connect, url: URL, token: () => 'revoked-token', scheduler, random: () => 0.5, logger: fakeLogger(), onTokenRefused: token => refused.push(token) })
    store.start()
    connect.last().open()
    connect.last().deliver({ op: 'error', d: { code: GatewayErrorCode.AuthenticationFailed, msg: 'token: unknown or expired' } })
    connect.last().drop(1006)
    expect([store.connection, scheduler.pending(), connect.sockets.length, refused]).toEqual(['offline', [], 1, ['revoked-token']])
  })

  it('reconnects at once when its session was revoked (SessionRevoked), to learn whether its token still works', () => {
    const { connect, scheduler, store } = online()
    connect.last().drop(GatewayErrorCode.SessionRevoked)
    expect([store.connection, scheduler.pending().map(timer => timer.delayMs)]).toEqual(['reconnecting', [0]])
  })

  it('goes offline on stop, closing the socket and cancelling every timer', () => {
    const { connect, scheduler, store } = online()
    store.stop()
    expect(store.connection).toBe('offline')
    expect(connect.last().closedByClient).toBe(true)
    expect(scheduler.pending()).toEqual([])
    connect.last().drop()
    expect(scheduler.pending()).toEqual([])
  })

  it.each(['{not json', 'null', '"text"'])('ignores the frame %s with a warning and stays online', text => {
    const { connect, logger, store } = online()
    connect.last().deliverText(text)
    expect(store.connection).toBe('online')
    expect(logger.warn).toHaveBeenCalledWith('[gateway] a frame that is not a JSON object was ignored')
  })

  describe('space frames', () => {
    it('sends a space frame on the session and nothing while offline', () => {
      const { connect, store } = setup()
      expect(store.sendSpace({ op: 'space_walk', d: { x: 1, y: 2 } })).toBe(false)
      store.start()
      connect.last().open()
      connect.last().deliver({ op: 'ready', d: ready() })
      expect(store.sendSpace({ op: 'space_walk', d: { x: 1, y: 2 } })).toBe(true)
      expect(connect.last().sent.at(-1)).toEqual({ op: 'space_walk', d: { x: 1, y: 2 } })
    })

    it('hands space frames and space refusals to space subscribers, and other errors to the log only', () => {
      const { connect, logger, store } = online()
      const frames: unknown[] = []
      const stop = store.onSpace(frame => frames.push(frame))
      const group = { op: 'space_group', d: { ids: [1, 2] } }
      connect.last().deliver(group as unknown as ServerFrame)
      connect.last().deliver({ op: 'error', d: { code: GatewayErrorCode.SpaceRefused, msg: 'too fast' } })
      connect.last().deliver({ op: 'error', d: { code: GatewayErrorCode.UnknownOp, msg: 'unknown op' } })
      expect(frames).toEqual([group, { op: 'error', d: { code: GatewayErrorCode.SpaceRefused, msg: 'too fast' } }])
      expect(logger.warn).toHaveBeenCalledWith('[gateway] error 4001: unknown op')
      stop()
      connect.last().deliver(group as unknown as ServerFrame)
      expect(frames).toHaveLength(2)
    })

    it('says it is online again after a new session and after a resumed one', () => {
      const { connect, scheduler, store } = online()
      const onlines: unknown[] = []
      store.on(GATEWAY_ONLINE, d => onlines.push(d))
      connect.last().drop()
      scheduler.fireNext()
      connect.last().open()
      connect.last().deliver({ op: 'resumed', d: { replayed: 0 } })
      expect(onlines).toEqual([null])
    })
  })

  describe('voice frames', () => {
    it('sends a voice frame on the session and nothing while offline', () => {
      const { connect, store } = setup()
      expect(store.sendVoice({ op: 'voice_leave', d: null })).toBe(false)
      store.start()
      connect.last().open()
      connect.last().deliver({ op: 'ready', d: ready() })
      expect(store.sendVoice({ op: 'voice_speaking', d: { speaking: true } })).toBe(true)
      expect(connect.last().sent.at(-1)).toEqual({ op: 'voice_speaking', d: { speaking: true } })
    })

    it('hands voice frames and voice refusals to voice subscribers only, space refusals to the space', () => {
      const { connect, store } = online()
      const voice: unknown[] = []
      const space: unknown[] = []
      store.onVoice(frame => voice.push(frame))
      store.onSpace(frame => space.push(frame))
      const left = { op: 'voice_left', d: { channel_id: 'c-voice', reason: 'gone' } }
      connect.last().deliver(left as unknown as ServerFrame)
      connect.last().deliver({ op: 'error', d: { code: GatewayErrorCode.VoiceRefused, msg: 'voice_join: full' } })
      connect.last().deliver({ op: 'error', d: { code: GatewayErrorCode.SpaceRefused, msg: 'too fast' } })
      expect(voice).toEqual([left, { op: 'error', d: { code: GatewayErrorCode.VoiceRefused, msg: 'voice_join: full' } }])
      expect(space).toEqual([{ op: 'error', d: { code: GatewayErrorCode.SpaceRefused, msg: 'too fast' } }])
    })
  })
})
