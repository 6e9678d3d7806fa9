import Taro from '@tarojs/taro'
import {
  back, hasPageBehind, currentParams, entryPagePath, pageLocation, installNotFoundHandler, navigate, pageStack, pageUrl, redirect, relaunch, switchTab,
} from '@/router/navigation'
import { resolveTarget, routeOfName, RouterError } from '@/router/resolve'
import { encodeNwp } from '@core/query/nwp'
import { ROUTES } from '@/router/routes'

const ok = { errMsg: 'ok' }

/** The page the user is on: its raw query as Taro hands it over, and the stack depth. */
function onPage (params: Record<string, string> = {}, depth = 1): void {
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params, path: '/pages/index/index' } } as unknown as ReturnType<typeof Taro.getCurrentInstance>)
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue(Array.from({ length: depth }, () => ({ route: 'pages/index/index' })) as unknown as ReturnType<typeof Taro.getCurrentPages>)
}

let navigateTo: jest.SpyInstance
let redirectTo: jest.SpyInstance
let reLaunch: jest.SpyInstance
let switchTabSpy: jest.SpyInstance
let navigateBack: jest.SpyInstance

beforeEach(() => {
  process.env.TARO_ENV = 'weapp'
  navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue(ok)
  redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue(ok)
  reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue(ok)
  switchTabSpy = jest.spyOn(Taro, 'switchTab').mockResolvedValue(ok)
  navigateBack = jest.spyOn(Taro, 'navigateBack').mockResolvedValue(ok)
  onPage()
})

afterEach(() => {
  jest.restoreAllMocks()
  process.env.TARO_ENV = 'h5'
})

function urlOf (spy: jest.SpyInstance): string {
  return (spy.mock.calls[0][0] as { url: string }).url
}

describe('page names and paths (SPEC §2)', () => {
  it('expands a bare page name to /pages/{name}/index (SPEC §2)', async () => {
    await navigate('market')
    expect(urlOf(navigateTo)).toBe('/pages/market/index')
  })

  it('uses the custom paths on H5 (SPEC §2)', async () => {
    process.env.TARO_ENV = 'h5'
    await navigate('market')
    await navigate('index')
    await navigate('demo')
    expect(navigateTo.mock.calls.map(([options]) => (options as { url: string }).url)).toEqual(['/market/index.html', '/index.html', '/pages/demo/index'])
  })

  it('accepts page paths and custom paths with their own query', async () => {
    await navigate('/pages/market/index?a=1')
    await navigate('pages/market/index')
    await navigate('/market/index.html?b=x%20y')
    expect(navigateTo.mock.calls.map(([options]) => (options as { url: string }).url))
      .toEqual(['/pages/market/index?a=1', '/pages/market/index', '/pages/market/index?b=x%20y'])
  })

  it('builds page URLs with encoded query values', () => {
    const market = routeOfName('market')!
    expect(pageUrl(market, { q: 'a&b', none: undefined }, false)).toBe('/pages/market/index?q=a%26b')
    expect(pageUrl(market, {}, true)).toBe('/market/index.html')
  })

  it('lists every page of the route table, the not-found and webview pages included', () => {
    expect(ROUTES.map(route => route.page)).toEqual(expect.arrayContaining(['pages/not-found/index', 'pages/webview/index']))
  })
})

describe('navigation operations (SPEC §2)', () => {
  it('navigate pushes the page', async () => {
    await expect(navigate('market', { channel_id: 'c1' })).resolves.toEqual({ kind: 'navigate', url: '/pages/market/index?channel_id=c1', notFound: false })
    expect(navigateTo).toHaveBeenCalledTimes(1)
  })

  it('redirect replaces the page', async () => {
    await redirect('market')
    expect(urlOf(redirectTo)).toBe('/pages/market/index')
  })

  it('relaunch opens the entry page by default', async () => {
    await relaunch()
    expect(urlOf(reLaunch)).toBe(entryPagePath())
    expect(entryPagePath()).toBe('/pages/index/index')
  })

  it('switchTab switches without a query (the platform takes none)', async () => {
    onPage({ ch: 'wx' })
    await switchTab('index')
    expect(urlOf(switchTabSpy)).toBe('/pages/index/index')
  })

  it('back pops the given number of pages', async () => {
    onPage({}, 3)
    await expect(back(2)).resolves.toEqual({ kind: 'back', url: '', notFound: false })
    expect(navigateBack).toHaveBeenCalledWith({ delta: 2 })
  })

  it('back with nothing below the page relaunches the entry page, carrying the query', async () => {
    onPage({ ch: 'wx' }, 1)
    await back()
    expect(navigateBack).not.toHaveBeenCalled()
    expect(urlOf(reLaunch)).toBe('/pages/index/index?ch=wx')
  })

  it('back with nothing below the page opens the home of the server it names, keeping the carried keys', async () => {
    onPage({ hl: 'en', channel_id: '83282802' }, 1)
    await back(1, { server_id: '832828' })
    expect(urlOf(reLaunch)).toBe('/pages/index/index?hl=en&server_id=832828')
  })

  it('tells whether a page lies behind the current one', () => {
    onPage({}, 1)
    expect(hasPageBehind()).toBe(false)
    onPage({}, 2)
    expect(hasPageBehind()).toBe(true)
  })

  it('reads a nonsense back distance as one page', async () => {
    onPage({}, 3)
    await back(Number.NaN)
    await back(-4)
    expect(navigateBack.mock.calls).toEqual([[{ delta: 1 }], [{ delta: 1 }]])
  })

  it('throws a RouterError when the platform refuses to go back', async () => {
    onPage({}, 2)
    navigateBack.mockRejectedValue({ errMsg: 'navigateBack:fail busy' })
    await expect(back()).rejects.toThrow(new RouterError('router: navigateBack failed: navigateBack:fail busy'))
  })

  it('shows the page stack bottom first, with page names', () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([
      { route: 'pages/index/index' }, { route: '/market/index.html?x=1' }, { route: 'pages/gone/index' }, {},
    ] as unknown as ReturnType<typeof Taro.getCurrentPages>)
    expect(pageStack()).toEqual([
      { route: 'pages/index/index', name: 'index' },
      { route: 'pages/market/index', name: 'market' },
      { route: 'pages/gone/index', name: null },
      { route: '', name: null },
    ])
  })
})

describe('carried query keys (SPEC §2)', () => {
  it('carries the SPEC keys of the current page to the next one', async () => {
    onPage({ ch: 'wx', hl: 'en', server_id: '723658', other: 'x' })
    await navigate('market')
    expect(urlOf(navigateTo)).toBe('/pages/market/index?ch=wx&server_id=723658&hl=en')
  })

  it("lets the caller's keys win over the carried ones", async () => {
    onPage({ server_id: '723658' })
    await navigate('market', { server_id: '832828' })
    expect(urlOf(navigateTo)).toBe('/pages/market/index?server_id=832828')
  })

  it('drops a carried key the caller sets to null', async () => {
    onPage({ debug: '1', ch: 'wx' })
    await navigate('market', { debug: null })
    expect(urlOf(navigateTo)).toBe('/pages/market/index?ch=wx')
  })

  it('carries keys packed in the current nwp', async () => {
    onPage({ nwp: encodeNwp({ scene: 'share' }) })
    await navigate('market')
    expect(urlOf(navigateTo)).toBe('/pages/market/index?scene=share')
  })

  it('reads the current page parameters with sid as server_id (SPEC §2)', () => {
    onPage({ sid: '275902', cid: 'c1' })
    expect(currentParams()).toEqual({ sid: '275902', server_id: '275902', cid: 'c1', channel_id: 'c1' })
  })

  it('tells where the page was opened, for the choice of its server: its parameters and, on H5 only, its host', () => {
    onPage({ sid: '275902' })
    expect(pageLocation()).toEqual({ params: { sid: '275902', server_id: '275902' }, host: undefined })
    process.env.TARO_ENV = 'h5'
    expect(pageLocation({ server_id: '832828' })).toEqual({ params: { server_id: '832828' }, host: 'localhost' })
  })

  it('reads no parameters when there is no current page', () => {
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: null } as unknown as ReturnType<typeof Taro.getCurrentInstance>)
    expect(currentParams()).toEqual({})
  })
})

describe('not-found handling (SPEC §2, §8)', () => {
  it('sends an unknown page name to the not-found page, remembering what was asked for', async () => {
    onPage({ ch: 'wx' })
    await expect(navigate('nowhere')).resolves.toEqual({ kind: 'navigate', url: '/pages/not-found/index?ch=wx&from=%2Fpages%2Fnowhere%2Findex', notFound: true })
  })

  it('sends an unknown path to the not-found page with the same operation', async () => {
    await redirect('/pages/nowhere/index')
    expect(urlOf(redirectTo)).toBe('/pages/not-found/index?from=%2Fpages%2Fnowhere%2Findex')
  })

  it('switches to the not-found page by redirect (it is not a tab)', async () => {
    await switchTab('nowhere')
    expect(switchTabSpy).not.toHaveBeenCalled()
    expect(urlOf(redirectTo)).toBe('/pages/not-found/index?from=%2Fpages%2Fnowhere%2Findex')
  })

  it('sends a page the platform reports as not found to the not-found page', async () => {
    navigateTo.mockRejectedValueOnce({ errMsg: 'navigateTo:fail page "pages/market/index" is not found' })
    await expect(navigate('market')).resolves.toMatchObject({ notFound: true, url: '/pages/not-found/index?from=%2Fpages%2Fmarket%2Findex' })
  })

  it('throws when even the not-found page cannot be found, instead of looping', async () => {
    navigateTo.mockRejectedValue({ errMsg: 'navigateTo:fail page not found' })
    await expect(navigate('market')).rejects.toBeInstanceOf(RouterError)
  })

  it('throws other platform failures as RouterError, not swallowed (SPEC §8)', async () => {
    navigateTo.mockRejectedValueOnce(new Error('webview count limit exceed'))
    await expect(navigate('market')).rejects.toThrow(new RouterError('router: navigateTo /pages/market/index failed: webview count limit exceed'))
  })

  it('throws a failure that is neither an errMsg nor an Error as text', async () => {
    redirectTo.mockRejectedValueOnce('busy')
    await expect(redirect('market')).rejects.toThrow('router: redirectTo /pages/market/index failed: busy')
  })

  it.each([
    ['an empty target', ''],
    ['a target that is not a string', 42],
    ['a web URL', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example/pages/x/index'],
    ['a script URL', 'javascript:alert(1)'],
    ['a path outside the pages', '/pages/../../etc'],
    ['a path with odd characters', '/pages/<x>/index'],
  ])('throws a RouterError for %s: a resolution error other than not-found (SPEC §8)', async (_what, target) => {
    await expect(navigate(target as string)).rejects.toBeInstanceOf(RouterError)
    expect(navigateTo).not.toHaveBeenCalled()
  })

  it('drops __proto__ keys from a query written into the target', () => {
    const resolution = resolveTarget('market?__proto__=x&ok=1')
    expect(resolution.query).toEqual({ ok: '1' })
  })

  it('sends pages the platform cannot find to the not-found page once installed', async () => {
    let handler: (result: { path: string }) => void = () => undefined
    jest.spyOn(Taro, 'onPageNotFound').mockImplementation(callback => { handler = callback as typeof handler })
    installNotFoundHandler()
    handler({ path: '/old/link.html' })
    await Promise.resolve()
    expect(urlOf(redirectTo)).toBe('/pages/not-found/index?from=%2Fold%2Flink.html')
  })

  it('leaves a not-found report about a known page alone (no loop)', () => {
    let handler: (result: { path: string }) => void = () => undefined
    jest.spyOn(Taro, 'onPageNotFound').mockImplementation(callback => { handler = callback as typeof handler })
    installNotFoundHandler()
    handler({ path: 'pages/not-found/index' })
    expect(redirectTo).not.toHaveBeenCalled()
  })

  it('logs a not-found page that fails to open', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    redirectTo.mockRejectedValue(new Error('down'))
    let handler: (result: { path: string }) => void = () => undefined
    jest.spyOn(Taro, 'onPageNotFound').mockImplementation(callback => { handler = callback as typeof handler })
    installNotFoundHandler()
    handler({ path: '/old' })
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(log).toHaveBeenCalledWith('[router] not-found page failed:', expect.any(RouterError))
  })
})
