/**
 * The plaza over real WebSockets: `table_watch` (refused for a table that is none to the
 * session), each watching session's own PLAZA_GAME_VIEW after every move (a seat's view for a
 * player, the watcher's for others; PLAZA_GAME_VIEWS never reaches a client), and presence —
 * a seated player whose every socket stopped watching is away, back when one watches again,
 * and forfeits once the grace period ran out (the sweeper, on a fake clock).
 */
import type { ServerFrame } from '@core/wire/gateway'
import { GatewayErrorCode } from '@core/wire/gateway-codes'
import { PLAZA_GRACE_SECONDS, type PlazaGameView, type PlazaTableAnswer } from '@core/wire/plaza'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { envelope, signInAsMember } from '../helper'
import { listeningApp, type TestAccount } from '../gateway/listening-app'
import type { GatewayTestClient } from '../gateway/client'

const SERVER = '723658'
const PLAZA = `${SERVER}12`
let now = 1_900_000_000
const gateway = listeningApp({ GATEWAY_HEARTBEAT_MS: '10000', GATEWAY_PRESENCE_INTERVAL_MS: '0' }, { now: () => now })

let db: Db
let closeDb: () => Promise<void>
let alex: TestAccount
let mia: TestAccount
let watcher: TestAccount
beforeAll(async () => {
  const opened = await openDatabase(gateway.test.config)
  db = opened.db
  closeDb = () => opened.db.destroy()
  alex = await signInAsMember(gateway.test, '100002')
  mia = await signInAsMember(gateway.test, '100004')
  watcher = await signInAsMember(gateway.test, '100003')
})
afterAll(async () => { await closeDb() })

async function call (method: string, url: string, auth: TestAccount, payload?: object): Promise<PlazaTableAnswer> {
  const response = await gateway.test.inject({ method: method as 'GET', url, headers: auth.headers, ...(payload ? { payload } : {}) })
  if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
  return envelope<PlazaTableAnswer>(response).data
}

/** A playing gomoku table of Alex (seat 0) and Mia (seat 1). */
async function playingTable (): Promise<string> {
  const { table } = await call('POST', `/channels/${PLAZA}/tables`, alex, { game: 'gomoku' })
  await call('POST', `/tables/${table.table_id}/seats`, mia, {})
  await call('PUT', `/tables/${table.table_id}/ready`, alex, { ready: true })
  await call('PUT', `/tables/${table.table_id}/ready`, mia, { ready: true })
  return table.table_id
}

/** Waits until `uid` has `count` sockets watching `tableId` (every process's, in the database). */
async function watching (tableId: string, uid: string, count: number): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const rows = await db.selectFrom('plaza_watchers').select('session_id').where('table_id', '=', tableId).where('uid', '=', uid).execute()
    if (rows.length === count) return
    await new Promise(resolve => setTimeout(resolve, 30))
  }
  throw new Error(`${uid} never had ${count} sockets watching ${tableId}`)
}

/** Waits until the table answers `until`. */
async function tableUntil (tableId: string, until: (answer: PlazaTableAnswer) => boolean): Promise<PlazaTableAnswer> {
  for (let tries = 0; tries < 60; tries++) {
    const answer = await call('GET', `/tables/${tableId}`, alex)
    if (until(answer)) return answer
    await new Promise(resolve => setTimeout(resolve, 50))
  }
  throw new Error(`table ${tableId} never reached the state awaited`)
}

const isView = (version: number) => (frame: ServerFrame): boolean => frame.op === 'dispatch' && frame.t === 'PLAZA_GAME_VIEW' && (frame.d as PlazaGameView).version === version

async function watch (client: GatewayTestClient, tableId: string | null, uid: string): Promise<void> {
  client.send({ op: 'table_watch', d: { table_id: tableId } })
  if (tableId !== null) await watching(tableId, uid, 1)
}

describe('table_watch', () => {
  it('refuses a table that does not exist with PlazaRefused, and keeps the session open', async () => {
    const client = await gateway.session(watcher.token)
    client.send({ op: 'table_watch', d: { table_id: 'no-such-table' } })
    const error = await client.next(frame => frame.op === 'error')
    expect(error).toMatchObject({ op: 'error', d: { code: GatewayErrorCode.PlazaRefused } })
    client.send({ op: 'heartbeat', d: { seq: null } })
    await client.next(frame => frame.op === 'heartbeat_ack')
  })

  it("sends each watching session its own view after every move: the seat's to a player, the watcher's to others; never PLAZA_GAME_VIEWS", async () => {
    const tableId = await playingTable()
    const [alexSocket, miaSocket, watcherSocket] = await Promise.all([gateway.session(alex.token), gateway.session(mia.token), gateway.session(watcher.token)])
    await watch(alexSocket, tableId, '100002')
    await watch(miaSocket, tableId, '100004')
    await watch(watcherSocket, tableId, '100003')
    let version = (await call('GET', `/tables/${tableId}`, alex)).table.version
    const moves: Array<[TestAccount, number, number]> = [[alex, 7, 7], [mia, 8, 8], [alex, 7, 8]]
    for (const [who, x, y] of moves) {
      const answer = await call('POST', `/tables/${tableId}/moves`, who, { nonce: `g-${x}-${y}`, version, move: { x, y } })
      version = answer.table.version
      const [forAlex, forMia, forWatcher] = await Promise.all([alexSocket, miaSocket, watcherSocket].map(socket => socket.next(isView(version))))
      expect((forAlex as { d: PlazaGameView }).d.seat).toBe(0)
      expect((forMia as { d: PlazaGameView }).d.seat).toBe(1)
      expect((forWatcher as { d: PlazaGameView }).d).toMatchObject({ seat: null, table_id: tableId })
      expect(((forWatcher as { d: PlazaGameView }).d.view as { last: unknown }).last).toEqual({ x, y })
    }
    for (const socket of [alexSocket, miaSocket, watcherSocket]) {
      expect(socket.frames.filter(frame => frame.op === 'dispatch' && frame.t === 'PLAZA_GAME_VIEWS')).toEqual([])
      expect(socket.frames.filter(frame => frame.op === 'dispatch' && frame.t === 'PLAZA_GAME_VIEW' && (frame.d as PlazaGameView).table_id === tableId)).toHaveLength(moves.length)
    }
    // a session that stopped watching hears no more views
    await watch(watcherSocket, null, '100003')
    await watching(tableId, '100003', 0)
    const answer = await call('POST', `/tables/${tableId}/moves`, mia, { nonce: 'g-after', version, move: { x: 0, y: 0 } })
    await alexSocket.next(isView(answer.table.version))
    expect(watcherSocket.frames.some(isView(answer.table.version))).toBe(false)
  })
})

describe('谁是卧底 over the gateway', () => {
  it("never lets a seat's word reach another player's or a watcher's frames before the end", async () => {
    const players = [await signInAsMember(gateway.test, '100001'), alex, watcher, mia]
    const onlooker = await gateway.guestMember(SERVER)
    const { table } = await call('POST', `/channels/${PLAZA}/tables`, players[0], { game: 'spy', seats: 4 })
    for (const player of players.slice(1)) await call('POST', `/tables/${table.table_id}/seats`, player, {})
    const sockets = await Promise.all([...players, onlooker].map(account => gateway.session(account.token)))
    for (const [index, socket] of sockets.entries()) await watch(socket, table.table_id, [...players, onlooker][index].uid)
    for (const player of players) await call('PUT', `/tables/${table.table_id}/ready`, player, { ready: true })
    const started = await call('GET', `/tables/${table.table_id}`, alex)
    expect(started.table.status).toBe('playing')
    // every socket hears the start; each player's view names only their own word
    const startViews = await Promise.all(sockets.map(socket => socket.next(isView(started.table.version)))) as Array<{ d: PlazaGameView }>
    const words = startViews.slice(0, 4).map(frame => (frame.d.view as { word: string }).word)
    expect((startViews[4].d.view as { word: unknown }).word).toBeNull()
    expect(new Set(words).size).toBe(2)
    // one description, so frames carry more than the start
    const describing = (startViews[0].d.view as { describing: number }).describing
    const answer = await call('POST', `/tables/${table.table_id}/moves`, players[describing], { nonce: 'spy-1', version: started.table.version, move: { describe: '很常见' } })
    await Promise.all(sockets.map(socket => socket.next(isView(answer.table.version))))
    for (const [index, socket] of sockets.entries()) {
      const text = JSON.stringify(socket.frames)
      const mine = index < 4 ? words[index] : null
      for (const word of new Set(words)) if (word !== mine) expect(text).not.toContain(word)
    }
  })
})

describe('presence at a playing table', () => {
  it(`marks a player away when their last socket stops watching, back when one watches again, and forfeits them after ${PLAZA_GRACE_SECONDS} s away`, async () => {
    const tableId = await playingTable()
    const first = await gateway.session(mia.token)
    const second = await gateway.session(mia.token)
    await watch(first, tableId, '100004')
    second.send({ op: 'table_watch', d: { table_id: tableId } })
    await watching(tableId, '100004', 2)
    // one of two sockets closing leaves her present
    first.close()
    await watching(tableId, '100004', 1)
    expect((await call('GET', `/tables/${tableId}`, alex)).table.seats[1].away_until).toBeNull()
    // the last one closing: away until now + the grace
    second.close()
    const away = await tableUntil(tableId, answer => answer.table.seats[1].away_until !== null)
    expect(away.table.seats[1].away_until).toBe((now + PLAZA_GRACE_SECONDS) * 1000)
    // back: watching again clears it
    const back = await gateway.session(mia.token)
    await watch(back, tableId, '100004')
    await tableUntil(tableId, answer => answer.table.seats[1].away_until === null)
    // away again, and the grace runs out: the sweeper forfeits her
    back.close()
    await tableUntil(tableId, answer => answer.table.seats[1].away_until !== null)
    now += PLAZA_GRACE_SECONDS + 1
    const ended = await tableUntil(tableId, answer => answer.table.status === 'ended')
    expect(ended.table.result).toEqual({ winners: ['100002'], losers: ['100004'], draw: false, how: 'forfeit' })
  })
})
