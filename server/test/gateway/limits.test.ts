/**
 * The gateway's limits and edges: sockets per account, coalesced presence, a bot's
 * sockets closed with its token, the space ops' sizes and budgets (per connection, per
 * account, a flood closed), and `GET /gateway` answered with an envelope when it is no
 * (valid) WebSocket upgrade.
 */
import { request as httpRequest } from 'http'
import { GatewayErrorCode, type DispatchFrame } from '@core/wire/gateway'
import type { PresenceUpdate } from '@core/wire/members'
import { SPACE_FRAME_MAX_BYTES } from '@core/wire/space'
import type { BotToken } from '@core/wire/trust'
import { SPACE_OPS_BURST, SPACE_OPS_OVER_PER_WINDOW, SPACE_OPS_PER_SECOND_PER_ACCOUNT } from '../../src/gateway/session'
import { envelope, signInAsGuest, signInAsMember } from '../helper'
import { identified, pause, type GatewayTestClient } from './client'
import { listeningApp } from './listening-app'

const SERVER = '723658'
const SOCKETS_PER_ACCOUNT = 3
const PRESENCE_INTERVAL_MS = 1000
const gateway = listeningApp({
  GATEWAY_HEARTBEAT_MS: '20000', GATEWAY_SOCKETS_PER_ACCOUNT: String(SOCKETS_PER_ACCOUNT), GATEWAY_PRESENCE_INTERVAL_MS: String(PRESENCE_INTERVAL_MS),
})
const session = (token: string): Promise<GatewayTestClient> => gateway.session(token)

/** A raw GET /gateway with `headers`: status and parsed body. */
function rawGateway (headers: Record<string, string>): Promise<{ status: number, body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${gateway.baseUrl}/gateway`, { headers }, response => {
      let text = ''
      response.on('data', chunk => { text += String(chunk) })
      response.on('end', () => {
        try {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) })
        } catch {
          resolve({ status: response.statusCode ?? 0, body: text })
        }
      })
    })
    request.on('error', reject)
    request.end()
  })
}

describe('sockets per account', () => {
  it('closes the account\'s oldest socket with TooManySockets when one more than GATEWAY_SOCKETS_PER_ACCOUNT opens, and keeps the others', async () => {
    const guest = await signInAsGuest(gateway.test)
    const sockets: GatewayTestClient[] = []
    for (let index = 0; index < SOCKETS_PER_ACCOUNT; index++) sockets.push(await session(guest.token))
    const newest = await session(guest.token)
    expect(await sockets[0].closed()).toEqual({ code: GatewayErrorCode.TooManySockets, reason: `more than ${SOCKETS_PER_ACCOUNT} gateway sockets for this account: the oldest is closed` })
    await pause(100)
    for (const socket of [...sockets.slice(1), newest]) expect(socket.socket.readyState).toBe(socket.socket.OPEN)
    // another account is not counted against it
    const other = await session((await signInAsGuest(gateway.test)).token)
    await pause(100)
    expect(other.socket.readyState).toBe(other.socket.OPEN)
    expect(sockets[1].socket.readyState).toBe(sockets[1].socket.OPEN)
  })
})

describe('presence', () => {
  it('coalesces a member\'s presence: 200 reconnects reach the others as a handful of PRESENCE_UPDATEs, ending with the truth', async () => {
    const watcher = await gateway.guestMember(SERVER)
    const churner = await gateway.guestMember(SERVER)
    const watching = await session(watcher.token)
    const started = Date.now()
    for (let round = 0; round < 200; round++) {
      const { client } = await identified(gateway.baseUrl, churner.token)
      client.close()
      await client.closed()
    }
    const elapsed = Date.now() - started
    await pause(PRESENCE_INTERVAL_MS + 500)
    const updates = watching.frames
      .filter((frame): frame is DispatchFrame => frame.op === 'dispatch' && frame.t === 'PRESENCE_UPDATE')
      .map(frame => frame.d as PresenceUpdate)
      .filter(update => update.uid === churner.uid)
    expect(updates.length).toBeGreaterThan(0)
    expect(updates.length).toBeLessThanOrEqual(Math.ceil(elapsed / PRESENCE_INTERVAL_MS) + 2)
    expect(updates[updates.length - 1].status).toBe('offline')
  }, 60_000)
})

describe('bot tokens', () => {
  it('closes a bot\'s open sockets at once when its token is revoked, and when it is reset', async () => {
    const owner = (await signInAsMember(gateway.test)).headers
    const bot = envelope<BotToken>(await gateway.test.inject({ method: 'POST', url: `/servers/${SERVER}/bots`, headers: owner, payload: { nickname: '关门机器人' } })).data
    const first = await session(bot.token)
    const reset = envelope<BotToken>(await gateway.test.inject({ method: 'POST', url: `/servers/${SERVER}/bots/${bot.user.uid}/token`, headers: owner })).data
    expect(await first.closed()).toEqual({ code: GatewayErrorCode.SessionRevoked, reason: 'session revoked (revoked)' })
    const second = await session(reset.token)
    expect((await gateway.test.inject({ method: 'DELETE', url: `/servers/${SERVER}/bots/${bot.user.uid}`, headers: owner })).statusCode).toBe(200)
    expect(await second.closed()).toEqual({ code: GatewayErrorCode.SessionRevoked, reason: 'session revoked (revoked)' })
  })
})

describe('space ops', () => {
  const SPACE = `${SERVER}10`

  /** A session of member `uid` standing in the space. */
  async function standing (uid: string): Promise<GatewayTestClient> {
    const client = await session((await signInAsMember(gateway.test, uid)).token)
    client.send({ op: 'space_enter', d: { channel_id: SPACE } })
    await client.next(frame => frame.op === 'space_ready')
    return client
  }

  const errorsOf = (client: GatewayTestClient): Array<{ code: number, msg: string }> =>
    client.frames.flatMap(frame => frame.op === 'error' ? [frame.d] : [])

  /** `count` steers at once (valid ops, each a change of direction). */
  function steer (client: GatewayTestClient, count: number): void {
    for (let index = 0; index < count; index++) client.send({ op: 'space_steer', d: { dx: index % 2, dy: 0 } })
  }

  it('refuses a space frame larger than its op needs (FrameTooLarge, open), and closes a socket that keeps sending them (RateLimited)', async () => {
    const client = await standing('100004')
    const padded = JSON.stringify({ op: 'space_walk', d: { x: 100, y: 100, pad: 'x'.repeat(2000) } })
    client.send(padded)
    await client.next(frame => frame.op === 'error')
    expect(errorsOf(client)).toEqual([{ code: GatewayErrorCode.FrameTooLarge, msg: `space_walk: frame of ${Buffer.byteLength(padded)} bytes: at most ${SPACE_FRAME_MAX_BYTES.space_walk}` }])
    for (let index = 0; index < 130; index++) client.send(padded)
    expect((await client.closed()).code).toBe(GatewayErrorCode.RateLimited)
  })

  it('closes a socket whose space ops go on beyond its budget (RateLimited), where a burst within it stays open', async () => {
    const calm = await standing('100003')
    steer(calm, SPACE_OPS_BURST - 5)
    await pause(300)
    expect(errorsOf(calm)).toEqual([])
    const flooder = await standing('100004')
    steer(flooder, SPACE_OPS_BURST + SPACE_OPS_OVER_PER_WINDOW + 20)
    const closed = await flooder.closed()
    expect(closed.code).toBe(GatewayErrorCode.RateLimited)
    expect(closed.reason).toContain('space ops a second on one connection')
    expect(calm.socket.readyState).toBe(calm.socket.OPEN)
  })

  it('shares one budget among an account\'s sockets: more sockets do not send faster', async () => {
    const sockets = await Promise.all(Array.from({ length: SOCKETS_PER_ACCOUNT }, async () => standing('100002')))
    // each within its own connection's budget, together over the account's
    const each = Math.ceil(2 * SPACE_OPS_PER_SECOND_PER_ACCOUNT / SOCKETS_PER_ACCOUNT) + 5
    expect(each).toBeLessThan(SPACE_OPS_BURST)
    for (const socket of sockets) steer(socket, each)
    await pause(500)
    const refused = sockets.flatMap(errorsOf)
    expect(refused.length).toBeGreaterThan(0)
    expect(refused.every(error => error.code === GatewayErrorCode.SpaceRefused && error.msg === `space_steer: more than ${SPACE_OPS_PER_SECOND_PER_ACCOUNT} space ops a second from one account (its sockets together)`)).toBe(true)
    for (const socket of sockets) expect(socket.socket.readyState).toBe(socket.socket.OPEN)
  })
})

describe('GET /gateway over plain HTTP', () => {
  it('answers a request without an upgrade with a 426 envelope', async () => {
    const answer = await rawGateway({})
    expect(answer.status).toBe(426)
    expect(answer.body).toEqual({ code: expect.any(Number), msg: expect.stringContaining('WebSocket'), data: null })
  })

  it('answers a malformed upgrade with a 400 envelope naming what is wrong', async () => {
    const answer = await rawGateway({ connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13' })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ code: expect.any(Number), msg: expect.stringContaining('sec-websocket-key'), data: null })
  })
})
