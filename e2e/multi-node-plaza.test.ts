/**
 * The game plaza on two server processes sharing one PostgreSQL schema and one Redis
 * (core/wire/plaza.ts: any process may take a move, the version check lets only one advance
 * a table, the bus carries each move's views to every gateway): Alex plays through process
 * A and Mia through process B, each watching the table on their own process, and each sees
 * the other's every move live until five in a row ends the game for both; a move sent twice
 * with one nonce — once to each process, at the same moment — counts once and both answer it.
 */
import { Client } from 'pg'
import type { ServerFrame } from '@core/wire/gateway'
import type { GomokuView } from '@core/domain/games/views'
import type { PlazaGameView, PlazaTableAnswer } from '@core/wire/plaza'
import { newSession } from '../server/src/repositories/users'
import { identified, type GatewayTestClient } from '../server/test/gateway/client'
import { DATABASE_URL, newCluster, startNode, stopCluster, type ClusterNode } from './support/cluster'

const SERVER_ID = '723658'
/** Its seeded game plaza channel (游戏广场). */
const PLAZA = `${SERVER_ID}12`
/** Alex and Mia, members of every demo server. */
const ALEX = '100002'
const MIA = '100004'
/** How long a move may take to reach the other process's client here (a loaded machine; the bench holds the real budget). */
const LIVE_MS = 5000

const cluster = newCluster({ serveH5: false, env: { RATE_LIMIT_ALLOW: 'none', MEMBER_WRITE_LIMIT_MAX: '1000' } })
const clients: GatewayTestClient[] = []
let a: ClusterNode
let b: ClusterNode

async function call<T> (node: ClusterNode, method: string, url: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${node.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = await response.json() as { code: number, msg: string, data: T }
  if (!response.ok) throw new Error(`${method} ${url} on ${node.name}: ${response.status} ${envelope.msg}`)
  return envelope.data
}

/** A session of seeded account `uid`, written straight to the shared schema (no API signs the demo accounts in). */
async function accountSession (uid: string): Promise<string> {
  const { token, row } = newSession(uid, 0)
  const session: Record<string, unknown> = { ...row, expires_at: 2_100_000_000, last_used_at: 2_100_000_000 }
  const columns = Object.keys(session)
  const pg = new Client({ connectionString: DATABASE_URL })
  await pg.connect()
  try {
    await pg.query(`insert into "${cluster.schema}".sessions (${columns.join(', ')}) values (${columns.map((_, index) => `$${index + 1}`).join(', ')})`, Object.values(session))
  } finally {
    await pg.end()
  }
  return token
}

/** The first PLAZA_GAME_VIEW of `tableId` at `version` that `client` received, within LIVE_MS. */
async function viewAt (client: GatewayTestClient, tableId: string, version: number): Promise<PlazaGameView> {
  const deadline = Date.now() + LIVE_MS
  const isIt = (frame: ServerFrame) => frame.op === 'dispatch' && frame.t === 'PLAZA_GAME_VIEW' && (frame.d as PlazaGameView).table_id === tableId && (frame.d as PlazaGameView).version === version
  for (;;) {
    const frame = client.frames.find(isIt)
    if (frame && frame.op === 'dispatch') return frame.d as PlazaGameView
    if (Date.now() > deadline) throw new Error(`no view of version ${version} within ${LIVE_MS} ms; received ${JSON.stringify(client.frames.slice(-5))}`)
    await new Promise(resolve => setTimeout(resolve, 20))
  }
}

/** Waits until `uid` has a socket watching `tableId` (presence is kept in the shared database). */
async function watching (tableId: string, uid: string): Promise<void> {
  const pg = new Client({ connectionString: DATABASE_URL })
  await pg.connect()
  try {
    for (let tries = 0; tries < 100; tries++) {
      const { rows } = await pg.query(`select 1 from "${cluster.schema}".plaza_watchers where table_id = $1 and uid = $2`, [tableId, uid])
      if (rows.length > 0) return
      await new Promise(resolve => setTimeout(resolve, 50))
    }
  } finally {
    await pg.end()
  }
  throw new Error(`${uid} never watched ${tableId}`)
}

beforeAll(async () => {
  // one after the other: the first migrates and seeds the fresh schema
  a = await startNode(cluster, 'A')
  b = await startNode(cluster, 'B')
}, 90_000)

afterAll(async () => {
  for (const client of clients) client.close()
  await stopCluster(cluster)
}, 30_000)

describe('the game plaza on two processes', () => {
  it('lets players on two processes play one game of 五子棋, each seeing the other\'s moves live, and counts one move sent to both once', async () => {
    const alex = await accountSession(ALEX)
    const mia = await accountSession(MIA)
    const { table } = await call<PlazaTableAnswer>(a, 'POST', `/channels/${PLAZA}/tables`, alex, { game: 'gomoku' })
    const tableId = table.table_id
    await call(b, 'POST', `/tables/${tableId}/seats`, mia, {})
    const onA = (await identified(a.url, alex)).client
    const onB = (await identified(b.url, mia)).client
    clients.push(onA, onB)
    onA.send({ op: 'table_watch', d: { table_id: tableId } })
    onB.send({ op: 'table_watch', d: { table_id: tableId } })
    await watching(tableId, ALEX)
    await watching(tableId, MIA)
    await call(a, 'PUT', `/tables/${tableId}/ready`, alex, { ready: true })
    let answer = await call<PlazaTableAnswer>(b, 'PUT', `/tables/${tableId}/ready`, mia, { ready: true })
    expect(answer.table.status).toBe('playing')

    // Alex (seat 0, black) on A makes five across row 7; Mia on B answers on row 8
    const moves: Array<{ player: 'alex' | 'mia', x: number, y: number }> = []
    for (let step = 0; step < 4; step++) moves.push({ player: 'alex', x: 3 + step, y: 7 }, { player: 'mia', x: 3 + step, y: 8 })
    moves.push({ player: 'alex', x: 7, y: 7 })
    for (const [index, move] of moves.entries()) {
      const [node, token, other] = move.player === 'alex' ? [a, alex, onB] : [b, mia, onA]
      const body = { nonce: `mn-${tableId}-${index}`, version: answer.table.version, move: { x: move.x, y: move.y } }
      if (index === 3) {
        // the same move, one nonce, to both processes at once: one stone, one version step, the same answer
        const [first, second] = await Promise.all([
          call<PlazaTableAnswer>(a, 'POST', `/tables/${tableId}/moves`, token, body),
          call<PlazaTableAnswer>(b, 'POST', `/tables/${tableId}/moves`, token, body),
        ])
        expect(second.table.version).toBe(first.table.version)
        expect(first.table.version).toBe(answer.table.version + 1)
        answer = first
      } else {
        answer = await call<PlazaTableAnswer>(node, 'POST', `/tables/${tableId}/moves`, token, body)
      }
      const seen = await viewAt(other, tableId, answer.table.version)
      const board = (seen.view as GomokuView).board
      expect(board[move.y * 15 + move.x]).toBe(move.player === 'alex' ? 0 : 1)
      expect(board.filter(cell => cell !== -1)).toHaveLength(index + 1)
    }
    expect(answer.table.status).toBe('ended')
    expect(answer.table.result).toMatchObject({ winners: [ALEX], losers: [MIA], how: 'five' })
    for (const client of [onA, onB]) {
      const last = await viewAt(client, tableId, answer.table.version)
      expect(last.result).toMatchObject({ winners: [ALEX] })
    }
    // both processes read the same ended table, one version for the doubled move
    const fromB = await call<PlazaTableAnswer>(b, 'GET', `/tables/${tableId}`, mia)
    expect(fromB.table.version).toBe(answer.table.version)
    expect((fromB.view?.view as GomokuView).moves).toBe(moves.length)
  })
})
