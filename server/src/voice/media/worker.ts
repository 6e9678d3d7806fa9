/**
 * The media worker: a child process forked by ./worker-media.ts that holds this server
 * process's voice rooms (./sfu.ts), so RTP never runs on the API's event loop. Its
 * network settings (VoiceMediaNetwork) come as JSON in its first argument; calls and
 * events travel over the IPC channel (./ipc.ts). It closes every connection and exits
 * when told to close or when the API process goes away.
 */
import type { WorkerCall, WorkerEvent, WorkerMessage } from './ipc'
import { Sfu, type VoiceMediaNetwork } from './sfu'

const network = JSON.parse(process.argv[2] ?? 'null') as VoiceMediaNetwork | null
if (network === null || typeof process.send !== 'function') {
  throw new Error('the voice media worker runs forked by createWorkerVoiceMedia, with its network settings as its argument')
}

function send (message: WorkerMessage, sent?: () => void): void {
  if (process.connected) process.send?.(message, undefined, {}, () => sent?.())
  else sent?.()
}

function emit (event: WorkerEvent): void {
  send({ kind: 'event', event })
}

const sfu = new Sfu({
  offer: (...args) => { emit({ name: 'offer', args }) },
  candidate: (...args) => { emit({ name: 'candidate', args }) },
  state: (...args) => { emit({ name: 'state', args }) },
}, network, message => { send({ kind: 'log', message }) })

/** Runs one call on the SFU (the method is named by the message; its arguments are its own). */
async function run (call: WorkerCall): Promise<unknown> {
  const method = sfu[call.method] as (...args: unknown[]) => Promise<unknown>
  return await method.apply(sfu, call.args)
}

process.on('message', (call: WorkerCall) => {
  // After close, the worker exits once its answer is on the way.
  const sent = call.method === 'close' ? () => process.exit(0) : undefined
  run(call).then(
    value => { send({ kind: 'result', id: call.id, value }, sent) },
    (error: unknown) => { send({ kind: 'error', id: call.id, message: error instanceof Error ? error.message : String(error) }, sent) },
  )
})

// The API process went away: nothing can reach these rooms any more.
process.on('disconnect', () => {
  void sfu.close().finally(() => process.exit(0))
})
