/**
 * The game plaza's routes over real HTTP (app.inject): the lobby, a whole gomoku game, its
 * refusals (each its own code, nothing written), a move sent twice counted once, two moves
 * on one version (one wins), the turn timer and a grace forfeit on a fake clock, the records
 * and the result card, rematch, invitations and moderation.
 */
import { SERVER_CODES } from '@core/wire/codes'
import type { ChatMessage } from '@core/wire/messages'
import type { GameRecords, PlazaLobby, PlazaTableAnswer } from '@core/wire/plaza'
import { PLAZA_TABLES_PER_MEMBER_MAX } from '@core/wire/plaza'
import { envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

const SERVER = '723658'
const PLAZA = `${SERVER}12`
const LOBBY_CHAT = `${SERVER}02`
const SEEDED_TABLE = `plaza-${SERVER}-gomoku`

let test: TestApp
let now = 1_900_000_000
type Auth = Awaited<ReturnType<typeof signInAsMember>>
let owner: Auth
let alex: Auth
let moderator: Auth
let mia: Auth

beforeAll(async () => {
  test = await startTestApp({}, { now: () => now })
  owner = await signInAsMember(test, '100001')
  alex = await signInAsMember(test, '100002')
  moderator = await signInAsMember(test, '100003')
  mia = await signInAsMember(test, '100004')
})
afterAll(async () => { await test.close() })

/** Tables a test opened: a moderator closes them after it, so no member reaches the open-table limit. */
const opened: string[] = []
afterEach(async () => {
  for (const tableId of opened.splice(0)) await test.inject({ method: 'DELETE', url: `/tables/${tableId}`, headers: moderator.headers })
})

/** A request's answer: its status and envelope. */
async function call<T = PlazaTableAnswer> (method: string, url: string, auth: Auth | null, payload?: object): Promise<{ status: number, code: number, data: T, msg: string }> {
  const response = await test.inject({ method: method as 'GET', url, headers: auth?.headers ?? {}, ...(payload ? { payload } : {}) })
  const body = envelope<T>(response)
  return { status: response.statusCode, code: body.code, data: body.data, msg: body.msg }
}

/** A new open gomoku table of `creator` with `other` seated; both ready: playing. */
async function playingTable (creator: Auth, other: Auth, turnSeconds = 60): Promise<PlazaTableAnswer> {
  const created = await call('POST', `/channels/${PLAZA}/tables`, creator, { game: 'gomoku', turn_seconds: turnSeconds })
  expect(created.status).toBe(200)
  const tableId = created.data.table.table_id
  opened.push(tableId)
  expect((await call('POST', `/tables/${tableId}/seats`, other, {})).status).toBe(200)
  expect((await call('PUT', `/tables/${tableId}/ready`, creator, { ready: true })).status).toBe(200)
  const started = await call('PUT', `/tables/${tableId}/ready`, other, { ready: true })
  expect(started.data.table.status).toBe('playing')
  return started.data
}

let nonces = 0
/** Plays (x, y) for `auth` on the table's current version. */
async function play (tableId: string, auth: Auth, x: number, y: number, nonce = `n${++nonces}`): Promise<{ status: number, code: number, data: PlazaTableAnswer }> {
  const { data } = await call('GET', `/tables/${tableId}`, auth)
  return call('POST', `/tables/${tableId}/moves`, auth, { nonce, version: data.table.version, move: { x, y } })
}

/** Waits (real time) until the table answers `until`: the sweeper runs once a second on its own. */
async function sweptUntil (tableId: string, until: (answer: PlazaTableAnswer) => boolean): Promise<PlazaTableAnswer> {
  for (let tries = 0; tries < 40; tries++) {
    const { data } = await call('GET', `/tables/${tableId}`, owner)
    if (until(data)) return data
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  throw new Error(`table ${tableId} never reached the state awaited`)
}

describe('the lobby', () => {
  it('lists the games on offer and the seeded waiting gomoku table, to anyone who may see the channel', async () => {
    const lobby = await call<PlazaLobby>('GET', `/channels/${PLAZA}/tables`, null)
    expect(lobby.status).toBe(200)
    expect(lobby.data.games.map(game => game.game)).toEqual(expect.arrayContaining(['gomoku', 'reversi']))
    const seeded = lobby.data.items.find(table => table.table_id === SEEDED_TABLE)
    expect(seeded).toMatchObject({ game: 'gomoku', status: 'waiting', access: 'open', round: 1 })
    expect(seeded?.seats.map(seat => seat.uid)).toEqual(['100001', null])
    expect(seeded?.seats[0].nickname).toBe('林晓')
  })

  it('answers 400 PLAZA_NOT_A_PLAZA for a chat channel and 404 for a channel that does not exist', async () => {
    expect(await call('GET', `/channels/${LOBBY_CHAT}/tables`, null)).toMatchObject({ status: 400, code: SERVER_CODES.PLAZA_NOT_A_PLAZA })
    expect((await call('GET', '/channels/99999999/tables', null)).status).toBe(404)
  })
})

describe('creating a table', () => {
  it('seats its creator in seat 0 and tells the creator of an invite-only table its code', async () => {
    const created = await call('POST', `/channels/${PLAZA}/tables`, alex, { game: 'reversi', access: 'invite', turn_seconds: 30 })
    expect(created.status).toBe(200)
    opened.push(created.data.table.table_id)
    expect(created.data.table).toMatchObject({ game: 'reversi', status: 'waiting', access: 'invite', turn_seconds: 30, created_by: '100002' })
    expect(created.data.table.seats.map(seat => seat.uid)).toEqual(['100002', null])
    expect(created.data.invite).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(created.data.view).toBeNull()
    // another member sees the table but not its code, and cannot sit without it
    const seen = await call('GET', `/tables/${created.data.table.table_id}`, mia)
    expect(seen.data.invite).toBeUndefined()
    expect(await call('POST', `/tables/${created.data.table.table_id}/seats`, mia, {})).toMatchObject({ status: 403, code: SERVER_CODES.PLAZA_INVITE_REQUIRED })
    expect((await call('POST', `/tables/${created.data.table.table_id}/seats`, mia, { invite: created.data.invite })).data.table.seats[1].uid).toBe('100004')
  })

  it('refuses a guest and a map account (watch only), a seat count the game does not have, and an unknown game; signed out is 401', async () => {
    const guest = await signInAsGuest(test)
    await test.inject({ method: 'POST', url: `/servers/${SERVER}/members/me`, headers: guest.headers })
    expect(await call('POST', `/channels/${PLAZA}/tables`, guest as Auth, { game: 'gomoku' })).toMatchObject({ status: 403, code: SERVER_CODES.PLAZA_WATCH_ONLY })
    expect(await call('POST', `/tables/${SEEDED_TABLE}/seats`, await signInAsMember(test, 'D_400001'), {})).toMatchObject({ status: 403, code: SERVER_CODES.PLAZA_WATCH_ONLY })
    expect(await call('POST', `/channels/${PLAZA}/tables`, owner, { game: 'gomoku', seats: 3 })).toMatchObject({ status: 400, code: SERVER_CODES.PLAZA_BAD_TABLE })
    expect((await call('POST', `/channels/${PLAZA}/tables`, null, { game: 'gomoku' })).status).toBe(401)
    expect((await call('POST', `/channels/${PLAZA}/tables`, owner, { game: 'chess' })).status).toBe(400)
  })

  it(`refuses a member's table over ${PLAZA_TABLES_PER_MEMBER_MAX} open ones (429 PLAZA_TOO_MANY_TABLES)`, async () => {
    const made: string[] = []
    for (;;) {
      const created = await call('POST', `/channels/${PLAZA}/tables`, moderator, { game: 'gomoku' })
      if (created.status !== 200) {
        expect(created).toMatchObject({ status: 429, code: SERVER_CODES.PLAZA_TOO_MANY_TABLES })
        break
      }
      made.push(created.data.table.table_id)
    }
    expect(made).toHaveLength(PLAZA_TABLES_PER_MEMBER_MAX)
    // the creator closes a waiting table: it leaves the lobby and frees a place
    for (const tableId of made) expect((await call('DELETE', `/tables/${tableId}`, moderator)).status).toBe(200)
    const lobby = await call<PlazaLobby>('GET', `/channels/${PLAZA}/tables`, null)
    expect(lobby.data.items.filter(table => made.includes(table.table_id))).toEqual([])
    expect((await call('GET', `/tables/${made[0]}`, null)).code).toBe(SERVER_CODES.PLAZA_NO_TABLE)
  })
})

describe('a whole gomoku game over HTTP', () => {
  it('plays to five in a row, records the result once (wins, losses, Elo) and posts a result card where the table was invited to', async () => {
    const before = await call<GameRecords>('GET', `/servers/${SERVER}/leaderboards/gomoku`, null)
    const recordOf = (records: GameRecords, uid: string) => records.items.find(item => item.uid === uid)
    const created = await call('POST', `/channels/${PLAZA}/tables`, owner, { game: 'gomoku' })
    const tableId = created.data.table.table_id
    opened.push(tableId)
    expect((await call('POST', `/tables/${tableId}/invite`, owner, { channel_id: LOBBY_CHAT })).status).toBe(200)
    await call('POST', `/tables/${tableId}/seats`, mia, {})
    await call('PUT', `/tables/${tableId}/ready`, owner, { ready: true })
    const table = (await call('PUT', `/tables/${tableId}/ready`, mia, { ready: true })).data
    expect(table.view).toMatchObject({ seat: 1, game: 'gomoku' })
    expect(table.table.turn).toMatchObject({ seats: [0], deadline: (now + 60) * 1000 })
    for (let x = 0; x < 4; x++) {
      expect((await play(tableId, owner, x, 0)).status).toBe(200)
      expect((await play(tableId, mia, x, 1)).status).toBe(200)
    }
    const won = await play(tableId, owner, 4, 0)
    expect(won.status).toBe(200)
    expect(won.data.table.status).toBe('ended')
    expect(won.data.table.result).toEqual({ winners: ['100001'], losers: ['100004'], draw: false, how: 'five' })
    expect((won.data.view?.view as { line: unknown[] }).line).toHaveLength(5)
    // a move after the end is refused
    expect(await play(tableId, mia, 9, 9)).toMatchObject({ status: 409, code: SERVER_CODES.PLAZA_WRONG_STATUS })

    const after = await call<GameRecords>('GET', `/servers/${SERVER}/leaderboards/gomoku`, null)
    const winner = recordOf(after.data, '100001')
    const loser = recordOf(after.data, '100004')
    expect(winner?.wins).toBe((recordOf(before.data, '100001')?.wins ?? 0) + 1)
    expect(loser?.losses).toBe((recordOf(before.data, '100004')?.losses ?? 0) + 1)
    expect(winner?.rating).toBeGreaterThan(recordOf(before.data, '100001')?.rating ?? 1200)
    expect(loser?.rating).toBeLessThan(recordOf(before.data, '100004')?.rating ?? 1200)
    const ratings = await call<GameRecords>('GET', `/servers/${SERVER}/members/100004/game-ratings`, null)
    expect(ratings.data.items).toEqual([expect.objectContaining({ game: 'gomoku', uid: '100004', losses: loser?.losses })])

    const history = await call<{ items: ChatMessage[] }>('GET', `/channels/${LOBBY_CHAT}/messages?limit=5`, owner)
    const cards = history.data.items.filter(message => message.card?.kind === 'game_result' && message.card.table_id === tableId)
    expect(cards).toHaveLength(1)
    expect(cards[0].author.uid).toBe('100001')
    expect(cards[0].card).toMatchObject({ kind: 'game_result', game: 'gomoku', players: ['林晓', 'Mia'], result: { winners: ['100001'], how: 'five' } })

    // rematch: the seats turned by one, a new round, nobody ready
    const again = await call('POST', `/tables/${tableId}/rematch`, mia)
    expect(again.data.table).toMatchObject({ status: 'waiting', round: 2, result: null })
    expect(again.data.table.seats.map(seat => [seat.uid, seat.ready])).toEqual([['100004', false], ['100001', false]])
    expect(await call('POST', `/tables/${tableId}/rematch`, owner)).toMatchObject({ status: 409, code: SERVER_CODES.PLAZA_WRONG_STATUS })
  })

  it('refuses a move out of turn, on a taken point, of the wrong shape, by a watcher and on an old version — each with its own code, nothing stored', async () => {
    const { table } = await playingTable(alex, mia)
    const tableId = table.table_id
    expect(await play(tableId, mia, 7, 7)).toMatchObject({ status: 409, code: SERVER_CODES.PLAZA_MOVE_NOT_YOUR_TURN })
    expect((await play(tableId, alex, 7, 7)).status).toBe(200)
    expect(await play(tableId, mia, 7, 7)).toMatchObject({ status: 409, code: SERVER_CODES.PLAZA_MOVE_OCCUPIED })
    expect(await play(tableId, mia, 15, 0)).toMatchObject({ status: 400, code: SERVER_CODES.PLAZA_MOVE_BAD_MOVE })
    expect(await play(tableId, owner, 1, 1)).toMatchObject({ status: 403, code: SERVER_CODES.PLAZA_NOT_SEATED })
    const stale = await call('POST', `/tables/${tableId}/moves`, mia, { nonce: 'stale-one', version: 0, move: { x: 1, y: 1 } })
    expect(stale).toMatchObject({ status: 409, code: SERVER_CODES.PLAZA_STALE_VERSION })
    const { data } = await call('GET', `/tables/${tableId}`, mia)
    expect((data.view?.view as { moves: number }).moves).toBe(1)
    expect(data.table.version).toBe(table.version + 1)
  })

  it('counts a move sent twice with one nonce once, and answers both alike', async () => {
    const { table } = await playingTable(alex, mia)
    const first = await call('POST', `/tables/${table.table_id}/moves`, alex, { nonce: 'twice', version: table.version, move: { x: 3, y: 3 } })
    const second = await call('POST', `/tables/${table.table_id}/moves`, alex, { nonce: 'twice', version: table.version, move: { x: 3, y: 3 } })
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(second.data.table.version).toBe(first.data.table.version)
    expect((second.data.view?.view as { moves: number }).moves).toBe(1)
  })

  it('lets one of two moves made on one version win; the other is refused as stale or out of turn, never both stored', async () => {
    const { table } = await playingTable(alex, mia)
    const answers = await Promise.all([
      call('POST', `/tables/${table.table_id}/moves`, alex, { nonce: 'race-a', version: table.version, move: { x: 5, y: 5 } }),
      call('POST', `/tables/${table.table_id}/moves`, alex, { nonce: 'race-b', version: table.version, move: { x: 6, y: 6 } }),
    ])
    expect(answers.map(answer => answer.status).sort()).toEqual([200, 409])
    expect(answers.find(answer => answer.status === 409)?.code).toBe(SERVER_CODES.PLAZA_STALE_VERSION)
    const { data } = await call('GET', `/tables/${table.table_id}`, alex)
    expect((data.view?.view as { moves: number }).moves).toBe(1)
  })
})

describe('timers and presence', () => {
  it('ends a board game when the turn timer runs out: the seat to move loses (timeout)', async () => {
    const { table } = await playingTable(alex, mia, 10)
    now += 11
    const ended = await sweptUntil(table.table_id, answer => answer.table.status === 'ended')
    expect(ended.table.result).toEqual({ winners: ['100004'], losers: ['100002'], draw: false, how: 'timeout' })
  })

  it('forfeits a seated player who stood up while playing, and one whose grace period ran out', async () => {
    const stood = await playingTable(alex, mia)
    const left = await call('DELETE', `/tables/${stood.table.table_id}/seats/100004`, mia)
    expect(left.data.table.status).toBe('ended')
    expect(left.data.table.result).toMatchObject({ winners: ['100002'], losers: ['100004'], how: 'forfeit' })
  })
})

describe('moderation and invitations', () => {
  it('lets a moderator (ManageMessages) remove a player and close a playing table; a member may not', async () => {
    const { table } = await playingTable(mia, alex)
    expect(await call('DELETE', `/tables/${table.table_id}/seats/100002`, mia)).toMatchObject({ status: 403, code: SERVER_CODES.PLAZA_NOT_ALLOWED })
    // its creator closes a table only while it waits
    expect(await call('DELETE', `/tables/${table.table_id}`, mia)).toMatchObject({ status: 403, code: SERVER_CODES.PLAZA_NOT_ALLOWED })
    const removed = await call('DELETE', `/tables/${table.table_id}/seats/100002`, moderator)
    expect(removed.data.table.result).toMatchObject({ winners: ['100004'], losers: ['100002'], how: 'forfeit' })
    expect((await call('DELETE', `/tables/${table.table_id}`, moderator)).status).toBe(200)
    expect((await call('GET', `/tables/${table.table_id}`, alex)).status).toBe(404)
  })

  it('posts a 来一局 card into a chat channel of the server, and refuses a channel that carries no chat', async () => {
    const created = await call('POST', `/channels/${PLAZA}/tables`, mia, { game: 'gomoku' })
    const tableId = created.data.table.table_id
    opened.push(tableId)
    expect((await call('POST', `/tables/${tableId}/invite`, mia, { channel_id: LOBBY_CHAT })).status).toBe(200)
    const history = await call<{ items: ChatMessage[] }>('GET', `/channels/${LOBBY_CHAT}/messages?limit=3`, owner)
    const card = history.data.items.at(-1)
    expect(card?.author.uid).toBe('100004')
    expect(card?.card).toMatchObject({ kind: 'game_invite', table_id: tableId, game: 'gomoku', players: ['Mia'], result: null })
    expect(await call('POST', `/tables/${tableId}/invite`, mia, { channel_id: PLAZA })).toMatchObject({ status: 400, code: SERVER_CODES.PLAZA_NOT_A_CHAT })
    expect(await call('POST', `/tables/${tableId}/invite`, mia, { channel_id: '83282802' })).toMatchObject({ status: 400, code: SERVER_CODES.PLAZA_NOT_A_CHAT })
  })
})
