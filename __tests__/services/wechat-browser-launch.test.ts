import { SILENT_WECHAT_TRIED_KEY, wechatBrowserLaunch } from '@/services/wechat-browser-launch'

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.44 NetType/WIFI'

afterEach(() => {
  window.sessionStorage.clear()
  jest.restoreAllMocks()
})

describe('wechatBrowserLaunch', () => {
  it('is null outside WeChat\'s browser', () => {
    expect(wechatBrowserLaunch('Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0')).toBeNull()
  })

  it('comes back to this page without its fragment', () => {
    window.history.replaceState(null, '', '/index.html?server_id=832828#/pages/me')
    expect(wechatBrowserLaunch(WECHAT_UA)?.here).toBe(`${window.location.origin}/index.html?server_id=832828`)
  })

  it('tries once per tab, so a sign-in WeChat did not finish never loops', () => {
    const launch = wechatBrowserLaunch(WECHAT_UA)
    expect([launch?.firstTry(), launch?.firstTry()]).toEqual([true, false])
    expect(window.sessionStorage.getItem(SILENT_WECHAT_TRIED_KEY)).toBe('1')
  })

  it('does not try where sessionStorage is refused', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => { throw new Error('SecurityError') })
    expect(wechatBrowserLaunch(WECHAT_UA)?.firstTry()).toBe(false)
  })
})
