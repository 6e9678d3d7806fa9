import Taro from '@tarojs/taro'
import {
  allowedHosts, followRedirect, isAllowedUrl, openRule, openUrl, redirectTargetOf, ruleUrl, webNavigator,
} from '@/router/web'
import { RouterError } from '@/router/resolve'

// The online environment's bases, so the allow-list holds real hosts.
jest.mock('@/constants/env', () => {
  const actual = jest.requireActual('@/constants/env')
  return { ...actual, ENV_BASES: actual.basesFor('online', false) }
})

function onPage (params: Record<string, string> = {}): void {
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params } } as unknown as ReturnType<typeof Taro.getCurrentInstance>)
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/index/index' }] as unknown as ReturnType<typeof Taro.getCurrentPages>)
}

let assign: jest.SpyInstance
let navigateTo: jest.SpyInstance
let redirectTo: jest.SpyInstance

beforeEach(() => {
  process.env.TARO_ENV = 'h5'
  assign = jest.spyOn(webNavigator, 'assign').mockImplementation(() => undefined)
  navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
  redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
  jest.spyOn(console, 'warn').mockImplementation(() => undefined)
  onPage()
})

afterEach(() => {
  jest.restoreAllMocks()
  process.env.TARO_ENV = 'h5'
})

describe('allow-listed web URLs', () => {
  it("allows the environment's web, webview and CDN hosts, and on H5 the app's own origin", () => {
    expect(allowedHosts()).toEqual(['h5.openrealm.example', 'webview.openrealm.example', 'cdn.openrealm.example', 'localhost'])
  })

  it('has no own origin in the mini-program', () => {
    process.env.TARO_ENV = 'weapp'
    expect(allowedHosts()).not.toContain('localhost')
  })

  it.each([
    'https://webview.openrealm.example/user-agreement.html',
    'http://localhost/rules/x.html',
    '/rules/privacy-policy.html',
  ])('allows %p on H5', url => {
    expect(isAllowedUrl(url)).toBe(true)
  })

  it.each([
    'https://evil.example/',
    'https://webview.openrealm.example.evil.example/',
    'https://webview.openrealm.example@evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    42,
  ])('refuses %p', url => {
    expect(isAllowedUrl(url)).toBe(false)
  })

  it('refuses same-origin paths in the mini-program (it has no origin)', () => {
    process.env.TARO_ENV = 'weapp'
    expect(isAllowedUrl('/rules/x.html')).toBe(false)
  })
})

describe('rule pages (SPEC §1, §2)', () => {
  it('puts the user agreement and privacy policy under the webview host', () => {
    expect(ruleUrl('userAgreement')).toBe('https://webview.openrealm.example/user-agreement.html')
    expect(ruleUrl('privacyPolicy')).toBe('https://webview.openrealm.example/privacy-policy.html')
  })

  it('opens a rule page in the same tab on H5 (SPEC §2)', async () => {
    await expect(openRule('privacyPolicy')).resolves.toMatchObject({ url: 'https://webview.openrealm.example/privacy-policy.html' })
    expect(assign).toHaveBeenCalledWith('https://webview.openrealm.example/privacy-policy.html')
    expect(navigateTo).not.toHaveBeenCalled()
  })

  it('opens a rule page in the webview page in the mini-program, titled (SPEC §2)', async () => {
    process.env.TARO_ENV = 'weapp'
    await openRule('userAgreement')
    expect(assign).not.toHaveBeenCalled()
    expect((navigateTo.mock.calls[0][0] as { url: string }).url)
      .toBe(`/pages/webview/index?url=${encodeURIComponent('https://webview.openrealm.example/user-agreement.html')}&title=${encodeURIComponent('用户协议')}`)
  })

  it('refuses to open a URL that is not allow-listed', async () => {
    await expect(openUrl('https://evil.example/')).rejects.toBeInstanceOf(RouterError)
    expect(assign).not.toHaveBeenCalled()
  })
})

describe('redirect is followed only to own pages or allow-listed hosts (SPEC §2)', () => {
  it.each([
    ['market', { kind: 'page', target: 'market' }],
    ['/pages/market/index?x=1', { kind: 'page', target: '/pages/market/index?x=1' }],
    ['/market/index.html', { kind: 'page', target: '/market/index.html' }],
    ['https://h5.openrealm.example/market/index.html?ch=wx', { kind: 'page', target: '/market/index.html?ch=wx' }],
    ['https://h5.openrealm.example/', { kind: 'web', url: 'https://h5.openrealm.example/' }],
    ['https://webview.openrealm.example/a.html', { kind: 'web', url: 'https://webview.openrealm.example/a.html' }],
  ])('follows %p', (value, target) => {
    expect(redirectTargetOf(value)).toEqual(target)
  })

  it.each([
    'https://evil.example/market/index.html',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(document.cookie)',
    'data:text/html,x',
    '/pages/unknown/index',
    'unknown-page',
    '/pages/../x',
    '',
    undefined,
  ])('refuses %p', value => {
    expect(redirectTargetOf(value)).toBeNull()
  })

  it('replaces the page with the redirect target and does not carry redirect on', async () => {
    onPage({ redirect: encodeURIComponent('/market/index.html?ch=wx'), ch: 'wx' })
    process.env.TARO_ENV = 'weapp'
    await followRedirect()
    expect((redirectTo.mock.calls[0][0] as { url: string }).url).toBe('/pages/market/index?ch=wx')
  })

  it('opens an allow-listed web redirect in the same tab on H5', async () => {
    onPage({ redirect: encodeURIComponent('https://webview.openrealm.example/a.html') })
    await followRedirect()
    expect(assign).toHaveBeenCalledWith('https://webview.openrealm.example/a.html')
  })

  it('refuses an open redirect with a warning and opens the entry page instead', async () => {
    onPage({ redirect: encodeURIComponent('https://evil.example/phish') })
    await followRedirect()
    expect(assign).not.toHaveBeenCalled()
    expect(console.warn).toHaveBeenCalledWith('[router] redirect refused: https://evil.example/phish')
    expect((redirectTo.mock.calls[0][0] as { url: string }).url).toBe('/index.html')
  })

  it('opens the given fallback page when there is no redirect', async () => {
    await followRedirect('market')
    expect((redirectTo.mock.calls[0][0] as { url: string }).url).toBe('/market/index.html')
    expect(console.warn).not.toHaveBeenCalled()
  })
})
