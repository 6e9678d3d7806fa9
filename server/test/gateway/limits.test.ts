/**
 * The gateway's limits and edges: sockets per account, coalesced presence, a bot's
 * sockets closed with its token, and `GET /gateway` answered with an envelope when it is
 * no (valid) WebSocket upgrade.
 */
import { request as httpRequest } from 'http'
import { GatewayErrorCode, type DispatchFrame } from '@core/wire/gateway'
import type { PresenceUpdate } from '@core/wire/members'
import type { BotToken } from '@core/wire/trust'
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
