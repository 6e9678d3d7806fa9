/**
 * The voice media worker's CPU, beside a bare UDP forwarder of the same packets in one
 * run. One room of PEERS werift browsers on loopback (in this process) joins through
 * createWorkerVoiceMedia; once every offer is answered, SPEAKERS of them each write a
 * 20 ms Opus-shaped frame of FRAME_BYTES every 20 ms (50 packets/s) for SECONDS, and the
 * worker forwards each frame to the other PEERS − 1. Measured: the worker process's CPU
 * (utime + stime from /proc over the window, in cores), the packets the browsers received
 * against those expected, and the size of the room's largest offer (the wire allows 60 KB).
 *
 * The floor: a bare `dgram` process that receives the same frames from SPEAKERS sockets
 * and sends each to the other PEERS − 1 sockets — the same packets in and out on the same
 * cores, without SRTP, RTCP or any room logic.
 * `npx tsx bench/voice-worker.ts` runs it alone; `BENCH_ONLY=voice npm run bench` puts its
 * rows in the results table.
 */
import { spawn, type ChildProcess } from 'child_process'
import { createSocket, type Socket } from 'dgram'
import { readdirSync, readFileSync } from 'fs'
import { createWorkerVoiceMedia } from '../server/src/voice/media/worker-media'
import { BrowserEvents, WeriftBrowser, until } from '../server/test/voice/media/werift-browser'
import { verdict } from './results-table'
import { cpuSeconds } from './support'

const PEERS = Number(process.env.BENCH_VOICE_PEERS || 25)
const SPEAKERS = 3
const SECONDS = Number(process.env.BENCH_VOICE_SECONDS || 10)
const FRAME_MS = 20
const FRAME_BYTES = 80
/** The room must settle (every offer answered) within this. */
const SETTLE_MS = 120_000

/** Budget: the worker forwards the room's voices on at most this much of one core. */
export const VOICE_BUDGETS = { workerCores: 0.3 }

/** What one side measured. */
export interface VoiceRun {
  cores: number
  /** Packets the forwarder sent (the worker's packetsOut; the floor's are not counted: null). */
  sent: number | null
  received: number
  expected: number
  seconds: number
}

/** Both sides and the room's largest offer. */
export interface VoiceWorkerResult {
  worker: VoiceRun
  floor: VoiceRun
  offerBytes: number
  peers: number
}

/** Runs `tick` every FRAME_MS for SECONDS (on a schedule, so late ticks do not drift the rate); resolves with the ticks run and the wall time. */
async function everyFrame (tick: () => void): Promise<{ ticks: number, seconds: number }> {
  const started = performance.now()
  const total = Math.round(SECONDS * 1000 / FRAME_MS)
  let ticks = 0
  await new Promise<void>(resolve => {
    const next = (): void => {
      // catch up if the loop fell behind, never send ahead
      while (ticks < total && performance.now() - started >= ticks * FRAME_MS) {
        tick()
        ticks++
      }
      if (ticks >= total) resolve()
      else setTimeout(next, Math.max(0, started + ticks * FRAME_MS - performance.now()))
    }
    next()
  })
  return { ticks, seconds: (performance.now() - started) / 1000 }
}

/** The pid of this process's media worker (its child running worker.ts). */
function workerPid (): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const parent = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1])
      if (parent === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('voice/media/worker.ts')) return Number(entry)
    } catch {}
  }
  throw new Error('no media worker found')
}

async function measureWorker (): Promise<{ run: VoiceRun, offerBytes: number }> {
  const events = new BrowserEvents()
  const media = createWorkerVoiceMedia({ events, network: { publicIp: null, udpPortMin: 44_000, udpPortMax: 44_999 } })
  const browsers = Array.from({ length: PEERS }, (_, index) => events.add(new WeriftBrowser(media, `peer-${index}`, `member-${index}`)))
  try {
    for (const browser of browsers) await browser.join('bench-room')
    const uids = browsers.map(browser => browser.uid)
    await until(() => browsers.every(browser => browser.settledWith(uids.filter(uid => uid !== browser.uid))), 'the room to settle', SETTLE_MS)
    const offerBytes = Math.max(...browsers.flatMap(browser => browser.offers.map(offer => Buffer.byteLength(offer.sdp))))
    const speakers = browsers.slice(0, SPEAKERS)
    const pid = workerPid()
    const cpuBefore = cpuSeconds([pid])
    const { ticks, seconds } = await everyFrame(() => {
      for (const speaker of speakers) void speaker.frame()
    })
    const cores = (cpuSeconds([pid]) - cpuBefore) / seconds
    // packets still in flight at the end are counted once they land
    await new Promise(resolve => setTimeout(resolve, 500))
    const received = browsers.reduce((sum, browser) => sum + speakers.reduce((heard, speaker) => heard + browser.from(speaker.uid), 0), 0)
    const sent = (await media.stats()).reduce((sum, peer) => sum + peer.packetsOut, 0)
    return { run: { cores, sent, received, expected: ticks * SPEAKERS * (PEERS - 1), seconds }, offerBytes }
  } finally {
    await media.close()
    await Promise.all(browsers.map(async browser => { await browser.close() }))
  }
}

/** The bare forwarder: every datagram to every target port but its sender's. */
const FLOOR_SOURCE = `
const socket = require('dgram').createSocket('udp4')
const targets = JSON.parse(process.argv[1])
socket.on('message', (data, from) => { for (const port of targets) if (port !== from.port) socket.send(data, port, '127.0.0.1') })
socket.bind(0, '127.0.0.1', () => process.send(socket.address().port))
`

async function measureFloor (): Promise<VoiceRun> {
  const sockets: Socket[] = await Promise.all(Array.from({ length: PEERS }, async () => await new Promise<Socket>(resolve => {
    const socket = createSocket('udp4')
    socket.bind(0, '127.0.0.1', () => { resolve(socket) })
  })))
  let received = 0
  for (const socket of sockets) socket.on('message', () => { received++ })
  const ports = sockets.map(socket => socket.address().port)
  const floor: ChildProcess = spawn(process.execPath, ['-e', FLOOR_SOURCE, JSON.stringify(ports)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  try {
    const floorPort = await new Promise<number>(resolve => { floor.once('message', port => { resolve(Number(port)) }) })
    const frame = Buffer.alloc(FRAME_BYTES + 12, 1)
    const pid = floor.pid ?? 0
    const cpuBefore = cpuSeconds([pid])
    const { ticks, seconds } = await everyFrame(() => {
      for (const speaker of sockets.slice(0, SPEAKERS)) speaker.send(frame, floorPort, '127.0.0.1')
    })
    const cores = (cpuSeconds([pid]) - cpuBefore) / seconds
    await new Promise(resolve => setTimeout(resolve, 500))
    return { cores, sent: null, received, expected: ticks * SPEAKERS * (PEERS - 1), seconds }
  } finally {
    floor.kill()
    for (const socket of sockets) socket.close()
  }
}

/** The worker's run, then the floor's, one after the other in this run. */
export async function measureVoiceWorker (): Promise<VoiceWorkerResult> {
  const { run: worker, offerBytes } = await measureWorker()
  const floor = await measureFloor()
  return { worker, floor, offerBytes, peers: PEERS }
}

const share = (part: number, whole: number): string => `${(100 * part / Math.max(1, whole)).toFixed(1)} %`
/** Packets received of those expected, and (the worker) sent of those expected: a loss after the worker is the receivers'. */
const delivery = (run: VoiceRun): string => `${share(run.received, run.expected)} received${run.sent === null ? '' : `, ${share(run.sent, run.expected)} sent`}`

/** The bench table's rows. */
export function voiceWorkerRows ({ worker, floor, offerBytes, peers }: VoiceWorkerResult): string[][] {
  const label = `Voice worker: ${peers} peers in one room, ${SPEAKERS} speaking (50 packets/s of ${FRAME_BYTES} B each, ${SECONDS} s)`
  return [
    [`${label}: worker CPU (packets received, sent)`, `${worker.cores.toFixed(3)} cores (${delivery(worker)})`, `${floor.cores.toFixed(3)} cores (${delivery(floor)})`,
      floor.cores > 0 ? `${(worker.cores / floor.cores).toFixed(1)}×` : 'n/a',
      `≤ ${VOICE_BUDGETS.workerCores} core: ${verdict(worker.cores <= VOICE_BUDGETS.workerCores)}`],
    [`${label}: largest offer`, `${(offerBytes / 1024).toFixed(1)} KB`, '60.0 KB wire limit', `${(offerBytes / 60_000).toFixed(2)}×`, ''],
  ]
}

if (require.main === module) {
  measureVoiceWorker().then(result => {
    const header = ['measure', 'OpenRealm', 'bare UDP forwarder', 'ratio', 'budget']
    console.log(JSON.stringify(result))
    console.log([header, header.map(() => '---'), ...voiceWorkerRows(result)].map(row => `| ${row.join(' | ')} |`).join('\n'))
  }, error => {
    console.error(error)
    process.exit(1)
  })
}
