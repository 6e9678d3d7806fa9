import Taro from '@tarojs/taro'
import NotFound from '@/pages/not-found/index'
import WebViewPage from '@/pages/webview/index'
import { mountPage, unmountPages } from '../support/page-harness'

afterEach(() => {
  unmountPages()
  jest.restoreAllMocks()
})

describe('not-found page (SPEC §2)', () => {
  it('says the page does not exist and names the address asked for, as text', async () => {
    const { testUtils } = await mountPage(NotFound, { params: { from: encodeURIComponent('/pages/<b>nope</b>/index') } })
    const page = await testUtils.queries.waitForQuerySelector('.not-found')
    expect(page.textContent).toContain('页面不存在')
    expect(page.textContent).toContain('你访问的页面不存在或已被移除')
    expect(page.querySelector('.not-found__from')?.textContent).toBe('未找到：/pages/<b>nope</b>/index')
    expect(page.querySelector('b')).toBeNull()
  })

  it('leads home by relaunching the entry page with the carried keys', async () => {
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'ok' })
    const { testUtils } = await mountPage(NotFound, { params: { sid: '832828', hl: 'en', from: '/x' } })
    testUtils.fireEvent.click(await testUtils.queries.waitForQueryByText('返回首页'))
    await testUtils.act(async () => { await Promise.resolve() })
    expect(reLaunch).toHaveBeenCalledWith({ url: '/index.html?server_id=832828&hl=en&sid=832828' })
  })

  it('names no address when it was not told one', async () => {
    const { testUtils } = await mountPage(NotFound)
    await testUtils.queries.waitForQuerySelector('.not-found')
    expect(testUtils.queries.querySelector('.not-found__from')).toBeNull()
  })
})

describe('webview page (SPEC §2 rule pages)', () => {
  it('refuses a URL that is not allow-listed with a message and a way home, loading nothing', async () => {
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'ok' })
    const { testUtils } = await mountPage(WebViewPage, { params: { url: encodeURIComponent('https://evil.example/') } })
    expect(await testUtils.queries.waitForQueryByText('出于安全考虑，无法打开此链接')).toBeTruthy()
    expect(testUtils.queries.querySelector('taro-web-view-core')).toBeNull()
    testUtils.fireEvent.click(testUtils.queries.queryByText('返回首页'))
    await testUtils.act(async () => { await Promise.resolve() })
    expect(reLaunch).toHaveBeenCalledWith({ url: '/index.html' })
  })

  it('shows an allow-listed rule page', async () => {
    jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({ errMsg: 'ok' })
    const { testUtils } = await mountPage(WebViewPage, { params: { url: encodeURIComponent('/rules/privacy-policy.html'), title: encodeURIComponent('隐私政策') } })
    expect((await testUtils.queries.waitForQuerySelector('taro-web-view-core')).getAttribute('src')).toBe('/rules/privacy-policy.html')
  })
})
