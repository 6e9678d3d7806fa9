import { autorun, observable, runInAction } from 'mobx'
import { Permission } from '@core/domain/permissions'
import type { MyPermissions } from '@core/wire/trust'
import { PermissionsStore } from '@/stores/trust/permissions-store'
import { GATEWAY_RESYNC } from '@/stores/gateway-store'

/** A gateway the test drives with any event type. */
function fakeGateway () {
  const handlers = new Map<string, Set<(event: never) => void>>()
  return {
    on (type: string, handler: (event: never) => void) {
      const set = handlers.get(type) ?? new Set()
      handlers.set(type, set)
      set.add(handler)
      return () => { set.delete(handler) }
    },
    emit (type: string, event: object) { runInAction(() => handlers.get(type)?.forEach(handler => handler(event as never))) },
    listeners: () => [...handlers.values()].reduce((sum, set) => sum + set.size, 0),
  }
}

const NOW_MS = 1_800_000_000_000

function answer (overrides: Partial<MyPermissions> = {}): MyPermissions {
  return {
    server_id: 's1',
    is_member: true,
    is_owner: false,
    permissions: Permission.ViewChannel | Permission.KickMembers,
    channels: [{ channel_id: 'c1', permissions: Permission.ViewChannel | Permission.SendMessages }],
    role_ids: [],
    timeout_until: null,
    rank: null,
    ...overrides,
  }
}

function setup (load: jest.Mock<Promise<MyPermissions>, [string]> = jest.fn(async (serverId: string) => answer({ server_id: serverId }))) {
  const gateway = fakeGateway()
  const current = observable({ serverId: 's1', uid: 'u1' as string | null })
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() }
  const store = new PermissionsStore({ load, serverId: () => current.serverId, uid: () => current.uid, gateway, clock: () => NOW_MS, logger })
  const stop = store.start()
  return { gateway, current, store, load, stop, logger }
}

const settle = async () => { await new Promise(resolve => setTimeout(resolve, 0)) }

describe('PermissionsStore', () => {
  it('answers server-wide and per-channel bits from the server', async () => {
    const { store } = setup()
    await settle()
    expect([store.can('KickMembers'), store.can('BanMembers'), store.can('SendMessages', 'c1'), store.can('SendMessages', 'c9')]).toEqual([true, false, true, false])
  })

  it('lets the owner do everything', async () => {
    const { store } = setup(jest.fn(async (_serverId: string) => answer({ is_owner: true, permissions: 0, channels: [] })))
    await settle()
    expect([store.isOwner, store.can('ManageServer'), store.can('ManageMessages', 'c1')]).toEqual([true, true, true])
  })

  it('lets me act by the role order only on someone below my highest role: never the owner, my peer, myself; nothing as a non-member', async () => {
    const { store } = setup(jest.fn(async (_serverId: string) => answer({ role_ids: ['admin'], rank: 1 })))
    await settle()
    expect([
      store.outranks({ uid: 'u9', rank: null }), store.outranks({ uid: 'u9', rank: 3 }),
      store.outranks({ uid: 'owner', rank: -1 }), store.outranks({ uid: 'u9', rank: 1 }), store.outranks({ uid: 'u1', rank: null }),
    ]).toEqual([true, true, false, false, false])
    const outsider = setup(jest.fn(async (_serverId: string) => answer({ is_member: false, rank: null })))
    await settle()
    expect(outsider.store.outranks({ uid: 'u9', rank: null })).toBe(false)
  })

  it('gives a visitor nothing and asks nothing', async () => {
    const { store, current, load } = setup()
    await settle()
    runInAction(() => { current.uid = null })
    await settle()
    expect([store.mine, store.can('ViewChannel'), load.mock.calls.length]).toEqual([null, false, 1])
  })

  it('reloads when my roles or timeout change, not for another member', async () => {
    const { store, gateway, load } = setup()
    await settle()
    gateway.emit('MEMBER_UPDATE', { server_id: 's1', uid: 'u2', role_ids: [], timeout_until: null })
    gateway.emit('MEMBER_UPDATE', { server_id: 's9', uid: 'u1', role_ids: [], timeout_until: null })
    expect(load).toHaveBeenCalledTimes(1)
    load.mockResolvedValueOnce(answer({ timeout_until: NOW_MS / 1000 + 600 }))
    gateway.emit('MEMBER_UPDATE', { server_id: 's1', uid: 'u1', role_ids: [], timeout_until: NOW_MS / 1000 + 600 })
    await settle()
    expect(store.timedOutUntil).toBe(NOW_MS / 1000 + 600)
  })

  it('reloads after a role change or a resync, and follows the current server', async () => {
    const { current, gateway, load } = setup()
    await settle()
    gateway.emit('ROLE_UPDATE', { server_id: 's1', role_id: 'r1' })
    gateway.emit(GATEWAY_RESYNC, {})
    runInAction(() => { current.serverId = 's2' })
    await settle()
    expect(load.mock.calls.map(call => call[0])).toEqual(['s1', 's1', 's1', 's2'])
  })

  it('reads a timeout that has ended as none', async () => {
    const { store } = setup(jest.fn(async (_serverId: string) => answer({ timeout_until: NOW_MS / 1000 - 1 })))
    await settle()
    expect(store.timedOutUntil).toBeNull()
  })

  it('asks nothing until something observes it, and follows while it is observed', async () => {
    const load = jest.fn(async (_serverId: string) => answer())
    const gateway = fakeGateway()
    const store = new PermissionsStore({ load, serverId: () => 's1', uid: () => 'u1', gateway, clock: () => NOW_MS, logger: console })
    await settle()
    expect(load).not.toHaveBeenCalled()
    const seen: boolean[] = []
    const stopObserving = autorun(() => { seen.push(store.can('KickMembers')) })
    await settle()
    expect([load.mock.calls.length, seen]).toEqual([1, [false, true]])
    stopObserving()
    expect(gateway.listeners()).toBe(0)
  })

  it('forgets the answer when it cannot be loaded, and stops following when stopped', async () => {
    const load = jest.fn(async (_serverId: string) => answer())
    const { store, gateway, stop, logger } = setup(load)
    await settle()
    load.mockRejectedValueOnce(new Error('offline'))
    gateway.emit(GATEWAY_RESYNC, {})
    await settle()
    expect([store.mine, logger.warn.mock.calls.length]).toEqual([null, 1])
    stop()
    expect(gateway.listeners()).toBe(0)
  })

  it('asks the permissions of the server a page focuses (a channel or post of another server), and the current server\'s again when it closes', async () => {
    const { store, gateway, load } = setup()
    await settle()
    const unfocus = store.focus('832828')
    await settle()
    expect([load.mock.calls.map(call => call[0]), store.mine?.server_id]).toEqual([['s1', '832828'], '832828'])
    gateway.emit('ROLE_UPDATE', { server_id: 's1', role_id: 'r1' })
    gateway.emit('ROLE_UPDATE', { server_id: '832828', role_id: 'r1' })
    await settle()
    expect(load.mock.calls.map(call => call[0])).toEqual(['s1', '832828', '832828'])
    unfocus()
    unfocus()
    await settle()
    expect([load.mock.calls.map(call => call[0]), store.mine?.server_id]).toEqual([['s1', '832828', '832828', 's1'], 's1'])
  })

  it('keeps an answer for the server on screen only: a late answer of the server left behind is dropped', async () => {
    const slow = { resolve: (_answer: MyPermissions) => undefined as void }
    const load = jest.fn((serverId: string) => serverId === 's1'
      ? new Promise<MyPermissions>(resolve => { slow.resolve = resolve })
      : Promise.resolve(answer({ server_id: serverId })))
    const { store } = setup(load)
    store.focus('832828')
    await settle()
    slow.resolve(answer({ server_id: 's1' }))
    await settle()
    expect(store.mine?.server_id).toBe('832828')
  })
})
