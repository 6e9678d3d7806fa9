import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import type { AccountApi } from '@/services/api/accounts'
import { RequestError } from '@/services/request/errors'
import SignInSheet from '@/components/sign-in-sheet'
import { AccountStore } from '@/stores/account/account-store'
import { fakeLogger } from '../stores/support/fakes'

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.44 NetType/WIFI'

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

async function mount (wechatWebStart: jest.Mock): Promise<{ testUtils: TestUtils, onClose: jest.Mock }> {
  const api = { wechatWebStart } as unknown as AccountApi
  const account = new AccountStore({ api, session: { adopt: jest.fn(), signOutAfter: jest.fn(), identityKind: 'guest' }, webauthn: null, logger: fakeLogger() })
  const onClose = jest.fn()
  const testUtils = new TestUtils()
  await testUtils.mount(SignInSheet, { props: { account, onClose } })
  await testUtils.queries.waitForQuerySelector('[data-testid="sign-in-sheet"]')
  return { testUtils, onClose }
}

async function tap (testUtils: TestUtils, testId: string): Promise<void> {
  await testUtils.act(async () => { (document.querySelector(`[data-testid="${testId}"]`) as HTMLElement).click() })
}

describe('SignInSheet', () => {
  it('offers 微信登录 inside WeChat\'s browser, asking for snsapi_userinfo back to this page', async () => {
    jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA)
    window.history.replaceState(null, '', '/index.html?server_id=832828#/pages/me')
    const start = jest.fn().mockResolvedValue({ url: '#wechat-authorize', state: 's' })
    const { testUtils } = await mount(start)
    expect(document.querySelector('[data-testid="sign-in-wechat"]')?.textContent).toBe('微信登录')
    await tap(testUtils, 'sign-in-wechat')
    expect(start).toHaveBeenCalledWith('snsapi_userinfo', `${window.location.origin}/index.html?server_id=832828`)
  })

  it('says why when the server has no WeChat sign-in', async () => {
    jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA)
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
    const start = jest.fn().mockRejectedValue(new RequestError({ kind: 'server', code: 503000, status: 503, message: 'WeChat sign-in is not configured on this server (WX_APP_ID, WX_APP_SECRET)' }))
    const { testUtils } = await mount(start)
    await tap(testUtils, 'sign-in-wechat')
    expect(toast.mock.calls.map(([options]) => (options as { title: string }).title)).toEqual(['WeChat sign-in is not configured on this server (WX_APP_ID, WX_APP_SECRET)'])
  })

  it('has no WeChat button in another browser, and closes on 暂不登录', async () => {
    const { testUtils, onClose } = await mount(jest.fn())
    expect(document.querySelector('[data-testid="sign-in-wechat"]')).toBeNull()
    await tap(testUtils, 'sign-in-later')
    expect(onClose).toHaveBeenCalled()
  })
})
