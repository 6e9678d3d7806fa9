/**
 * Gateway fan-out, beside a bare `ws` broadcast: N sessions of members of one
 * server hold a gateway connection each (all in this process, on the same cores as the
 * server); events are caused over HTTP at a fixed rate; every client notes when each
 * arrives. Reported per setting: deliveries per second, p50/p99 send→receive latency and
 * the server's memory per session (growth of its process tree's RSS after the sessions
 * connected, divided by N); the bare server is a `ws` WebSocketServer in its own process
 * that broadcasts the same bytes to the same number of sockets when POSTed to.
 *
 * Each member holds SOCKETS_PER_MEMBER sockets, within the gateway's per-account cap.
 * The event is MESSAGE_CREATE (POST /channels/:id/messages in a discussion channel of the
 * server); the bare server broadcasts the very frame text the gateway sent for a warm-up
 * message, with the same length of index in it. Loopback only, bounded: each
 * run lasts BENCH_FANOUT_SECONDS (default 10) after every socket is connected and one
 * second of unmeasured warm-up sends.
 * `npx tsx bench/fan-out.ts` runs it alone; `npm run bench` runs it with the rest.
 */
import { spawn, type ChildProcess } from 'child_process'
import { readFileSync } from 'fs'
import path from 'path'
import WebSocket from 'ws'
import { freePort, startProduct, stopProduct } from '../e2e/support/product'
import { verdict } from './results-table'
import { processTree } from './support'

const ROOT = path.resolve(__dirname, '..')
const SECONDS = Number(process.env.BENCH_FANOUT_SECONDS || 10)
const SERVER_ID = '723658'
/** Sessions and messages per second of each setting (the budgets name these two). */
const SETTINGS = [{ sessions: 1000, rate: 20 }, { sessions: 5000, rate: 5 }]
/** Sockets opened at once while connecting. */
const CONNECT_BATCH = 200

/** Budgets: deliveries/s ≥ 0.95× the bare broadcast's, p50 and p99 each ≤ 1.5× its own, at the same sessions and rate. */
export const FANOUT_BUDGETS = { deliveriesVsBare: 0.95, p50VsBare: 1.5, p99VsBare: 1.5 }

/** What one run measured. */
interface FanOutResult {
  deliveriesPerSecond: number
  p50: number
  p99: number
  /** Bytes of server RSS per connected session. */
  bytesPerSession: number
  /** Deliveries expected (sessions × messages) and received. */
  expected: number
  received: number
}

/** Resident memory of `pid` and every process below it (the tsx launcher is a parent of the server). */
function treeRss (pid: number): number {
  let total = 0
  for (const id of processTree(pid)) {
    try {
      total += Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0) * 1024
    } catch {}
  }
  return total
}

const pause = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

function percentile (sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]
}

/** Opens `count` sockets (in batches), each made ready by `ready`; resolves them once all are ready. */
async function openSockets (count: number, url: string, ready: (socket: WebSocket) => Promise<void>): Promise<WebSocket[]> {
  const sockets: WebSocket[] = []
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - start) }, async () => {
      const socket = new WebSocket(url, { perMessageDeflate: false })
      await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject) })
      await ready(socket)
      return socket
    })
    sockets.push(...await Promise.all(batch))
  }
  return sockets
}

/**
 * Sends `rate` messages a second for SECONDS through `send(index)` while every socket
 * records the arrival of frames carrying `bench-<index>`; the latency is from the send.
 * Warm-up sends come first with negative indexes (`bench--1`…), which are not counted.
 */
async function drive (sockets: WebSocket[], rate: number, send: (index: number) => Promise<void>): Promise<Omit<FanOutResult, 'bytesPerSession'>> {
  const sentAt: number[] = []
  const latencies: number[] = []
  let firstSend = 0
  let lastArrival = 0
  for (const socket of sockets) {
    socket.on('message', data => {
      const match = /bench-(\d+)\b/.exec(String(data))
      if (!match) return
      const now = performance.now()
      lastArrival = now
      latencies.push(now - sentAt[Number(match[1])])
    })
  }
  // one second of unmeasured sends first (JIT, caches, connection pools), as a running server would be
  for (let index = 0; index < rate; index++) {
    await send(-1 - index)
    await pause(1000 / rate)
  }
  await pause(500)
  const total = Math.round(SECONDS * rate)
  firstSend = performance.now()
  const sends: Array<Promise<void>> = []
  for (let index = 0; index < total; index++) {
    const due = firstSend + index * 1000 / rate
    const wait = due - performance.now()
    if (wait > 0) await pause(wait)
    sentAt[index] = performance.now()
    sends.push(send(index))
  }
  await Promise.all(sends)
  // let the last deliveries arrive (at most 5 s more)
  const expected = total * sockets.length
  const deadline = performance.now() + 5000
  while (latencies.length < expected && performance.now() < deadline) await pause(50)
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    deliveriesPerSecond: latencies.length / ((lastArrival - firstSend) / 1000),
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    expected,
    received: latencies.length,
  }
}

/** Sockets the bench opens per member: within the gateway's cap of sockets per account (GATEWAY_SOCKETS_PER_ACCOUNT, 10 by default). */
const SOCKETS_PER_MEMBER = 10

/** A guest who joined `SERVER_ID`: its token and the headers that send as it. */
async function joinedGuest (url: string): Promise<{ token: string, headers: Record<string, string> }> {
  const guest = await (await fetch(`${url}/auth/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json() as { data: { token: string } }
  const headers = { authorization: `Bearer ${guest.data.token}`, 'content-type': 'application/json' }
  await (await fetch(`${url}/servers/${SERVER_ID}/members/me`, { method: 'POST', headers })).arrayBuffer()
  return { token: guest.data.token, headers }
}

/**
 * The gateway: N sessions of members of one server, SOCKETS_PER_MEMBER sockets each (a crowd
 * of members, as the per-account socket cap expects, not one account's thousands of tabs);
 * messages are sent over HTTP by the first of them; also the text of a dispatch frame it sent.
 */
async function measureGateway (sessions: number, rate: number): Promise<FanOutResult & { frame: string }> {
  // API only (no bundle); heartbeats far apart, as the bench clients do not beat; the
  // per-account message limit and the guest sign-up limit do not apply to loopback (RATE_LIMIT_ALLOW)
  const product = await startProduct({ H5_DIR: path.join(ROOT, 'bench/.work/no-h5'), LOG_LEVEL: 'warn', GATEWAY_HEARTBEAT_MS: '300000' })
  const sockets: WebSocket[] = []
  try {
    const members: Array<Awaited<ReturnType<typeof joinedGuest>>> = []
    for (let index = 0; index < Math.ceil(sessions / SOCKETS_PER_MEMBER); index++) members.push(await joinedGuest(product.url))
    const { headers } = members[0]
    const list = await (await fetch(`${product.url}/servers/${SERVER_ID}/channels`)).json() as { data: { groups: Array<{ channels: Array<{ channel_id: string, channel_type: number }> }> } }
    const discussion = list.data.groups.flatMap(group => group.channels).find(channel => channel.channel_type === 1)
    if (!discussion) throw new Error(`server ${SERVER_ID} has no discussion channel`)
    const before = treeRss(product.process.pid ?? 0)
    let opened = 0
    sockets.push(...await openSockets(sessions, `${product.url.replace('http', 'ws')}/gateway`, socket => new Promise(resolve => {
      const { token } = members[Math.floor(opened++ / SOCKETS_PER_MEMBER)]
      socket.once('message', () => resolve()) // ready
      socket.send(JSON.stringify({ op: 'identify', d: { token } }))
    })))
    await pause(500)
    const bytesPerSession = (treeRss(product.process.pid ?? 0) - before) / sessions
    let frame = ''
    const capture = (data: WebSocket.RawData): void => {
      if (!String(data).includes('bench--1')) return
      frame = String(data)
      sockets[0].off('message', capture)
    }
    sockets[0].on('message', capture)
    const result = await drive(sockets, rate, async index => {
      const body = JSON.stringify({ content: `bench-${index}`, nonce: `bench-${index}` })
      const response = await fetch(`${product.url}/channels/${discussion.channel_id}/messages`, { method: 'POST', headers, body })
      await response.arrayBuffer()
    })
    // the first warm-up message's frame, with an index as long as the measured ones'
    return { ...result, bytesPerSession, frame: frame.replace(/bench--1\b/g, 'bench-00') }
  } finally {
    for (const socket of sockets) socket.terminate()
    await stopProduct(product)
  }
}

/** The bare floor: a `ws` server in its own process broadcasting each POSTed body to every socket. */
async function measureBare (sessions: number, rate: number, frame: string): Promise<FanOutResult> {
  const port = await freePort()
  const script = `
    const http = require('http')
    const { WebSocketServer } = require('ws')
    const server = http.createServer((request, response) => {
      const chunks = []
      request.on('data', chunk => chunks.push(chunk))
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString()
        for (const client of wss.clients) client.send(body)
        response.end('{}')
      })
    })
    const wss = new WebSocketServer({ server, perMessageDeflate: false })
    server.listen(Number(process.env.PORT), '127.0.0.1')`
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, PORT: String(port) } })
  const url = `http://127.0.0.1:${port}`
  const sockets: WebSocket[] = []
  try {
    for (let tries = 0; tries < 100; tries++) {
      if (await fetch(url, { method: 'POST', body: '' }).then(response => response.ok, () => false)) break
      await pause(100)
    }
    const before = treeRss(child.pid ?? 0)
    sockets.push(...await openSockets(sessions, url.replace('http', 'ws'), async () => undefined))
    await pause(500)
    const bytesPerSession = (treeRss(child.pid ?? 0) - before) / sessions
    const result = await drive(sockets, rate, async index => {
      const response = await fetch(url, { method: 'POST', body: frame.replace(/bench-00\b/g, `bench-${index}`) })
      await response.arrayBuffer()
    })
    return { ...result, bytesPerSession }
  } finally {
    for (const socket of sockets) socket.terminate()
    await new Promise(resolve => { child.once('exit', resolve); child.kill() })
  }
}

const ms = (value: number): string => `${Math.round(value)} ms`
const ratio = (a: number, b: number): string => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a')

/** Measures every setting, gateway then bare; resolves the table rows (measure, OpenRealm, bare, ratio, budget). */
export async function measureFanOut (): Promise<string[][]> {
  const rows: string[][] = []
  for (const { sessions, rate } of SETTINGS) {
    const ours = await measureGateway(sessions, rate)
    const bare = await measureBare(sessions, rate, ours.frame)
    const label = `Fan-out ${sessions} sessions × ${rate} msg/s`
    rows.push(
      [`${label}: deliveries/s (received / expected)`, `${ours.deliveriesPerSecond.toFixed(0)} (${ours.received}/${ours.expected})`, `${bare.deliveriesPerSecond.toFixed(0)} (${bare.received}/${bare.expected})`,
        ratio(ours.deliveriesPerSecond, bare.deliveriesPerSecond), `≥ ${FANOUT_BUDGETS.deliveriesVsBare}×: ${verdict(ours.deliveriesPerSecond >= FANOUT_BUDGETS.deliveriesVsBare * bare.deliveriesPerSecond && ours.received === ours.expected)}`],
      [`${label}: send→receive p50`, ms(ours.p50), ms(bare.p50), ratio(ours.p50, bare.p50),
        `≤ ${FANOUT_BUDGETS.p50VsBare}×: ${verdict(ours.p50 <= FANOUT_BUDGETS.p50VsBare * bare.p50)}`],
      [`${label}: send→receive p99`, ms(ours.p99), ms(bare.p99), ratio(ours.p99, bare.p99),
        `≤ ${FANOUT_BUDGETS.p99VsBare}×: ${verdict(ours.p99 <= FANOUT_BUDGETS.p99VsBare * bare.p99)}`],
      [`${label}: server memory per session`, `${(ours.bytesPerSession / 1024).toFixed(1)} KB`, `${(bare.bytesPerSession / 1024).toFixed(1)} KB`, ratio(ours.bytesPerSession, bare.bytesPerSession), ''],
    )
  }
  return rows
}

if (require.main === module) {
  measureFanOut().then(rows => {
    const header = ['measure', 'OpenRealm gateway', 'bare ws broadcast', 'ratio', 'budget']
    console.log([header, header.map(() => '---'), ...rows].map(row => `| ${row.join(' | ')} |`).join('\n'))
  }, error => {
    console.error(error)
    process.exit(1)
  })
}
