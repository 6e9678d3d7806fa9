import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import { loadLanguage } from '@/i18n'
import Home from '@/pages/index/index'
import { webNavigator } from '@/router'
import type { VoiceRoomStore } from '@/stores/voice/voice-room-store'
import { api } from '@/services/api'
import type { TrustApi } from '@/services/api/trust'
import { RequestError } from '@/services/request/errors'
import { failedRequest, fakeMembersApi, liveItem, paged, serverDetail, user } from '../stores/support/fakes'
import { cleanUp, homeApi, NOW_S, openPage, type PlayedPage } from './home-harness'

jest.mock('@tarojs/taro', () => jest.requireActual('./home-taro-hooks').recordingTaro())

let page: PlayedPage | null = null
let showToast: jest.SpyInstance
let showModal: jest.SpyInstance
let navigateTo: jest.SpyInstance
let assign: jest.SpyInstance

beforeEach(() => {
  showToast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
  showModal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ errMsg: 'showModal:ok', confirm: true, cancel: false } as Taro.showModal.SuccessCallbackResult)
  navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as TaroGeneral.CallbackResult)
  assign = jest.spyOn(webNavigator, 'assign').mockImplementation(() => undefined)
  jest.spyOn(console, 'info').mockImplementation(() => undefined)
})

afterEach(() => {
  cleanUp()
  page = null
})

function toasts (): string[] {
  return showToast.mock.calls.map(([options]) => options.title)
}

function badgesOf (selector: string): string[] {
  return Array.from(document.querySelectorAll(`${selector} .live-badge`)).map(node => node.textContent ?? '')
}

describe('Home: membership and presence', () => {
  it('shows how many members are online', async () => {
    const api = homeApi()
    api.getServer.mockResolvedValue(serverDetail('723658', { name: '星海城', online_count: 12 }))
    page = await openPage(Home, { api })
    expect(page.text()).toContain('12 人在线')
  })

  it('offers non-members a Join button that joins and then goes away', async () => {
    const api = homeApi()
    api.getServer.mockResolvedValue(serverDetail('723658', { name: '星海城', is_member: false, member_count: 10, online_count: 1 }))
    const members = fakeMembersApi()
    members.join.mockResolvedValue({ server_id: '723658', is_member: true, member_count: 11, online_count: 2 })
    page = await openPage(Home, { api, members })
    expect(page.text()).toContain('加入社区')
    await page.tap('.home__join')
    expect(members.join).toHaveBeenCalledWith('723658')
    expect(page.text()).not.toContain('加入社区')
    expect(page.text()).toContain('11 位成员')
    expect(page.text()).toContain('2 人在线')
  })

  it('offers a guest who joined the sign-in sheet (a bar in the page, 登录 opens the sheet), and an account none', async () => {
    const api = homeApi()
    api.getServer.mockResolvedValue(serverDetail('723658', { is_member: false }))
    const members = fakeMembersApi()
    members.join.mockResolvedValue({ server_id: '723658', is_member: true, member_count: 11, online_count: 2 })
    page = await openPage(Home, { api, members, signedIn: user({ uid: 'B_guest' }) })
    await page.tap('.home__join')
    expect((await page.testUtils.queries.waitForQuerySelector('[data-testid="sign-in-offer"]')).textContent).toContain('换设备也能找回')
    await page.tap('[data-testid="sign-in-offer-open"]')
    expect((await page.testUtils.queries.waitForQuerySelector('[data-testid="sign-in-sheet"]')).textContent).toContain('登录或注册')
    cleanUp()
    api.getServer.mockResolvedValue(serverDetail('723658', { is_member: false }))
    page = await openPage(Home, { api, members, signedIn: user({ uid: '123456789012' }) })
    await page.tap('.home__join')
    await page.settle()
    expect(document.querySelector('[data-testid="sign-in-offer"]')).toBeNull()
  })

  it('shows no Join button to members, nor while membership is unknown', async () => {
    const api = homeApi()
    api.getServer.mockResolvedValue(serverDetail('723658', { is_member: true }))
    page = await openPage(Home, { api })
    expect(document.querySelector('.home__join')).toBeNull()
    cleanUp()
    page = await openPage(Home)
    expect(document.querySelector('.home__join')).toBeNull()
  })

  it('tells the user when joining failed and keeps the button', async () => {
    const api = homeApi()
    api.getServer.mockResolvedValue(serverDetail('723658', { is_member: false }))
    const members = fakeMembersApi()
    members.join.mockRejectedValue(failedRequest())
    page = await openPage(Home, { api, members })
    await page.tap('.home__join')
    expect(toasts()).toContain('请求异常')
    expect(document.querySelector('.home__join')).not.toBeNull()
  })
})

describe('Home: the server', () => {
  it("shows the server's name, introduction and member count in 万", async () => {
    page = await openPage(Home)
    expect(page.text()).toContain('星海城')
    expect(page.text()).toContain('1.2万 位成员')
    expect(page.api.getServer).toHaveBeenCalledWith('723658')
  })

  it('shows the server chosen by sid', async () => {
    const api = homeApi()
    api.getServer.mockResolvedValue(serverDetail('832828', { name: '云端集市', member_count: 250000000 }))
    page = await openPage(Home, { api, params: { sid: '832828' } })
    expect(api.getServer).toHaveBeenCalledWith('832828')
    expect(page.text()).toContain('云端集市')
    expect(page.text()).toContain('2.5亿 位成员')
  })

  it('renders a user-supplied introduction as text, never as HTML', async () => {
    page = await openPage(Home)
    expect(page.text()).toContain('<b>欢迎</b>来到星海')
    expect(document.querySelector('.server-header b')).toBeNull()
  })
})

describe('Home: live items', () => {
  it('shows each item with its state badge, start time in UTC+8 and duration, on air first, then playbacks, then reservations', async () => {
    page = await openPage(Home)
    expect(badgesOf('.home__lives')).toEqual(['直播中', '直播中', '回放', '预约'])
    expect(page.text()).toContain('上周回放')
    expect(page.text()).toContain('开播 12-31 12:00') // NOW - 1 day, 12:00 in UTC+8
    expect(page.text()).toContain('时长 1:30:00')
  })

  it('features the banner channel’s item on air in the live banner', async () => {
    page = await openPage(Home)
    const banner = document.querySelector('.home__banner')
    expect(banner?.textContent).toContain('直播推荐')
    expect(banner?.textContent).toContain('正在直播：星空夜话')
    expect(badgesOf('.home__banner')).toEqual(['直播中'])
  })

  it('paints the banner first and the live cards in the frame after it', async () => {
    const commits: Array<{ banner: boolean, cards: number }> = []
    const observer = new MutationObserver(() => commits.push({
      banner: document.querySelector('.home__banner') !== null,
      cards: document.querySelectorAll('.home__lives .live-card').length,
    }))
    observer.observe(document.body, { childList: true, subtree: true })
    page = await openPage(Home)
    observer.disconnect()
    expect(commits.find(commit => commit.banner)).toEqual({ banner: true, cards: 0 })
    expect(badgesOf('.home__lives')).toEqual(['直播中', '直播中', '回放', '预约'])
  })

  it('flips an item’s badge to replay when it ends while the page is open', async () => {
    page = await openPage(Home)
    expect(page.root.live.clockRunning).toBe(true)
    page.clock.set((NOW_S + 600) * 1000) // the mp4 broadcast reaches start + duration
    await page.testUtils.act(async () => page?.scheduler.fireNext())
    await page.settle()
    // the ended premiere is now the newest playback: it moves below what is on air, above the older one
    expect(badgesOf('.home__lives')).toEqual(['直播中', '回放', '回放', '预约'])
  })

  it('stops the live clock when hidden and for good when unloaded', async () => {
    page = await openPage(Home)
    await page.play('useDidHide')
    expect(page.root.live.clockRunning).toBe(false)
    expect(page.scheduler.pending()).toEqual([])
    await page.play('useDidShow')
    expect(page.scheduler.pending()).toHaveLength(1)
    await page.play('useUnload')
    expect(page.scheduler.pending()).toEqual([])
  })

  it('loads the next page of items at the bottom and says when there are no more', async () => {
    const api = homeApi()
    api.listServerLives
      .mockResolvedValueOnce(paged([liveItem('l-1', { title: '第一页', started_at: NOW_S - 60 })], 1, true))
      .mockResolvedValueOnce(paged([liveItem('l-2', { title: '第二页', started_at: NOW_S - 120 })], 2, false))
    page = await openPage(Home, { api })
    expect(page.text()).not.toContain('第二页')
    await page.play('useReachBottom')
    expect(api.listServerLives).toHaveBeenLastCalledWith('723658', { page: 2, page_size: 20 })
    expect(page.text()).toContain('第二页')
    expect(page.text()).toContain('没有更多了')
  })

  it('shows the loader error toast when the next page fails', async () => {
    const api = homeApi()
    api.listServerLives
      .mockResolvedValueOnce(paged([liveItem('l-1', { started_at: NOW_S - 60 })], 1, true))
      .mockRejectedValueOnce(failedRequest())
    page = await openPage(Home, { api })
    await page.play('useReachBottom')
    expect(toasts()).toEqual(['请求异常'])
    expect(page.text()).toContain('请求异常 · 重试')
  })

  it('retries the next page from the line under the list', async () => {
    const api = homeApi()
    api.listServerLives
      .mockResolvedValueOnce(paged([liveItem('l-1', { started_at: NOW_S - 60 })], 1, true))
      .mockRejectedValueOnce(failedRequest())
      .mockResolvedValueOnce(paged([liveItem('l-2', { title: '第二页', started_at: NOW_S - 120 })], 2, false))
    page = await openPage(Home, { api })
    await page.play('useReachBottom')
    await page.tap('.list-footer')
    expect(api.listServerLives).toHaveBeenLastCalledWith('723658', { page: 2, page_size: 20 })
    expect(page.text()).toContain('第二页')
  })
})

describe('Home: the channel list', () => {
  it('groups channels under their group headers, each row with its icon and no emoji glyph', async () => {
    page = await openPage(Home)
    const headers = Array.from(document.querySelectorAll('.channel-list__header')).map(node => node.textContent)
    expect(headers).toEqual(['综合', '世界'])
    const rows = Array.from(document.querySelectorAll('.channel-list__row')).map(node => node.textContent)
    expect(rows).toEqual([
      '公公告›', '语语音茶室›', '作作品分享›', '直直播间›', '直直播推荐›', '33D 展厅›', '游游戏广场›', '官官方网站›', '坏坏链接›',
    ]) // these channels have no icon image: the name's first character stands in
  })

  it.each([
    ['a discussion', '公告', 'c-news'],
    ['a post channel', '作品分享', 'c-posts'],
    ['a live channel', '直播间', 'c-live'],
  ])('opens %s on its channel page', async (_kind, name, channelId) => {
    page = await openPage(Home)
    await page.tap('.channel-list__row', name)
    expect(navigateTo).toHaveBeenCalledWith({ url: `/pages/channel/index?channel_id=${channelId}` })
  })

  it('opens a metaverse channel in its gather space with its server', async () => {
    page = await openPage(Home)
    await page.tap('.channel-list__row', '3D 展厅')
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/space/index?channel_id=c-map&server_id=723658' })
  })

  it('asks before leaving for an external link, naming its host, then opens it', async () => {
    page = await openPage(Home)
    await page.tap('.channel-list__row', '官方网站')
    expect(showModal).toHaveBeenCalledWith(expect.objectContaining({ title: '打开外部链接', content: '即将离开本应用，打开 example.com，是否继续？' }))
    expect(assign).toHaveBeenCalledWith('https://example.com/about')
  })

  it('stays when the external link is not confirmed', async () => {
    showModal.mockResolvedValue({ errMsg: 'showModal:ok', confirm: false, cancel: true })
    page = await openPage(Home)
    await page.tap('.channel-list__row', '官方网站')
    expect(assign).not.toHaveBeenCalled()
  })

  it('refuses a link that is not http or https with a toast, without asking', async () => {
    page = await openPage(Home)
    await page.tap('.channel-list__row', '坏链接')
    expect(showModal).not.toHaveBeenCalled()
    expect(assign).not.toHaveBeenCalled()
    expect(toasts()).toEqual(['无法打开该链接'])
  })

  it('opens a voice channel\'s room', async () => {
    page = await openPage(Home)
    await page.tap('.channel-list__row', '语音茶室')
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/voice/index?channel_id=c-voice&server_id=723658' })
  })

  it('shows who is in a voice channel on its row, with a ring on whoever speaks, live', async () => {
    const inRoom = (uid: string, nickname: string, joinedAt: number) => ({ server_id: '723658', channel_id: 'c-voice', uid, nickname, avatar: '', mute: false, deaf: false, self_mute: false, self_deaf: false, joined_at: joinedAt, rank: null })
    const voice = { states: jest.fn(async () => ({ items: [inRoom('u2', '小周', 2), inRoom('u1', '阿宁', 1)] })), moderate: jest.fn(), disconnect: jest.fn(async () => null) }
    const opened = await openPage(Home, { voice })
    page = opened
    expect(voice.states).toHaveBeenCalledWith('723658')
    const faces = () => [...document.querySelectorAll('[data-testid^="voice-face-"]')].map(face => `${face.getAttribute('data-testid') ?? ''}:${face.getAttribute('data-speaking') ?? ''}`)
    expect(faces()).toEqual(['voice-face-u1:false', 'voice-face-u2:false'])
    await opened.testUtils.act(async () => { opened.root.voiceStates.speaking.add('u2') })
    expect(faces()).toEqual(['voice-face-u1:false', 'voice-face-u2:true'])
    await opened.testUtils.act(async () => { opened.root.voiceStates.applyRoom('723658', 'c-voice', [inRoom('u1', '阿宁', 1)]) })
    expect(faces()).toEqual(['voice-face-u1:false'])
  })

  it('starts below the voice bar while it shows (Home has no page header for it to sit under)', async () => {
    const opened = await openPage(Home)
    page = opened
    const home = () => document.querySelector('.home')
    expect(home()?.classList.contains('home--under-voice-bar')).toBe(false)
    await opened.testUtils.act(async () => { runInAction(() => { opened.root.voice.current = { barShown: true, dispose: () => undefined } as unknown as VoiceRoomStore }) })
    expect(home()?.classList.contains('home--under-voice-bar')).toBe(true)
  })

  it('opens a game plaza channel on its lobby', async () => {
    page = await openPage(Home)
    await page.tap('.channel-list__row', '游戏广场')
    expect(toasts()).toEqual([])
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/plaza/index?channel_id=c-game&server_id=723658' })
  })

  it('opens the channel named by cid directly, as a tap would', async () => {
    page = await openPage(Home, { params: { cid: 'c-map' } })
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/space/index?channel_id=c-map&server_id=723658' })
  })

  it('opens the channel named by channel_id directly', async () => {
    page = await openPage(Home, { params: { channel_id: 'c-posts', sid: '723658' } })
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/channel/index?server_id=723658&sid=723658&channel_id=c-posts' })
  })

  it('stays on Home when cid names no channel of the server', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    page = await openPage(Home, { params: { cid: 'elsewhere' } })
    expect(navigateTo).not.toHaveBeenCalled()
    expect(warn).toHaveBeenCalledWith('[home] channel elsewhere is not in the channel list of server 723658')
    expect(document.querySelector('.home__content')).not.toBeNull()
  })

  it('shows none of its content while it goes on to the channel a link names, and all of it once shown again', async () => {
    page = await openPage(Home, { params: { channel_id: 'c-news', sid: '723658' } })
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/channel/index?server_id=723658&sid=723658&channel_id=c-news' })
    expect(document.querySelector('.home__content')).toBeNull()
    await page.play('useDidHide')
    expect(document.querySelector('.home__content')).toBeNull()
    await page.play('useDidShow') // back from the channel
    expect(document.querySelector('.home__content .channel-list__name')?.textContent).toBe('公告')
  })

  it('goes on to the lobby of a game plaza a link names, with no 暂不支持该功能 (the plaza opens its own page now)', async () => {
    page = await openPage(Home, { params: { cid: 'c-game' } })
    expect(toasts()).toEqual([])
    expect(navigateTo).toHaveBeenCalledWith({ url: expect.stringMatching(/^\/pages\/plaza\/index\?.*channel_id=c-game/) })
  })

  it('opens a live item on its channel page with the item to play', async () => {
    page = await openPage(Home)
    await page.tap('.home__lives .live-card', '上周回放')
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/channel/index?channel_id=c-live&live_id=l-replay' })
  })
})

describe('Home: loading, empty and error states', () => {
  it('shows a loading state until the first answers arrive', async () => {
    const api = homeApi()
    api.getServer.mockReturnValue(new Promise(() => undefined))
    api.listChannels.mockReturnValue(new Promise(() => undefined))
    api.listServerLives.mockReturnValue(new Promise(() => undefined))
    page = await openPage(Home, { api })
    expect(document.querySelector('.state-view--loading')?.textContent).toContain('加载中…')
  })

  it('says the community is empty when it has no channels and no live items', async () => {
    const api = homeApi()
    api.listChannels.mockResolvedValue([])
    api.listServerLives.mockResolvedValue(paged([], 1, false))
    page = await openPage(Home, { api })
    expect(page.text()).toContain('这个社区还没有内容')
    expect(document.querySelector('.channel-list')).toBeNull()
  })

  it('shows the error with a retry and the loader error toast, and the retry loads the page', async () => {
    const api = homeApi()
    api.getServer.mockRejectedValueOnce(failedRequest())
    api.listChannels.mockRejectedValueOnce(failedRequest())
    api.listServerLives.mockRejectedValueOnce(failedRequest())
    page = await openPage(Home, { api })
    expect(document.querySelector('.state-view--error')?.textContent).toContain('请求异常')
    expect(toasts()).toEqual(['请求异常'])
    await page.tap('.state-view__retry')
    expect(document.querySelector('.state-view--error')).toBeNull()
    expect(page.text()).toContain('公告')
    expect(page.text()).toContain('上周回放')
  })

  it('keeps the channels when only the live items fail, with a retry for them', async () => {
    const api = homeApi()
    api.listServerLives.mockRejectedValueOnce(failedRequest())
    page = await openPage(Home, { api })
    expect(page.text()).toContain('公告')
    expect(document.querySelector('.home__lives .state-view--error')?.textContent).toContain('请求异常')
    expect(toasts()).toEqual(['请求异常'])
    await page.tap('.home__lives .state-view__retry')
    expect(page.text()).toContain('上周回放')
  })
  it('offers no 重试 for a server that does not exist, nor for channels or live items the server refuses: the same request would be answered the same', async () => {
    const notFound = () => new RequestError({ kind: 'server', code: 404000, status: 404, message: '找不到这个服务器' })
    const api = homeApi()
    api.getServer.mockRejectedValue(notFound())
    api.listChannels.mockRejectedValue(notFound())
    api.listServerLives.mockRejectedValue(notFound())
    page = await openPage(Home, { api })
    expect(document.querySelector('.state-view--error')?.textContent).toContain('找不到这个服务器')
    expect(document.querySelector('.state-view__retry')).toBeNull()
  })

  it('keeps the channels when the live items are refused, with no 重试 under them', async () => {
    const api = homeApi()
    api.listServerLives.mockRejectedValue(new RequestError({ kind: 'server', code: 403000, status: 403, message: '你没有权限这样做' }))
    page = await openPage(Home, { api })
    expect(page.text()).toContain('公告')
    expect(document.querySelector('.home__lives .state-view--error')?.textContent).toContain('你没有权限这样做')
    expect(document.querySelector('.home__lives .state-view__retry')).toBeNull()
  })
})

describe('Home: header, footer, sharing and parameters', () => {
  it("shows the signed-in user's chip, which opens the Me page", async () => {
    page = await openPage(Home)
    await page.testUtils.act(() => page?.root.session.ensureSignedIn())
    await page.settle()
    expect(document.querySelector('.server-header__nickname')?.textContent).toBe('游客0001')
    expect(document.querySelector('.server-header__avatar--initial')?.textContent).toBe('游') // no picture: its own initial
    await page.tap('.server-header__me')
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/me/index' })
  })

  it('shows the company footer: contact e-mail, ICP code, police record code and the rule pages', async () => {
    page = await openPage(Home)
    const footer = document.querySelector('.company-footer')?.textContent ?? ''
    expect(footer).toContain('联系邮箱：contact@openrealm.example')
    expect(footer).toContain('ICP备00000000号')
    expect(footer).toContain('公网安备00000000000000号')
    await page.tap('.company-footer__link', '用户协议')
    expect(assign).toHaveBeenLastCalledWith('/rules/user-agreement.html')
    await page.tap('.company-footer__link', '隐私政策')
    expect(assign).toHaveBeenLastCalledWith('/rules/privacy-policy.html')
  })

  it('copies the share link outside the messaging app', async () => {
    // jsdom has no clipboard: the browser's copy command is the seam (src/utils/clipboard.h5.ts).
    const copied: string[] = []
    document.execCommand = jest.fn(() => { copied.push(document.querySelector('textarea')?.value ?? ''); return true })
    page = await openPage(Home)
    await page.tap('.share-button')
    expect(copied).toEqual(['http://localhost/index.html?server_id=723658'])
    expect(toasts()).toEqual(['链接已复制'])
  })

  it('hides sharing with navShareHide', async () => {
    page = await openPage(Home, { params: { navShareHide: '1' } })
    expect(page.text()).toContain('星海城')
    expect(document.querySelector('.share-button')).toBeNull()
  })

  it('shows every text in English with hl=en', async () => {
    await loadLanguage('en')
    page = await openPage(Home, { params: { hl: 'en' } })
    expect(page.text()).toContain('1.2万 members')
    expect(page.text()).toContain('Channels')
    expect(badgesOf('.home__lives')).toEqual(['Live', 'Live', 'Replay', 'Reserved'])
    expect(page.text()).toContain('Privacy policy')
  })

  it("sets the share data through wxconf in the messaging app's browser, without a share button", async () => {
    jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) MicroMessenger/8.0.44')
    const getWxConfig = jest.spyOn(api, 'getWxConfig').mockRejectedValue(failedRequest())
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    page = await openPage(Home)
    expect(getWxConfig).toHaveBeenCalledWith('http://localhost/')
    expect(warn).toHaveBeenCalledWith('[share] sharing could not be set up:', expect.anything())
    expect(document.querySelector('.share-button')).toBeNull()
  })

  it('shows the diagnostics panel with debug', async () => {
    page = await openPage(Home, { params: { debug: '1' } })
    expect(document.querySelector('.debug-panel')?.textContent).toContain('版本号 10001')
  })

  it('shows no diagnostics panel without debug', async () => {
    page = await openPage(Home)
    expect(document.querySelector('.debug-panel')).toBeNull()
  })
})

describe('Home: live reminders', () => {
  it('lists the reminded lives that started when Home shows again, opens one, and goes once dismissed', async () => {
    const trust = { myPermissions: jest.fn().mockRejectedValue(failedRequest()) } as unknown as TrustApi
    page = await openPage(Home, { signedIn: user({ uid: 'B_me' }), trust })
    const { root } = page
    expect(document.querySelector('.live-reminders')).toBeNull()
    root.liveReminders.remember(liveItem('l-tonight', { channel_id: 'c-live', title: '今晚直播', started_at: NOW_S + 3600 }), true)
    root.liveReminders.remember(liveItem('l-later', { channel_id: 'c-live', title: '明天直播', started_at: NOW_S + 86400 }), true)
    await page.play('useDidShow')
    expect(document.querySelector('.live-reminders')).toBeNull() // not started yet
    page.clock.set((NOW_S + 3700) * 1000)
    await page.play('useDidShow')
    expect(Array.from(document.querySelectorAll('.live-reminders__name')).map(node => node.textContent)).toEqual(['今晚直播'])
    expect(page.text()).toContain('你预约的直播开始了')
    await page.tap('.live-reminders__item')
    expect(navigateTo).toHaveBeenCalledWith({ url: expect.stringContaining('live_id=l-tonight') })
    expect(document.querySelector('.live-reminders')).toBeNull()
    page.clock.set((NOW_S + 86400) * 1000)
    await page.play('useDidShow')
    expect(Array.from(document.querySelectorAll('.live-reminders__name')).map(node => node.textContent)).toEqual(['明天直播'])
    await page.tap('.live-reminders__dismiss')
    expect(document.querySelector('.live-reminders')).toBeNull()
    await page.play('useDidShow')
    expect(document.querySelector('.live-reminders')).toBeNull()
  })
})
