import { isObservable } from 'mobx'
import { CONFIGURED_SERVERS } from '@core/domain/servers'
import { ServerStore } from '@/stores/servers/server-store'
import { deferred, failedRequest, fakeApi, fakeLogger, serverDetail, type FakeApi, fakeMembersApi } from '../support/fakes'

function setup () {
  const api: FakeApi = fakeApi()
  const logger = fakeLogger()
  const members = fakeMembersApi()
  return { api, logger, members, store: new ServerStore(api, { members, logger }) }
}

describe('ServerStore', () => {
  it('holds the three configured servers and starts on the first', () => {
    const { store } = setup()
    expect(store.servers).toBe(CONFIGURED_SERVERS)
    expect([store.serverId, store.name, store.status]).toEqual(['723658', '星海城', 'idle'])
  })

  it('chooses the server named by server_id', () => {
    const { store } = setup()
    store.select({ params: { server_id: '832828' } })
    expect([store.serverId, store.source]).toEqual(['832828', 'param'])
  })

  it('chooses the server named by sid', () => {
    const { store } = setup()
    store.select({ params: { sid: '275902' } })
    expect(store.serverId).toBe('275902')
  })

  it("chooses by the host's sub-domain when no id is given", () => {
    const { store } = setup()
    store.select({ params: {}, host: 'cloudmart.openrealm.example' })
    expect([store.serverId, store.source]).toEqual(['832828', 'host'])
  })

  it('falls back to the first server for an unknown id and logs a warning', () => {
    const { store, logger } = setup()
    store.select({ params: { server_id: '832828' } })
    store.select({ params: { server_id: '000000' } })
    expect([store.serverId, store.source]).toEqual(['723658', 'fallback'])
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('000000'))
  })

  it('does not warn when nothing names a server', () => {
    const { store, logger } = setup()
    store.select({ host: 'localhost:3000' })
    expect([store.serverId, store.source, logger.warn.mock.calls.length]).toEqual(['723658', 'default', 0])
  })

  it("loads the current server's detail", async () => {
    const { api, store } = setup()
    const detail = serverDetail('832828', { name: '云端集市', member_count: 25000 })
    api.getServer.mockResolvedValue(detail)
    store.select({ params: { sid: '832828' } })
    await store.load()
    expect(api.getServer).toHaveBeenCalledWith('832828')
    expect([store.status, store.detail, store.name]).toEqual(['ready', detail, '云端集市'])
  })

  it('keeps the answered detail as it came (watched by reference, not copied into observables)', async () => {
    const { api, store } = setup()
    const detail = serverDetail('832828')
    api.getServer.mockResolvedValue(detail)
    await store.load()
    expect(store.detail).toBe(detail)
    expect(isObservable(store.detail)).toBe(false)
  })

  it('keeps the configured name and shows the error when the detail fails, and loads on retry', async () => {
    const { api, store } = setup()
    api.getServer.mockRejectedValueOnce(failedRequest())
    await store.load()
    expect([store.status, store.error, store.name, store.detail]).toEqual(['error', '请求异常', '星海城', null])
    api.getServer.mockResolvedValue(serverDetail('723658'))
    await store.load()
    expect([store.status, store.error]).toEqual(['ready', null])
  })

  it("forgets the previous server's detail when another server is chosen", async () => {
    const { api, store } = setup()
    api.getServer.mockResolvedValue(serverDetail('723658'))
    await store.load()
    store.select({ params: { server_id: '275902' } })
    expect([store.detail, store.status, store.name]).toEqual([null, 'idle', '像素乐园'])
  })

  it('ignores a late detail of a server no longer shown', async () => {
    const { api, store } = setup()
    const slow = deferred<ReturnType<typeof serverDetail>>()
    api.getServer.mockReturnValueOnce(slow.promise)
    const loading = store.load()
    store.select({ params: { server_id: '832828' } })
    slow.resolve(serverDetail('723658'))
    await loading
    expect(store.detail).toBeNull()
  })

  it('keeps the detail when the same server is chosen again', async () => {
    const { api, store } = setup()
    api.getServer.mockResolvedValue(serverDetail('723658'))
    await store.load()
    store.select({ params: { server_id: '723658' } })
    expect(store.status).toBe('ready')
  })

  it('knows membership and the online count from the detail, and nothing before it or without is_member', async () => {
    const { api, store } = setup()
    expect([store.isMember, store.onlineCount]).toEqual([null, null])
    api.getServer.mockResolvedValue(serverDetail('723658', { online_count: 7 }))
    await store.load()
    expect([store.isMember, store.onlineCount]).toEqual([null, 7])
    api.getServer.mockResolvedValue(serverDetail('723658', { is_member: false }))
    await store.load()
    expect(store.isMember).toBe(false)
  })

  it('joins the current server and shows the counts of the answer', async () => {
    const { api, members, store } = setup()
    api.getServer.mockResolvedValue(serverDetail('723658', { is_member: false, member_count: 10, online_count: 2 }))
    await store.load()
    const answer = deferred<{ server_id: string, is_member: boolean, member_count: number, online_count: number }>()
    members.join.mockReturnValue(answer.promise)
    const joining = store.join()
    expect(store.isJoining).toBe(true)
    answer.resolve({ server_id: '723658', is_member: true, member_count: 11, online_count: 3 })
    await joining
    expect(members.join).toHaveBeenCalledWith('723658')
    expect([store.isJoining, store.isMember, store.detail?.member_count, store.onlineCount]).toEqual([false, true, 11, 3])
  })

  it('keeps the user a non-member with a message when joining fails', async () => {
    const { api, members, store } = setup()
    api.getServer.mockResolvedValue(serverDetail('723658', { is_member: false }))
    await store.load()
    members.join.mockRejectedValue(failedRequest())
    await store.join()
    expect(store.isMember).toBe(false)
    expect(store.joinError).toBe('请求异常')
  })

  it('applies the counts of gateway events about the current server only', async () => {
    const { api, store } = setup()
    api.getServer.mockResolvedValue(serverDetail('723658', { member_count: 10, online_count: 2 }))
    await store.load()
    store.applyCounts({ server_id: '723658', online_count: 5 })
    store.applyCounts({ server_id: '723658', member_count: 11 })
    store.applyCounts({ server_id: '832828', member_count: 99, online_count: 99 })
    expect([store.detail?.member_count, store.onlineCount]).toEqual([11, 5])
  })

  it("loads every server's icon once for the desktop rail, and keeps none when the list fails", async () => {
    const { api, logger, store } = setup()
    api.listServers.mockRejectedValueOnce(failedRequest())
    await store.loadIcons()
    expect(store.icons.size).toBe(0)
    expect(logger.warn).toHaveBeenCalled()
    const listed = (serverId: string, icon: string) => ({ server_id: serverId, name: serverId, sub_domain: '', icon, introduction: '', member_count: 0 })
    api.listServers.mockResolvedValueOnce([listed('723658', 'https://cdn.example/s1.png'), listed('832828', '')])
    await store.loadIcons()
    expect(Array.from(store.icons)).toEqual([['723658', 'https://cdn.example/s1.png']])
    await store.loadIcons()
    expect(api.listServers).toHaveBeenCalledTimes(2)
  })
})
