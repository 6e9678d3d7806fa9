import type { Paged } from '@core/wire/api'
import { ChannelType, LiveFlag, type LiveItem } from '@core/wire/entities'
import { ChannelContentStore, channelViewOf } from '@/stores/channels/channel-content-store'
import { channel, deferred, fakeApi, fakeLogger, liveItem, manualClock, paged, type FakeApi } from '../support/fakes'

const NOW_MS = 1_700_000_000_000

function storeOn (api: FakeApi): { store: ChannelContentStore, clock: ReturnType<typeof manualClock> } {
  const clock = manualClock(NOW_MS)
  return { store: new ChannelContentStore(api, { clock: clock.now, logger: fakeLogger(), pageSize: 2 }), clock }
}

describe('ChannelContentStore', () => {
  it.each([
    [ChannelType.Discussion, 'chat'], [ChannelType.Post, 'posts'], [ChannelType.Live, 'live'], [ChannelType.LiveBanner, 'live'],
    [ChannelType.Voice, 'unsupported'], [ChannelType.Metaverse, 'unsupported'], [ChannelType.GamePlaza, 'unsupported'], [ChannelType.ExternalLink, 'unsupported'],
  ])('shows a channel of type %p as %p', (type, view) => {
    expect(channelViewOf({ channel_type: type })).toBe(view)
  })

  it('plays a live item asked for whatever the channel type (a live map, for instance)', async () => {
    const api = fakeApi()
    api.getChannel.mockResolvedValue(channel('map', { channel_type: ChannelType.Metaverse }))
    api.listChannelLives.mockResolvedValue(paged([liveItem('a'), liveItem('b', { is_live: LiveFlag.Ended })], 1, false))
    const { store } = storeOn(api)
    await store.open({ channelId: 'map', liveId: 'b' })
    expect(store.content?.view).toBe('live')
    expect(store.played).toEqual({ item: expect.objectContaining({ live_id: 'b' }), state: 'ended' })
  })

  it('loads the next page once, keeps the loaded items when it fails, and ignores items it already has', async () => {
    const api = fakeApi()
    api.getChannel.mockResolvedValue(channel('c1', { channel_type: ChannelType.Live }))
    api.listChannelLives.mockResolvedValueOnce(paged([liveItem('l1'), liveItem('l2')], 1, true))
    const { store } = storeOn(api)
    await store.open({ channelId: 'c1' })
    const next = deferred<Paged<LiveItem>>()
    api.listChannelLives.mockReturnValueOnce(next.promise)
    const loading = store.loadMore()
    await store.loadMore() // already on its way: no second request
    expect(api.listChannelLives).toHaveBeenCalledTimes(2)
    next.resolve(paged([liveItem('l2'), liveItem('l3')], 2, false))
    await loading
    expect(store.content?.view === 'live' && store.content.list.items.map(item => item.live_id)).toEqual(['l1', 'l2', 'l3'])
    await store.loadMore() // no more pages
    expect(api.listChannelLives).toHaveBeenCalledTimes(2)
  })

  it('leaves a discussion to its chat: no list is loaded, nothing more to load', async () => {
    const api = fakeApi()
    api.getChannel.mockResolvedValue(channel('c1'))
    const { store } = storeOn(api)
    await store.open({ channelId: 'c1' })
    await store.loadMore()
    expect([store.content, store.status, store.moreError]).toEqual([{ view: 'chat' }, 'ready', null])
  })

  it('drops the previous channel when another one opens', async () => {
    const api = fakeApi()
    api.getChannel.mockResolvedValueOnce(channel('c1', { name: '一' }))
    const { store } = storeOn(api)
    await store.open({ channelId: 'c1' })
    const second = deferred<ReturnType<typeof channel>>()
    api.getChannel.mockReturnValueOnce(second.promise)
    const opening = store.open({ channelId: 'c2' })
    expect(store.channel).toBeNull()
    expect(store.status).toBe('loading')
    second.resolve(channel('c2', { name: '二', channel_type: ChannelType.Post }))
    await opening
    expect(store.channel?.name).toBe('二')
    // a post channel's feed is the post store's (src/stores/posts/post-feed-store.ts): this store only names it
    expect(store.content).toEqual({ view: 'posts', channelId: 'c2' })
    expect(store.status).toBe('ready')
  })

  it('derives the played item’s state at the time the page is shown', async () => {
    const api = fakeApi()
    api.getChannel.mockResolvedValue(channel('live', { channel_type: ChannelType.Live }))
    api.listChannelLives.mockResolvedValue(paged([liveItem('mp4', { play_url: 'https://cdn.example/a.mp4', started_at: NOW_MS / 1000 - 10, duration: 60 })], 1, false))
    const { store, clock } = storeOn(api)
    await store.open({ channelId: 'live' })
    expect(store.played?.state).toBe('live')
    clock.set(NOW_MS + 60_000)
    store.refreshClock()
    expect(store.played?.state).toBe('ended')
  })
})
