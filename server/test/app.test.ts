import net from 'net'
import WebSocket from 'ws'
import { loadConfig } from '../src/config'
import { identified } from './gateway/client'
import { signInAsGuest, startTestApp, type TestApp } from './helper'

/** Short time-outs, so a test sees each one act within a second or two. */
const TIMEOUTS = { HTTP_HEADERS_TIMEOUT_MS: '400', HTTP_REQUEST_TIMEOUT_MS: '800', HTTP_IDLE_TIMEOUT_MS: '600' }
/** Longest a socket may stay open in these tests: every time-out above plus Node's check interval and slack for a loaded machine. */
const CLOSED_WITHIN_MS = 3000
/** How often a slow client sends its next byte. */
const TRICKLE_EVERY_MS = 100

let test: TestApp
let port: number

beforeAll(async () => {
  test = await startTestApp(TIMEOUTS)
  await test.app.listen({ port: 0, host: '127.0.0.1' })
  port = (test.app.server.address() as net.AddressInfo).port
})
afterAll(async () => { await test.close() })

/**
 * Opens a raw loopback socket, writes `opening`, then `trickle` every TRICKLE_EVERY_MS until
 * the server closes the socket; resolves how long after opening that was, or null when it
 * was still open after CLOSED_WITHIN_MS.
 */
async function slowClient (opening: string, trickle: string | null): Promise<number | null> {
  const socket = net.connect(port, '127.0.0.1')
  socket.on('data', () => undefined)
  socket.on('error', () => undefined)
  await new Promise<void>(resolve => socket.once('connect', () => resolve()))
  const started = Date.now()
  if (opening) socket.write(opening)
  const timer = trickle === null ? null : setInterval(() => { if (!socket.destroyed) socket.write(trickle) }, TRICKLE_EVERY_MS)
  const closedAfter = await new Promise<number | null>(resolve => {
    const limit = setTimeout(() => resolve(null), CLOSED_WITHIN_MS)
    socket.once('close', () => {
      clearTimeout(limit)
      resolve(Date.now() - started)
    })
  })
  if (timer) clearInterval(timer)
  socket.destroy()
  return closedAfter
}

describe('slow and silent HTTP clients', () => {
  it('closes a connection whose headers trickle in once the header time-out is over', async () => {
    const closedAfter = await slowClient('GET /servers HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n')
    expect(closedAfter).not.toBeNull()
    expect(closedAfter!).toBeGreaterThanOrEqual(Number(TIMEOUTS.HTTP_HEADERS_TIMEOUT_MS) - 50)
  })

  it('closes a connection whose body trickles in once the request time-out is over', async () => {
    const headers = 'POST /resource/base64 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"data":"'
    const closedAfter = await slowClient(headers, 'A')
    expect(closedAfter).not.toBeNull()
    expect(closedAfter!).toBeGreaterThanOrEqual(Number(TIMEOUTS.HTTP_REQUEST_TIMEOUT_MS) - 50)
  })

  it('closes a connection that sends nothing once the header (or idle) time-out is over', async () => {
    const closedAfter = await slowClient('', null)
    expect(closedAfter).not.toBeNull()
    expect(closedAfter!).toBeGreaterThanOrEqual(Number(TIMEOUTS.HTTP_HEADERS_TIMEOUT_MS) - 50)
  })

  it('keeps an identified gateway WebSocket open and answering well past every HTTP time-out', async () => {
    const guest = await signInAsGuest(test)
    const { client } = await identified(`http://127.0.0.1:${port}`, guest.token)
    try {
      await new Promise(resolve => setTimeout(resolve, CLOSED_WITHIN_MS))
      expect(client.socket.readyState).toBe(WebSocket.OPEN)
      client.send({ op: 'heartbeat', d: { seq: null } })
      expect(await client.next(frame => frame.op === 'heartbeat_ack')).toEqual({ op: 'heartbeat_ack', d: null })
    } finally {
      client.close()
    }
  })
})

describe('HTTP time-out configuration', () => {
  it('refuses a header time-out longer than the request time-out', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).toThrow('HTTP_HEADERS_TIMEOUT_MS must be at most HTTP_REQUEST_TIMEOUT_MS (1000)')
  })
})
