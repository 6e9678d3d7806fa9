import type { SpacePeople } from '@core/wire/space'
import { MemberListStore } from '@/stores/members/member-list-store'
import { GATEWAY_RESYNC } from '@/stores/gateway-store'
import { deferred, fakeLogger, user } from '../support/fakes'
import { anyGateway, member, memberPage, ROLES, SID } from '../support/trust-fakes'

const NOW_MS = 1_800_000_000_000

function setup (pages: Array<ReturnType<typeof memberPage>> = [memberPage([member('a'), member('b', { online: true })])]) {
  const list = jest.fn()
  for (const page of pages) list.mockResolvedValueOnce(page)
  const roles = jest.fn().mockResolvedValue({ list: ROLES })
  const gateway = anyGateway()
  const find = jest.fn()
  const people = jest.fn().mockResolvedValue({ spaces: [] })
  const store = new MemberListStore(SID, { members: { list, find }, trust: { roles }, spaces: { people }, clock: () => NOW_MS, logger: fakeLogger() })
  store.attach(gateway)
  return { store, list, find, roles, gateway, people }
}

describe('MemberListStore', () => {
  it('lists online members first, each group in join order', async () => {
    const { store } = setup([memberPage([member('a'), member('b', { online: true }), member('c'), member('d', { online: true })])])
    await store.load()
    expect(store.shown.map(m => m.user.uid)).toEqual(['b', 'd', 'a', 'c'])
  })

  it('finds members of the whole server by nickname, beside the loaded pages', async () => {
    const { store, find } = setup()
    find.mockResolvedValue({ items: [member('zs', { user: user({ uid: 'zs', nickname: '张三' }) })] })
    await store.load()
    await store.finder.find('zs')
    expect(find).toHaveBeenCalledWith(SID, 'zs')
    expect(store.finder.found.map(found => found.user.nickname)).toEqual(['张三'])
    expect(store.shown.map(shown => shown.user.uid)).toEqual(['b', 'a'])
  })

  it('says the list is empty when the server has no members', async () => {
    const { store } = setup([memberPage([])])
    await store.load()
    expect(store.list.status).toBe('empty')
  })

  it('shows the failure of the first page and retries it', async () => {
    const { store, list } = setup([])
    list.mockRejectedValueOnce(new Error('down'))
    await store.load()
    expect([store.list.status, store.list.error]).toEqual(['error', '请求异常'])
    list.mockResolvedValueOnce(memberPage([member('a')]))
    await store.load()
    expect(store.list.status).toBe('ready')
  })

  it('loads the next page after the cursor, without repeating members', async () => {
    const { store, list } = setup([memberPage([member('a'), member('b')], '1.b'), memberPage([member('b'), member('c')])])
    await store.load()
    await store.list.loadMore()
    expect(list).toHaveBeenLastCalledWith(SID, { after: '1.b', limit: undefined })
    expect(store.list.items.map(m => m.user.uid)).toEqual(['a', 'b', 'c'])
    expect(store.list.hasMore).toBe(false)
  })

  it('names the roles a member holds, highest first, without @everyone', async () => {
    const { store } = setup()
    await store.load()
    expect(store.rolesOf({ role_ids: ['r_helper', SID, 'r_mod'] }).map(r => r.role_id)).toEqual(['r_mod', 'r_helper'])
  })

  it('follows presence, joins and leaves live', async () => {
    const { store, gateway } = setup()
    await store.load()
    gateway.emit('PRESENCE_UPDATE', { server_id: SID, uid: 'a', status: 'online', online_count: 2 })
    gateway.emit('MEMBER_ADD', { server_id: SID, member: member('z'), member_count: 3 })
    gateway.emit('MEMBER_REMOVE', { server_id: SID, uid: 'b', member_count: 2 })
    gateway.emit('MEMBER_ADD', { server_id: 'other', member: member('y'), member_count: 9 })
    expect(store.shown.map(m => [m.user.uid, m.online])).toEqual([['a', true], ['z', false]])
    expect(store.onlineCount).toBe(2)
  })

  it('keeps presence heard while the list was on its way over the answer computed before it (a member signing in races their own list)', async () => {
    const answer = deferred<ReturnType<typeof memberPage>>()
    const { store, list, gateway } = setup([])
    list.mockReturnValueOnce(answer.promise)
    const loading = store.load()
    gateway.emit('PRESENCE_UPDATE', { server_id: SID, uid: 'a', status: 'online', online_count: 1 })
    answer.resolve(memberPage([member('a'), member('b')], null, 0))
    await loading
    expect(store.shown.map(m => [m.user.uid, m.online])).toEqual([['a', true], ['b', false]])
    expect(store.onlineCount).toBe(1)
  })

  it('shows a new member only once the list is loaded to its end (they join last)', async () => {
    const { store, gateway } = setup([memberPage([member('a')], '1.a')])
    await store.load()
    gateway.emit('MEMBER_ADD', { server_id: SID, member: member('z'), member_count: 3 })
    expect(store.list.items.map(m => m.user.uid)).toEqual(['a'])
  })

  it('marks a timeout that arrives live until it ends, and takes role changes', async () => {
    const { store, gateway } = setup()
    await store.load()
    gateway.emit('MEMBER_UPDATE', { server_id: SID, uid: 'a', role_ids: ['r_mod'], timeout_until: NOW_MS / 1000 + 60 })
    gateway.emit('MEMBER_UPDATE', { server_id: SID, uid: 'b', role_ids: [], timeout_until: NOW_MS / 1000 - 1 })
    expect([store.timeoutOf('a'), store.timeoutOf('b')]).toEqual([NOW_MS / 1000 + 60, null])
    expect(store.list.items.find(m => m.user.uid === 'a')?.role_ids).toEqual(['r_mod'])
  })

  it('marks the timeouts the list answers with', async () => {
    const { store } = setup([memberPage([member('a', { timeout_until: NOW_MS / 1000 + 600 }), member('b')])])
    await store.load()
    expect([store.timeoutOf('a'), store.timeoutOf('b')]).toEqual([NOW_MS / 1000 + 600, null])
  })

  it('asks the roles again when a role changes, and the whole list after a resync', async () => {
    const { store, gateway, roles, list } = setup()
    await store.load()
    roles.mockResolvedValueOnce({ list: [ROLES[3]] })
    gateway.emit('ROLE_DELETE', { server_id: SID, role_id: 'r_mod' })
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(store.roles).toEqual([ROLES[3]])
    list.mockResolvedValueOnce(memberPage([member('q')]))
    gateway.emit(GATEWAY_RESYNC, {})
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(store.list.items.map(m => m.user.uid)).toEqual(['q'])
  })

  it('names the space each member stands in, and asks again when a space of this server counts someone in or out', async () => {
    const { store, gateway, people } = setup()
    people.mockResolvedValueOnce({ spaces: [{ channel_id: 'c8', name: '像素乐园', uids: ['a'] }] })
    await store.load()
    expect(store.placeOf('a')).toEqual({ channelId: 'c8', name: '像素乐园' })
    expect(store.placeOf('b')).toBeNull()
    people.mockResolvedValueOnce({ spaces: [{ channel_id: 'c8', name: '像素乐园', uids: ['b'] }] })
    gateway.emit('SPACE_COUNT', { server_id: 'other', channel_id: 'x', count: 1 })
    expect(people).toHaveBeenCalledTimes(1)
    gateway.emit('SPACE_COUNT', { server_id: SID, channel_id: 'c8', count: 1 })
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(people).toHaveBeenCalledTimes(2)
    expect(store.placeOf('a')).toBeNull()
    expect(store.placeOf('b')).toEqual({ channelId: 'c8', name: '像素乐园' })
  })

  it('asks once at a time when counts come quickly, and once more after it for the counts heard meanwhile', async () => {
    const { store, gateway, people } = setup()
    await store.load()
    const first = deferred<SpacePeople>()
    const second = deferred<SpacePeople>()
    people.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise)
    for (const count of [1, 2, 3]) gateway.emit('SPACE_COUNT', { server_id: SID, channel_id: 'c8', count })
    expect(people).toHaveBeenCalledTimes(2) // the load's, and one for the three counts
    first.resolve({ spaces: [{ channel_id: 'c8', name: '像素乐园', uids: ['a'] }] })
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(people).toHaveBeenCalledTimes(3) // one more for the counts heard while it was on its way
    second.resolve({ spaces: [{ channel_id: 'c8', name: '像素乐园', uids: ['a', 'b'] }] })
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(people).toHaveBeenCalledTimes(3)
    expect(store.placeOf('b')).toEqual({ channelId: 'c8', name: '像素乐园' })
  })

  it('keeps the places known when asking again fails, and the list still loads', async () => {
    const { store, gateway, people } = setup()
    people.mockResolvedValueOnce({ spaces: [{ channel_id: 'c8', name: '像素乐园', uids: ['a'] }] }).mockRejectedValueOnce(new Error('down'))
    await store.load()
    gateway.emit('SPACE_COUNT', { server_id: SID, channel_id: 'c8', count: 0 })
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(people).toHaveBeenCalledTimes(2)
    expect(store.placeOf('a')).toEqual({ channelId: 'c8', name: '像素乐园' })
    expect(store.list.items).toHaveLength(2)
  })

  it('stops following the gateway when disposed', async () => {
    const { store, gateway } = setup()
    store.dispose()
    expect(gateway.listeners()).toBe(0)
  })
})
