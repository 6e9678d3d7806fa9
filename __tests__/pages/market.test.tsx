import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import type { InteractionEvent, MapCfgData } from '@core/wire/api'
import { ChannelType, MapCategory } from '@core/wire/entities'
import Market from '@/pages/market/index'
import { firstInteractionEvent } from '@/services/api'
import { RequestError } from '@/services/request/errors'
import { channel, failedRequest, fakeApi, type FakeApi } from '../stores/support/fakes'
import { mountPage, spyToasts, toastTitles, unmountPages } from '../support/page-harness'
import { forgetHooks, runHook } from './home-taro-hooks'

jest.mock('@tarojs/taro', () => jest.requireActual('./home-taro-hooks').recordingTaro())

function event (eventId: string, overrides: Partial<InteractionEvent> = {}): InteractionEvent {
  return { event_id: eventId, type: 'welcome', title: `标题 ${eventId}`, text: `说明 ${eventId}`, image: '/files/e.png', price: null, video_url: null, ...overrides }
}

const WELCOME = event('welcome', { title: '欢迎光临', text: '随便逛逛' })
const PRODUCT = event('product', { type: 'product', title: '星空灯', price: 129900 })
const VIDEO = event('video', { type: 'video', title: '发布会', video_url: 'https://cdn.example/launch.mp4' })

function showroom (events: InteractionEvent[], overrides: Partial<MapCfgData> = {}): MapCfgData {
  return {
    channel_id: 'c8',
    server_id: '832828',
    map: { map_category: MapCategory.ThreeD, background: '/files/map.png', width: 1600, height: 900 },
    hotspots: events.map((item, index) => ({ hotspot_id: `h-${item.event_id}`, x: 0.2 + index * 0.3, y: 0.5, title: `点位 ${item.event_id}`, event_id: item.event_id })),
    interaction_events: events,
    ...overrides,
  }
}

function answering (data: MapCfgData): FakeApi {
  const api = fakeApi()
  api.getShowroom.mockResolvedValue({ data, firstEvent: firstInteractionEvent(data) })
  return api
}

const SHOWROOM_QUERY = { sid: '832828', cid: 'c8' }

let toasts: jest.SpyInstance
beforeEach(() => { toasts = spyToasts() })
afterEach(() => {
  unmountPages()
  forgetHooks()
  jest.restoreAllMocks()
})

async function card (testUtils: TestUtils): Promise<Element> {
  return testUtils.queries.waitForQuerySelector('.interaction-card')
}

describe('Market page (SPEC §2 sales demonstration platform)', () => {
  it('asks for the showroom of the server and channel in the query (sid, cid)', async () => {
    const { api, testUtils } = await mountPage(Market, { api: answering(showroom([WELCOME])), params: SHOWROOM_QUERY })
    await card(testUtils)
    expect(api.getShowroom).toHaveBeenCalledWith({ server_id: '832828', channel_id: 'c8' })
  })

  it('marks its showroom as the open channel (the desktop column highlights it) until it closes', async () => {
    const page = await mountPage(Market, { api: answering(showroom([WELCOME])), params: SHOWROOM_QUERY })
    await card(page.testUtils)
    expect(page.root.channel.shownChannelId).toBe('c8')
    runHook('useDidHide') // another page opened over it
    expect(page.root.channel.shownChannelId).toBeNull()
    page.root.channel.markShown('c8')
    unmountPages()
    expect(page.root.channel.shownChannelId).toBeNull()
  })

  it('shows the map at its own aspect ratio with the hotspots placed at their fractions', async () => {
    const { testUtils } = await mountPage(Market, { api: answering(showroom([WELCOME, PRODUCT])), params: SHOWROOM_QUERY })
    const map = await testUtils.queries.waitForQuerySelector('.showroom-map') as HTMLElement
    expect(map.style.paddingTop).toBe('56.25%')
    expect(map.querySelector('.showroom-map__background')?.getAttribute('src')).toBe('/files/map.png')
    const spots = Array.from(map.querySelectorAll('.showroom-map__hotspot')) as HTMLElement[]
    expect(spots.map(spot => [spot.textContent, spot.style.left, spot.style.top])).toEqual([
      ['点位 welcome', '20%', '50%'],
      ['点位 product', '50%', '50%'],
    ])
  })

  it('plays a welcome first event as the page opens: its card shows', async () => {
    const { testUtils } = await mountPage(Market, { api: answering(showroom([WELCOME, PRODUCT])), params: SHOWROOM_QUERY })
    const shown = await card(testUtils)
    expect(shown.className).toContain('interaction-card--welcome')
    expect(shown.textContent).toContain('欢迎光临')
    expect(shown.textContent).toContain('随便逛逛')
  })

  it('plays a product first event as the page opens: its card shows the price in yuan', async () => {
    const { testUtils } = await mountPage(Market, { api: answering(showroom([PRODUCT])), params: SHOWROOM_QUERY })
    const shown = await card(testUtils)
    expect(shown.className).toContain('interaction-card--product')
    expect(shown.querySelector('.interaction-card__price')?.textContent).toBe('¥1,299.00')
  })

  it('plays a video first event as the page opens: the video starts', async () => {
    jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined) // jsdom plays no media
    const { testUtils } = await mountPage(Market, { api: answering(showroom([VIDEO])), params: SHOWROOM_QUERY })
    const shown = await card(testUtils)
    const video = shown.querySelector('taro-video-core')
    expect(video?.getAttribute('src')).toBe('https://cdn.example/launch.mp4')
    expect(video?.getAttribute('autoplay')).toBe('true')
    expect(video?.getAttribute('muted')).toBe('true') // a browser starts a video on its own only muted
  })

  it('opens the card of a tapped hotspot', async () => {
    const { testUtils } = await mountPage(Market, { api: answering(showroom([WELCOME, PRODUCT])), params: SHOWROOM_QUERY })
    await card(testUtils)
    const spot = testUtils.queries.queryByText('点位 product', '.showroom-map__label')
    testUtils.fireEvent.click(spot)
    const shown = await testUtils.queries.waitForQuerySelector('.interaction-card--product')
    expect(shown.textContent).toContain('星空灯')
  })

  it('closes the card with its close button', async () => {
    const { testUtils } = await mountPage(Market, { api: answering(showroom([WELCOME])), params: SHOWROOM_QUERY })
    await card(testUtils)
    testUtils.fireEvent.click(testUtils.queries.querySelector('.interaction-card__close') as Element)
    await testUtils.queries.waitForQuerySelector('.showroom-map')
    await testUtils.act(async () => { await Promise.resolve() })
    expect(testUtils.queries.querySelector('.interaction-card')).toBeNull()
  })

  it('shows the map and says the showroom is empty when it has no interaction events', async () => {
    const { testUtils } = await mountPage(Market, { api: answering(showroom([])), params: SHOWROOM_QUERY })
    expect(await testUtils.queries.waitForQueryByText('这个展厅还没有互动内容')).toBeTruthy()
    expect(testUtils.queries.querySelector('.showroom-map')).not.toBeNull()
    expect(testUtils.queries.querySelector('.interaction-card')).toBeNull()
  })

  it('renders user-supplied text as text, never as HTML', async () => {
    const hostile = event('x', { title: '<img src=x onerror=alert(1)>', text: '<b>bold</b>' })
    const { testUtils } = await mountPage(Market, { api: answering(showroom([hostile])), params: SHOWROOM_QUERY })
    const shown = await card(testUtils)
    expect(shown.textContent).toContain('<img src=x onerror=alert(1)>')
    expect(shown.querySelector('.interaction-card__body img, .interaction-card__body b')).toBeNull()
  })

  it('shows the failure with a retry, toasts it, and shows the showroom once the retry succeeds', async () => {
    const api = fakeApi()
    api.getShowroom.mockRejectedValueOnce(failedRequest())
    const { testUtils } = await mountPage(Market, { api, params: SHOWROOM_QUERY })
    const retry = await testUtils.queries.waitForQueryByText('重试')
    expect(testUtils.queries.queryByText('请求异常')).toBeTruthy()
    expect(toastTitles(toasts)).toEqual(['请求异常'])
    const data = showroom([WELCOME])
    api.getShowroom.mockResolvedValue({ data, firstEvent: firstInteractionEvent(data) })
    testUtils.fireEvent.click(retry)
    expect((await card(testUtils)).textContent).toContain('欢迎光临')
    expect(api.getShowroom).toHaveBeenCalledTimes(2)
  })

  it('says once that a channel the server does not know is no showroom, with a way home and no retry', async () => {
    const api = fakeApi()
    api.getShowroom.mockRejectedValue(new RequestError({ kind: 'server', code: 404000, status: 404, message: 'query.channel_id: no channel' }))
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'ok' })
    const { testUtils } = await mountPage(Market, { api, params: { sid: '832828', cid: 'nope' } })
    const home = await testUtils.queries.waitForQueryByText('返回首页')
    expect(testUtils.queries.queryByText('找不到这个展厅：频道不存在或不是展厅频道')).toBeTruthy()
    expect(testUtils.queries.queryByText('重试')).toBeNull()
    expect(toasts).not.toHaveBeenCalled() // said once, on the page
    testUtils.fireEvent.click(home)
    await testUtils.act(async () => { await Promise.resolve() })
    expect(reLaunch).toHaveBeenCalledWith({ url: '/index.html?server_id=832828&sid=832828' })
  })

  it('looks in the first configured server when the query names none (SPEC §3)', async () => {
    const { api, testUtils } = await mountPage(Market, { api: answering(showroom([WELCOME])), params: { channel_id: 'c8' } })
    await card(testUtils)
    expect(api.getShowroom).toHaveBeenCalledWith({ server_id: '723658', channel_id: 'c8' })
  })

  it('opens the server\'s first showroom when the channel id is missing', async () => {
    const api = answering(showroom([WELCOME]))
    api.listChannels.mockResolvedValue([{ group: null, channels: [channel('83282810', { server_id: '832828', channel_type: ChannelType.Metaverse })] }])
    await mountPage(Market, { api, params: { sid: '832828' } })
    expect(api.getShowroom).toHaveBeenCalledWith({ server_id: '832828', channel_id: '83282810' })
  })

  it('says once, on the page, that a server without a showroom has none, and leads home', async () => {
    const api = fakeApi()
    api.listChannels.mockResolvedValue([])
    const { testUtils } = await mountPage(Market, { api, params: { sid: '832828' } })
    expect(await testUtils.queries.waitForQueryByText('这个社区还没有展厅')).toBeTruthy()
    expect(testUtils.queries.queryByText('返回首页')).toBeTruthy()
    expect(api.getShowroom).not.toHaveBeenCalled()
    expect(toasts).not.toHaveBeenCalled()
  })

  it('shows that it is loading until the showroom arrives', async () => {
    const api = fakeApi()
    api.getShowroom.mockReturnValue(new Promise(() => undefined))
    const { testUtils } = await mountPage(Market, { api, params: SHOWROOM_QUERY })
    expect(await testUtils.queries.waitForQueryByText('加载中…')).toBeTruthy()
  })
})

describe('Market diagnostics', () => {
  it('shows the debug panel with debug', async () => {
    const { testUtils } = await mountPage(Market, { api: answering(showroom([WELCOME])), params: { ...SHOWROOM_QUERY, debug: '1' } })
    const panel = await testUtils.queries.waitForQuerySelector('.debug-panel')
    expect(panel.textContent).toContain('版本号 10001')
  })
})
