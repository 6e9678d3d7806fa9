import { ChannelKind, ChannelType, type ChannelGroup } from '@core/wire/entities'
import { ChannelStore } from '@/stores/channels/channel-store'
import { ServerStore } from '@/stores/servers/server-store'
import { auditRejection, channel, deferred, failedRequest, fakeApi, fakeLogger, type FakeApi, fakeMembersApi } from '../support/fakes'

const group = channel('g1', { kind: ChannelKind.Group, name: '大厅', sort: 1 })
const chat = channel('c1', { parent_id: 'g1', sort: 1 })
const top = channel('t1', { channel_type: ChannelType.Live })
const GROUPS: ChannelGroup[] = [{ group: null, channels: [top] }, { group, channels: [chat] }]

function setup () {
  const api: FakeApi = fakeApi()
  const logger = fakeLogger()
  const server = new ServerStore(api, { members: fakeMembersApi(), logger })
  return { api, server, store: new ChannelStore(api, server, logger) }
}

describe('ChannelStore: the list', () => {
  it("shows the current server's channels as grouped by the API", async () => {
    const { api, store } = setup()
    api.listChannels.mockResolvedValue(GROUPS)
    await store.load()
    expect(api.listChannels).toHaveBeenCalledWith('723658')
    expect([store.status, store.groups, store.serverId]).toEqual(['ready', GROUPS, '723658'])
  })

  it('reads the list again on refresh, keeping it shown until the answer; nothing before a list was asked for', async () => {
    const { api, store } = setup()
    await store.refresh()
    expect(api.listChannels).not.toHaveBeenCalled()
    api.listChannels.mockResolvedValue(GROUPS)
    await store.load()
    const again = deferred<ChannelGroup[]>()
    api.listChannels.mockReturnValue(again.promise)
    const refreshed = store.refresh()
    expect([store.status, store.groups]).toEqual(['ready', GROUPS])
    again.resolve([{ group: null, channels: [top] }])
    await refreshed
    expect(store.channels).toEqual([top])
  })

  it('is loading while the list is on its way', () => {
    const { api, store } = setup()
    api.listChannels.mockReturnValue(deferred<ChannelGroup[]>().promise)
    void store.load()
    expect(store.status).toBe('loading')
  })

  it('is empty when the server has no channels', async () => {
    const { api, store } = setup()
    api.listChannels.mockResolvedValue([])
    await store.load()
    expect(store.status).toBe('empty')
  })

  it('is empty when the server has only group headers', async () => {
    const { api, store } = setup()
    api.listChannels.mockResolvedValue([{ group, channels: [] }])
    await store.load()
    expect(store.status).toBe('empty')
  })

  it('shows the error and loads on retry', async () => {
    const { api, store } = setup()
    api.listChannels.mockRejectedValueOnce(failedRequest())
    await store.load()
    expect([store.status, store.error, store.groups]).toEqual(['error', '请求异常', []])
    api.listChannels.mockResolvedValue(GROUPS)
    await store.load()
    expect([store.status, store.error]).toEqual(['ready', null])
  })

  it("drops another server's channels when loading the current one", async () => {
    const { api, server, store } = setup()
    api.listChannels.mockResolvedValueOnce(GROUPS)
    await store.load()
    server.select({ params: { sid: '832828' } })
    api.listChannels.mockReturnValue(deferred<ChannelGroup[]>().promise)
    void store.load()
    expect([store.groups, store.serverId]).toEqual([[], null])
  })

  it('keeps the shown list while the same server reloads', async () => {
    const { api, store } = setup()
    api.listChannels.mockResolvedValueOnce(GROUPS)
    await store.load()
    api.listChannels.mockReturnValue(deferred<ChannelGroup[]>().promise)
    void store.load()
    expect(store.groups).toEqual(GROUPS)
  })

  it('finds a channel by id, group headers included', async () => {
    const { api, store } = setup()
    api.listChannels.mockResolvedValue(GROUPS)
    await store.load()
    expect([store.findChannel('c1'), store.findChannel('g1'), store.findChannel('zz')]).toEqual([chat, group, null])
    expect(store.channels).toEqual([top, group, chat])
  })
})

describe('ChannelStore: creating channels (SPEC §4, §5)', () => {
  it('offers only types 1, 3 and 8', () => {
    const { store } = setup()
    expect([...store.creatableTypes]).toEqual([1, 3, 8])
    expect([store.canCreate(ChannelType.Post), store.canCreate(ChannelType.Voice)]).toEqual([true, false])
  })

  it('refuses a type users may not create without asking the server', async () => {
    const { api, store } = setup()
    await expect(store.createChannel({ title: '语音', channel_type: ChannelType.Voice })).resolves.toBeNull()
    expect(api.createChannel).not.toHaveBeenCalled()
    expect([store.createStatus, store.createError]).toEqual(['error', '暂不支持该功能'])
  })

  it('adds a created channel to the list in its place', async () => {
    const { api, store } = setup()
    api.listChannels.mockResolvedValue(GROUPS)
    await store.load()
    const created = channel('c0', { parent_id: 'g1', sort: 0, channel_type: ChannelType.Post })
    api.createChannel.mockResolvedValue(created)
    await expect(store.createChannel({ title: 'c0', channel_type: ChannelType.Post, parent_id: 'g1' })).resolves.toBe(created)
    expect(api.createChannel).toHaveBeenCalledWith('723658', { title: 'c0', channel_type: ChannelType.Post, parent_id: 'g1' })
    expect(store.groups[1].channels).toEqual([created, chat])
    expect([store.createStatus, store.status]).toEqual(['ready', 'ready'])
  })

  it('turns an empty list into a shown one when the first channel is created', async () => {
    const { api, store } = setup()
    api.listChannels.mockResolvedValue([])
    await store.load()
    api.createChannel.mockResolvedValue(channel('new'))
    await store.createChannel({ title: 'new', channel_type: ChannelType.Discussion })
    expect([store.status, store.channels.map(c => c.channel_id)]).toEqual(['ready', ['new']])
  })

  it('leaves the list alone when it holds another server', async () => {
    const { api, server, store } = setup()
    api.listChannels.mockResolvedValue(GROUPS)
    await store.load()
    server.select({ params: { sid: '275902' } })
    api.createChannel.mockResolvedValue(channel('elsewhere', { server_id: '275902' }))
    await store.createChannel({ title: 'elsewhere', channel_type: ChannelType.Discussion })
    expect(api.createChannel).toHaveBeenCalledWith('275902', expect.anything())
    expect(store.findChannel('elsewhere')).toBeNull()
  })

  it('shows a rejected title on the title field (104001)', async () => {
    const { api, store } = setup()
    api.createChannel.mockRejectedValue(auditRejection(104001, '标题未通过审核，请修改后重试', 'title'))
    await expect(store.createChannel({ title: '坏标题', channel_type: ChannelType.Discussion, icon: 'https://cdn.example/i.png' })).resolves.toBeNull()
    expect(store.createFieldErrors).toEqual({ title: '标题未通过审核，请修改后重试' })
    expect([store.createStatus, store.createError]).toEqual(['error', '标题未通过审核，请修改后重试'])
  })

  it('shows a rejected icon on the icon field (104004)', async () => {
    const { api, store } = setup()
    api.createChannel.mockRejectedValue(auditRejection(104004, '图标未通过审核，请更换后重试', 'icon'))
    await store.createChannel({ title: '好标题', channel_type: ChannelType.Metaverse, icon: 'https://cdn.example/bad.png' })
    expect(store.createFieldErrors).toEqual({ icon: '图标未通过审核，请更换后重试' })
  })

  it('places a generic rejection on the title when no icon was sent', async () => {
    const { api, store } = setup()
    api.createChannel.mockRejectedValue(auditRejection(104999, '内容未通过审核'))
    await store.createChannel({ title: '标题', channel_type: ChannelType.Discussion })
    expect(store.createFieldErrors).toEqual({ title: '内容未通过审核' })
  })

  it('shows any other failure as the creation error only', async () => {
    const { api, store } = setup()
    api.createChannel.mockRejectedValue(failedRequest())
    await store.createChannel({ title: '标题', channel_type: ChannelType.Discussion })
    expect([store.createFieldErrors, store.createError]).toEqual([{}, '请求异常'])
  })

  it('clears old field messages when creating again', async () => {
    const { api, store } = setup()
    api.createChannel.mockRejectedValueOnce(auditRejection(104001, '标题未通过审核', 'title'))
    await store.createChannel({ title: '坏', channel_type: ChannelType.Discussion })
    api.createChannel.mockResolvedValue(channel('ok'))
    await store.createChannel({ title: 'ok', channel_type: ChannelType.Discussion })
    expect([store.createFieldErrors, store.createError]).toEqual([{}, null])
  })
})

describe('ChannelStore: the channel a page shows', () => {
  it('follows the channel page shown, and forgets it when that page hides', () => {
    const { store } = setup()
    store.markShown('c1')
    expect(store.shownChannelId).toBe('c1')
    store.markShown(null, 'c1')
    expect(store.shownChannelId).toBeNull()
  })

  it('keeps the newer channel page when the older one hides after it was shown', () => {
    const { store } = setup()
    store.markShown('c1')
    store.markShown('c2')
    store.markShown(null, 'c1')
    expect(store.shownChannelId).toBe('c2')
  })
})
