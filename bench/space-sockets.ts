/**
 * The gather space over real sockets and its budgets, beside a bare `ws` broadcast of
 * the same positions in one run. The product runs in its own process (SPACE_TICK_HZ=20, a
 * fresh SQLite database) with AVATARS signed-in members of server 723658 (written into its
 * database as `signInSeeded` writes a session: users, memberships, sessions), each holding
 * a gateway socket from this process and standing in the server's metaverse space. They are
 * walked into a crowded corner (CORNER px square) and then, for SECONDS, each one rests a
 * moment, taps a point of the corner (`space_walk`), walks there, rests again…
 *
 * Measured: from each intent sent while its avatar stood still (so the next move of that
 * avatar anyone sees is the intent's) to the first `space_tick` at each other socket whose
 * `m` carries the avatar (p50 / p99); the bytes each socket received (payloads) per second;
 * the server process tree's CPU (utime + stime from /proc) and this process's own over the
 * window. The bare server (its own process, `ws`, no product code) keeps the same 20 Hz:
 * sockets are in groups of VIEW neighbours, an intent marks its sender moving for WALK_MS,
 * (the first frame of a socket is its hello, answered with its ids) and each tick sends every socket its group's moving ids padded to the product's mean
 * bytes a second per socket — the floor of the same traffic on the same cores.
 * The tick frames one socket received are also encoded again as JSON and with msgpackr
 * (bytes, encode time): the codec comparison the issue asks for, measured only.
 * `npx tsx bench/space-sockets.ts` runs it alone; `BENCH_ONLY=space npm run bench` puts its
 * rows in the results table.
 */
import Database from 'better-sqlite3'
import { spawn, type ChildProcess } from 'child_process'
import { Packr } from 'msgpackr'
import { applyTickPoses, bookOf, type PoseBook, type PosedAvatar, type TickPoses } from '@core/domain/space/poses'
import path from 'path'
import { performance } from 'perf_hooks'
import WebSocket from 'ws'
import { freePort, startProduct, stopProduct } from '../e2e/support/product'
import { newSession } from '../server/src/repositories/users'
import { SPACE_VIEW_MAX } from '../server/src/space/space'
import { cpuSeconds, processTree, seededRandom } from './support'
import { verdict } from './results-table'

const ROOT = path.resolve(__dirname, '..')
const AVATARS = Number(process.env.BENCH_SPACE_AVATARS || 500)
const SECONDS = Number(process.env.BENCH_SPACE_SECONDS || 20)
const TICK_HZ = 20
const SERVER_ID = '723658'
/** The crowded corner: a square of this side (map pixels) from (64, 64), inside the generated map's wall. */
const CORNER = 320
/** Sockets opened (and identified, and entered) at once. */
const CONNECT_BATCH = 50
/** Rest between two walks of one avatar (ms, uniform). */
const REST_MS = [200, 800] as const
/** An avatar is standing still once its own socket saw no move of it for this long. */
const STILL_MS = 3 * 1000 / TICK_HZ
/** The bare server: neighbours per group (the product's view cap plus the viewer), and how long an intent keeps its sender moving. */
const VIEW = SPACE_VIEW_MAX + 1
const WALK_MS = 1000

/** Budgets: intent → neighbour p99 ≤ 100 ms and ≤ 2× the bare broadcast's; ≤ 3 KB/s down per client; the server ≤ 1 core. */
export const SPACE_BUDGETS = { p99Ms: 100, p99VsBare: 2, downBytesPerSecond: 3 * 1024, serverCores: 1 }

/** What one side measured. */
export interface SpaceRun {
  p50: number
  p99: number
  samples: number
  /** Mean and highest payload bytes a second per socket. */
  downMean: number
  downMax: number
  /** Cores the server used over the window (process tree), and the bench process's own. */
  serverCores: number
  benchCores: number
}

/** The codec comparison over the same tick frames. */
export interface CodecRun { frames: number, jsonBytes: number, msgpackBytes: number, jsonMicros: number, msgpackMicros: number }

/** The run: product, bare, codecs. */
export interface SpaceSocketsResult { ours: SpaceRun, bare: SpaceRun, codec: CodecRun, avatars: number, seconds: number }

const pause = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

function percentile (sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]
}

/** One avatar's socket as the driver sees it. */
interface Walker {
  socket: WebSocket
  /** Its avatar id (in the bare run: its index + 1). */
  self: number
  lastSelfMove: number
  nextIntentAt: number
  bytes: number
  /** The avatars in its view, with when each came into it (only a neighbour in view before an intent is timed). */
  inView: Map<number, number>
  /** The poses it was told (moves are changes against them: core's one decoder). */
  book: PoseBook
}

/**
 * Drives `walkers` for SECONDS after `warmUpMs`: each, when still and rested, sends a walk to a random point
 * of the corner; every tick received is checked for avatars with an intent outstanding.
 * `frames` gets the text of the first walker's tick frames (for the codec comparison).
 */
async function drive (walkers: Walker[], serverPid: number, warmUpMs: number, frames: string[] = []): Promise<SpaceRun> {
  const next = seededRandom(31)
  const intentAt = new Map<number, number>()
  const seenBy = new Map<number, Set<number>>()
  const latencies: number[] = []
  let measuring = false
  walkers.forEach((walker, index) => {
    walker.socket.on('message', data => {
      const now = performance.now()
      const text = String(data)
      if (measuring) walker.bytes += (data as Buffer).length
      if (!text.startsWith('{"op":"space_tick"')) return
      if (index === 0 && measuring) frames.push(text)
      const tick = (JSON.parse(text) as { d: TickPoses }).d
      const { entered, moved } = applyTickPoses(walker.book, tick)
      for (const id of entered) walker.inView.set(id, now)
      for (const id of tick.out ?? []) walker.inView.delete(id)
      for (const id of moved) {
        if (id === walker.self) { walker.lastSelfMove = now; continue }
        const since = intentAt.get(id)
        if (since === undefined || (walker.inView.get(id) ?? Infinity) > since) continue
        const seen = seenBy.get(id) as Set<number>
        if (seen.has(index)) continue
        seen.add(index)
        if (measuring) latencies.push(now - since)
      }
    })
  })
  const tap = (walker: Walker, now: number): void => {
    intentAt.set(walker.self, now)
    seenBy.set(walker.self, new Set())
    walker.socket.send(JSON.stringify({ op: 'space_walk', d: { x: Math.round(64 + next() * CORNER), y: Math.round(64 + next() * CORNER) } }))
    walker.nextIntentAt = Infinity
  }
  const pids = processTree(serverPid)
  let serverBefore = 0
  let benchBefore = process.cpuUsage()
  let started = 0
  // a tick of the driver every 25 ms: who is still and rested taps
  const driver = setInterval(() => {
    const now = performance.now()
    for (const walker of walkers) {
      const still = now - walker.lastSelfMove > STILL_MS
      if (!still) continue
      if (walker.nextIntentAt === Infinity) walker.nextIntentAt = now + REST_MS[0] + next() * (REST_MS[1] - REST_MS[0])
      else if (now >= walker.nextIntentAt) tap(walker, now)
    }
  }, 25)
  try {
    await pause(warmUpMs) // warm-up: everyone walking (into the corner), not measured
    measuring = true
    started = performance.now()
    serverBefore = cpuSeconds(pids)
    benchBefore = process.cpuUsage()
    await pause(SECONDS * 1000)
    measuring = false
  } finally {
    clearInterval(driver)
  }
  const elapsed = (performance.now() - started) / 1000
  const serverCores = (cpuSeconds(pids) - serverBefore) / elapsed
  const bench = process.cpuUsage(benchBefore)
  latencies.sort((a, b) => a - b)
  const perSecond = walkers.map(walker => walker.bytes / elapsed)
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    samples: latencies.length,
    downMean: perSecond.reduce((sum, bytes) => sum + bytes, 0) / perSecond.length,
    downMax: Math.max(...perSecond),
    serverCores,
    benchCores: (bench.user + bench.system) / 1e6 / elapsed,
  }
}

/** Opens `count` sockets in batches; `ready` makes each ready and resolves its avatar id. */
async function openWalkers (count: number, url: string, ready: (socket: WebSocket, index: number) => Promise<{ self: number, avatars: PosedAvatar[] }>): Promise<Walker[]> {
  const walkers: Walker[] = []
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - start) }, async (_, offset) => {
      const socket = new WebSocket(url, { perMessageDeflate: false })
      await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject) })
      const { self, avatars } = await ready(socket, start + offset)
      return { socket, self, lastSelfMove: 0, nextIntentAt: Infinity, bytes: 0, inView: new Map(avatars.map(avatar => [avatar.id, 0])), book: bookOf(avatars) }
    })
    walkers.push(...await Promise.all(batch))
  }
  return walkers
}

/** Resolves the first frame on `socket` with op `op` (after `send`), failing on an error frame. */
function frameOf<T> (socket: WebSocket, op: string, send: () => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const listen = (data: WebSocket.RawData): void => {
      const frame = JSON.parse(String(data)) as { op: string, d: T }
      if (frame.op === 'error') reject(new Error(JSON.stringify(frame.d)))
      if (frame.op !== op && frame.op !== 'error') return
      socket.off('message', listen)
      resolve(frame.d)
    }
    socket.on('message', listen)
    send()
  })
}

/** AVATARS members of SERVER_ID written into the product's database; their bearer tokens. */
function members (dataDir: string): string[] {
  const db = new Database(path.join(dataDir, 'openrealm.sqlite'))
  const now = Math.floor(Date.now() / 1000)
  try {
    db.pragma('busy_timeout = 5000')
    const tokens: string[] = []
    const user = db.prepare('insert into users (uid, user_type, addtime, nickname, avatar, signature, gender) values (?, 1, ?, ?, \'\', \'\', 0)')
    const member = db.prepare('insert into server_members (server_id, uid, joined_at) values (?, ?, ?)')
    let session: Database.Statement | null = null
    db.transaction(() => {
      for (let index = 0; index < AVATARS; index++) {
        const uid = `space-bench-${index}`
        user.run(uid, now, `walker ${index}`)
        member.run(SERVER_ID, uid, now)
        const { token, row } = newSession(uid, now)
        session ??= db.prepare(`insert into sessions (${Object.keys(row).join(', ')}) values (${Object.keys(row).map(() => '?').join(', ')})`)
        session.run(...Object.values(row))
        tokens.push(token)
      }
    })()
    return tokens
  } finally {
    db.close()
  }
}

/** The product: AVATARS members in the metaverse space of SERVER_ID, walked in the corner. */
async function measureProduct (): Promise<{ run: SpaceRun, frames: string[] }> {
  const product = await startProduct({ H5_DIR: path.join(ROOT, 'bench/.work/no-h5'), LOG_LEVEL: 'warn', GATEWAY_HEARTBEAT_MS: '300000', SPACE_TICK_HZ: String(TICK_HZ) })
  let walkers: Walker[] = []
  try {
    const list = await (await fetch(`${product.url}/servers/${SERVER_ID}/channels`)).json() as { data: { groups: Array<{ channels: Array<{ channel_id: string, channel_type: number }> }> } }
    const space = list.data.groups.flatMap(group => group.channels).find(channel => channel.channel_type === 8)
    if (!space) throw new Error(`server ${SERVER_ID} has no metaverse channel`)
    const tokens = members(product.dataDir)
    walkers = await openWalkers(AVATARS, `${product.url.replace('http', 'ws')}/gateway`, async (socket, index) => {
      await frameOf(socket, 'ready', () => socket.send(JSON.stringify({ op: 'identify', d: { token: tokens[index] } })))
      return await frameOf<{ self: number, avatars: PosedAvatar[] }>(socket, 'space_ready', () => socket.send(JSON.stringify({ op: 'space_enter', d: { channel_id: space.channel_id } })))
    })
    await pause(1000) // presence and counts of the arrivals settle
    const frames: string[] = []
    // from the spawn point (bottom middle) to the corner is about 6 s of walking
    return { run: await drive(walkers, product.process.pid ?? 0, 9000, frames), frames }
  } finally {
    for (const walker of walkers) walker.socket.terminate()
    await stopProduct(product)
  }
}

/** The bare floor: a `ws` server in its own process ticking the same positions at 20 Hz, padded to `bytesPerSecond` a socket. */
async function measureBare (bytesPerSecond: number): Promise<SpaceRun> {
  const port = await freePort()
  const script = `
    const { WebSocketServer } = require('ws')
    const VIEW = ${VIEW}, WALK_MS = ${WALK_MS}, TICK_HZ = ${TICK_HZ}
    const frameBytes = Math.max(40, Math.round(Number(process.env.BYTES_PER_SECOND) / TICK_HZ))
    const clients = []
    const movingUntil = []
    const wss = new WebSocketServer({ port: Number(process.env.PORT), host: '127.0.0.1', perMessageDeflate: false })
    wss.on('connection', socket => {
      const index = clients.length
      clients.push(socket)
      movingUntil.push(0)
      let greeted = false
      socket.on('message', () => {
        if (greeted) movingUntil[index] = Date.now() + WALK_MS
        else socket.send(JSON.stringify({ op: 'space_ready', d: { self: index + 1, avatars: Array.from({ length: VIEW }, (_, at) => ({ id: index - index % VIEW + at + 1, x: 0, y: 0, dir: 0 })) } }))
        greeted = true
      })
    })
    setInterval(() => {
      const now = Date.now()
      for (let group = 0; group < clients.length; group += VIEW) {
        const m = []
        for (let index = group; index < Math.min(clients.length, group + VIEW); index++) if (movingUntil[index] > now) m.push(index + 1, 8, -8)
        let text = JSON.stringify({ op: 'space_tick', d: { m } })
        while (text.length + 8 <= frameBytes) { m.push(0, 16, 16); text = JSON.stringify({ op: 'space_tick', d: { m } }) }
        for (let index = group; index < Math.min(clients.length, group + VIEW); index++) clients[index].send(text)
      }
    }, 1000 / TICK_HZ)`
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, PORT: String(port), BYTES_PER_SECOND: String(bytesPerSecond) } })
  let walkers: Walker[] = []
  try {
    for (let tries = 0; tries < 100; tries++) {
      const open = await new Promise<boolean>(resolve => {
        const probe = new WebSocket(`ws://127.0.0.1:${port}`)
        probe.once('open', () => { probe.terminate(); resolve(true) })
        probe.once('error', () => resolve(false))
      })
      if (open) break
      await pause(100)
    }
    // the probe took index 0 of the bare server's list; its group's ticks go to a closed socket
    walkers = await openWalkers(AVATARS, `ws://127.0.0.1:${port}`, socket => frameOf(socket, 'space_ready', () => socket.send('{"op":"hello"}')))
    return await drive(walkers, child.pid ?? 0, 3000)
  } finally {
    for (const walker of walkers) walker.socket.terminate()
    await new Promise(resolve => { child.once('exit', resolve); child.kill() })
  }
}

/** The same tick frames as JSON text and as msgpackr binary: bytes and encode time per frame. */
function compareCodecs (frames: string[]): CodecRun {
  const objects = frames.map(text => JSON.parse(text) as unknown)
  const packr = new Packr({ useRecords: false })
  const time = (encode: (value: unknown) => { length: number }): { bytes: number, micros: number } => {
    for (const value of objects) encode(value) // warm-up
    let bytes = 0
    const started = performance.now()
    for (let round = 0; round < 10; round++) for (const value of objects) bytes += encode(value).length
    return { bytes: bytes / 10 / Math.max(1, objects.length), micros: (performance.now() - started) * 1000 / 10 / Math.max(1, objects.length) }
  }
  const json = time(value => Buffer.from(JSON.stringify(value)))
  const msgpack = time(value => packr.pack(value))
  return { frames: objects.length, jsonBytes: json.bytes, msgpackBytes: msgpack.bytes, jsonMicros: json.micros, msgpackMicros: msgpack.micros }
}

/** Measures the product, then the bare broadcast at the product's bytes rate, then the codecs. */
export async function measureSpaceSockets (): Promise<SpaceSocketsResult> {
  const { run: ours, frames } = await measureProduct()
  const bare = await measureBare(ours.downMean)
  return { ours, bare, codec: compareCodecs(frames), avatars: AVATARS, seconds: SECONDS }
}

const ms = (value: number): string => `${Math.round(value)} ms`
const kbs = (value: number): string => `${(value / 1024).toFixed(2)} KB/s`
const ratio = (a: number, b: number): string => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a')

/** The results table's rows (measure, OpenRealm, bare, ratio, budget). */
export function spaceSocketRows ({ ours, bare, codec, avatars, seconds }: SpaceSocketsResult): string[][] {
  const label = `Space ${avatars} avatars × ${TICK_HZ} Hz (sockets, crowded corner, ${seconds} s)`
  return [
    [`${label}: intent → neighbour sees the move p50 / p99 (samples)`, `${ms(ours.p50)} / ${ms(ours.p99)} (${ours.samples})`, `${ms(bare.p50)} / ${ms(bare.p99)} (${bare.samples})`, ratio(ours.p99, bare.p99),
      `p99 ≤ ${SPACE_BUDGETS.p99Ms} ms and ≤ ${SPACE_BUDGETS.p99VsBare}×: ${verdict(ours.p99 <= SPACE_BUDGETS.p99Ms && ours.p99 <= SPACE_BUDGETS.p99VsBare * bare.p99)}`],
    [`${label}: downstream per client mean / max`, `${kbs(ours.downMean)} / ${kbs(ours.downMax)}`, `${kbs(bare.downMean)} / ${kbs(bare.downMax)}`, ratio(ours.downMean, bare.downMean),
      `≤ 3 KB/s: ${verdict(ours.downMax <= SPACE_BUDGETS.downBytesPerSecond)}`],
    [`${label}: server CPU (bench process's own)`, `${ours.serverCores.toFixed(2)} cores (${ours.benchCores.toFixed(2)})`, `${bare.serverCores.toFixed(2)} cores (${bare.benchCores.toFixed(2)})`, ratio(ours.serverCores, bare.serverCores),
      `≤ ${SPACE_BUDGETS.serverCores} core: ${verdict(ours.serverCores <= SPACE_BUDGETS.serverCores)}`],
    ['Space tick frame of one client: JSON vs msgpackr, mean bytes and encode time', `JSON ${codec.jsonBytes.toFixed(0)} B, ${codec.jsonMicros.toFixed(1)} µs (${codec.frames} frames)`,
      `msgpackr ${codec.msgpackBytes.toFixed(0)} B, ${codec.msgpackMicros.toFixed(1)} µs`, ratio(codec.jsonBytes, codec.msgpackBytes), ''],
  ]
}

if (require.main === module) {
  measureSpaceSockets().then(result => {
    const header = ['measure', 'OpenRealm', 'bare ws broadcast', 'ratio', 'budget']
    console.log(JSON.stringify(result))
    console.log([header, header.map(() => '---'), ...spaceSocketRows(result)].map(row => `| ${row.join(' | ')} |`).join('\n'))
  }, error => {
    console.error(error)
    process.exit(1)
  })
}
