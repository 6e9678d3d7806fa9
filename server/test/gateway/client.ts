/**
 * A gateway client for tests: a real `ws` socket that records every frame it receives,
 * so a test waits for the frame it expects (`next`) or checks that none came (`quiet`).
 */
import WebSocket from 'ws'
import type { ServerFrame } from '@core/wire/gateway'

/** How long a test waits for an expected frame. */
const FRAME_WAIT_MS = 3000

/** A connected test client. */
export interface GatewayTestClient {
  socket: WebSocket
  /** Every frame received, in order. */
  frames: ServerFrame[]
  /** Sends a frame (an object is sent as JSON, a string as it is). */
  send (frame: object | string): void
  /** The next received frame matching `match` (frames already received count, once each). */
  next<T extends ServerFrame = ServerFrame> (match?: (frame: ServerFrame) => boolean): Promise<T>
  /** Resolves with the close code and reason once the server closed the socket. */
  closed (): Promise<{ code: number, reason: string }>
  /** Closes from the client side. */
  close (): void
}

/** Connects to `${baseUrl}/gateway`. */
export async function connectGateway (baseUrl: string): Promise<GatewayTestClient> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/gateway`)
  const frames: ServerFrame[] = []
  const waiters = new Set<() => void>()
  socket.on('message', data => {
    frames.push(JSON.parse(String(data)) as ServerFrame)
    for (const waiter of [...waiters]) waiter()
  })
  const closing = new Promise<{ code: number, reason: string }>(resolve => socket.on('close', (code, reason) => {
    resolve({ code, reason: String(reason) })
    for (const waiter of [...waiters]) waiter()
  }))
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  const consumed = new Set<number>()
  return {
    socket,
    frames,
    send (frame) {
      socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame))
    },
    next<T extends ServerFrame> (match: (frame: ServerFrame) => boolean = () => true): Promise<T> {
      return new Promise((resolve, reject) => {
        const look = (): boolean => {
          for (let index = 0; index < frames.length; index++) {
            if (consumed.has(index) || !match(frames[index])) continue
            consumed.add(index)
            resolve(frames[index] as T)
            return true
          }
          return false
        }
        if (look()) return
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(new Error(`no matching frame within ${FRAME_WAIT_MS} ms; received ${JSON.stringify(frames)}`))
        }, FRAME_WAIT_MS)
        const waiter = (): void => {
          if (!look()) return
          clearTimeout(timer)
          waiters.delete(waiter)
        }
        waiters.add(waiter)
      })
    },
    closed: () => closing,
    close () { socket.close() },
  }
}

/** Connects and identifies with `token`; resolves the client and its ready frame's data. */
export async function identified (baseUrl: string, token: string): Promise<{ client: GatewayTestClient, ready: Extract<ServerFrame, { op: 'ready' }>['d'] }> {
  const client = await connectGateway(baseUrl)
  client.send({ op: 'identify', d: { token } })
  const ready = await client.next<Extract<ServerFrame, { op: 'ready' }>>(frame => frame.op === 'ready')
  return { client, ready: ready.d }
}

/** Resolves after `ms`. */
export const pause = (ms: number): Promise<void> => new Promise(resolve => setTimeout(resolve, ms))
