import type { InteractionEvent, MapCfgData } from '@core/wire/api'
import { ChannelKind, ChannelType, MapCategory } from '@core/wire/codes'
import type { ChannelGroup } from '@core/wire/entities'
import { firstInteractionEvent } from '@/services/api'
import { RequestError } from '@/services/request/errors'
import { ShowroomStore } from '@/stores/space/showroom-store'
import { deferred, failedRequest, fakeApi, fakeLogger, type FakeApi } from '../support/fakes'

function event (eventId: string, overrides: Partial<InteractionEvent> = {}): InteractionEvent {
  return { event_id: eventId, type: 'welcome', title: eventId, text: '', image: '', price: null, video_url: null, ...overrides }
}

function showroomData (overrides: Partial<MapCfgData> = {}): MapCfgData {
  return {
    channel_id: 'c8',
    server_id: '832828',
    map: { map_category: MapCategory.ThreeD, background: '/files/map.png', width: 1600, height: 900 },
    hotspots: [{ hotspot_id: 'h1', x: 0.25, y: 0.5, title: '前台', event_id: 'e1' }, { hotspot_id: 'h2', x: 0.75, y: 0.4, title: '新品', event_id: 'e2' }],
    interaction_events: [event('e1'), event('e2', { type: 'product', price: 1990 })],
    ...overrides,
  }
}

function answer (api: FakeApi, data: MapCfgData): void {
  api.getShowroom.mockResolvedValue({ data, firstEvent: firstInteractionEvent(data) })
}

function setup () {
  const api = fakeApi()
  return { api, store: new ShowroomStore(api, fakeLogger()) }
}

const query = { server_id: '832828', channel_id: 'c8' }

describe('ShowroomStore', () => {
  it('asks for the showroom of the server and channel it is given', async () => {
    const { api, store } = setup()
    answer(api, showroomData())
    await expect(store.load(query)).resolves.toBe(true)
    expect(api.getShowroom).toHaveBeenCalledWith({ server_id: '832828', channel_id: 'c8' })
    expect([store.status, store.error, store.problem]).toEqual(['ready', null, null])
  })

  it('opens the first interaction event when the showroom arrives (SPEC §7)', async () => {
    const { api, store } = setup()
    answer(api, showroomData())
    await store.load(query)
    expect(store.firstEvent?.event_id).toBe('e1')
    expect(store.openedEvent?.event_id).toBe('e1')
  })

  it('opens the event of a tapped hotspot and closes it again', async () => {
    const { api, store } = setup()
    answer(api, showroomData())
    await store.load(query)
    expect(store.openEvent('e2')).toBe(true)
    expect(store.openedEvent?.type).toBe('product')
    store.closeEvent()
    expect(store.openedEvent).toBeNull()
  })

  it('keeps the open card when asked to open an event the showroom does not have', async () => {
    const { api, store } = setup()
    answer(api, showroomData())
    await store.load(query)
    expect(store.openEvent('nope')).toBe(false)
    expect(store.openedEvent?.event_id).toBe('e1')
  })

  it('is empty, with its map and no card, when the showroom has no interaction events', async () => {
    const { api, store } = setup()
    answer(api, showroomData({ hotspots: [], interaction_events: [] }))
    await expect(store.load(query)).resolves.toBe(true)
    expect([store.status, store.firstEvent, store.openedEvent]).toEqual(['empty', null, null])
    expect(store.map).toEqual({ background: '/files/map.png', width: 1600, height: 900 })
  })

  it('places only hotspots inside the map that open a known event', async () => {
    const { api, store } = setup()
    answer(api, showroomData({
      hotspots: [
        { hotspot_id: 'ok', x: 0, y: 1, title: 'edge', event_id: 'e1' },
        { hotspot_id: 'outside', x: 1.5, y: 0.5, title: 'x', event_id: 'e1' },
        { hotspot_id: 'nan', x: Number.NaN, y: 0.5, title: 'x', event_id: 'e1' },
        { hotspot_id: 'dangling', x: 0.5, y: 0.5, title: 'x', event_id: 'gone' },
      ],
    }))
    await store.load(query)
    expect(store.hotspots.map(spot => spot.hotspot_id)).toEqual(['ok'])
  })

  it('gives a map without a usable size the 16:9 shape', async () => {
    const { api, store } = setup()
    answer(api, showroomData({ map: { map_category: MapCategory.ThreeD, background: '/m.png', width: 0, height: Number.NaN } }))
    await store.load(query)
    expect(store.map).toEqual({ background: '/m.png', width: 16, height: 9 })
  })

  it('reads an answer without hotspot or event lists as an empty showroom', async () => {
    const { api, store } = setup()
    const broken = { ...showroomData(), hotspots: null, interaction_events: undefined } as unknown as MapCfgData
    api.getShowroom.mockResolvedValue({ data: broken, firstEvent: null })
    await store.load(query)
    expect([store.status, store.hotspots, store.events]).toEqual(['empty', [], []])
  })

  it('opens the server\'s first showroom when no channel is named', async () => {
    const { api, store } = setup()
    const world = { channel_id: 'g9', server_id: '832828', channel_type: ChannelType.Discussion, kind: ChannelKind.Group, name: '元宇宙', sort: 9 }
    api.listChannels.mockResolvedValue([
      { group: null, channels: [{ ...world, channel_id: 'c1', kind: ChannelKind.Channel, name: '公告', sort: 0 }] },
      { group: world, channels: [{ ...world, channel_id: 'c8', channel_type: ChannelType.Metaverse, kind: ChannelKind.Channel, name: '3D 展厅', sort: 10 }] },
    ] as unknown as ChannelGroup[])
    answer(api, showroomData())
    await expect(store.load({ server_id: '832828', channel_id: ' ' })).resolves.toBe(true)
    expect(api.getShowroom).toHaveBeenCalledWith({ server_id: '832828', channel_id: 'c8' })
    expect([store.status, store.problem]).toEqual(['ready', null])
  })

  it('says the server has no showroom when no channel is named and it has none', async () => {
    const { api, store } = setup()
    api.listChannels.mockResolvedValue([])
    await expect(store.load({ server_id: '832828' })).resolves.toBe(false)
    expect(api.getShowroom).not.toHaveBeenCalled()
    expect([store.status, store.problem, store.error]).toEqual(['error', 'no-showroom', '这个社区还没有展厅'])
  })

  it('asks for nothing when the server id is missing', async () => {
    const { api, store } = setup()
    await store.load({ channel_id: 'c8' })
    expect(api.getShowroom).not.toHaveBeenCalled()
    expect(store.problem).toBe('no-channel')
  })

  it('tells a channel the server does not know (4xx) apart, in plain words', async () => {
    const { api, store } = setup()
    api.getShowroom.mockRejectedValue(new RequestError({ kind: 'server', code: 404000, status: 404, message: 'query.channel_id: no channel c9 in server 832828' }))
    await store.load({ server_id: '832828', channel_id: 'c9' })
    expect([store.status, store.problem, store.error]).toEqual(['error', 'unknown-channel', '找不到这个展厅：频道不存在或不是展厅频道'])
  })

  it('reports a failed request with its message, worth a retry', async () => {
    const { api, store } = setup()
    api.getShowroom.mockRejectedValue(failedRequest())
    await expect(store.load(query)).resolves.toBe(false)
    expect([store.status, store.problem, store.error]).toEqual(['error', 'failed', '请求异常'])
  })

  it('retries the same showroom when loaded again without arguments', async () => {
    const { api, store } = setup()
    api.getShowroom.mockRejectedValueOnce(failedRequest())
    await store.load(query)
    answer(api, showroomData())
    await expect(store.load()).resolves.toBe(true)
    expect(api.getShowroom).toHaveBeenLastCalledWith(query)
    expect([store.status, store.problem, store.openedEvent?.event_id]).toEqual(['ready', null, 'e1'])
  })

  it('forgets the previous showroom while the next one loads', async () => {
    const { api, store } = setup()
    answer(api, showroomData())
    await store.load(query)
    const next = deferred<never>()
    api.getShowroom.mockReturnValue(next.promise)
    void store.load({ server_id: '832828', channel_id: 'c10' })
    expect([store.status, store.data, store.openedEvent]).toEqual(['loading', null, null])
  })

  it('shows the newer showroom when an older answer arrives late', async () => {
    const { api, store } = setup()
    const slow = deferred<{ data: MapCfgData, firstEvent: InteractionEvent | null }>()
    api.getShowroom.mockReturnValueOnce(slow.promise)
    const first = store.load(query)
    answer(api, showroomData({ channel_id: 'c10', interaction_events: [event('new')] }))
    await store.load({ server_id: '832828', channel_id: 'c10' })
    slow.resolve({ data: showroomData(), firstEvent: event('e1') })
    await first
    expect([store.data?.channel_id, store.openedEvent?.event_id]).toEqual(['c10', 'new'])
  })
})
