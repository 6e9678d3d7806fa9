import { RequestError } from '@/services/request/errors'
import { GATEWAY_RESYNC, type GatewayEventName, type GatewayEvents } from '@/stores/gateway-store'
import { PlazaLobbyStore } from '@/stores/plaza/lobby-store'
import { fakeLogger } from '../support/fakes'
import { answer, fakePlazaApi, playingTable, seat, table } from './plaza-fakes'

const GAMES = [
  { game: 'gomoku' as const, seats_min: 2, seats_max: 2, seats_default: 2 },
  { game: 'spy' as const, seats_min: 4, seats_max: 8, seats_default: 6 },
]

/** A gateway that only records subscriptions, and fires them on demand. */
function fakeGateway () {
  const handlers = new Map<string, Set<(d: unknown) => void>>()
  return {
    on<T extends GatewayEventName> (name: T, handler: (d: GatewayEvents[T]) => void) {
      const set = handlers.get(name) ?? new Set()
      handlers.set(name, set)
      set.add(handler as (d: unknown) => void)
      return () => { set.delete(handler as (d: unknown) => void) }
    },
    fire<T extends GatewayEventName> (name: T, d: GatewayEvents[T]) {
      for (const handler of handlers.get(name) ?? []) handler(d)
    },
    count: (name: string) => handlers.get(name)?.size ?? 0,
  }
}

function setup () {
  const api = fakePlazaApi()
  api.lobby.mockResolvedValue({ games: GAMES, items: [table({ table_id: 'old', created_at: 1 }), playingTable({ table_id: 'new', created_at: 5 })] })
  const gateway = fakeGateway()
  const lobby = new PlazaLobbyStore({ api, gateway, logger: fakeLogger() })
  return { api, gateway, lobby }
}

describe('PlazaLobbyStore', () => {
  it('loads the games on offer and the open tables, newest first', async () => {
    const { api, lobby } = setup()
    await lobby.open('c-plaza')
    expect(api.lobby).toHaveBeenCalledWith('c-plaza')
    expect(lobby.status).toBe('ready')
    expect(lobby.games.map(game => game.game)).toEqual(['gomoku', 'spy'])
    expect(lobby.tables.map(item => item.table_id)).toEqual(['new', 'old'])
  })

  it('adds a table created elsewhere, replaces one that changed and drops one that closed, live', async () => {
    const { gateway, lobby } = setup()
    await lobby.open('c-plaza')
    gateway.fire('PLAZA_TABLE_UPDATE', table({ table_id: 'made', created_at: 9 }))
    expect(lobby.tables.map(item => item.table_id)).toEqual(['made', 'new', 'old'])
    gateway.fire('PLAZA_TABLE_UPDATE', table({ table_id: 'old', created_at: 1, version: 2, seats: [seat(0, 'u1'), seat(1, 'u3')] }))
    expect(lobby.tables.find(item => item.table_id === 'old')?.seats[1].uid).toBe('u3')
    gateway.fire('PLAZA_TABLE_UPDATE', playingTable({ table_id: 'new', created_at: 5, status: 'closed', version: 3 }))
    expect(lobby.tables.map(item => item.table_id)).toEqual(['made', 'old'])
  })

  it('lists ended tables after the open ones', async () => {
    const { gateway, lobby } = setup()
    await lobby.open('c-plaza')
    gateway.fire('PLAZA_TABLE_UPDATE', playingTable({ table_id: 'new', created_at: 5, status: 'ended', version: 3 }))
    expect(lobby.tables.map(item => item.table_id)).toEqual(['old', 'new'])
  })

  it('ignores an older version of a table and the tables of other channels', async () => {
    const { gateway, lobby } = setup()
    await lobby.open('c-plaza')
    gateway.fire('PLAZA_TABLE_UPDATE', playingTable({ table_id: 'new', created_at: 5, version: 1, status: 'waiting' }))
    expect(lobby.tables.find(item => item.table_id === 'new')?.status).toBe('playing')
    gateway.fire('PLAZA_TABLE_UPDATE', table({ table_id: 'elsewhere', channel_id: 'c-other' }))
    expect(lobby.tables.map(item => item.table_id)).toEqual(['new', 'old'])
  })

  it('reads the lobby again after a resync, and stops listening once closed', async () => {
    const { api, gateway, lobby } = setup()
    await lobby.open('c-plaza')
    gateway.fire(GATEWAY_RESYNC, null)
    expect(api.lobby).toHaveBeenCalledTimes(2)
    lobby.close()
    expect(gateway.count('PLAZA_TABLE_UPDATE')).toBe(0)
  })

  it('says why the lobby could not come', async () => {
    const { api, lobby } = setup()
    api.lobby.mockRejectedValue(new RequestError({ kind: 'failed', code: 999996, message: '请求异常' }))
    await lobby.open('c-plaza')
    expect([lobby.status, lobby.error]).toEqual(['error', '请求异常'])
  })

  it('creates a table and lists it at once', async () => {
    const { api, lobby } = setup()
    api.createTable.mockResolvedValue(answer(table({ table_id: 'mine', created_at: 20, game: 'spy' })))
    await lobby.open('c-plaza')
    await expect(lobby.create({ game: 'spy', seats: 6, access: 'invite', turn_seconds: 30 })).resolves.toBe('mine')
    expect(api.createTable).toHaveBeenCalledWith('c-plaza', { game: 'spy', seats: 6, access: 'invite', turn_seconds: 30 })
    expect(lobby.tables[0].table_id).toBe('mine')
  })

  it('tells a refused create in the message table\'s words', async () => {
    const { api, lobby } = setup()
    api.createTable.mockRejectedValue(new RequestError({ kind: 'server', code: 429000, status: 429, message: '操作太频繁', serverMessage: 'too many tables' }))
    await lobby.open('c-plaza')
    await expect(lobby.create({ game: 'gomoku' })).resolves.toBeNull()
    expect(lobby.createError).toBe('操作太频繁')
  })
})
