/**
 * The game plaza under load and its budgets, beside a bare `ws` broadcast in one run. The
 * product runs in its own process (a fresh SQLite database) with TABLES tables of 五子棋 in
 * server 723658's game plaza, each with two players and one watcher: members written into
 * its database as `signInSeeded` writes a session, each holding a gateway socket from this
 * process that watches its table (`table_watch`). For SECONDS, every table gets a move every
 * MOVE_EVERY_MS (the tables staggered evenly), sent over HTTP by the player whose turn it is
 * (`POST /tables/:id/moves` with its nonce and version); stones are put two points apart, so
 * no game ends in the window. Alongside each move, the same process asks for the server's
 * channel list once, so the move route and the channel list are timed under the same load.
 *
 * Measured: from a move's request sent to its PLAZA_GAME_VIEW at the opponent's socket and at
 * the watcher's (p50 / p99); the move route's and the channel list's response time (p50 /
 * p99); the server process tree's CPU (utime + stime from /proc) over the window. The bare
 * floor (its own process, `http` + `ws`, no product code) takes the same moves over HTTP and
 * sends each to the other two sockets of its table as a frame of the product's mean view size.
 * One more row: the plaza's code loads only with a game-plaza channel — Home in Chromium loads
 * no script holding the plaza's table view, and the plaza page does.
 * `npx tsx bench/plaza.ts` runs it alone; `BENCH_ONLY=plaza npm run bench` puts its rows in
 * the results table.
 */
import Database from 'better-sqlite3'
import { spawn, type ChildProcess } from 'child_process'
import path from 'path'
import { performance } from 'perf_hooks'
import WebSocket from 'ws'
import { launchBrowser } from '../e2e/support/browser'
import { freePort, startProduct, stopProduct, type RunningProduct } from '../e2e/support/product'
import { newSession } from '../server/src/repositories/users'
import { cpuSeconds, processTree } from './support'
import { verdict } from './results-table'

const ROOT = path.resolve(__dirname, '..')
const TABLES = Number(process.env.BENCH_PLAZA_TABLES || 500)
const SECONDS = Number(process.env.BENCH_PLAZA_SECONDS || 20)
const MOVE_EVERY_MS = 2000
const SERVER_ID = '723658'
/** Its seeded game plaza channel, and the seeded waiting table closed first (a channel holds PLAZA_OPEN_TABLES_MAX = 500 open tables). */
const PLAZA = `${SERVER_ID}12`
const SEEDED_TABLE = `plaza-${SERVER_ID}-gomoku`
const OWNER = '100001'
/** Sockets opened, and HTTP calls of the set-up made, at once. */
const BATCH = 50
/** Before the window: every table moving, not measured. */
const WARM_UP_MS = 4000

/** Budgets: move → opponent and watcher p99 ≤ 100 ms and ≤ 2× the bare broadcast's; the server ≤ 1 core; the move route's p99 ≤ 1.2× the channel list's. */
export const PLAZA_BUDGETS = { p99Ms: 100, p99VsBare: 2, serverCores: 1, moveVsChannelList: 1.2 }

/** What one side measured. */
export interface PlazaRun {
  /** Move sent → the view at the opponent's and the watcher's socket. */
  seen: { p50: number, p99: number, samples: number }
  /** The move route's response time. */
  move: { p50: number, p99: number, samples: number }
  /** Cores the server used over the window (process tree). */
  serverCores: number
  /** Mean bytes of a view frame as received. */
  frameBytes: number
  /** Moves skipped in the window because the table's previous move was still unanswered at its time. */
  late: number
}

/** The run: the product, the bare floor, the channel list beside the moves, and where the plaza's code loads. */
export interface PlazaResult {
  ours: PlazaRun
  bare: PlazaRun
  channelList: { p50: number, p99: number, samples: number }
  chunk: { homeLoadsPlaza: boolean, plazaLoadsPlaza: boolean, homeScripts: number }
  tables: number
  seconds: number
}

const pause = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

function stats (values: number[]): { p50: number, p99: number, samples: number } {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))])
  return { p50: at(0.5), p99: at(0.99), samples: sorted.length }
}

/** One table as the driver plays it: its players' tokens (seat order) and sockets, the watcher's socket, the version to move on. */
interface BenchTable {
  id: string
  tokens: [string, string]
  sockets: WebSocket[]
  version: number
  moves: number
  /** A move of the table is on its way: the next waits for its answer (it needs the version). */
  moving: boolean
}

/** The k-th stone of a table: two points apart on a 15 × 15 board, so no five ever line up. */
function pointOf (k: number): { x: number, y: number } {
  return { x: 2 * (k % 7), y: 2 * Math.floor(k / 7) }
}

/** `count` members of SERVER_ID written into the product's database; their uids and bearer tokens (the owner's first). */
function members (dataDir: string, count: number): Array<{ uid: string, token: string }> {
  const db = new Database(path.join(dataDir, 'openrealm.sqlite'))
  const now = Math.floor(Date.now() / 1000)
  try {
    db.pragma('busy_timeout = 5000')
    const made: Array<{ uid: string, token: string }> = []
    const user = db.prepare('insert into users (uid, user_type, addtime, nickname, avatar, signature, gender) values (?, 1, ?, ?, \'\', \'\', 0)')
    const member = db.prepare('insert into server_members (server_id, uid, joined_at) values (?, ?, ?)')
    let session: Database.Statement | null = null
    db.transaction(() => {
      for (let index = -1; index < count; index++) {
        const uid = index < 0 ? OWNER : `plaza-bench-${index}`
        if (index >= 0) {
          user.run(uid, now, `player ${index}`)
          member.run(SERVER_ID, uid, now)
        }
        const { token, row } = newSession(uid, now)
        session ??= db.prepare(`insert into sessions (${Object.keys(row).join(', ')}) values (${Object.keys(row).map(() => '?').join(', ')})`)
        session.run(...Object.values(row))
        made.push({ uid, token })
      }
    })()
    return made
  } finally {
    db.close()
  }
}

async function call<T> (url: string, method: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = await response.json() as { msg: string, data: T }
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${envelope.msg}`)
  return envelope.data
}

/** Runs `work` over `items`, BATCH at a time. */
async function inBatches<T> (items: T[], work: (item: T, index: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += BATCH) {
    await Promise.all(items.slice(start, start + BATCH).map((item, offset) => work(item, start + offset)))
  }
}

/** Resolves the first frame on `socket` matching `match` (after `send`), failing on an error frame. */
function frameOf (socket: WebSocket, match: (frame: { op: string, t?: string }) => boolean, send: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const listen = (data: WebSocket.RawData): void => {
      const frame = JSON.parse(String(data)) as { op: string, t?: string, d: unknown }
      if (frame.op === 'error') reject(new Error(JSON.stringify(frame.d)))
      if (!match(frame)) return
      socket.off('message', listen)
      resolve()
    }
    socket.on('message', listen)
    send()
  })
}

async function openSocket (url: string): Promise<WebSocket> {
  const socket = new WebSocket(url, { perMessageDeflate: false })
  await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject) })
  return socket
}

/**
 * Plays every table for WARM_UP_MS + SECONDS: each table's mover sends its move through
 * `send` (which resolves the version to move on next) every MOVE_EVERY_MS; `arrivals`
 * holds when each (table, version) view came to each socket. Beside each move, `beside`
 * (the channel list) is timed. Returns the latencies measured in the window.
 */
async function play (tables: BenchTable[], serverPid: number, send: (table: BenchTable, mover: number, body: object) => Promise<number>, beside?: () => Promise<void>): Promise<PlazaRun & { beside: number[] }> {
  const arrivals = new Map<string, number[]>()
  let frameBytes = 0
  let frames = 0
  let measuring = false
  tables.forEach(table => table.sockets.forEach((socket, index) => {
    socket.on('message', data => {
      const now = performance.now()
      const text = String(data)
      if (!text.includes('"PLAZA_GAME_VIEW"')) return
      const version = Number(/"version":(\d+)/.exec(text)?.[1])
      const key = `${table.id}:${version}`
      const seen = arrivals.get(key) ?? [NaN, NaN, NaN]
      seen[index] = now
      arrivals.set(key, seen)
      if (measuring) { frameBytes += (data as Buffer).length; frames += 1 }
    })
  }))
  const seen: number[] = []
  const moveTimes: number[] = []
  const besideTimes: number[] = []
  const pending: Array<Promise<void>> = []
  const pids = processTree(serverPid)
  const started = performance.now()
  const windowStart = started + WARM_UP_MS
  const end = windowStart + SECONDS * 1000
  let serverBefore = 0
  /** Moves not sent on time because the table's previous one was still unanswered. */
  let late = 0
  // every table moves every MOVE_EVERY_MS, table i at offset i × MOVE_EVERY_MS / TABLES
  const nextAt = tables.map((_, index) => started + index * MOVE_EVERY_MS / tables.length)
  while (performance.now() < end) {
    const now = performance.now()
    if (!measuring && now >= windowStart) { measuring = true; serverBefore = cpuSeconds(pids) }
    tables.forEach((table, index) => {
      if (nextAt[index] > now) return
      nextAt[index] += MOVE_EVERY_MS
      if (table.moving) { if (measuring) late += 1; return }
      table.moving = true
      const timed = measuring
      const mover = table.moves % 2
      const body = { nonce: `bench-${table.id}-${table.moves}`, version: table.version, move: pointOf(table.moves) }
      table.moves += 1
      const sentAt = performance.now()
      pending.push(send(table, mover, body).then(version => {
        const answered = performance.now()
        table.version = version
        table.moving = false
        if (!timed) return
        moveTimes.push(answered - sentAt)
        // the opponent's and the watcher's views of this version, once they came
        const other = [1 - mover, 2]
        const check = (tries: number): Promise<void> => {
          const at = arrivals.get(`${table.id}:${version}`)
          if (at && other.every(socket => !Number.isNaN(at[socket]))) {
            for (const socket of other) seen.push((at as number[])[socket] - sentAt)
            return Promise.resolve()
          }
          if (tries > 100) throw new Error(`table ${table.id}: no view of version ${version} at every socket`)
          return pause(20).then(() => check(tries + 1))
        }
        return check(0)
      }))
      if (beside && timed) {
        const askedAt = performance.now()
        pending.push(beside().then(() => { besideTimes.push(performance.now() - askedAt) }))
      }
    })
    await pause(5)
  }
  const elapsed = (performance.now() - windowStart) / 1000
  const serverCores = (cpuSeconds(pids) - serverBefore) / elapsed
  await Promise.all(pending)
  return { seen: stats(seen), move: stats(moveTimes), serverCores, frameBytes: frames > 0 ? frameBytes / frames : 0, late, beside: besideTimes }
}

/** The product: TABLES playing tables of two players and a watcher, each socket watching its table. */
async function measureProduct (): Promise<{ run: PlazaRun, channelList: number[] }> {
  const product = await startProduct({ H5_DIR: path.join(ROOT, 'bench/.work/no-h5'), LOG_LEVEL: 'warn', GATEWAY_HEARTBEAT_MS: '300000' })
  const tables: BenchTable[] = []
  try {
    const [owner, ...people] = members(product.dataDir, TABLES * 3)
    await call(`${product.url}/tables/${SEEDED_TABLE}`, 'DELETE', owner.token)
    const gateway = `${product.url.replace('http', 'ws')}/gateway`
    await inBatches(Array.from({ length: TABLES }, (_, index) => index), async index => {
      const [black, white, watcher] = people.slice(index * 3, index * 3 + 3)
      const { table } = await call<{ table: { table_id: string } }>(`${product.url}/channels/${PLAZA}/tables`, 'POST', black.token, { game: 'gomoku' })
      await call(`${product.url}/tables/${table.table_id}/seats`, 'POST', white.token, {})
      const sockets = await Promise.all([black, white, watcher].map(async ({ token }) => {
        const socket = await openSocket(gateway)
        await frameOf(socket, frame => frame.op === 'ready', () => socket.send(JSON.stringify({ op: 'identify', d: { token } })))
        socket.send(JSON.stringify({ op: 'table_watch', d: { table_id: table.table_id } }))
        return socket
      }))
      await call(`${product.url}/tables/${table.table_id}/ready`, 'PUT', black.token, { ready: true })
      const started = await call<{ table: { version: number, status: string } }>(`${product.url}/tables/${table.table_id}/ready`, 'PUT', white.token, { ready: true })
      if (started.table.status !== 'playing') throw new Error(`table ${table.table_id} did not start`)
      tables.push({ id: table.table_id, tokens: [black.token, white.token], sockets, version: started.table.version, moves: 0, moving: false })
    })
    await pause(1000) // the watchers' presence settles
    const result = await play(tables, product.process.pid ?? 0,
      async (table, mover, body) => (await call<{ table: { version: number } }>(`${product.url}/tables/${table.id}/moves`, 'POST', table.tokens[mover], body)).table.version,
      async () => { await call(`${product.url}/servers/${SERVER_ID}/channels`, 'GET', owner.token) })
    const { beside, ...run } = result
    return { run, channelList: beside }
  } finally {
    for (const table of tables) for (const socket of table.sockets) socket.terminate()
    await stopProduct(product)
  }
}

/** The bare floor: `http` takes a move, `ws` sends it to the other two sockets of its table as a frame of `frameBytes`. */
async function measureBare (frameBytes: number): Promise<PlazaRun> {
  const port = await freePort()
  const script = `
    const http = require('http')
    const { WebSocketServer } = require('ws')
    const padding = 'x'.repeat(Math.max(0, Number(process.env.FRAME_BYTES) - 80))
    const tables = new Map()
    const server = http.createServer((request, response) => {
      let body = ''
      request.on('data', chunk => { body += chunk })
      request.on('end', () => {
        const [, id, seat] = /^\\/tables\\/([^/]+)\\/moves\\/(\\d)$/.exec(request.url) || []
        const table = tables.get(id) || { sockets: [], version: 0 }
        JSON.parse(body)
        table.version += 1
        const text = JSON.stringify({ op: 'dispatch', t: 'PLAZA_GAME_VIEW', d: { table_id: id, version: table.version, pad: padding } })
        table.sockets.forEach((socket, index) => { if (index !== Number(seat)) socket.send(text) })
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ code: 0, msg: 'ok', data: { table: { version: table.version } } }))
      })
    })
    const wss = new WebSocketServer({ server, perMessageDeflate: false })
    wss.on('connection', socket => socket.once('message', data => {
      const { id, index } = JSON.parse(String(data))
      const table = tables.get(id) || { sockets: [], version: 0 }
      table.sockets[index] = socket
      tables.set(id, table)
      socket.send('{"op":"ready"}')
    }))
    server.listen(Number(process.env.PORT), '127.0.0.1')`
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, PORT: String(port), FRAME_BYTES: String(Math.round(frameBytes)) } })
  const tables: BenchTable[] = []
  try {
    for (let tries = 0; tries < 100; tries++) {
      const up = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' }).then(() => true, () => false)
      if (up) break
      await pause(100)
    }
    await inBatches(Array.from({ length: TABLES }, (_, index) => index), async index => {
      const id = `bare-${index}`
      const sockets = await Promise.all([0, 1, 2].map(async seat => {
        const socket = await openSocket(`ws://127.0.0.1:${port}`)
        await frameOf(socket, frame => frame.op === 'ready', () => socket.send(JSON.stringify({ id, index: seat })))
        return socket
      }))
      tables.push({ id, tokens: ['', ''], sockets, version: 0, moves: 0, moving: false })
    })
    return await play(tables, child.pid ?? 0, async (table, mover, body) =>
      (await call<{ table: { version: number } }>(`http://127.0.0.1:${port}/tables/${table.id}/moves/${mover}`, 'POST', '', body)).table.version)
  } finally {
    for (const table of tables) for (const socket of table.sockets) socket.terminate()
    await new Promise(resolve => { child.once('exit', resolve); child.kill() })
  }
}

/**
 * Where the plaza's code loads, in Chromium against the product serving the H5 build: the
 * scripts Home loads (none may hold the plaza's table view), then those of a game-plaza channel.
 */
async function measureChunk (): Promise<PlazaResult['chunk']> {
  const product: RunningProduct = await startProduct({ LOG_LEVEL: 'warn' })
  const browser = await launchBrowser()
  try {
    const page = await browser.newPage()
    const scripts: Array<Promise<string>> = []
    page.on('response', response => { if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => '')) })
    const holdsPlaza = async () => (await Promise.all(scripts)).some(text => text.includes('plaza-table__seats'))
    await page.goto(`${product.url}/index.html?sid=${SERVER_ID}`, { waitUntil: 'networkidle' })
    const homeScripts = scripts.length
    const homeLoadsPlaza = await holdsPlaza()
    await page.goto(`${product.url}/pages/plaza/index?sid=${SERVER_ID}&channel_id=${PLAZA}`, { waitUntil: 'networkidle' })
    await page.locator('.plaza-lobby').first().waitFor({ timeout: 30_000 })
    return { homeLoadsPlaza, plazaLoadsPlaza: await holdsPlaza(), homeScripts }
  } finally {
    await browser.close()
    await stopProduct(product)
  }
}

/** Measures the product (the channel list beside its moves), the bare broadcast at the product's frame size, then where the plaza's code loads. */
export async function measurePlaza (): Promise<PlazaResult> {
  const { run: ours, channelList } = await measureProduct()
  const bare = await measureBare(ours.frameBytes)
  const chunk = await measureChunk()
  return { ours, bare, channelList: stats(channelList), chunk, tables: TABLES, seconds: SECONDS }
}

const ms = (value: number): string => `${Math.round(value)} ms`
const ratio = (a: number, b: number): string => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a')

/** The results table's rows (measure, OpenRealm, bare, ratio, budget). */
export function plazaRows ({ ours, bare, channelList, chunk, tables, seconds }: PlazaResult): string[][] {
  const label = `Plaza ${tables} tables × (2 players + 1 watcher), a move every ${MOVE_EVERY_MS / 1000} s each (${seconds} s)`
  return [
    [`${label}: move → opponent and watcher see it p50 / p99 (samples)`, `${ms(ours.seen.p50)} / ${ms(ours.seen.p99)} (${ours.seen.samples}; ${ours.late} late)`, `${ms(bare.seen.p50)} / ${ms(bare.seen.p99)} (${bare.seen.samples}; ${bare.late} late)`, ratio(ours.seen.p99, bare.seen.p99),
      `p99 ≤ ${PLAZA_BUDGETS.p99Ms} ms and ≤ ${PLAZA_BUDGETS.p99VsBare}×: ${verdict(ours.seen.p99 <= PLAZA_BUDGETS.p99Ms && ours.seen.p99 <= PLAZA_BUDGETS.p99VsBare * bare.seen.p99)}`],
    [`${label}: server CPU`, `${ours.serverCores.toFixed(2)} cores`, `${bare.serverCores.toFixed(2)} cores`, ratio(ours.serverCores, bare.serverCores),
      `≤ ${PLAZA_BUDGETS.serverCores} core: ${verdict(ours.serverCores <= PLAZA_BUDGETS.serverCores)}`],
    [`${label}: move route p50 / p99 vs channel list in the same run`, `${ms(ours.move.p50)} / ${ms(ours.move.p99)} (${ours.move.samples})`, `${ms(channelList.p50)} / ${ms(channelList.p99)} (${channelList.samples})`, ratio(ours.move.p99, channelList.p99),
      `p99 ≤ ${PLAZA_BUDGETS.moveVsChannelList}×: ${verdict(ours.move.p99 <= PLAZA_BUDGETS.moveVsChannelList * channelList.p99)}`],
    ['Plaza code loads only with a game-plaza channel (H5: Home\'s scripts / the plaza page\'s)', `Home: ${chunk.homeLoadsPlaza ? 'loads it' : 'not loaded'} (${chunk.homeScripts} scripts)`, `plaza page: ${chunk.plazaLoadsPlaza ? 'loads it' : 'not loaded'}`, '',
      `not on Home: ${verdict(!chunk.homeLoadsPlaza && chunk.plazaLoadsPlaza)}`],
  ]
}

if (require.main === module) {
  measurePlaza().then(result => {
    const header = ['measure', 'OpenRealm', 'bare http + ws broadcast', 'ratio', 'budget']
    console.log(JSON.stringify(result))
    console.log([header, header.map(() => '---'), ...plazaRows(result)].map(row => `| ${row.join(' | ')} |`).join('\n'))
  }, error => {
    console.error(error)
    process.exit(1)
  })
}
