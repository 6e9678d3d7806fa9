/**
 * The VoiceMedia of the API process: every call goes to a media worker (./worker.ts) that
 * `child_process.fork` starts on the first join, so RTP is received, copied and encrypted
 * on another core than the API's event loop. Each call is a request with an id answered by
 * a promise; the worker's offers, candidates and states come back as events.
 *
 * When the worker dies, every call in flight rejects with an Error saying so, every peer it
 * held is told `failed` through the events (the hub takes them out of their rooms), and the
 * next join starts a new worker.
 */
import { fork, type ChildProcess } from 'child_process'
import path from 'path'
import { pathToFileURL } from 'url'
import type { WorkerCall, WorkerEvent, WorkerMessage } from './ipc'
import type { VoiceMediaNetwork } from './sfu'
import type { VoiceMedia, VoiceMediaEvents, VoicePeerOptions, VoicePeerStats } from './types'

export type { VoiceMediaNetwork } from './sfu'

/** The worker's entry, run through tsx as the server itself is (under `npm start` and under jest alike). */
const WORKER_ENTRY = path.join(__dirname, 'worker.ts')

/** How long a call may wait for the worker's answer before it is taken for hung. */
const CALL_TIMEOUT_MS = 10_000

/** How long close() waits for the worker to exit before killing it. */
const CLOSE_TIMEOUT_MS = 3_000

/** What createWorkerVoiceMedia needs. */
export interface WorkerVoiceMediaOptions {
  /** Where the worker's offers, candidates and connection states go (the voice hub). */
  events: VoiceMediaEvents
  /** The worker's UDP ports and advertised address: `config.voiceMedia` (VOICE_PUBLIC_IP, VOICE_UDP_PORT_MIN/MAX). */
  network: VoiceMediaNetwork
  /** Where the worker's own failures are told (a re-offer that failed, the worker's exit); silent when absent. */
  log?: (message: string) => void
}

type Pending = { worker: ChildProcess, resolve: (value: unknown) => void, reject: (error: Error) => void, timer: NodeJS.Timeout }

type Call = WorkerCall extends infer Each ? Each extends WorkerCall ? Omit<Each, 'id'> : never : never

/**
 * The API process's voice media: an SFU in a forked worker process, behind the VoiceMedia
 * contract. The worker starts on the first join; close() stops it.
 *
 * @example
 * const media = createWorkerVoiceMedia({ events: hub, network: config.voiceMedia, log: message => app.log.warn(message) })
 */
export function createWorkerVoiceMedia (options: WorkerVoiceMediaOptions): VoiceMedia {
  return new WorkerVoiceMedia(options)
}

class WorkerVoiceMedia implements VoiceMedia {
  private worker: ChildProcess | null = null
  private readonly pending = new Map<number, Pending>()
  /** Peers the running worker holds (joined, not left). */
  private readonly peers = new Set<string>()
  private nextId = 1

  constructor (private readonly options: WorkerVoiceMediaOptions) {}

  async join (peer: VoicePeerOptions): Promise<void> {
    const worker = this.worker ?? this.start()
    this.peers.add(peer.peerId)
    try {
      await this.send(worker, { method: 'join', args: [peer] })
    } catch (error) {
      if (this.worker === worker) this.peers.delete(peer.peerId)
      throw error
    }
  }

  async answer (peerId: string, sdp: string): Promise<void> {
    await this.call({ method: 'answer', args: [peerId, sdp] }, peerId)
  }

  async addCandidate (peerId: string, candidate: Parameters<VoiceMedia['addCandidate']>[1]): Promise<void> {
    await this.call({ method: 'addCandidate', args: [peerId, candidate] }, peerId)
  }

  async setSilenced (peerId: string, silenced: boolean): Promise<void> {
    await this.call({ method: 'setSilenced', args: [peerId, silenced] }, peerId)
  }

  async setDeafened (peerId: string, deafened: boolean): Promise<void> {
    await this.call({ method: 'setDeafened', args: [peerId, deafened] }, peerId)
  }

  async restartIce (peerId: string): Promise<void> {
    await this.call({ method: 'restartIce', args: [peerId] }, peerId)
  }

  async leave (peerId: string): Promise<void> {
    // A peer of a worker that died is already gone.
    if (this.worker === null || !this.peers.has(peerId)) return
    this.peers.delete(peerId)
    await this.send(this.worker, { method: 'leave', args: [peerId] })
  }

  async stats (): Promise<VoicePeerStats[]> {
    if (this.worker === null) return []
    return await this.send(this.worker, { method: 'stats', args: [] }) as VoicePeerStats[]
  }

  async close (): Promise<void> {
    const worker = this.worker
    if (worker === null) return
    // Closing is no failure: its peers are not told `failed`.
    this.worker = null
    this.peers.clear()
    const exited = new Promise<void>(resolve => { worker.once('exit', () => { resolve() }) })
    this.send(worker, { method: 'close', args: [] }).catch(() => {})
    const timer = setTimeout(() => { worker.kill('SIGKILL') }, CLOSE_TIMEOUT_MS)
    await exited
    clearTimeout(timer)
  }

  /** A call about one peer: refused when the running worker does not hold it. */
  private async call (call: Call, peerId: string): Promise<unknown> {
    if (this.worker === null || !this.peers.has(peerId)) throw new Error(`unknown voice peer ${peerId}`)
    return await this.send(this.worker, call)
  }

  private async send (worker: ChildProcess, call: Call): Promise<unknown> {
    const id = this.nextId++
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id)
        reject(new Error(`voice media worker did not answer ${call.method} within ${CALL_TIMEOUT_MS} ms`))
      }, CALL_TIMEOUT_MS)
      this.pending.set(id, { worker, resolve, reject, timer })
      worker.send({ ...call, id } as WorkerCall, error => {
        if (error) this.settle(id, undefined, new Error(`voice media worker unreachable: ${error.message}`))
      })
    })
  }

  private settle (id: number, value: unknown, error?: Error): void {
    const pending = this.pending.get(id)
    if (!pending) return
    this.pending.delete(id)
    clearTimeout(pending.timer)
    if (error) pending.reject(error)
    else pending.resolve(value)
  }

  private start (): ChildProcess {
    const worker = fork(WORKER_ENTRY, [JSON.stringify(this.options.network)], {
      // Its own loader, whatever the parent runs under (tsx for `npm start`, babel under jest).
      execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    })
    this.worker = worker
    worker.on('message', (message: WorkerMessage) => { this.receive(message) })
    worker.on('error', error => { this.lost(worker, `failed: ${error.message}`) })
    worker.on('exit', (code, signal) => { this.lost(worker, `exited (${signal ?? `code ${code}`})`) })
    // A server that forgot close() still exits; the worker follows when its channel closes.
    worker.unref()
    worker.channel?.unref()
    return worker
  }

  private receive (message: WorkerMessage): void {
    switch (message.kind) {
      case 'result': this.settle(message.id, message.value); break
      case 'error': this.settle(message.id, undefined, new Error(message.message)); break
      case 'event': this.dispatch(message.event); break
      case 'log': this.options.log?.(message.message); break
    }
  }

  private dispatch (event: WorkerEvent): void {
    const { events } = this.options
    switch (event.name) {
      case 'offer': events.offer(...event.args); break
      case 'candidate': events.candidate(...event.args); break
      case 'state': events.state(...event.args); break
    }
  }

  /** A worker is gone: its calls fail; unless it was closed, its peers are failed and the next join starts another. */
  private lost (worker: ChildProcess, how: string): void {
    const error = new Error(`voice media worker ${how}`)
    for (const [id, pending] of [...this.pending]) {
      if (pending.worker === worker) this.settle(id, undefined, error)
    }
    if (this.worker !== worker) return
    this.worker = null
    this.options.log?.(error.message)
    const peers = [...this.peers]
    this.peers.clear()
    for (const peerId of peers) this.options.events.state(peerId, 'failed')
  }
}
