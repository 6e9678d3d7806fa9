import * as React from 'react'
import { createRoot, type Root } from 'react-dom/client'
import Taro from '@tarojs/taro'
import NotFound from '@/pages/not-found/index'
import WebViewPage from '@/pages/webview/index'
import { ROUTES } from '@/router/routes'
import { webNavigator } from '@/router/web'
import { StoresProvider } from '@/stores/context'
import { createRootStore } from '@/stores/root-store'
import { fakeApi, memoryStorage } from '../stores/support/fakes'

const { act } = React

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true
// jest's Taro transformer compiles JSX to React.createElement (classic runtime), while the
// build uses the automatic runtime, so pages do not import React: give them the global.
Object.assign(globalThis, { React })

let container: HTMLDivElement
let root: Root

function onPage (params: Record<string, string>): void {
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params } } as unknown as ReturnType<typeof Taro.getCurrentInstance>)
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/not-found/index' }] as unknown as ReturnType<typeof Taro.getCurrentPages>)
}

/** Renders `element` under the app's stores (the pages share a card of their server's Home: useHomeShare reads the server store). */
async function render (element: JSX.Element): Promise<void> {
  const stores = createRootStore(fakeApi(), { storage: memoryStorage(), loginKey: 'k' })
  await act(async () => { root.render(<StoresProvider value={stores}>{element}</StoresProvider>) })
}

beforeEach(() => {
  container = document.createElement('div')
  document.body.appendChild(container)
  root = createRoot(container)
})

afterEach(async () => {
  await act(async () => { root.unmount() })
  container.remove()
  jest.restoreAllMocks()
})

describe('page titles (SPEC §2: the page title comes from the page configuration)', () => {
  it.each(ROUTES.map(route => [route.name, route.page]))('gives the %s page a title in its page configuration', (_name, page) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const config = require(`@/${page}.config`).default as { navigationBarTitleText?: unknown }
    expect(typeof config.navigationBarTitleText).toBe('string')
  })

  it('titles the not-found page 页面不存在', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect(require('@/pages/not-found/index.config').default.navigationBarTitleText).toBe('页面不存在')
  })
})

describe('not-found page (SPEC §2)', () => {
  it('says the page does not exist and leads home', async () => {
    onPage({ ch: 'wx' })
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'ok' })
    await render(<NotFound />)
    expect(container.textContent).toContain('页面不存在')
    expect(container.textContent).toContain('返回首页')
    await act(async () => { (container.querySelector('.not-found__home') as HTMLElement).click() })
    expect(reLaunch).toHaveBeenCalledWith({ url: '/index.html?ch=wx' })
  })

  it('logs a way home that fails', async () => {
    onPage({})
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    jest.spyOn(Taro, 'reLaunch').mockRejectedValue(new Error('down'))
    await render(<NotFound />)
    await act(async () => { (container.querySelector('.not-found__home') as HTMLElement).click() })
    expect(log).toHaveBeenCalledWith('[not-found] home failed:', expect.any(Error))
  })
})

describe('webview page (SPEC §2: rule pages)', () => {
  it('shows an allow-listed URL in a web view, titled from the title parameter', async () => {
    onPage({ url: encodeURIComponent('/rules/user-agreement.html'), title: encodeURIComponent('用户协议') })
    const setTitle = jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({ errMsg: 'ok' })
    await render(<WebViewPage />)
    expect(container.querySelector('taro-web-view-core')?.getAttribute('src')).toBe('/rules/user-agreement.html')
    expect(document.title).toBe('用户协议')
    expect(setTitle).not.toHaveBeenCalled()
  })

  it('shows markup in the title parameter as text: a crafted link runs no script', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1">'
    onPage({ url: encodeURIComponent('/rules/user-agreement.html'), title: encodeURIComponent(hostile) })
    const setTitle = jest.spyOn(Taro, 'setNavigationBarTitle')
    await render(<WebViewPage />)
    expect(document.title).toBe(hostile)
    expect(document.querySelector('img[src=x]')).toBeNull()
    expect(setTitle).not.toHaveBeenCalled()
  })

  it('shows nothing of a URL that is not allow-listed (no open redirect)', async () => {
    onPage({ url: encodeURIComponent('https://evil.example/') })
    await render(<WebViewPage />)
    expect(container.querySelector('taro-web-view-core')).toBeNull()
    expect(container.textContent).toContain('页面不存在')
  })
})

describe('leaving for a web page on H5', () => {
  it('changes the location of the same tab', () => {
    webNavigator.assign('#rules')
    expect(window.location.hash).toBe('#rules')
  })
})
