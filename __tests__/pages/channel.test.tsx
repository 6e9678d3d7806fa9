import Taro from '@tarojs/taro'
import { ChannelKind, ChannelType, LiveFlag, MediaType, type Message, type Post } from '@core/wire/entities'
import ChannelPage from '@/pages/channel/index'
import { channel, failedRequest, fakeApi, liveItem, paged, user, type FakeApi } from '../stores/support/fakes'
import { cleanUp, liveItems, NOW_S, openPage, type PlayedPage } from './home-harness'

jest.mock('@tarojs/taro', () => jest.requireActual('./home-taro-hooks').recordingTaro())
// Taro's Video is a web component that loads hls.js and plays media, which jsdom cannot:
// the test sees what the page hands it as a plain <video>.
jest.mock('@tarojs/components', () => {
  const { createElement } = jest.requireActual('react')
  const Video = ({ className, src, poster }: { className?: string, src: string, poster?: string }) => createElement('video', { className, src, poster })
  return { ...jest.requireActual('@tarojs/components'), Video }
})

let page: PlayedPage | null = null
let showToast: jest.SpyInstance

beforeEach(() => {
  showToast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
  jest.spyOn(Taro, 'setNavigationBarTitle').mockRejectedValue(new Error('the H5 bar writes HTML: never used for a title'))
  jest.spyOn(console, 'info').mockImplementation(() => undefined)
})

afterEach(() => {
  cleanUp()
  page = null
})

function message (id: string, content: string, nickname: string): Message {
  return { message_id: id, channel_id: 'c-news', author: user({ uid: `u-${id}`, nickname }), content, created_at: NOW_S - 60 }
}

function post (id: string, title: string): Post {
  return { post_id: id, channel_id: 'c-posts', author: user({ uid: 'u1', nickname: '林晓' }), title, content: `${title}的正文`, cover: '', created_at: NOW_S - 3600 }
}

/** A fake API with one channel of `type`. */
function channelApi (channelId: string, type: ChannelType, name: string): FakeApi {
  const api = fakeApi()
  api.getChannel.mockResolvedValue(channel(channelId, { channel_type: type, name, kind: type === ChannelType.Live ? ChannelKind.LiveTab : ChannelKind.Channel }))
  return api
}

function video (): Element | null {
  return document.querySelector('.channel-page__video')
}

function toasts (): string[] {
  return showToast.mock.calls.map(([options]) => options.title)
}

describe('channel page: a discussion', () => {
  it('lists its messages as text, newest first, and is titled with the channel name', async () => {
    const api = channelApi('c-news', ChannelType.Discussion, '公告')
    api.listMessages.mockResolvedValue(paged([message('m2', '<script>alert(1)</script>', 'Alex'), message('m1', '大家好', '林晓')], 1, false))
    page = await openPage(ChannelPage, { api, params: { channel_id: 'c-news' } })
    expect(api.listMessages).toHaveBeenCalledWith('c-news', { page: 1, page_size: 20 })
    const rows = Array.from(document.querySelectorAll('[data-testid="message"]')).map(node => node.textContent)
    expect(rows).toEqual(['Alex01-01 11:59<script>alert(1)</script>', '林晓01-01 11:59大家好'])
    expect(document.querySelector('.channel-page script')).toBeNull()
    await Promise.resolve()
    expect(document.title).toBe('公告') // as text, not through the H5 bar's HTML
    expect(document.querySelector('.page-header__title')?.textContent).toBe('公告')
    expect(page.text()).toContain('没有更多了')
  })

  it('says when there are no messages yet', async () => {
    const api = channelApi('c-news', ChannelType.Discussion, '公告')
    api.listMessages.mockResolvedValue(paged([], 1, false))
    page = await openPage(ChannelPage, { api, params: { cid: 'c-news' } })
    expect(page.text()).toContain('还没有消息')
  })
})

describe('channel page: a post channel', () => {
  it('lists its posts and loads the next page at the bottom', async () => {
    const api = channelApi('c-posts', ChannelType.Post, '作品分享')
    api.listPosts
      .mockResolvedValueOnce(paged([post('p1', '星空延时')], 1, true))
      .mockResolvedValueOnce(paged([post('p2', '像素小镇')], 2, false))
    page = await openPage(ChannelPage, { api, params: { channel_id: 'c-posts' } })
    expect(page.text()).toContain('星空延时的正文')
    expect(page.text()).not.toContain('像素小镇')
    await page.play('useReachBottom')
    expect(api.listPosts).toHaveBeenLastCalledWith('c-posts', { page: 2, page_size: 20 })
    const titles = Array.from(document.querySelectorAll('.channel-page__post-title')).map(node => node.textContent)
    expect(titles).toEqual(['星空延时', '像素小镇'])
  })

  it('says when there are no posts yet', async () => {
    const api = channelApi('c-posts', ChannelType.Post, '作品分享')
    api.listPosts.mockResolvedValue(paged([], 1, false))
    page = await openPage(ChannelPage, { api, params: { channel_id: 'c-posts' } })
    expect(page.text()).toContain('还没有帖子')
  })
})

describe('channel page: a live channel', () => {
  function liveApi (): FakeApi {
    const api = channelApi('c-live', ChannelType.Live, '直播间')
    api.listChannelLives.mockResolvedValue(paged(liveItems().filter(item => item.channel_id === 'c-live'), 1, false))
    return api
  }

  it('plays the item asked for, with its state badge', async () => {
    page = await openPage(ChannelPage, { api: liveApi(), params: { channel_id: 'c-live', live_id: 'l-replay' } })
    expect(video()?.getAttribute('src')).toBe('https://cdn.example/live.m3u8')
    expect(document.querySelector('.channel-page__now')?.textContent).toBe('回放上周回放')
    expect(page.text()).toContain('时长 1:30:00')
  })

  it('plays an HLS stream on air when no item is asked for', async () => {
    const api = channelApi('c-live', ChannelType.Live, '直播间')
    api.listChannelLives.mockResolvedValue(paged([liveItem('l-on', { channel_id: 'c-live', title: '星空夜话', started_at: NOW_S - 600 })], 1, false))
    page = await openPage(ChannelPage, { api, params: { channel_id: 'c-live' } })
    expect(video()?.getAttribute('src')).toBe('https://cdn.example/live.m3u8')
    expect(document.querySelector('.channel-page__now')?.textContent).toBe('直播中星空夜话')
  })

  it('plays an ended mp4 back', async () => {
    const api = channelApi('c-live', ChannelType.Live, '直播间')
    api.listChannelLives.mockResolvedValue(paged([
      liveItem('l-mp4', { channel_id: 'c-live', type: MediaType.Record, is_live: LiveFlag.OnAir, play_url: 'https://cdn.example/film.mp4', started_at: NOW_S - 7200, duration: 3600, title: '精彩回放' }),
    ], 1, false))
    page = await openPage(ChannelPage, { api, params: { channel_id: 'c-live' } })
    expect(video()?.getAttribute('src')).toBe('https://cdn.example/film.mp4')
    expect(document.querySelector('.channel-page__now')?.textContent).toBe('回放精彩回放')
  })

  it('shows a reserved item’s start time instead of a player', async () => {
    page = await openPage(ChannelPage, { api: liveApi(), params: { channel_id: 'c-live' } })
    await page.tap('.channel-page__list .live-card', '明晚预告')
    expect(video()).toBeNull()
    expect(document.querySelector('.channel-page__poster')?.textContent).toBe('直播尚未开始，开播时间 2024-01-02 12:00（UTC+8）')
    expect(document.querySelector('.channel-page__now')?.textContent).toBe('预约明晚预告')
  })

  it('says when the channel has no live items', async () => {
    const api = channelApi('c-live', ChannelType.Live, '直播间')
    api.listChannelLives.mockResolvedValue(paged([], 1, false))
    page = await openPage(ChannelPage, { api, params: { channel_id: 'c-live' } })
    expect(page.text()).toContain('还没有直播')
  })
})

describe('channel page: errors and other channels', () => {
  it('shows the error with the loader toast, and the retry loads the channel', async () => {
    const api = channelApi('c-news', ChannelType.Discussion, '公告')
    api.getChannel.mockRejectedValueOnce(failedRequest())
    api.listMessages.mockResolvedValue(paged([message('m1', '大家好', '林晓')], 1, false))
    page = await openPage(ChannelPage, { api, params: { channel_id: 'c-news' } })
    expect(document.querySelector('.state-view--error')?.textContent).toContain('请求异常')
    expect(toasts()).toEqual(['请求异常'])
    await page.tap('.state-view__retry')
    expect(page.text()).toContain('大家好')
  })

  it('retries only the list when the channel loaded but its list failed', async () => {
    const api = channelApi('c-posts', ChannelType.Post, '作品分享')
    api.listPosts.mockRejectedValueOnce(failedRequest()).mockResolvedValueOnce(paged([post('p1', '星空延时')], 1, false))
    page = await openPage(ChannelPage, { api, params: { channel_id: 'c-posts' } })
    await page.tap('.state-view__retry')
    expect(api.getChannel).toHaveBeenCalledTimes(1)
    expect(page.text()).toContain('星空延时')
  })

  it('says a channel of another type cannot be viewed here', async () => {
    page = await openPage(ChannelPage, { api: channelApi('c-voice', ChannelType.Voice, '语音茶室'), params: { channel_id: 'c-voice' } })
    expect(page.text()).toContain('暂不支持查看此类频道')
  })

  it('says the page does not exist without a channel', async () => {
    const api = fakeApi()
    page = await openPage(ChannelPage, { api })
    expect(page.text()).toContain('页面不存在')
    expect(api.getChannel).not.toHaveBeenCalled()
  })
})
