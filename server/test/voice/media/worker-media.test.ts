/**
 * The media worker across the fork: the same forwarding as in-process, a worker killed from
 * outside (as the OOM killer would), and close().
 */
import { readdirSync, readFileSync } from 'fs'
import { createWorkerVoiceMedia } from '../../../src/voice/media/worker-media'
import type { VoiceMedia } from '../../../src/voice/media/types'
import { BrowserEvents, WeriftBrowser, until } from './werift-browser'

jest.setTimeout(20_000)

const network = { publicIp: null, udpPortMin: 41_000, udpPortMax: 41_999 }

let events: BrowserEvents
let media: VoiceMedia
let browsers: WeriftBrowser[]

beforeEach(() => {
  events = new BrowserEvents()
  media = createWorkerVoiceMedia({ events, network })
  browsers = []
})

afterEach(async () => {
  await media.close()
  await Promise.all(browsers.map(async browser => { await browser.close() }))
})

/** The pids of this test process's media workers (its children running worker.ts). */
function workerPids (): number[] {
  return readdirSync('/proc').filter(entry => /^\d+$/.test(entry)).flatMap(entry => {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      return parent === process.pid && command.includes('voice/media/worker.ts') ? [Number(entry)] : []
    } catch {
      return []
    }
  })
}

async function pair (a: string, b: string): Promise<[WeriftBrowser, WeriftBrowser]> {
  const first = events.add(new WeriftBrowser(media, `peer-${a}`, a))
  const second = events.add(new WeriftBrowser(media, `peer-${b}`, b))
  browsers.push(first, second)
  await first.join('room-1')
  await second.join('room-1')
  await until(() => first.settledWith([b]) && second.settledWith([a]), 'the room to settle')
  return [first, second]
}

it('starts no worker before the first join', async () => {
  expect(await media.stats()).toEqual([])
  expect(workerPids()).toEqual([])
})

it('forwards a speaker\'s packets across the worker process', async () => {
  const [a, b] = await pair('a', 'b')
  expect(workerPids()).toHaveLength(1)

  await a.speak(20, 5)

  await until(() => b.from('a') === 20, 'b to receive a\'s 20 packets')
  expect(b.payloads[0].payload.toString()).toMatch(/^a:0\./)
  const stats = await media.stats()
  expect(stats).toContainEqual(expect.objectContaining({ peerId: a.peerId, packetsIn: 20, packetsForwarded: 20 }))
  expect(stats).toContainEqual(expect.objectContaining({ peerId: b.peerId, packetsOut: 20 }))
})

it('rejects the calls in flight when the worker dies, fails its peers, and starts a new worker on the next join', async () => {
  const [a, b] = await pair('a', 'b')
  const [pid] = workerPids()

  process.kill(pid, 'SIGKILL')
  const inFlight = media.setSilenced(a.peerId, true)

  await expect(inFlight).rejects.toThrow(/voice media worker exited \(SIGKILL\)/)
  await until(() => [a, b].every(peer => events.states.some(change => change.peerId === peer.peerId && change.state === 'failed')), 'both peers failed')
  await expect(media.answer(a.peerId, 'v=0')).rejects.toThrow(`unknown voice peer ${a.peerId}`)

  const [c, d] = await pair('c', 'd')
  expect(workerPids()).not.toContain(pid)
  await c.speak(10, 5)
  await until(() => d.from('c') === 10, 'the new worker to forward')
})

it('stops the worker on close', async () => {
  await pair('a', 'b')
  const [pid] = workerPids()

  await media.close()

  expect(workerPids()).toEqual([])
  expect(() => process.kill(pid, 0)).toThrow()
  expect(events.states.filter(change => change.state === 'failed')).toEqual([])
})
