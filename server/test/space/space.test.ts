/**
 * The gather space over real WebSockets on a seeded app: entering, walking around
 * a wall, refusals, the area of interest and its hysteresis, near talk, guests, hidden
 * channels, the count dispatch, the host's greeting and a moderator's move and removal.
 */
import { applyTickPoses, bookOf, isWalkable, readSpaceMap, spawnPointFor, type Point, type Pose, type PoseBook, type SpaceLayout } from '@core/domain/space'
import { Permission } from '@core/domain/permissions'
import { GatewayErrorCode, type DispatchFrame, type ServerFrame } from '@core/wire/gateway'
import { TRUST_CODES } from '@core/wire/trust'
import type { SpaceInfo, SpacePeople, SpacePresence, SpaceReadyData, SpaceServerFrame, SpaceTickData } from '@core/wire/space'
import { SPACE_TALK_RADIUS } from '@core/wire/space'
import { SPACE_SPEED, SPACE_VIEW_MARGIN, SPACE_VIEW_RADIUS } from '../../src/space/space'
import { SPACE_OPS_BURST, SPACE_OPS_PER_SECOND } from '../../src/gateway/session'
import { envelope, signInAsGuest, signInAsMember } from '../helper'
import { pause, type GatewayTestClient } from '../gateway/client'
import { listeningApp } from '../gateway/listening-app'

const SERVER = '723658'
const SPACE = `${SERVER}10` // the 3D showroom: hosted by D_400001
const LIVE_SPACE = `${SERVER}11` // the live map: hosted by D_400002
const TEXT_CHANNEL = `${SERVER}01`
const TICK_HZ = 20
const app = listeningApp({ SPACE_TICK_HZ: String(TICK_HZ), RATE_LIMIT_ALLOW_LIST: '' })

type Ready = Extract<SpaceServerFrame, { op: 'space_ready' }>

let layout: SpaceLayout
let owner: { headers: Record<string, string>, token: string, uid: string }

beforeAll(async () => {
  const info = envelope<SpaceInfo>(await app.test.inject({ url: `/channels/${SPACE}/space` })).data
  layout = readSpaceMap(info.map)
  owner = await signInAsMember(app.test)
})

/** Polls the client's frames until `done` holds (2 s at most). */
async function until (client: GatewayTestClient, done: (frames: ServerFrame[]) => boolean, ms = 4000): Promise<void> {
  for (const end = Date.now() + ms; !done(client.frames); await pause(20)) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms; received ${JSON.stringify(client.frames.slice(-10))}`)
  }
}

/** A member's session standing in `channelId`. */
async function entered (uid: string, channelId = SPACE): Promise<{ client: GatewayTestClient, ready: SpaceReadyData }> {
  const client = await app.session((await signInAsMember(app.test, uid)).token)
  client.send({ op: 'space_enter', d: { channel_id: channelId } })
  const ready = await client.next<Ready>(frame => frame.op === 'space_ready')
  return { client, ready: ready.d }
}

/** Whether a tick moves or turns avatar `id` (decoded against a book holding it). */
function moves (tick: SpaceTickData, id: number): boolean {
  return applyTickPoses(new Map([[id, { x: 0, y: 0, dir: 0 }]]), { m: tick.m, turn: tick.turn }).moved.includes(id)
}

function ticks (client: GatewayTestClient): SpaceTickData[] {
  return client.frames.filter((frame): frame is Extract<ServerFrame, { op: 'space_tick' }> => frame.op === 'space_tick').map(frame => frame.d)
}

/** Each pose of avatar `id` that `client` was told, in order, decoded as a client does (space_ready, then every tick). */
function trail (client: GatewayTestClient, id: number): Pose[] {
  let book: PoseBook = new Map()
  const poses: Pose[] = []
  for (const frame of client.frames) {
    if (frame.op === 'space_ready') book = bookOf(frame.d.avatars)
    else if (frame.op === 'space_tick') applyTickPoses(book, frame.d)
    else continue
    const pose = book.get(id)
    const last = poses[poses.length - 1]
    if (pose && (last?.x !== pose.x || last.y !== pose.y || last.dir !== pose.dir)) poses.push({ ...pose })
  }
  return poses
}

/** Where `client` last saw avatar `id`. */
function seenAt (client: GatewayTestClient, id: number): Pose | undefined {
  return trail(client, id).pop()
}

async function move (uid: string, to: Point, channelId = SPACE): Promise<void> {
  const response = await app.test.inject({ method: 'POST', url: `/channels/${channelId}/space/members/${uid}/move`, headers: owner.headers, payload: to })
  expect(response.statusCode).toBe(200)
}

function errors (client: GatewayTestClient): Array<{ code: number, msg: string }> {
  return client.frames.filter((frame): frame is Extract<ServerFrame, { op: 'error' }> => frame.op === 'error').map(frame => frame.d)
}

describe('GET /channels/:channel_id/space', () => {
  it('answers the Tiled map of the showroom with its layers, objects and the count', async () => {
    const info = envelope<SpaceInfo>(await app.test.inject({ url: `/channels/${SPACE}/space` })).data
    expect(info).toMatchObject({ channel_id: SPACE, server_id: SERVER, count: 0 })
    expect(info.map).toMatchObject({ orientation: 'orthogonal', width: 50, height: 29, tilewidth: 32, tileheight: 32 })
    // the seed's map: drawn ground, drawn obstacles that block, the objects; its tiles on the seed's tileset
    expect(info.map.layers.map(layer => layer.name)).toEqual(['ground', 'obstacles', 'objects'])
    expect(info.map.tilesets).toEqual([expect.objectContaining({ firstgid: 1, image: expect.stringMatching(/\/files\/seed\/space-tiles\.png$/), tilewidth: 32, tileheight: 32 })])
    const tileset = await app.test.inject({ url: '/files/seed/space-tiles.png' })
    expect([tileset.statusCode, tileset.headers['content-type'], tileset.rawPayload.subarray(1, 4).toString()]).toEqual([200, 'image/png', 'PNG'])
    expect(layout.spawnArea).not.toBeNull()
    expect(layout.hotspots.map(hotspot => hotspot.hotspot_id)).toEqual([`${SPACE}-hs1`, `${SPACE}-hs2`, `${SPACE}-hs3`])
    expect(layout.hosts.map(host => host.uid)).toEqual(['D_400001'])
    expect(layout.screen).toBeNull()
    const live = readSpaceMap(envelope<SpaceInfo>(await app.test.inject({ url: `/channels/${LIVE_SPACE}/space` })).data.map)
    expect(live.screen).not.toBeNull()
    expect(live.hosts.map(host => host.uid)).toEqual(['D_400002'])
  })

  it('answers 404 for a channel that is not a metaverse channel or does not exist', async () => {
    expect((await app.test.inject({ url: `/channels/${TEXT_CHANNEL}/space` })).statusCode).toBe(404)
    expect((await app.test.inject({ url: '/channels/nope/space' })).statusCode).toBe(404)
  })
})

describe('the gateway space ops', () => {
  it('answers space_enter with the member, the host in view and the count; the host greets the newcomer once', async () => {
    const { client, ready } = await entered('100002')
    expect(ready).toMatchObject({ channel_id: SPACE, tick_hz: TICK_HZ, speed: SPACE_SPEED, can_act: true, count: 1 })
    const self = ready.avatars.find(avatar => avatar.id === ready.self)
    // alone in the space (the host stands above the spawn area): the member's own tile of it
    const own = spawnPointFor(layout, '100002', () => false)
    expect(self).toMatchObject({ uid: '100002', kind: 'member', x: own.x, y: own.y })
    expect(ready.avatars.find(avatar => avatar.kind === 'host')).toMatchObject({ uid: 'D_400001' })
    expect(self?.avatar).toMatch(new RegExp(`^${app.baseUrl}/files/`)) // absolute on the socket's origin, as in dispatches
    const greeting = await client.next<Extract<ServerFrame, { op: 'space_said' }>>(frame => frame.op === 'space_said')
    expect(greeting.d).toMatchObject({ uid: 'D_400001' })
    expect(greeting.d.text).toContain('欢迎')
    expect(envelope<SpaceInfo>(await app.test.inject({ url: `/channels/${SPACE}/space` })).data.count).toBe(1)
    await pause(200)
    expect(client.frames.filter(frame => frame.op === 'space_said')).toHaveLength(1)
  })

  it('walks around a display counter, never onto a blocked tile, never faster than the speed', async () => {
    const { client, ready } = await entered('100002')
    const counter = layout.hotspots[1] // the counter under the middle hotspot blocks its three tiles
    const below = { x: counter.x + counter.width / 2, y: counter.y + 48 }
    const above = { x: counter.x + counter.width / 2, y: counter.y - 16 }
    await move('100002', below)
    await until(client, () => seenAt(client, ready.self)?.y === below.y)
    const startedAt = Date.now()
    client.send({ op: 'space_walk', d: above })
    await until(client, () => { const at = seenAt(client, ready.self); return at?.x === above.x && at.y === above.y })
    const seconds = (Date.now() - startedAt) / 1000
    const path = trail(client, ready.self).slice(-200)
    const walked = path.slice(path.findIndex(point => point.y === below.y))
    for (const point of walked) expect(isWalkable(layout.grid, point)).toBe(true)
    let length = 0
    for (let index = 1; index < walked.length; index++) length += Math.hypot(walked[index].x - walked[index - 1].x, walked[index].y - walked[index - 1].y)
    expect(length).toBeGreaterThan(Math.abs(below.y - above.y) + 32) // around, not through
    expect(length).toBeLessThanOrEqual(SPACE_SPEED * (seconds + 0.1))
  })

  it('walks towards an off-map or walled point only as far as the map lets it', async () => {
    const { client, ready } = await entered('100002')
    client.send({ op: 'space_walk', d: { x: -5000, y: -5000 } })
    await pause(300)
    client.send({ op: 'space_steer', d: { dx: 0, dy: 0 } })
    await pause(150)
    const at = seenAt(client, ready.self) as Point
    expect(isWalkable(layout.grid, at)).toBe(true)
    client.send({ op: 'space_steer', d: { dx: 2, dy: 0 } })
    await until(client, () => errors(client).some(error => error.code === GatewayErrorCode.DecodeError))
  })

  it('refuses a burst of space ops just beyond the connection\'s budget with one error frame, without closing or counting them as frames', async () => {
    const { client } = await entered('100003')
    for (let index = 0; index < SPACE_OPS_BURST + 10; index++) client.send({ op: 'space_steer', d: { dx: index % 2, dy: 0 } })
    await until(client, () => errors(client).length > 0)
    await pause(200)
    expect(errors(client)).toEqual([{ code: GatewayErrorCode.SpaceRefused, msg: `space_steer: more than ${SPACE_OPS_PER_SECOND} space ops a second on one connection` }])
    client.send({ op: 'heartbeat', d: { seq: null } })
    await client.next(frame => frame.op === 'heartbeat_ack')
    expect(client.socket.readyState).toBe(client.socket.OPEN)
  })

  it('refuses ops outside a space, entering a channel that is not a metaverse one, and a guest walking or talking', async () => {
    const member = await app.session((await signInAsMember(app.test, '100003')).token)
    member.send({ op: 'space_walk', d: { x: 100, y: 100 } })
    member.send({ op: 'space_enter', d: { channel_id: TEXT_CHANNEL } })
    await until(member, () => errors(member).length === 2)
    expect(errors(member)).toEqual([
      { code: GatewayErrorCode.SpaceRefused, msg: 'space_walk: not in a space (space_enter first)' },
      { code: GatewayErrorCode.SpaceRefused, msg: `space_enter: channel ${TEXT_CHANNEL} is not a metaverse channel` },
    ])
    const { client: guest, ready } = await entered('B_300001')
    expect(ready.can_act).toBe(false)
    guest.send({ op: 'space_walk', d: { x: 100, y: 100 } })
    guest.send({ op: 'space_say', d: { text: 'hi' } })
    await until(guest, () => errors(guest).length === 2)
    expect(errors(guest).map(error => error.code)).toEqual([GatewayErrorCode.SpaceRefused, GatewayErrorCode.SpaceRefused])
    expect(errors(guest)[0].msg).toContain('guest')
  })
})

describe('the area of interest', () => {
  it('sends a far member nothing of a walker, and keeps one at the edge in view until beyond the margin', async () => {
    const { client: walker, ready: walkerReady } = await entered('100002')
    const { client: far, ready: farReady } = await entered('100003')
    const origin = { x: 80, y: 80 }
    await move('100002', origin)
    const farAway = { x: origin.x + SPACE_VIEW_RADIUS + SPACE_VIEW_MARGIN + 200, y: origin.y }
    await move('100003', farAway)
    // both placements told (a place is told at the next tick, which may come between the two or after both)
    await until(far, () => ticks(far).some(tick => tick.out?.includes(walkerReady.self) === true) && seenAt(far, farReady.self)?.x === farAway.x)
    const heard = far.frames.length
    walker.send({ op: 'space_walk', d: { x: origin.x, y: origin.y + 120 } })
    await until(walker, () => seenAt(walker, walkerReady.self)?.y === origin.y + 120)
    await pause(100)
    expect(far.frames.slice(heard).filter(frame => frame.op === 'space_tick' && moves(frame.d, walkerReady.self))).toEqual([])
    // into view, then just beyond the radius (still seen), then beyond the margin (out)
    const farId = farReady.self
    const walkerAt = seenAt(walker, walkerReady.self) as Point
    const intoView = walker.frames.length
    await move('100003', { x: walkerAt.x + SPACE_VIEW_RADIUS - 40, y: walkerAt.y })
    // in view where it was put before it moves on (whole, or its pose alone when the walker saw it at its entry: that
    // depends on whether a tick came between its entry and the walker's placement), so the next move is told against
    // this view: two placements told in one tick would never bring it into view
    await until(walker, () => ticks({ frames: walker.frames.slice(intoView) } as GatewayTestClient).some(tick => applyTickPoses(new Map(), { m: [], in: tick.in, back: tick.back }).entered.includes(farId)))
    expect(seenAt(walker, farId)?.x).toBe(walkerAt.x + SPACE_VIEW_RADIUS - 40)
    const before = walker.frames.length
    await move('100003', { x: walkerAt.x + SPACE_VIEW_RADIUS + SPACE_VIEW_MARGIN / 2, y: walkerAt.y })
    await until(walker, () => seenAt(walker, farId)?.x === walkerAt.x + SPACE_VIEW_RADIUS + SPACE_VIEW_MARGIN / 2)
    expect(walker.frames.slice(before).some(frame => frame.op === 'space_tick' && frame.d.out?.includes(farId) === true)).toBe(false)
    await move('100003', { x: walkerAt.x + SPACE_VIEW_RADIUS + SPACE_VIEW_MARGIN + 40, y: walkerAt.y })
    await until(walker, () => walker.frames.slice(before).some(frame => frame.op === 'space_tick' && frame.d.out?.includes(farId) === true))
  })

  it('sends an avatar whole the first time a viewer sees it in a stay, and only its pose when it comes back into view', async () => {
    const { client: viewer, ready: viewerReady } = await entered('100002')
    const { client: other, ready: otherReady } = await entered('100003')
    const origin = { x: 80, y: 80 }
    const otherId = otherReady.self
    await until(viewer, () => ticks(viewer).some(tick => tick.in?.some(avatar => avatar.id === otherId) === true)) // its entry: whole
    await move('100002', origin)
    await move('100003', { x: origin.x + SPACE_VIEW_RADIUS + SPACE_VIEW_MARGIN + 200, y: origin.y })
    await until(viewer, () => ticks(viewer).some(tick => tick.out?.includes(otherId) === true))
    const before = viewer.frames.length
    await move('100003', { x: origin.x + 40, y: origin.y })
    await until(viewer, () => seenAt(viewer, otherId)?.x === origin.x + 40)
    const returned = ticks({ frames: viewer.frames.slice(before) } as GatewayTestClient)
    expect(returned.some(tick => tick.in?.some(avatar => avatar.id === otherId) === true)).toBe(false)
    expect(returned.some(tick => applyTickPoses(new Map(), { m: [], back: tick.back }).entered.includes(otherId))).toBe(true)
    // entering again (next to them) is a new stay: everyone in view comes whole in space_ready
    viewer.send({ op: 'space_enter', d: { channel_id: SPACE, near_uid: '100003' } })
    const again = await viewer.next<Ready>(frame => frame.op === 'space_ready' && frame.d.self !== viewerReady.self)
    expect(again.d.avatars.find(avatar => avatar.id === otherId)).toMatchObject({ uid: '100003', kind: 'member' })
    other.close()
  })
})

describe('entering', () => {
  it('spreads entrants over the spawn area, no two on one spot, each where the rule puts them, and the host greets every one', async () => {
    const uids = ['100001', '100002', '100003', '100004']
    const standing: Array<{ client: GatewayTestClient, ready: SpaceReadyData }> = []
    for (const uid of uids) standing.push(await entered(uid))
    const spots = standing.map(({ ready }) => ready.avatars.find(avatar => avatar.id === ready.self) as Pose)
    expect(new Set(spots.map(spot => `${spot.x},${spot.y}`)).size).toBe(uids.length)
    const area = layout.spawnArea as NonNullable<SpaceLayout['spawnArea']>
    for (const spot of spots) {
      expect(isWalkable(layout.grid, spot)).toBe(true)
      expect(spot.x > area.x && spot.x < area.x + area.width && spot.y > area.y && spot.y < area.y + area.height).toBe(true)
    }
    // the server decides with core's rule: each entrant took the first free tile from its own, with those before it standing
    const taken = new Set<string>()
    for (const [index, uid] of uids.entries()) {
      expect(spawnPointFor(layout, uid, (col, row) => taken.has(`${col},${row}`))).toEqual({ x: spots[index].x, y: spots[index].y })
      taken.add(`${Math.floor(spots[index].x / 32)},${Math.floor(spots[index].y / 32)}`)
    }
    for (const { client } of standing) await client.next(frame => frame.op === 'space_said' && frame.d.uid === 'D_400001')
    for (const { client } of standing) client.close()
  })
})

describe('near talk', () => {
  it('reaches those within the talk radius only, forms a group of the two, and refuses a muted member', async () => {
    const { client: speaker, ready: speakerReady } = await entered('100002')
    const { client: near, ready: nearReady } = await entered('100003')
    const { client: far } = await entered('100004')
    await move('100002', { x: 200, y: 200 })
    await move('100003', { x: 200 - (SPACE_TALK_RADIUS - 40), y: 200 }) // on the far one's other side: no chain to them
    await move('100004', { x: 200 + SPACE_TALK_RADIUS + 100, y: 200 })
    // all three stood together at the spawn point: the group settles to the two who stand close
    const pair = [speakerReady.self, nearReady.self].sort((a, b) => a - b)
    await near.next(frame => frame.op === 'space_group' && frame.d.ids.join() === pair.join())
    await speaker.next(frame => frame.op === 'space_group' && frame.d.ids.join() === pair.join())
    speaker.send({ op: 'space_say', d: { text: '  hello there  ' } })
    const said = await near.next<Extract<ServerFrame, { op: 'space_said' }>>(frame => frame.op === 'space_said' && frame.d.uid === '100002')
    expect(said.d).toMatchObject({ id: speakerReady.self, uid: '100002', text: 'hello there' })
    await speaker.next(frame => frame.op === 'space_said' && frame.d.uid === '100002')
    speaker.send({ op: 'space_emote', d: { emote: 'wave' } })
    await near.next(frame => frame.op === 'space_emoted')
    speaker.send({ op: 'space_say', d: { text: 'forbidden words' } })
    await until(speaker, () => errors(speaker).length === 1)
    expect(errors(speaker)[0].code).toBe(GatewayErrorCode.SpaceRefused)
    await pause(150)
    expect(far.frames.some(frame => frame.op === 'space_said' && frame.d.uid === '100002')).toBe(false)
    expect(far.frames.some(frame => frame.op === 'space_emoted')).toBe(false)
    // a timed-out member speaks nowhere, not in a space either
    const until10 = Math.floor(Date.now() / 1000) + 600
    expect((await app.test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/100003/timeout`, headers: owner.headers, payload: { until: until10 } })).statusCode).toBe(200)
    try {
      near.send({ op: 'space_say', d: { text: 'can you hear me' } })
      await until(near, () => errors(near).length === 1)
      expect(errors(near)[0]).toMatchObject({ code: GatewayErrorCode.SpaceRefused })
      expect(errors(near)[0].msg).toContain('space_say')
    } finally {
      await app.test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/100003/timeout`, headers: owner.headers, payload: { until: null } })
    }
  })
})

describe('who may be in a space', () => {
  it('refuses a hidden channel as unknown and takes a member out with space_left hidden when it becomes hidden', async () => {
    const { client } = await entered('100004', LIVE_SPACE)
    const override = `/channels/${LIVE_SPACE}/overrides/role/${SERVER}`
    expect((await app.test.inject({ method: 'PUT', url: override, headers: owner.headers, payload: { allow: 0, deny: Permission.ViewChannel } })).statusCode).toBe(200)
    try {
      const left = await client.next<Extract<ServerFrame, { op: 'space_left' }>>(frame => frame.op === 'space_left')
      expect(left.d).toEqual({ channel_id: LIVE_SPACE, reason: 'hidden' })
      client.send({ op: 'space_enter', d: { channel_id: LIVE_SPACE } })
      await until(client, () => errors(client).length === 1)
      expect(errors(client)[0]).toEqual({ code: GatewayErrorCode.SpaceRefused, msg: `space_enter: no channel ${LIVE_SPACE}` })
      const member = (await signInAsMember(app.test, '100004')).headers
      expect((await app.test.inject({ url: `/channels/${LIVE_SPACE}/space`, headers: member })).statusCode).toBe(404)
    } finally {
      await app.test.inject({ method: 'DELETE', url: override, headers: owner.headers })
    }
  })

  it('lets someone who has not joined the server look at a space a visitor may see, and refuses walking to them and a space hidden from visitors', async () => {
    const visitor = await signInAsGuest(app.test)
    const client = await app.session(visitor.token)
    client.send({ op: 'space_enter', d: { channel_id: SPACE } })
    const ready = await client.next<Ready>(frame => frame.op === 'space_ready')
    expect(ready.d.can_act).toBe(false)
    client.send({ op: 'space_walk', d: { x: 100, y: 100 } })
    await until(client, () => errors(client).length === 1)
    expect(errors(client)[0].code).toBe(GatewayErrorCode.SpaceRefused)
    const override = `/channels/${LIVE_SPACE}/overrides/role/${SERVER}`
    expect((await app.test.inject({ method: 'PUT', url: override, headers: owner.headers, payload: { allow: 0, deny: Permission.ViewChannel } })).statusCode).toBe(200)
    try {
      client.send({ op: 'space_enter', d: { channel_id: LIVE_SPACE } })
      await until(client, () => errors(client).length === 2)
      expect(errors(client)[1]).toEqual({ code: GatewayErrorCode.SpaceRefused, msg: `space_enter: no channel ${LIVE_SPACE}` })
    } finally {
      await app.test.inject({ method: 'DELETE', url: override, headers: owner.headers })
    }
  })

  it('takes a member who leaves the server out of its space with space_left hidden', async () => {
    const guest = await app.guestMember(SERVER)
    const client = await app.session(guest.token)
    client.send({ op: 'space_enter', d: { channel_id: SPACE } })
    await client.next(frame => frame.op === 'space_ready')
    expect((await app.test.inject({ method: 'DELETE', url: `/servers/${SERVER}/members/me`, headers: guest.headers })).statusCode).toBe(200)
    const left = await client.next<Extract<ServerFrame, { op: 'space_left' }>>(frame => frame.op === 'space_left')
    expect(left.d).toEqual({ channel_id: SPACE, reason: 'hidden' })
  })

  it('tells the channel\'s readers the count as SPACE_COUNT, coalesced to one a second', async () => {
    const watcher = await app.session(owner.token)
    await pause(1100) // past the last (coalesced) count of earlier tests
    const heard = watcher.frames.length
    const countsHeard = (): DispatchFrame[] => watcher.frames.slice(heard).filter((frame): frame is DispatchFrame => frame.op === 'dispatch' && frame.t === 'SPACE_COUNT')
    const { client: first } = await entered('100002', LIVE_SPACE)
    await until(watcher, () => countsHeard().length === 1)
    expect(countsHeard()[0].d).toEqual({ server_id: SERVER, channel_id: LIVE_SPACE, count: 1 })
    await entered('100003', LIVE_SPACE)
    first.send({ op: 'space_leave', d: null })
    await entered('100004', LIVE_SPACE)
    await until(watcher, () => countsHeard().length === 2)
    expect(countsHeard()[1].d).toEqual({ server_id: SERVER, channel_id: LIVE_SPACE, count: 2 })
    await pause(300)
    expect(countsHeard()).toHaveLength(2) // three changes within the second: one dispatch after it
    const counts = envelope<{ counts: Array<{ channel_id: string, count: number }> }>(await app.test.inject({ url: `/servers/${SERVER}/space-counts`, headers: owner.headers })).data.counts
    expect(counts).toEqual(expect.arrayContaining([expect.objectContaining({ channel_id: LIVE_SPACE, count: 2 }), expect.objectContaining({ channel_id: SPACE })]))
  })
})

describe('who stands where (the member list)', () => {
  /** GET /servers/:id/space-people as `headers`, asked again until `done` holds (2 s at most). */
  async function people (headers: Record<string, string>, done: (spaces: SpacePresence[]) => boolean): Promise<SpacePresence[]> {
    for (const end = Date.now() + 2000; ; await pause(20)) {
      const response = await app.test.inject({ url: `/servers/${SERVER}/space-people`, headers })
      expect(response.statusCode).toBe(200)
      const spaces = envelope<SpacePeople>(response).data.spaces
      if (done(spaces) || Date.now() > end) return spaces
    }
  }

  it('names the space each person stands in, once per person, and hides a hidden space from who cannot see it', async () => {
    const member = (await signInAsMember(app.test, '100004')).headers
    await entered(owner.uid, LIVE_SPACE)
    await entered(owner.uid, LIVE_SPACE) // a second session of the same person
    await entered('100003')
    const shown = await people(member, spaces => spaces.length === 2 && spaces.every(space => space.uids.length === 1))
    expect(shown).toEqual(expect.arrayContaining([
      { channel_id: LIVE_SPACE, name: expect.any(String), uids: [owner.uid] },
      { channel_id: SPACE, name: expect.any(String), uids: ['100003'] },
    ]))
    expect(shown).toHaveLength(2)
    const override = `/channels/${LIVE_SPACE}/overrides/role/${SERVER}`
    expect((await app.test.inject({ method: 'PUT', url: override, headers: owner.headers, payload: { allow: 0, deny: Permission.ViewChannel } })).statusCode).toBe(200)
    try {
      // the owner still sees it and stands in it; a member and a visitor are not told who does
      expect((await people(owner.headers, () => true)).map(space => space.channel_id).sort()).toEqual([SPACE, LIVE_SPACE].sort())
      expect((await people(member, () => true)).map(space => space.channel_id)).toEqual([SPACE])
      expect((await people({}, () => true)).map(space => space.channel_id)).toEqual([SPACE])
    } finally {
      await app.test.inject({ method: 'DELETE', url: override, headers: owner.headers })
    }
  })
})

describe('hosts and moderators', () => {
  it('lets the host speak through its token, and nobody else', async () => {
    const { client } = await entered('100002')
    const host = await signInAsMember(app.test, 'D_400001')
    const said = await app.test.inject({ method: 'POST', url: `/channels/${SPACE}/space/say`, headers: host.headers, payload: { text: '展台今天有新品' } })
    expect(envelope(said).data).toEqual({ said: true })
    await client.next(frame => frame.op === 'space_said' && frame.d.text === '展台今天有新品')
    const member = await signInAsMember(app.test, '100003')
    expect((await app.test.inject({ method: 'POST', url: `/channels/${SPACE}/space/say`, headers: member.headers, payload: { text: 'hi' } })).statusCode).toBe(403)
  })

  it('lets a moderator remove a member (space_left removed), and not a member', async () => {
    const { client } = await entered('100004')
    const member = await app.guestMember(SERVER)
    const moderator = await signInAsMember(app.test, '100003') // the 版主 role: moderation bits, not the owner
    expect((await app.test.inject({ method: 'DELETE', url: `/channels/${SPACE}/space/members/100004`, headers: member.headers })).statusCode).toBe(403)
    expect((await app.test.inject({ method: 'DELETE', url: `/channels/${SPACE}/space/members/100004`, headers: moderator.headers })).statusCode).toBe(200)
    const left = await client.next<Extract<ServerFrame, { op: 'space_left' }>>(frame => frame.op === 'space_left')
    expect(left.d).toEqual({ channel_id: SPACE, reason: 'removed' })
    expect((await app.test.inject({ method: 'DELETE', url: `/channels/${SPACE}/space/members/100004`, headers: moderator.headers })).statusCode).toBe(404)
    client.send({ op: 'space_walk', d: { x: 100, y: 100 } })
    await until(client, () => errors(client).length === 1)
  })

  it('refuses a moderator moving the owner or removing the administrator (OUTRANKED, nobody moved), and lets them move a plain member', async () => {
    const standing = await Promise.all(['100001', '100002', '100004'].map(async uid => entered(uid)))
    const [ownerClient, adminClient, memberClient] = standing.map(each => each.client)
    const moderator = await signInAsMember(app.test, '100003')
    const to = { x: layout.spawn.x + 96, y: layout.spawn.y }
    const movedOwner = await app.test.inject({ method: 'POST', url: `/channels/${SPACE}/space/members/100001/move`, headers: moderator.headers, payload: to })
    expect(movedOwner.statusCode).toBe(403)
    expect(envelope(movedOwner).code).toBe(TRUST_CODES.OUTRANKED)
    const removedAdmin = await app.test.inject({ method: 'DELETE', url: `/channels/${SPACE}/space/members/100002`, headers: moderator.headers })
    expect(removedAdmin.statusCode).toBe(403)
    expect(envelope(removedAdmin).code).toBe(TRUST_CODES.OUTRANKED)
    const movedMember = await app.test.inject({ method: 'POST', url: `/channels/${SPACE}/space/members/100004/move`, headers: moderator.headers, payload: to })
    expect(movedMember.statusCode).toBe(200)
    await until(memberClient, () => seenAt(memberClient, standing[2].ready.self)?.x === to.x)
    await pause(200)
    // the refused ones stand where they entered (each on their own tile of the spawn area), in their own eyes and in the others'
    const ownerEntered = standing[0].ready.avatars.find(avatar => avatar.id === standing[0].ready.self) as Pose
    expect(seenAt(ownerClient, standing[0].ready.self)).toMatchObject({ x: ownerEntered.x, y: ownerEntered.y })
    expect(seenAt(memberClient, standing[0].ready.self)).toMatchObject({ x: ownerEntered.x, y: ownerEntered.y })
    expect(adminClient.frames.some(frame => frame.op === 'space_left')).toBe(false)
  })

  it('lets the owner move and remove anyone, the administrator included', async () => {
    const { client, ready } = await entered('100002')
    const to = { x: layout.spawn.x + 96, y: layout.spawn.y }
    await move('100002', to)
    await until(client, () => seenAt(client, ready.self)?.x === to.x)
    expect((await app.test.inject({ method: 'DELETE', url: `/channels/${SPACE}/space/members/100002`, headers: owner.headers })).statusCode).toBe(200)
    await client.next(frame => frame.op === 'space_left')
  })
})
