import { GATEWAY_PROTOCOL_VERSION, GatewayErrorCode } from '@core/wire/gateway-codes'
import type { ServerFrame } from '@core/wire/gateway'
import { SERVER_CODES } from '@core/wire/codes'
import { RequestError } from '@/services/request/errors'
import { GatewayStore } from '@/stores/gateway-store'
import { PlazaTableStore } from '@/stores/plaza/table-store'
import { fakeConnector } from '../support/fake-socket'
import { deferred, fakeLogger, manualScheduler, user } from '../support/fakes'
import { answer, fakePlazaApi, gameView, gomokuView, playingTable, table } from './plaza-fakes'

/** A real gateway store over a fake socket, signed in and online, and a table store on it for member u1. */
function setup () {
  const connect = fakeConnector()
  const scheduler = manualScheduler()
  const logger = fakeLogger()
  const gateway = new GatewayStore({ connect, url: 'ws://realm.test/gateway', token: () => 'tok', scheduler, random: () => 0.5, logger })
  const api = fakePlazaApi()
  api.table.mockResolvedValue(answer(playingTable(), gameView('gomoku', gomokuView())))
  let nonces = 0
  const store = new PlazaTableStore({ api, gateway, logger, uid: () => 'u1', nonce: () => `n${++nonces}` })
  const ready = (sessionId = 's1') => {
    connect.last().open()
    connect.last().deliver({ op: 'ready', d: { user: user(), protocol_version: GATEWAY_PROTOCOL_VERSION, session_id: sessionId, seq: 0, heartbeat_interval_ms: 30_000, server_ids: ['723658'] } })
  }
  gateway.start()
  ready()
  const deliver = (frame: ServerFrame) => connect.last().deliver(frame)
  const watches = () => connect.sockets.flatMap(socket => socket.sent).filter(frame => frame.op === 'table_watch').map(frame => frame.d)
  return { api, connect, gateway, store, ready, deliver, watches, scheduler }
}

/** A refusal the request layer makes of an envelope with `code` (its status the code's first three digits). */
function refusal (code: number, serverMessage: string): RequestError {
  return new RequestError({ kind: 'server', code, status: Math.floor(code / 1000), message: '请求有误', serverMessage })
}

describe('PlazaTableStore', () => {
  it('watches the table on open, loads it with the member\'s view, and stops watching on close', async () => {
    const { api, store, watches } = setup()
    await store.open('t1', 'code9')
    expect(watches()).toEqual([{ table_id: 't1', invite: 'code9' }])
    expect(api.table).toHaveBeenCalledWith('t1', 'code9')
    expect(store.table?.status).toBe('playing')
    expect(store.mySeat?.seat).toBe(0)
    expect(store.myTurn).toBe(true)
    store.close()
    expect(watches()).toEqual([{ table_id: 't1', invite: 'code9' }, { table_id: null }])
  })

  it('applies the game views and table changes the gateway brings, never an older one', async () => {
    const { store, deliver } = setup()
    await store.open('t1')
    const moved = gomokuView({ board: gomokuView().board.map((cell, index) => index === 0 ? 0 : cell), last: { x: 0, y: 0 }, next: 1, moves: 1 })
    deliver({ op: 'dispatch', t: 'PLAZA_GAME_VIEW', s: 1, d: gameView('gomoku', moved, { version: 3, turn: { seats: [1], deadline: 90_000 } }) })
    expect(store.view?.version).toBe(3)
    expect(store.myTurn).toBe(false)
    deliver({ op: 'dispatch', t: 'PLAZA_GAME_VIEW', s: 2, d: gameView('gomoku', gomokuView(), { version: 2 }) })
    expect(store.view?.version).toBe(3)
    deliver({ op: 'dispatch', t: 'PLAZA_TABLE_UPDATE', s: 3, d: playingTable({ version: 4, watchers: 5 }) })
    expect(store.table?.watchers).toBe(5)
    deliver({ op: 'dispatch', t: 'PLAZA_GAME_VIEW', s: 4, d: gameView('gomoku', gomokuView(), { table_id: 'other', version: 9 }) })
    expect(store.view?.version).toBe(3)
  })

  it('watches again and asks for the table after a reconnect, so the game resumes where it stands', async () => {
    const { api, connect, scheduler, store, watches } = setup()
    await store.open('t1')
    api.table.mockResolvedValue(answer(playingTable({ version: 7 }), gameView('gomoku', gomokuView({ moves: 6 }), { version: 7 })))
    connect.last().drop()
    scheduler.fireNext()
    connect.last().open()
    connect.last().deliver({ op: 'resumed', d: { replayed: 0 } })
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(connect.last().sent.filter(frame => frame.op === 'table_watch').map(frame => frame.d)).toEqual([{ table_id: 't1' }])
    expect(watches()).toHaveLength(2)
    expect(api.table).toHaveBeenCalledTimes(2)
    expect(store.view?.version).toBe(7)
  })

  it('says the table is gone once it closes', async () => {
    const { store, deliver } = setup()
    await store.open('t1')
    deliver({ op: 'dispatch', t: 'PLAZA_TABLE_UPDATE', s: 1, d: playingTable({ status: 'closed', version: 9 }) })
    expect(store.gone).toBe(true)
  })

  it('says the table is gone when the gateway refuses to let the member watch it', async () => {
    const { store, deliver } = setup()
    await store.open('t1')
    deliver({ op: 'error', d: { code: GatewayErrorCode.PlazaRefused, msg: 'table_watch: no such table' } })
    expect(store.gone).toBe(true)
  })

  it('sends a move with a nonce and the version shown, and applies its answer', async () => {
    const { api, store } = setup()
    await store.open('t1')
    api.move.mockResolvedValue(answer(playingTable({ version: 3, turn: { seats: [1], deadline: 90_000 } }), gameView('gomoku', gomokuView({ moves: 1 }), { version: 3, turn: { seats: [1], deadline: 90_000 } })))
    await expect(store.move({ x: 7, y: 7 })).resolves.toBe(true)
    expect(api.move).toHaveBeenCalledWith('t1', { nonce: 'n1', version: 2, move: { x: 7, y: 7 } })
    expect(store.view?.version).toBe(3)
    expect(store.myTurn).toBe(false)
  })

  it('sends nothing twice: a second tap while a move is on its way is dropped', async () => {
    const { api, store } = setup()
    await store.open('t1')
    const pending = deferred<ReturnType<typeof answer>>()
    api.move.mockReturnValue(pending.promise)
    const first = store.move({ x: 1, y: 1 })
    await expect(store.move({ x: 1, y: 1 })).resolves.toBe(false)
    await expect(store.move({ x: 2, y: 2 })).resolves.toBe(false)
    pending.resolve(answer(playingTable({ version: 3 })))
    await first
    expect(api.move).toHaveBeenCalledTimes(1)
  })

  it('asks for the table again when a move was made on a version the table has left, telling nothing', async () => {
    const { api, store } = setup()
    await store.open('t1')
    api.move.mockRejectedValue(refusal(SERVER_CODES.PLAZA_STALE_VERSION, 'body.version: the table has moved on'))
    api.table.mockResolvedValue(answer(playingTable({ version: 5 }), gameView('gomoku', gomokuView({ moves: 4 }), { version: 5 })))
    await expect(store.move({ x: 3, y: 3 })).resolves.toBe(false)
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(api.table).toHaveBeenCalledTimes(2)
    expect(store.view?.version).toBe(5)
    expect(store.notice).toBeNull()
  })

  it('plays the move once more on the new version when only the table moved on (an away mark) and the game stands as it was', async () => {
    const { api, store } = setup()
    await store.open('t1')
    api.move.mockRejectedValueOnce(refusal(SERVER_CODES.PLAZA_STALE_VERSION, 'body.version: the table has moved on'))
    api.move.mockResolvedValueOnce(answer(playingTable({ version: 4, turn: { seats: [1], deadline: 90_000 } }), gameView('gomoku', gomokuView({ moves: 1 }), { version: 4, turn: { seats: [1], deadline: 90_000 } })))
    // the opponent's away mark: version 3, the same game
    api.table.mockResolvedValue(answer(playingTable({ version: 3 }), gameView('gomoku', gomokuView(), { version: 3 })))
    await expect(store.move({ x: 3, y: 3 })).resolves.toBe(true)
    expect(api.move.mock.calls.map(([, body]) => body)).toEqual([{ nonce: 'n1', version: 2, move: { x: 3, y: 3 } }, { nonce: 'n1', version: 3, move: { x: 3, y: 3 } }])
    expect(store.view?.version).toBe(4)
    expect(store.moving).toBe(false)
  })

  it('plays nothing again when the game itself moved on, nor a second time when the retry is stale too', async () => {
    const { api, store } = setup()
    await store.open('t1')
    api.move.mockRejectedValue(refusal(SERVER_CODES.PLAZA_STALE_VERSION, 'body.version: the table has moved on'))
    api.table.mockResolvedValue(answer(playingTable({ version: 3 }), gameView('gomoku', gomokuView(), { version: 3 })))
    await expect(store.move({ x: 3, y: 3 })).resolves.toBe(false)
    expect(api.move).toHaveBeenCalledTimes(2)
    expect(store.moving).toBe(false)
    api.move.mockClear()
    api.table.mockResolvedValue(answer(playingTable({ version: 6 }), gameView('gomoku', gomokuView({ moves: 2 }), { version: 6 })))
    await expect(store.move({ x: 4, y: 4 })).resolves.toBe(false)
    expect(api.move).toHaveBeenCalledTimes(1)
  })

  it('tells a refused move by its code in the client\'s own words, never the server\'s text', async () => {
    const { api, store } = setup()
    await store.open('t1')
    api.move.mockRejectedValue(refusal(SERVER_CODES.PLAZA_MOVE_OCCUPIED, 'occupied: the point is taken'))
    await store.move({ x: 0, y: 0 })
    expect(store.notice).toBe('这里已经有子了')
    api.move.mockRejectedValue(refusal(SERVER_CODES.PLAZA_MOVE_NOT_YOUR_TURN, 'not_your_turn: it is not your turn'))
    await store.move({ x: 0, y: 1 })
    expect(store.notice).toBe('还没轮到你')
    expect(api.table).toHaveBeenCalledTimes(1)
  })

  it('tells a refused seat by its code too', async () => {
    const { api, store } = setup()
    await store.open('t1')
    api.sit.mockRejectedValue(refusal(SERVER_CODES.PLAZA_INVITE_REQUIRED, 'body.invite: this table seats only who holds its invitation'))
    await expect(store.sit()).resolves.toBe(false)
    expect(store.notice).toBe('这张牌桌需要邀请才能坐下')
  })

  it('sits, says ready and stands through the table calls, applying each answer', async () => {
    const { api, store } = setup()
    api.table.mockResolvedValue(answer(table({ seats: [table().seats[1], table().seats[1]].map((seat, index) => ({ ...seat, seat: index })), created_by: 'u2' })))
    await store.open('t1')
    expect(store.mySeat).toBeNull()
    api.sit.mockResolvedValue(answer(table({ version: 2 })))
    await store.sit(0)
    expect(api.sit).toHaveBeenCalledWith('t1', 0, undefined)
    expect(store.mySeat?.seat).toBe(0)
    api.ready.mockResolvedValue(answer(table({ version: 3, seats: [{ ...table().seats[0], ready: true }, table().seats[1]] })))
    await store.setReady(true)
    expect(api.ready).toHaveBeenCalledWith('t1', true)
    expect(store.mySeat?.ready).toBe(true)
    api.stand.mockResolvedValue(answer(table({ version: 4, seats: table().seats.map(seat => ({ ...seat, uid: null })) })))
    await store.stand()
    expect(api.stand).toHaveBeenCalledWith('t1', 'u1')
    expect(store.mySeat).toBeNull()
  })

  it('forgets the last game\'s view once a rematch begins the next', async () => {
    const { api, store } = setup()
    await store.open('t1')
    api.rematch.mockResolvedValue(answer(table({ round: 2, version: 9 })))
    await store.rematch()
    expect(store.table?.round).toBe(2)
    expect(store.view).toBeNull()
  })
})
