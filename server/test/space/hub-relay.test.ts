/**
 * Two processes' SpaceHubs over an in-memory relay (the Redis relay's messages, JSON round
 * trip included; e2e/multi-node.test.ts runs the real one): a member whose socket is on one
 * process and whose space is held by the other is told when the holder refuses their entry,
 * with the same SpaceRefused error frame a refusal on their own process gets, and is no
 * longer standing anywhere; one whose frame was lost on the way is sent space_left moved.
 */
import type { FastifyBaseLogger } from 'fastify'
import { ChannelType, MapCategory, type User } from '@core/wire/entities'
import type { SpaceServerFrame } from '@core/wire/space'
import type { AppContext } from '../../src/context'
import { SpaceHub } from '../../src/space/hub'
import { spaceMapOf } from '../../src/space/map'
import type { RelayMessage, SpaceRelay } from '../../src/space/relay'
import { SpaceRefusal, type SpaceMember } from '../../src/space/types'
import { SHOWROOM_SIZE } from '../../src/repositories/showrooms'
import { createMemoryCounter } from '../../src/services/rate-counter'

const CHANNEL = '72365810'
const SERVER = '723658'
const MAP = spaceMapOf({ map: { map_category: MapCategory.ThreeD, background: '/files/seed/showroom.svg', ...SHOWROOM_SIZE }, hotspots: [], hostUid: null })

/** Relays of processes `a` and `b`, the space always held by `holder`; messages arrive a turn later, as JSON (those `lost` says: never). */
function relays (holder: 'a' | 'b', lost: (message: RelayMessage) => boolean): Record<'a' | 'b', SpaceRelay> {
  const handlers: Record<string, Array<(message: RelayMessage) => void>> = { a: [], b: [] }
  const relay = (process: 'a' | 'b'): SpaceRelay => ({
    process,
    leaseMs: 60_000,
    claim: async () => holder,
    holderOf: async () => holder,
    renew: async () => [],
    release: async () => undefined,
    send: async (to, message) => {
      const copy = JSON.parse(JSON.stringify(message)) as RelayMessage
      if (!lost(copy)) setImmediate(() => { for (const handler of handlers[to]) handler(copy) })
    },
    listen: handler => { handlers[process].push(handler) },
    keepCount: async () => undefined,
    countOf: async () => 0,
    keepPositions: async () => undefined,
    positionsOf: async () => ({}),
    close: async () => undefined,
  })
  return { a: relay('a'), b: relay('b') }
}

/** What a hub reads of the app: the metaverse channel, its stored map as `spaceMap` answers it, and a hit counter (the entry limit). */
function context (spaceMap: () => Promise<unknown>): AppContext {
  const channel = { channel_id: CHANNEL, server_id: SERVER, channel_type: ChannelType.Metaverse, name: '像素乐园' }
  return {
    repos: { channels: { get: async () => channel }, showrooms: { spaceMap }, users: { get: async () => null } },
    config: { spaceTickHz: 20 },
    bus: { publish: async () => undefined },
    limits: createMemoryCounter(),
  } as unknown as AppContext
}

const quietLog = { warn: jest.fn(), error: jest.fn(), info: jest.fn(), debug: jest.fn() } as unknown as FastifyBaseLogger

/** A member's session: what it was sent, the error frames among them. */
function member (): SpaceMember & { frames: SpaceServerFrame[], refusals: string[] } {
  const user = { uid: '100002', nickname: 'Alex', avatar: '' } as User
  const frames: SpaceServerFrame[] = []
  const refusals: string[] = []
  return {
    uid: user.uid, user, ip: '127.0.0.1', state: 'open', frames, refusals,
    grantIn: serverId => serverId === SERVER ? { readable: new Set([CHANNEL]), moderator: false } : undefined,
    send: frame => { frames.push(frame) },
    refuse: msg => { refusals.push(msg) },
  }
}

async function settle (): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise(resolve => setImmediate(resolve))
}

const hubs: SpaceHub[] = []
afterEach(() => { for (const hub of hubs.splice(0)) hub.close() })

/** Hubs of processes a (the member's socket) and b (the holder), b's map read by `holderMap`. */
function processes (holderMap: () => Promise<unknown>, lost: (message: RelayMessage) => boolean = () => false): { onA: SpaceHub } {
  const pair = relays('b', lost)
  const stored = { server_id: SERVER, map: MAP }
  const onA = new SpaceHub(() => context(async () => stored), pair.a, quietLog)
  const onB = new SpaceHub(() => context(holderMap), pair.b, quietLog)
  hubs.push(onA, onB)
  return { onA }
}

describe('a relayed entry', () => {
  it('stands the member in the space the other process holds', async () => {
    const { onA } = processes(async () => ({ server_id: SERVER, map: MAP }))
    const alex = member()
    await onA.handle(alex, { op: 'space_enter', d: { channel_id: CHANNEL } })
    await settle()
    expect(alex.frames.map(frame => frame.op)).toEqual(['space_ready'])
    expect(alex.refusals).toEqual([])
  })

  it('sends the member space_left moved when one of its frames was lost on the way (moves are changes: it enters again whole)', async () => {
    let dropping = false
    const { onA } = processes(async () => ({ server_id: SERVER, map: MAP }), message => {
      if (!dropping || message.t !== 'frame' || message.frame.op !== 'space_tick') return false
      dropping = false
      return true
    })
    const alex = member()
    await onA.handle(alex, { op: 'space_enter', d: { channel_id: CHANNEL } })
    await settle()
    dropping = true
    await onA.handle(alex, { op: 'space_walk', d: { x: 1200, y: 800 } })
    await new Promise(resolve => setTimeout(resolve, 400)) // a few ticks at 20 Hz: the first one lost
    const ops = alex.frames.map(frame => frame.op)
    expect(dropping).toBe(false)
    expect(ops[0]).toBe('space_ready')
    expect(ops.slice(1)).toEqual(['space_left']) // no tick after the lost one is applied
    expect(alex.frames[1]).toEqual({ op: 'space_left', d: { channel_id: CHANNEL, reason: 'moved' } })
    await expect(onA.handle(alex, { op: 'space_walk', d: { x: 100, y: 100 } })).rejects.toThrow(new SpaceRefusal('space_walk: not in a space (space_enter first)'))
  })

  it('answers an entry the holder refuses with the refusal, and leaves the member standing nowhere', async () => {
    const { onA } = processes(async () => null) // the holder finds no space there (its map gone meanwhile)
    const alex = member()
    await onA.handle(alex, { op: 'space_enter', d: { channel_id: CHANNEL } })
    await settle()
    expect(alex.refusals).toEqual([`space_enter: channel ${CHANNEL} has no space`])
    expect(alex.frames).toEqual([])
    await expect(onA.handle(alex, { op: 'space_walk', d: { x: 100, y: 100 } })).rejects.toThrow(new SpaceRefusal('space_walk: not in a space (space_enter first)'))
  })

  it('answers an entry the holder failed to handle as the session answers a failure: try again', async () => {
    const { onA } = processes(async () => { throw new Error('database gone') })
    const alex = member()
    await onA.handle(alex, { op: 'space_enter', d: { channel_id: CHANNEL } })
    await settle()
    expect(alex.refusals).toEqual(['space_enter: could not be handled; try again'])
    expect(quietLog.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'space: a relayed entry failed')
  })
})
