/**
 * Mounting a page for a page test: the page's query parameters, a root store on a fake
 * ApiClient (no network) with in-memory storage and a silent logger, and the page inside
 * a StoresProvider, rendered by @tarojs/test-utils-react under the Taro H5 runtime.
 */
import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import type { ComponentType } from 'react'
import type { User } from '@core/wire/entities'
import { StoresProvider } from '@/stores/context'
import { createRootStore, type RootStore } from '@/stores/root-store'
import { fakeApi, fakeLogger, memoryStorage, type FakeApi } from '../stores/support/fakes'

/** How to open the page. */
export interface PageSetup {
  /** The page's query, as the platform hands it over (values may be URI-encoded). */
  params?: Record<string, string>
  /** The fake ApiClient (a fresh one whose calls all fail by default). */
  api?: FakeApi
  /** The stores' clock (unix ms). */
  now?: number
  /** Someone already signed in on this device (their stored login data). */
  signedIn?: User
  /** What the app does with the stores before the page appears (e.g. its launch sign-in). */
  beforeMount?: (root: RootStore) => void
}

/** A mounted page and what it runs on. */
export interface MountedPage {
  testUtils: TestUtils
  api: FakeApi
  root: RootStore
}

/** Opens `Page` with `setup`: spies on Taro's current instance for the query, then mounts it. */
export async function mountPage (Page: ComponentType, setup: PageSetup = {}): Promise<MountedPage> {
  const api = setup.api ?? fakeApi()
  const params = setup.params ?? {}
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params, path: '' }, page: null, app: null } as unknown as ReturnType<typeof Taro.getCurrentInstance>)
  // The page was opened directly (a shared link): nothing lies behind it.
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/opened/index' }] as unknown as ReturnType<typeof Taro.getCurrentPages>)
  const storage = memoryStorage(setup.signedIn ? { 'test-login': JSON.stringify({ user: setup.signedIn, token: 'test-token' }) } : {})
  const root = createRootStore(api, { storage, loginKey: 'test-login', logger: fakeLogger(), clock: () => setup.now ?? Date.now() })
  setup.beforeMount?.(root)
  function Harness () {
    return (
      <StoresProvider value={root}>
        <Page />
      </StoresProvider>
    )
  }
  const testUtils = new TestUtils()
  await testUtils.mount(Harness)
  mounted.push(testUtils)
  return { testUtils, api, root }
}

const mounted: TestUtils[] = []

/** Unmounts every page mounted so far and empties the document (call in afterEach). */
export function unmountPages (): void {
  for (const testUtils of mounted.splice(0)) testUtils.act(() => testUtils.unmout())
  document.body.innerHTML = ''
}

/** Taro.showToast spied on, resolving at once; read the titles with `toastTitles(spy)`. */
export function spyToasts (): jest.SpyInstance {
  return jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
}

/** The titles of the toasts shown so far. */
export function toastTitles (spy: jest.SpyInstance): string[] {
  return spy.mock.calls.map(call => (call[0] as { title: string }).title)
}
