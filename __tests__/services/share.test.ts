import Taro from '@tarojs/taro'
import { copyShareLink, homeShareOf, isShareHidden, isWechatBrowser, shareImageUrl, shareLink, sharePath, type ShareContent } from '@/services/share'
import { loadWxSdk, setupWechatShare, signatureUrl, WX_JS_API_LIST, type WxSdk } from '@/services/share/wechat'
import * as clipboard from '@/utils/clipboard'
import { CONFIGURED_SERVERS } from '@core/domain/servers'
import { failedRequest, fakeLogger } from '../stores/support/fakes'

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.44 NetType/WIFI'
const SAFARI_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1'
const WX_CONF = { appId: 'wx123', nonceStr: 'n0nce', signature: 's1gn', timestamp: 1_700_000_000 }

const content: ShareContent = {
  title: '星海城',
  desc: '欢迎来到星海',
  imageUrl: '/files/seed/server-723658.png',
  target: { serverId: '723658', channelId: 'c-live' },
}

/** A JS-SDK whose ready callbacks run at once. */
function fakeSdk (): jest.Mocked<WxSdk> {
  return {
    config: jest.fn(),
    ready: jest.fn(callback => callback()),
    error: jest.fn(),
    updateAppMessageShareData: jest.fn(),
    updateTimelineShareData: jest.fn(),
    hideMenuItems: jest.fn(),
    hideOptionMenu: jest.fn(),
  }
}

function deps (sdk: WxSdk | null, overrides: { getWxConfig?: jest.Mock, userAgent?: string, loadSdk?: () => Promise<WxSdk | null> } = {}) {
  const logger = fakeLogger()
  return {
    logger,
    api: { getWxConfig: overrides.getWxConfig ?? jest.fn().mockResolvedValue(WX_CONF) },
    loadSdk: overrides.loadSdk ?? (() => Promise.resolve(sdk)),
    userAgent: overrides.userAgent ?? WECHAT_UA,
    href: 'https://h5.openrealm.example/index.html?sid=723658#top',
  }
}

afterEach(() => jest.restoreAllMocks())

describe('inside the messaging app (H5)', () => {
  it('signs the URL without its fragment, configures the JS-SDK and shares title, description, link and image', async () => {
    const sdk = fakeSdk()
    const setup = deps(sdk)
    await expect(setupWechatShare(content, false, setup)).resolves.toBe(true)
    expect(setup.api.getWxConfig).toHaveBeenCalledWith('https://h5.openrealm.example/index.html?sid=723658')
    expect(sdk.config).toHaveBeenCalledWith({ debug: false, ...WX_CONF, jsApiList: WX_JS_API_LIST })
    const link = 'https://h5.openrealm.example/index.html?server_id=723658&channel_id=c-live'
    const imgUrl = 'https://h5.openrealm.example/files/seed/server-723658.png'
    expect(sdk.updateAppMessageShareData).toHaveBeenCalledWith({ title: '星海城', desc: '欢迎来到星海', link, imgUrl })
    expect(sdk.updateTimelineShareData).toHaveBeenCalledWith({ title: '星海城', link, imgUrl })
  })

  it('hides the share entries with navShareHide and sets no share data', async () => {
    const sdk = fakeSdk()
    await setupWechatShare(content, true, deps(sdk))
    expect(sdk.hideMenuItems).toHaveBeenCalledWith({ menuList: expect.arrayContaining(['menuItem:share:appMessage', 'menuItem:share:timeline']) })
    expect(sdk.updateAppMessageShareData).not.toHaveBeenCalled()
    expect(sdk.updateTimelineShareData).not.toHaveBeenCalled()
  })

  it('does not throw when the JS-SDK is absent; it warns', async () => {
    const setup = deps(null)
    await expect(setupWechatShare(content, false, setup)).resolves.toBe(false)
    expect(setup.logger.warn).toHaveBeenCalledWith('[share] the JS-SDK is not available; sharing keeps the defaults')
  })

  it('does not throw when loading the JS-SDK fails', async () => {
    const setup = deps(null, { loadSdk: () => Promise.reject(new Error('chunk failed')) })
    await expect(setupWechatShare(content, false, setup)).resolves.toBe(false)
    expect(setup.logger.warn).toHaveBeenCalledWith('[share] sharing could not be set up:', expect.any(Error))
  })

  it('does not throw when wxconf fails', async () => {
    const sdk = fakeSdk()
    const setup = deps(sdk, { getWxConfig: jest.fn().mockRejectedValue(failedRequest()) })
    await expect(setupWechatShare(content, false, setup)).resolves.toBe(false)
    expect(sdk.config).not.toHaveBeenCalled()
    expect(setup.logger.warn).toHaveBeenCalled()
  })

  it('warns when the JS-SDK refuses the signature', async () => {
    const sdk = fakeSdk()
    sdk.ready.mockImplementation(() => undefined)
    sdk.error.mockImplementation(callback => callback({ errMsg: 'config:invalid signature' }))
    const setup = deps(sdk)
    await setupWechatShare(content, false, setup)
    expect(setup.logger.warn).toHaveBeenCalledWith('[share] the JS-SDK refused the configuration:', 'config:invalid signature')
  })

  it('loads the real JS-SDK on demand', async () => {
    const sdk = await loadWxSdk()
    expect(typeof sdk?.config).toBe('function')
    expect(typeof sdk?.updateAppMessageShareData).toBe('function')
  })
})

describe('outside the messaging app', () => {
  it('leaves the JS-SDK and wxconf alone', async () => {
    const sdk = fakeSdk()
    const setup = deps(sdk, { userAgent: SAFARI_UA })
    await expect(setupWechatShare(content, false, setup)).resolves.toBe(false)
    expect(setup.api.getWxConfig).not.toHaveBeenCalled()
    expect(sdk.config).not.toHaveBeenCalled()
  })

  it('copies the link and says so', async () => {
    const copy = jest.spyOn(clipboard, 'copyText').mockResolvedValue()
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
    await expect(copyShareLink('http://localhost/index.html?server_id=723658')).resolves.toBe(true)
    expect(copy).toHaveBeenCalledWith('http://localhost/index.html?server_id=723658')
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '链接已复制' }))
  })

  it('says nothing and warns when copying fails', async () => {
    jest.spyOn(clipboard, 'copyText').mockRejectedValue(new Error('setClipboardData:fail the browser refused to copy'))
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    await expect(copyShareLink('x')).resolves.toBe(false)
    expect(toast).not.toHaveBeenCalled()
    expect(warn).toHaveBeenCalled()
  })
})

describe('share links and flags', () => {
  it('tells the messaging app by MicroMessenger in the user agent', () => {
    expect(isWechatBrowser(WECHAT_UA)).toBe(true)
    expect(isWechatBrowser(SAFARI_UA)).toBe(false)
  })

  it.each([['1', true], ['true', true], ['', false], ['0', false], ['false', false]])('reads navShareHide=%p as hidden: %p', (value, hidden) => {
    expect(isShareHidden({ navShareHide: value })).toBe(hidden)
  })

  it('does not hide sharing without navShareHide', () => {
    expect(isShareHidden({})).toBe(false)
  })

  it('links to Home with server_id and channel_id, on H5 and in the mini-program', () => {
    expect(shareLink({ serverId: '723658' }, 'https://h5.example')).toBe('https://h5.example/index.html?server_id=723658')
    expect(shareLink({ serverId: '723658', channelId: 'c1' }, 'https://h5.example')).toBe('https://h5.example/index.html?server_id=723658&channel_id=c1')
    expect(sharePath({ serverId: '832828', channelId: 'c2' })).toBe('/pages/index/index?server_id=832828&channel_id=c2')
  })

  it('links an invite to its own page with its code (the card a member sends from an invite)', () => {
    expect(shareLink({ serverId: '832828', inviteCode: 'Ab3' }, 'https://h5.example')).toBe('https://h5.example/pages/invite/index?server_id=832828&code=Ab3')
    expect(sharePath({ serverId: '832828', inviteCode: 'Ab3' })).toBe('/pages/invite/index?server_id=832828&code=Ab3')
  })

  it('makes share images absolute and drops what is not an image address', () => {
    expect(shareImageUrl('/files/a.png', 'https://h5.example')).toBe('https://h5.example/files/a.png')
    expect(shareImageUrl('https://cdn.example/a.png', 'https://h5.example')).toBe('https://cdn.example/a.png')
    expect(shareImageUrl('javascript:alert(1)', 'https://h5.example')).toBe('')
  })

  it('makes a server\'s Home card of the server on screen, with its introduction and icon once loaded', () => {
    const server = { serverId: '832828', name: '云端集市', detail: { introduction: '一起逛', icon: '/files/icon.png' }, servers: CONFIGURED_SERVERS }
    expect(homeShareOf(server)).toEqual({ title: '云端集市', desc: '一起逛', imageUrl: '/files/icon.png', target: { serverId: '832828' } })
    expect(homeShareOf({ ...server, detail: null })).toEqual({ title: '云端集市', desc: '', imageUrl: '', target: { serverId: '832828' } })
  })

  it('names another server\'s Home card as the build lists it, without the detail of the server on screen', () => {
    const server = { serverId: '723658', name: '星海城', detail: { introduction: '星海', icon: '/files/star.png' }, servers: CONFIGURED_SERVERS }
    expect(homeShareOf(server, '832828')).toEqual({ title: '云端集市', desc: '', imageUrl: '', target: { serverId: '832828' } })
    expect(homeShareOf(server, 'unlisted')).toEqual({ title: '', desc: '', imageUrl: '', target: { serverId: 'unlisted' } })
  })

  it('signs a URL without its fragment', () => {
    expect(signatureUrl('https://h5.example/index.html?a=1#/x')).toBe('https://h5.example/index.html?a=1')
  })
})
