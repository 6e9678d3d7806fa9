import Taro from '@tarojs/taro'
import { ChannelKind, ChannelType, LiveCommentFlag, LiveFlag, MediaType } from '@core/wire/entities'
import { EARLY_JOIN_GLOBAL } from '@core/wire/page-answers'
import ChannelPage from '@/pages/channel/index'
import { envelopeError } from '@/services/request/errors'
import { webNavigator } from '@/router'
import { channel, failedRequest, fakeApi, fakeMembersApi, liveItem, paged, serverDetail, user, type FakeApi } from '../stores/support/fakes'
import { chatMessage, fakeMessagesApi, historyPage, messageId } from '../stores/support/chat-fakes'
import { fakePostsApi, post as postOf } from '../stores/support/posts-fakes'
import { cleanUp, liveItems, NOW_S, openPage, type PlayedPage } from './home-harness'

jest.mock('@tarojs/taro', () => jest.requireActual('./home-taro-hooks').recordingTaro())
// Taro's Video is a web component that loads hls.js and plays media, which jsdom cannot:
// the test sees what the page hands it as a plain <video>.
jest.mock('@tarojs/components', () => {
  const { createElement } = jest.requireActual('react')
  const Video = ({ className, src, poster, onError }: { className?: string, src: string, poster?: string, onError?: () => void }) => createElement('video', { className, src, poster, onError })
  return { ...jest.requireActual('@tarojs/components'), Video }
})

// jsdom lays nothing out and has no scrollIntoView, which the live chat's ScrollView calls to show the newest comment
Element.prototype.scrollIntoView = () => undefined

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

function post (id: string, title: string) {
  return postOf(id, { channel_id: 'c-posts', author: user({ uid: 'u1', nickname: '林晓' }), title, content: `${title}的正文`, created_at: NOW_S - 3600 })
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

/** `api` answering the server detail as a member's (is_member true), for a page opened signed in. */
function asMember (api: FakeApi): FakeApi {
  api.getServer.mockImplementation(async (serverId: string) => serverDetail(serverId, { is_member: true }))
  return api
}

function toasts (): string[] {
  return showToast.mock.calls.map(([options]) => options.title)
}

describe('channel page: a discussion', () => {
  it('shows its chat oldest first, user text as text, and is titled with the channel name', async () => {
    const api = channelApi('c-news', ChannelType.Discussion, '公告')
    const messages = fakeMessagesApi()
    messages.listHistory.mockResolvedValue(historyPage([
      chatMessage(1, { channel_id: 'c-news', content: '大家好' }),
      chatMessage(2, { channel_id: 'c-news', content: '<script>alert(1)</script>' }),
    ], false))
    page = await openPage(ChannelPage, { api, messages, params: { channel_id: 'c-news' } })
    expect(messages.listHistory).toHaveBeenCalledWith('c-news', { limit: 50 })
    const rows = Array.from(document.querySelectorAll('.chat-message__text')).map(node => node.textContent)
    expect(rows).toEqual(['大家好', '<script>alert(1)</script>'])
    expect(document.querySelector('.channel-page script')).toBeNull()
    await Promise.resolve()
    expect(document.title).toBe('公告') // as text, not through the H5 bar's HTML
    expect(document.querySelector('.page-header__title')?.textContent).toBe('公告')
  })

  it('offers a guest who sends a message the sign-in sheet (a bar above the chat, 暂不 declines), the message going out as the guest\'s', async () => {
    const guest = user({ uid: 'B_guest', nickname: '游客1a2b' })
    const api = channelApi('c-news', ChannelType.Discussion, '公告')
    const messages = fakeMessagesApi()
    messages.listHistory.mockResolvedValue(historyPage([chatMessage(1, { channel_id: 'c-news', content: '大家好' })], false))
    messages.sendMessage.mockImplementation(async (_channelId: string, body: { content: string, nonce: string }) => chatMessage(2, { channel_id: 'c-news', content: body.content, nonce: body.nonce, author: guest }))
    // the guest has joined the channel's server (the composer, not the join bar)
    api.getServer.mockImplementation(async (serverId: string) => serverDetail(serverId, { is_member: true }))
    page = await openPage(ChannelPage, { api, messages, signedIn: guest, params: { channel_id: 'c-news' } })
    await page.testUtils.queries.waitForQuerySelector('.chat-composer__input')
    expect(document.querySelector('[data-testid="sign-in-offer"]')).toBeNull()
    const box = document.querySelector('.chat-composer__input textarea') as HTMLTextAreaElement
    await page.testUtils.act(async () => {
      box.value = '我来了'
      box.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await page.settle()
    await page.tap('.chat-composer__send')
    expect(messages.sendMessage).toHaveBeenCalledWith('c-news', expect.objectContaining({ content: '我来了' }))
    expect((await page.testUtils.queries.waitForQuerySelector('[data-testid="sign-in-offer"]')).textContent).toContain('换设备也能找回')
    await page.tap('[data-testid="sign-in-offer-dismiss"]')
    expect(document.querySelector('[data-testid="sign-in-offer"]')).toBeNull()
  })

  it('opens at a message asked for (a search hit, an inbox item): the history around it, that message highlighted', async () => {
    const api = channelApi('c-news', ChannelType.Discussion, '公告')
    const messages = fakeMessagesApi()
    const around = [7, 8, 9, 10].map(n => chatMessage(n, { channel_id: 'c-news', content: `第${n}条` }))
    messages.listHistory.mockResolvedValue({ items: around, has_more: true, has_newer: true })
    page = await openPage(ChannelPage, { api, messages, params: { channel_id: 'c-news', around: messageId(9) } })
    expect(messages.listHistory).toHaveBeenCalledWith('c-news', { around: messageId(9), limit: 50 })
    const found = Array.from(document.querySelectorAll('.chat-list__row--found')).map(node => node.querySelector('.chat-message__text')?.textContent)
    expect(found).toEqual(['第9条'])
  })

  it('says when there are no messages yet', async () => {
    const api = channelApi('c-news', ChannelType.Discussion, '公告')
    const messages = fakeMessagesApi()
    messages.listHistory.mockResolvedValue(historyPage([], false))
    page = await openPage(ChannelPage, { api, messages, params: { cid: 'c-news' } })
    expect(page.text()).toContain('还没有消息')
  })
})

describe('channel page: a post channel', () => {
  it('lists its posts newest first and loads the next page at the bottom by cursor', async () => {
    const api = channelApi('c-posts', ChannelType.Post, '作品分享')
    const postsApi = fakePostsApi()
    postsApi.listPosts
      .mockResolvedValueOnce({ items: [post('p2', '星空延时')], has_more: true })
      .mockResolvedValueOnce({ items: [post('p1', '像素小镇')], has_more: false })
    page = await openPage(ChannelPage, { api, postsApi, params: { channel_id: 'c-posts' } })
    expect(page.text()).toContain('星空延时的正文')
    expect(page.text()).not.toContain('像素小镇')
    await page.play('useReachBottom')
    expect(postsApi.listPosts).toHaveBeenLastCalledWith('c-posts', { before: 'p2', limit: undefined })
    const titles = Array.from(document.querySelectorAll('.post-card__title')).map(node => node.textContent)
    expect(titles).toEqual(['星空延时', '像素小镇'])
    expect(page.text()).toContain('0 赞')
  })

  it('says when there are no posts yet', async () => {
    const postsApi = fakePostsApi()
    postsApi.listPosts.mockResolvedValue({ items: [], has_more: false })
    page = await openPage(ChannelPage, { api: channelApi('c-posts', ChannelType.Post, '作品分享'), postsApi, params: { channel_id: 'c-posts' } })
    expect(page.text()).toContain('还没有帖子')
  })

  it('opens a member\'s composer on 写帖子 with the title, text, image and send controls', async () => {
    const postsApi = fakePostsApi()
    postsApi.listPosts.mockResolvedValue({ items: [post('p1', '旧帖')], has_more: false })
    page = await openPage(ChannelPage, { api: asMember(channelApi('c-posts', ChannelType.Post, '作品分享')), postsApi, signedIn: user({ uid: 'B_m' }), params: { channel_id: 'c-posts' } })
    expect(document.querySelector('.post-composer')).toBeNull()
    await page.testUtils.queries.waitForQuerySelector('.channel-page__write')
    await page.tap('.channel-page__write')
    expect(document.querySelector('.post-composer .post-fields__title')).not.toBeNull()
    expect(page.text()).toContain('添加图片')
    expect(page.text()).toContain('发布')
  })

  it.each([
    ['joins a visitor who tapped the server\'s drawn 加入 before the app rendered, once the membership is known', false, 1],
    ['drops such a tap of a member', true, 0],
  ])('%s', async (_title, isMember, joins) => {
    const api = channelApi('c-news', ChannelType.Discussion, '公告')
    api.getServer.mockImplementation(async (serverId: string) => serverDetail(serverId, { is_member: isMember }))
    const members = fakeMembersApi()
    members.join.mockImplementation(async serverId => ({ server_id: serverId, is_member: true, member_count: 2, online_count: 1 }))
    const messages = fakeMessagesApi()
    messages.listHistory.mockResolvedValue(historyPage([chatMessage(1, { channel_id: 'c-news', content: '大家好' })], false))
    ;(globalThis as Record<string, unknown>)[EARLY_JOIN_GLOBAL] = true
    page = await openPage(ChannelPage, { api, messages, members, signedIn: user({ uid: 'B_visitor' }), params: { channel_id: 'c-news' } })
    await page.testUtils.queries.waitForQuerySelector('.chat-composer__input')
    expect(members.join).toHaveBeenCalledTimes(joins)
    expect(EARLY_JOIN_GLOBAL in globalThis).toBe(false)
  })

  it('shows a visitor (no member of the server) the join prompt instead of 写帖子, and joining brings 写帖子', async () => {
    const api = channelApi('c-posts', ChannelType.Post, '作品分享')
    api.getServer.mockImplementation(async (serverId: string) => serverDetail(serverId, { is_member: false }))
    const members = fakeMembersApi()
    members.join.mockImplementation(async serverId => ({ server_id: serverId, is_member: true, member_count: 2, online_count: 1 }))
    const postsApi = fakePostsApi()
    postsApi.listPosts.mockResolvedValue({ items: [post('p1', '旧帖')], has_more: false })
    page = await openPage(ChannelPage, { api, postsApi, members, signedIn: user({ uid: 'B_visitor' }), params: { channel_id: 'c-posts' } })
    const prompt = await page.testUtils.queries.waitForQuerySelector('[data-testid="join-prompt"]')
    expect(prompt.textContent).toContain('加入社区后即可发帖')
    expect(document.querySelector('.channel-page__write')).toBeNull()
    await page.tap('.join-prompt__button')
    expect(members.join).toHaveBeenCalled()
    await page.testUtils.queries.waitForQuerySelector('.channel-page__write')
    expect(document.querySelector('[data-testid="join-prompt"]')).toBeNull()
  })
})

describe('channel page: a live channel', () => {
  function liveApi (): FakeApi {
    const api = channelApi('c-live', ChannelType.Live, '直播间')
    api.listChannelLives.mockResolvedValue(paged(liveItems().filter(item => item.channel_id === 'c-live'), 1, false))
    return api
  }

  it('shows the chat of an item on air over and under the player, with a member\'s composer', async () => {
    const postsApi = fakePostsApi()
    postsApi.listLiveComments.mockResolvedValue({ items: [{ comment_id: 'k1', live_id: 'l-premiere', author: user({ nickname: 'Alex' }), content: '<i>开播啦</i>', created_at: NOW_S }], has_more: false })
    page = await openPage(ChannelPage, { api: asMember(liveApi()), postsApi, signedIn: user({ uid: 'B_m' }), params: { channel_id: 'c-live', live_id: 'l-premiere' } })
    await page.testUtils.queries.waitForQuerySelector('.live-chat .comment-bar')
    expect(postsApi.listLiveComments).toHaveBeenCalledWith('l-premiere')
    expect(document.querySelector('.live-chat-overlay__line')?.textContent).toBe('Alex：<i>开播啦</i>')
    expect(document.querySelector('.live-chat i')).toBeNull()
    expect(document.querySelector('.live-chat .comment-bar')).not.toBeNull()
    await page.tap('.live-chat__toggle')
    expect(document.querySelector('.live-chat-overlay')).toBeNull()
  })

  it('shows a visitor the join prompt where the comment box would be, and sends them no viewing heartbeat', async () => {
    const api = liveApi()
    api.getServer.mockImplementation(async (serverId: string) => serverDetail(serverId, { is_member: false }))
    const postsApi = fakePostsApi()
    postsApi.listLiveComments.mockResolvedValue({ items: [], has_more: false })
    page = await openPage(ChannelPage, { api, postsApi, signedIn: user({ uid: 'B_visitor' }), params: { channel_id: 'c-live', live_id: 'l-premiere' } })
    const prompt = await page.testUtils.queries.waitForQuerySelector('.live-chat [data-testid="join-prompt"]')
    expect(prompt.textContent).toContain('加入社区后即可评论')
    expect(document.querySelector('.live-chat .comment-bar')).toBeNull()
    expect(postsApi.setViewing).not.toHaveBeenCalled()
  })

  it('says comments are off for a broadcast whose comment flag is 2, with no composer (SPEC §4)', async () => {
    const api = channelApi('c-live', ChannelType.Live, '直播间')
    api.listChannelLives.mockResolvedValue(paged([liveItem('l-quiet', { channel_id: 'c-live', can_comment: LiveCommentFlag.CannotComment, started_at: NOW_S - 60 })], 1, false))
    const postsApi = fakePostsApi()
    postsApi.listLiveComments.mockResolvedValue({ items: [], has_more: false })
    page = await openPage(ChannelPage, { api, postsApi, params: { channel_id: 'c-live' } })
    expect(page.text()).toContain('本场直播已关闭评论')
    expect(document.querySelector('.live-chat .comment-bar')).toBeNull()
  })

  it('says one state of a replay whose comments are off: its comments are read-only, not also that the broadcast closed them', async () => {
    const api = channelApi('c-live', ChannelType.Live, '直播间')
    api.listChannelLives.mockResolvedValue(paged([liveItem('l-quiet-replay', { channel_id: 'c-live', type: MediaType.Record, play_url: '/files/seed/demo-video.mp4', can_comment: LiveCommentFlag.CannotComment, started_at: NOW_S - 7200, duration: 4 })], 1, false))
    const postsApi = fakePostsApi()
    postsApi.listLiveComments.mockResolvedValue({ items: [], has_more: false })
    page = await openPage(ChannelPage, { api, postsApi, params: { channel_id: 'c-live' } })
    await page.testUtils.queries.waitForQuerySelector('.live-chat__state')
    expect(Array.from(document.querySelectorAll('.live-chat__state'), node => node.textContent)).toEqual(['回放评论（只读）'])
    expect(page.text()).not.toContain('本场直播已关闭评论')
    expect(document.querySelector('.live-chat .comment-bar')).toBeNull()
  })

  it('offers 提醒我 on a reserved item instead of a chat', async () => {
    const postsApi = fakePostsApi()
    postsApi.listLiveComments.mockResolvedValue({ items: [], has_more: false })
    page = await openPage(ChannelPage, { api: liveApi(), postsApi, params: { channel_id: 'c-live', live_id: 'l-order' } })
    expect(document.querySelector('.live-chat__remind')?.textContent).toBe('提醒我')
    expect(document.querySelector('.live-chat .comment-bar')).toBeNull()
  })

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

  it('says an item that cannot play cannot be played, and 重试 puts a new player in its place', async () => {
    page = await openPage(ChannelPage, { api: liveApi(), params: { channel_id: 'c-live', live_id: 'l-replay' } })
    const first = video()
    expect(first).not.toBeNull()
    first?.dispatchEvent(new Event('error'))
    await page.settle()
    expect(video()).toBeNull()
    expect(document.querySelector('.channel-page__poster[role="alert"]')?.textContent).toBe('这个视频暂时无法播放重试')
    await page.tap('.channel-page__retry')
    const second = video()
    expect(second?.getAttribute('src')).toBe('https://cdn.example/live.m3u8')
    expect(second).not.toBe(first) // a fresh element: the player loads the source again
    expect(document.querySelector('.channel-page__retry')).toBeNull()
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
    const messages = fakeMessagesApi()
    messages.listHistory.mockResolvedValue(historyPage([chatMessage(1, { channel_id: 'c-news', content: '大家好' })], false))
    page = await openPage(ChannelPage, { api, messages, params: { channel_id: 'c-news' } })
    expect(document.querySelector('.state-view--error')?.textContent).toContain('请求异常')
    expect(toasts()).toEqual(['请求异常'])
    await page.tap('.state-view__retry')
    expect(page.text()).toContain('大家好')
  })

  it('says a channel it may not see in the page\'s words, with no 重试 that would be refused again', async () => {
    const api = channelApi('c-news', ChannelType.Discussion, '公告')
    api.getChannel.mockRejectedValue(envelopeError(404000, 'path.channel_id: no channel c-news', 404, 'en'))
    page = await openPage(ChannelPage, { api, params: { channel_id: 'c-news' } })
    expect(document.querySelector('.state-view--error')?.textContent).toContain('内容不存在或已被删除')
    expect(page.text()).not.toContain('no channel')
    expect(document.querySelector('.state-view__retry')).toBeNull()
  })

  it('retries only the list when the channel loaded but its list failed', async () => {
    const api = channelApi('c-posts', ChannelType.Post, '作品分享')
    const postsApi = fakePostsApi()
    postsApi.listPosts.mockRejectedValueOnce(failedRequest()).mockResolvedValueOnce({ items: [post('p1', '星空延时')], has_more: false })
    page = await openPage(ChannelPage, { api, postsApi, params: { channel_id: 'c-posts' } })
    await page.tap('.state-view__retry')
    expect(api.getChannel).toHaveBeenCalledTimes(1)
    expect(page.text()).toContain('星空延时')
  })

  it('says a channel of another type cannot be viewed here', async () => {
    page = await openPage(ChannelPage, { api: channelApi('c-voice', ChannelType.Voice, '语音茶室'), params: { channel_id: 'c-voice' } })
    expect(page.text()).toContain('暂不支持查看此类频道')
  })

  it('names where a link channel opened by its own link leads, and leaves after the same confirmation as the list', async () => {
    const api = channelApi('c-link', ChannelType.ExternalLink, '官方网站')
    api.getChannel.mockResolvedValue(channel('c-link', { channel_type: ChannelType.ExternalLink, name: '官方网站', link_url: 'https://www.example.com/about' }))
    const showModal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ errMsg: 'showModal:ok', confirm: true, cancel: false } as Taro.showModal.SuccessCallbackResult)
    const assign = jest.spyOn(webNavigator, 'assign').mockImplementation(() => undefined)
    page = await openPage(ChannelPage, { api, params: { channel_id: 'c-link' } })
    expect(page.text()).toContain('这个频道通往 www.example.com')
    await page.tap('.channel-page__elsewhere-open')
    expect(showModal.mock.calls[0][0]?.content).toContain('www.example.com')
    expect(assign).toHaveBeenCalledWith('https://www.example.com/about')
  })

  it('opens a metaverse channel opened by its own link as its gather space, in place of the channel page', async () => {
    const redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' } as TaroGeneral.CallbackResult)
    page = await openPage(ChannelPage, { api: channelApi('c-map', ChannelType.Metaverse, '3D 展厅'), params: { channel_id: 'c-map' } })
    expect(redirectTo).toHaveBeenCalledTimes(1)
    expect(redirectTo.mock.calls[0][0].url).toMatch(/^\/pages\/space\/index\?/)
    expect(redirectTo.mock.calls[0][0].url).toContain('c-map')
  })

  it('says the page does not exist without a channel', async () => {
    const api = fakeApi()
    page = await openPage(ChannelPage, { api })
    expect(page.text()).toContain('页面不存在')
    expect(api.getChannel).not.toHaveBeenCalled()
  })
})
