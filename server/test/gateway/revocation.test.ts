import type { AddressInfo } from 'net'
import { GatewayErrorCode, type DispatchFrame } from '@core/wire/gateway'
import { DEMO_OWNER, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'
import { identified, type GatewayTestClient } from './client'

const SERVER_ID = '723658'
let test: TestApp
let baseUrl: string
const open: GatewayTestClient[] = []

beforeAll(async () => {
  test = await startTestApp({ GATEWAY_HEARTBEAT_MS: '2000' })
  await test.app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`
})
afterEach(() => {
  for (const client of open.splice(0)) client.close()
})
afterAll(async () => { await test.close() })

async function session (token: string): Promise<GatewayTestClient> {
  const { client } = await identified(baseUrl, token)
  open.push(client)
  return client
}

describe('the gateway and revoked sessions', () => {
  it('closes the sockets of a session that signs out, and only those', async () => {
    const guest = await signInAsGuest(test)
    const other = await signInAsGuest(test)
    const mine = await session(guest.token)
    const theirs = await session(other.token)
    await test.inject({ method: 'POST', url: '/auth/logout', headers: guest.headers })
    expect(await mine.closed()).toEqual({ code: GatewayErrorCode.SessionRevoked, reason: 'session revoked (logout)' })
    expect(theirs.socket.readyState).toBe(theirs.socket.OPEN)
  })

  it('closes a kicked member\'s sockets after the server heard them leave', async () => {
    const guest = await signInAsGuest(test)
    await test.inject({ method: 'POST', url: `/servers/${SERVER_ID}/members/me`, headers: guest.headers })
    const owner = await signInAsMember(test, DEMO_OWNER)
    const watcher = await session(owner.token)
    const kicked = await session(guest.token)
    await test.inject({ method: 'DELETE', url: `/servers/${SERVER_ID}/members/${guest.uid}`, headers: owner.headers })
    const removed = await watcher.next<DispatchFrame>(frame => frame.op === 'dispatch' && frame.t === 'MEMBER_REMOVE')
    expect(removed.d).toMatchObject({ server_id: SERVER_ID, uid: guest.uid })
    expect((await kicked.closed()).code).toBe(GatewayErrorCode.SessionRevoked)
  })
})
