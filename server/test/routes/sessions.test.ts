import type { SessionList } from '@core/wire/trust'
import { createInProcessBus, type BusEvent } from '../../src/bus'
import { SESSION_IDLE_SECONDS } from '../../src/repositories/users'
import { envelope, signInAsGuest, startTestApp, type TestApp } from '../helper'

let test: TestApp
let now = Math.floor(Date.now() / 1000)
let events: BusEvent[] = []

beforeAll(async () => {
  const bus = createInProcessBus()
  bus.subscribe(event => { events.push(event) })
  test = await startTestApp({}, { bus, now: () => now })
})
afterAll(async () => { await test.close() })

const me = (headers: Record<string, string>) => test.inject({ url: '/user/me', headers })

describe('sessions', () => {
  it('signs out: the token stops working and the gateway is told to close its sockets', async () => {
    const guest = await signInAsGuest(test)
    const [session] = envelope<SessionList>(await test.inject({ url: '/auth/sessions', headers: guest.headers })).data.list
    expect(session.current).toBe(true)
    events = []
    expect((await test.inject({ method: 'POST', url: '/auth/logout', headers: guest.headers })).statusCode).toBe(200)
    expect((await me(guest.headers)).statusCode).toBe(401)
    expect(events).toEqual([{ t: 'SESSION_REVOKED', server_id: '', uid: guest.uid, d: { uid: guest.uid, session_ids: [session.session_id], reason: 'logout' } }])
  })

  it('names the device a session signed in from by its User-Agent', async () => {
    const signedIn = envelope<{ token: string }>(await test.inject({ method: 'POST', url: '/auth/guest', headers: { 'user-agent': 'Mozilla/5.0 (iPhone) MicroMessenger/8.0' } })).data
    const [session] = envelope<SessionList>(await test.inject({ url: '/auth/sessions', headers: { authorization: `Bearer ${signedIn.token}` } })).data.list
    expect(session.user_agent).toBe('Mozilla/5.0 (iPhone) MicroMessenger/8.0')
  })

  it('lists only one\'s own sessions and ends one by id', async () => {
    const guest = await signInAsGuest(test)
    const other = await signInAsGuest(test)
    const [session] = envelope<SessionList>(await test.inject({ url: '/auth/sessions', headers: guest.headers })).data.list
    expect((await test.inject({ method: 'DELETE', url: `/auth/sessions/${session.session_id}`, headers: other.headers })).statusCode).toBe(404)
    expect((await me(guest.headers)).statusCode).toBe(200)
    expect((await test.inject({ method: 'DELETE', url: `/auth/sessions/${session.session_id}`, headers: guest.headers })).statusCode).toBe(200)
    expect((await me(guest.headers)).statusCode).toBe(401)
  })

  it('expires a session left unused for a week, but not one in use', async () => {
    const idle = await signInAsGuest(test)
    const busy = await signInAsGuest(test)
    for (let day = 0; day < 8; day++) {
      now += 24 * 3600
      expect((await me(busy.headers)).statusCode).toBe(200)
    }
    expect(8 * 24 * 3600).toBeGreaterThan(SESSION_IDLE_SECONDS)
    expect((await me(idle.headers)).statusCode).toBe(401)
  })

  it('issues a new token on every sign-in', async () => {
    const first = await signInAsGuest(test)
    const second = await signInAsGuest(test)
    expect(first.token).not.toBe(second.token)
  })
})
