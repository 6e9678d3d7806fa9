import type { AddressInfo } from 'net'
import type { Channel } from '@core/wire/entities'
import { GatewayErrorCode, type DispatchFrame, type ServerFrame } from '@core/wire/gateway'
import { GATEWAY_PROTOCOL_VERSION } from '@core/wire/gateway-codes'
import type { MemberListData } from '@core/wire/members'
import { envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'
import { connectGateway, identified, pause, type GatewayTestClient } from './client'

const SERVER_ID = '723658'
const HEARTBEAT_MS = 400

let test: TestApp
let baseUrl: string
/** A seeded account that creates the channels the sessions watch (guests may not create channels). */
let creator: Record<string, string>
const open: GatewayTestClient[] = []

beforeAll(async () => {
  // presence is announced at once here (its coalescing has its own test in limits.test.ts)
  test = await startTestApp({ GATEWAY_HEARTBEAT_MS: String(HEARTBEAT_MS), CHANNEL_CREATE_PER_MINUTE: '1000', GATEWAY_PRESENCE_INTERVAL_MS: '0' })
  creator = (await signInAsMember(test)).headers
  await test.app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`
})
afterEach(() => {
  for (const client of open.splice(0)) client.close()
})
afterAll(async () => { await test.close() })

async function member (): Promise<{ headers: Record<string, string>, uid: string, token: string }> {
  const guest = await signInAsGuest(test)
  const response = await test.inject({ method: 'POST', url: `/servers/${SERVER_ID}/members/me`, headers: guest.headers })
  expect(response.statusCode).toBe(200)
  return guest
}

async function session (token: string) {
  const result = await identified(baseUrl, token)
  open.push(result.client)
  return result
}

async function connect (): Promise<GatewayTestClient> {
  const client = await connectGateway(baseUrl)
  open.push(client)
  return client
}

/** Creates a channel over real HTTP as the seeded creator (the answer's file URLs are on the same origin as the gateway's). */
async function createChannel (title: string): Promise<Channel> {
  const response = await fetch(`${baseUrl}/servers/${SERVER_ID}/channels`, {
    method: 'POST', headers: { ...creator, 'content-type': 'application/json' }, body: JSON.stringify({ title, channel_type: 1 }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { data: Channel }).data
}

const isDispatch = (t: string) => (frame: ServerFrame): boolean => frame.op === 'dispatch' && frame.t === t
const errorCode = (frame: ServerFrame): number | undefined => frame.op === 'error' ? frame.d.code : undefined

describe('identify', () => {
  it('answers ready with the user, the protocol version, a session id, the resume point, the heartbeat interval and the member servers', async () => {
    const guest = await member()
    const { ready } = await session(guest.token)
    expect(ready.user.uid).toBe(guest.uid)
    expect(ready.protocol_version).toBe(GATEWAY_PROTOCOL_VERSION)
    expect(GATEWAY_PROTOCOL_VERSION).toBe(3) // 2: audiences and CHANNELS_VISIBLE_UPDATE; 3: space moves as deltas; a change to the protocol raises it here on purpose
    expect(ready.session_id).toMatch(/^[0-9a-f]{32}$/)
    expect(ready.seq).toEqual(expect.any(Number))
    expect(ready.heartbeat_interval_ms).toBe(HEARTBEAT_MS)
    expect(ready.server_ids).toEqual([SERVER_ID])
  })

  it('refuses an unknown token with an error frame and close code 4004', async () => {
    const client = await connect()
    client.send({ op: 'identify', d: { token: 'not-a-token' } })
    const error = await client.next()
    expect(errorCode(error)).toBe(GatewayErrorCode.AuthenticationFailed)
    expect((await client.closed()).code).toBe(4004)
  })

  it('closes with 4003 when another op comes before identify', async () => {
    const client = await connect()
    client.send({ op: 'heartbeat', d: { seq: null } })
    expect(errorCode(await client.next())).toBe(GatewayErrorCode.NotAuthenticated)
    expect((await client.closed()).code).toBe(4003)
  })

  it('closes with 4003 a connection that never identifies within one heartbeat interval', async () => {
    const client = await connect()
    expect((await client.closed()).code).toBe(4003)
  })

  it('refuses a second identify on the same connection and keeps the session', async () => {
    const guest = await member()
    const { client } = await session(guest.token)
    client.send({ op: 'identify', d: { token: guest.token } })
    expect(errorCode(await client.next(frame => frame.op === 'error'))).toBe(GatewayErrorCode.AlreadyAuthenticated)
    client.send({ op: 'heartbeat', d: { seq: null } })
    expect((await client.next(frame => frame.op === 'heartbeat_ack')).op).toBe('heartbeat_ack')
  })
})

describe('frames the gateway cannot use', () => {
  it('answers malformed JSON, an unknown op, a bad shape and a frame over 16 KB with error frames and stays open', async () => {
    const guest = await member()
    const { client } = await session(guest.token)
    client.send('{not json')
    expect(errorCode(await client.next(frame => frame.op === 'error'))).toBe(GatewayErrorCode.DecodeError)
    client.send({ op: 'shout', d: {} })
    expect(errorCode(await client.next(frame => frame.op === 'error'))).toBe(GatewayErrorCode.UnknownOp)
    client.send({ op: 'focus', d: { channel_id: 42 } })
    const shape = await client.next(frame => frame.op === 'error')
    expect(shape).toMatchObject({ d: { code: GatewayErrorCode.DecodeError, msg: expect.stringContaining('focus: /d/channel_id') } })
    client.send({ op: 'focus', d: { channel_id: 'x'.repeat(17 * 1024) } })
    expect(errorCode(await client.next(frame => frame.op === 'error'))).toBe(GatewayErrorCode.FrameTooLarge)
    client.send('[1, 2]')
    expect(errorCode(await client.next(frame => frame.op === 'error'))).toBe(GatewayErrorCode.DecodeError)
    client.send({ op: 'heartbeat', d: { seq: null } })
    expect((await client.next(frame => frame.op === 'heartbeat_ack')).op).toBe('heartbeat_ack')
  })

  it('closes with 4008 a connection that sends more than 120 frames a minute', async () => {
    const guest = await member()
    const { client } = await session(guest.token)
    for (let count = 0; count < 121; count++) client.send({ op: 'focus', d: { channel_id: null } })
    expect(errorCode(await client.next(frame => frame.op === 'error'))).toBe(GatewayErrorCode.RateLimited)
    expect((await client.closed()).code).toBe(4008)
  })
})

describe('heartbeats', () => {
  it('acknowledges every heartbeat and keeps a beating session open past two intervals', async () => {
    const guest = await member()
    const { client } = await session(guest.token)
    for (let beat = 0; beat < 4; beat++) {
      client.send({ op: 'heartbeat', d: { seq: null } })
      await client.next(frame => frame.op === 'heartbeat_ack')
      await pause(HEARTBEAT_MS * 0.75)
    }
    expect(client.socket.readyState).toBe(client.socket.OPEN)
  })

  it('drops a silent session after two missed heartbeats with close code 4009', async () => {
    const guest = await member()
    const { client } = await session(guest.token)
    const started = Date.now()
    const { code } = await client.closed()
    expect(code).toBe(4009)
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * HEARTBEAT_MS)
  })
})

describe('dispatch', () => {
  it('delivers a channel created over HTTP to member sessions, with s above the ready seq', async () => {
    const guest = await member()
    const { client, ready } = await session(guest.token)
    const channel = await createChannel('实时频道')
    const frame = await client.next<DispatchFrame>(isDispatch('CHANNEL_CREATE'))
    expect(frame.d).toEqual(channel)
    expect(frame.s).toBeGreaterThan(ready.seq)
  })

  it('gives a non-member none of the server\'s events, and its own MEMBER_ADD once it joins', async () => {
    const outsider = await signInAsGuest(test)
    const { client } = await session(outsider.token)
    await createChannel('看不见')
    await test.inject({ method: 'POST', url: `/servers/${SERVER_ID}/members/me`, headers: outsider.headers })
    const first = await client.next<DispatchFrame>(frame => frame.op === 'dispatch')
    expect(first.t).toBe('MEMBER_ADD')
    expect(first.d).toMatchObject({ server_id: SERVER_ID, member: { user: { uid: outsider.uid }, online: true, role_ids: [] } })
    // The joiner is online, so the event carries the online count that counts them
    const detail = envelope<{ online_count: number, member_count: number }>(await test.inject(`/servers/${SERVER_ID}`)).data
    expect(first.d).toMatchObject({ online_count: detail.online_count, member_count: detail.member_count })
    await createChannel('看得见')
    expect((await client.next<DispatchFrame>(isDispatch('CHANNEL_CREATE'))).d).toMatchObject({ name: '看得见' })
  })

  it('numbers dispatches with increasing s', async () => {
    const guest = await member()
    const { client } = await session(guest.token)
    await createChannel('一')
    await createChannel('二')
    const first = await client.next<DispatchFrame>(isDispatch('CHANNEL_CREATE'))
    const second = await client.next<DispatchFrame>(isDispatch('CHANNEL_CREATE'))
    expect(second.s).toBeGreaterThan(first.s)
  })
})

describe('resume', () => {
  it('replays every dispatch after seq in order, then resumed, and nothing twice afterwards', async () => {
    const guest = await member()
    const first = await session(guest.token)
    first.client.close()
    await first.client.closed()
    const missed = [await createChannel('错过一'), await createChannel('错过二')]
    const client = await connect()
    client.send({ op: 'resume', d: { token: guest.token, session_id: first.ready.session_id, seq: first.ready.seq } })
    const resumed = await client.next(frame => frame.op === 'resumed')
    const creates = client.frames.filter(isDispatch('CHANNEL_CREATE')) as DispatchFrame[]
    expect(creates.map(frame => frame.d)).toEqual(missed)
    expect(client.frames.indexOf(resumed)).toBeGreaterThan(client.frames.indexOf(creates[1]))
    expect(resumed.d).toEqual({ replayed: expect.any(Number) })
    const resumedAt = creates[1].s
    const later = await createChannel('之后')
    expect((await client.next<DispatchFrame>(frame => isDispatch('CHANNEL_CREATE')(frame) && (frame as DispatchFrame).s > resumedAt)).d).toEqual(later)
    await pause(100)
    expect(client.frames.filter(isDispatch('CHANNEL_CREATE'))).toHaveLength(3)
  })

  it('answers invalid_session for an unknown session, another user\'s session and a seq never issued, and lets the client identify afresh', async () => {
    const owner = await member()
    const other = await member()
    const { ready } = await session(owner.token)
    const client = await connect()
    client.send({ op: 'resume', d: { token: owner.token, session_id: 'f'.repeat(32), seq: ready.seq } })
    expect((await client.next()).op).toBe('invalid_session')
    client.send({ op: 'resume', d: { token: other.token, session_id: ready.session_id, seq: ready.seq } })
    expect((await client.next()).op).toBe('invalid_session')
    client.send({ op: 'resume', d: { token: owner.token, session_id: ready.session_id, seq: ready.seq + 1_000_000 } })
    expect((await client.next()).op).toBe('invalid_session')
    client.send({ op: 'identify', d: { token: owner.token } })
    expect((await client.next()).op).toBe('ready')
  })
})

describe('presence', () => {
  it('shows a member online while a session is open and tells other members when they go offline', async () => {
    const watcher = await member()
    const visitor = await member()
    const { client: watching } = await session(watcher.token)
    const onlineBefore = envelope<{ online_count: number }>(await test.inject(`/servers/${SERVER_ID}`)).data.online_count
    const visit = await session(visitor.token)
    const online = await watching.next<DispatchFrame>(frame => isDispatch('PRESENCE_UPDATE')(frame) && (frame as DispatchFrame).d !== null && ((frame as DispatchFrame).d as { uid: string }).uid === visitor.uid)
    expect(online.d).toEqual({ server_id: SERVER_ID, uid: visitor.uid, status: 'online', online_count: onlineBefore + 1 })
    const list = envelope<MemberListData>(await test.inject(`/servers/${SERVER_ID}/members?limit=100`)).data
    const listed = list.items.find(item => item.user.uid === visitor.uid)
    expect(listed?.online).toBe(true)
    visit.client.close()
    const offline = await watching.next<DispatchFrame>(frame => isDispatch('PRESENCE_UPDATE')(frame) && ((frame as DispatchFrame).d as { status: string }).status === 'offline')
    expect(offline.d).toEqual({ server_id: SERVER_ID, uid: visitor.uid, status: 'offline', online_count: onlineBefore })
  })
})
