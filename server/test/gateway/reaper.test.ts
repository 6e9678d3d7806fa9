/**
 * The hub's reaper (presence after a crash): the users the directory reaps from
 * dead processes leave their servers' online sets and are announced offline there with the
 * recount; a failure is logged, never thrown. The Redis side of reaping is in
 * server/test/bus/redis.test.ts, a real SIGKILL in e2e/multi-node.test.ts.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { PresenceUpdate } from '@core/wire/members'
import { createInProcessBus, type BusEvent } from '../../src/bus'
import type { AppContext } from '../../src/context'
import { createMemoryDirectory, type GatewayDirectory } from '../../src/gateway/directory'
import { GatewayHub } from '../../src/gateway/hub'

function hubWith (directory: GatewayDirectory): { hub: GatewayHub, heard: BusEvent[], log: { warn: jest.Mock, error: jest.Mock } } {
  const bus = createInProcessBus()
  const heard: BusEvent[] = []
  bus.subscribe(event => heard.push(event))
  const ctx = {
    bus,
    presence: directory,
    config: { gatewayHeartbeatMs: 60_000, gatewayLeaseMs: 60_000 },
    repos: { members: { serverIdsOf: async (uid: string) => uid === 'u1' ? ['s1', 's2'] : [] } },
  } as unknown as AppContext
  const log = { warn: jest.fn(), error: jest.fn() }
  return { hub: new GatewayHub(ctx, log as unknown as FastifyBaseLogger), heard, log }
}

describe('the gateway hub\'s reaper', () => {
  it('takes the members of dead processes out of their servers\' online sets and announces them offline with the recount', async () => {
    const left: Array<[string, string]> = []
    const directory: GatewayDirectory = {
      ...createMemoryDirectory(),
      reapDead: async () => ['u1'],
      left: async (uid, serverId) => { left.push([uid, serverId]) },
      onlineCount: async serverId => serverId === 's1' ? 3 : 0,
    }
    const { hub, heard } = hubWith(directory)
    await hub.reapDead()
    hub.close()
    expect(left).toEqual([['u1', 's1'], ['u1', 's2']])
    expect(heard).toEqual([
      { t: 'PRESENCE_UPDATE', server_id: 's1', d: { server_id: 's1', uid: 'u1', status: 'offline', online_count: 3 } satisfies PresenceUpdate },
      { t: 'PRESENCE_UPDATE', server_id: 's2', d: { server_id: 's2', uid: 'u1', status: 'offline', online_count: 0 } satisfies PresenceUpdate },
    ])
  })

  it('announces nothing when no process died (the in-process directory never reaps)', async () => {
    const { hub, heard } = hubWith(createMemoryDirectory())
    await hub.reapDead()
    hub.close()
    expect(heard).toEqual([])
  })

  it('logs a failure instead of throwing, and tries again on its next pass', async () => {
    let calls = 0
    const directory: GatewayDirectory = { ...createMemoryDirectory(), reapDead: async () => { calls += 1; throw new Error('redis is away') } }
    const { hub, log } = hubWith(directory)
    await expect(hub.reapDead()).resolves.toBeUndefined()
    await hub.reapDead()
    hub.close()
    expect(calls).toBe(2)
    expect(log.warn).toHaveBeenCalledTimes(2)
  })
})
