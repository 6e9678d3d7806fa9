/**
 * Mounting a page for a page test, the one way every page test does it: the page's
 * query parameters, a root store on a fake ApiClient (no network) with in-memory
 * storage, a silent logger, a hand-set clock and a hand-fired scheduler, and the page
 * inside a StoresProvider, rendered by @tarojs/test-utils-react under the Taro H5
 * runtime. Home and channel tests play the page's lifecycle on top of it
 * (__tests__/pages/home-harness.tsx).
 */
import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import type { ComponentType } from 'react'
import type { User } from '@core/wire/entities'
import type { AccountApi } from '@/services/api/accounts'
import type { TrustApi } from '@/services/api/trust'
import type { SpaceApi } from '@/services/api/space'
import type { SocketConnector } from '@/services/gateway'
import { afterNextPaint } from '@/hooks/use-after-first-paint'
import { StoresProvider } from '@/stores/context'
import type { NotificationsApi } from '@/services/api/notifications'
import { createRootStore, type RootStore } from '@/stores/root-store'
import type { VoiceApi } from '@/services/api/voice'
import type { PlazaApi } from '@/services/api/plaza'
import type { VoiceRuntime } from '@/services/voice/runtime'
import { fakeApi, fakeLogger, fakeMembersApi, manualClock, manualScheduler, memoryStorage, type FakeApi } from '../stores/support/fakes'
import { fakePostsApi, type FakePostsApi } from '../stores/support/posts-fakes'
import { fakeMessagesApi, type FakeMessagesApi } from '../stores/support/chat-fakes'
import { fakeConversationsApi, type FakeConversationsApi } from '../stores/support/conversations-fakes'

/** How to open the page. */
export interface PageSetup {
  /** The page's query, as the platform hands it over (values may be URI-encoded). */
  params?: Record<string, string>
  /** The fake ApiClient (a fresh one whose calls all fail by default). */
  api?: FakeApi
  /** The fake posts API (a fresh one whose calls all fail by default). */
  postsApi?: FakePostsApi
  /** The membership calls (a fresh fake whose calls all fail by default). */
  members?: ReturnType<typeof fakeMembersApi>
  /** The chat's calls (a fresh fake: history fails, writes succeed). */
  messages?: FakeMessagesApi
  /** The stores' clock at the start (unix ms); the real time by default. The test moves it with `clock.set`. */
  now?: number
  /** Someone already signed in on this device (their stored login data). */
  signedIn?: User
  /** The trust calls (permissions, moderation); the app's own when not given. */
  trust?: TrustApi
  /** The account calls (sign-in, Me's 账号与安全); the app's own when not given. */
  accounts?: AccountApi
  /** The notification inbox calls; the app's own when not given. */
  notifications?: NotificationsApi
  /** The direct-message calls (a fresh fake: lists empty, writes done; a conversation's messages on `messages`). */
  conversations?: FakeConversationsApi
  /** The gather space's calls; the app's own when not given. */
  space?: SpaceApi
  /** The voice calls; nobody in any room by default (no network). */
  voice?: VoiceApi
  /** The browser's WebRTC and microphone (a fake: __tests__/stores/voice/fake-webrtc.ts); none by default. */
  voiceRuntime?: VoiceRuntime | null
  /** The game plaza's calls; no records and no tables by default (no network). */
  plaza?: PlazaApi
  /** The gateway's socket connector (a fake: tests/stores/support/fake-socket.ts); Taro's when not given. */
  gateway?: SocketConnector
  /** What the app does with the stores before the page appears (e.g. its launch sign-in). */
  beforeMount?: (root: RootStore) => void
}

/** A mounted page and what it runs on. */
export interface MountedPage {
  testUtils: TestUtils
  api: FakeApi
  root: RootStore
  clock: ReturnType<typeof manualClock>
  scheduler: ReturnType<typeof manualScheduler>
  /** The page's visible text. */
  text: () => string
  /** Clicks the first element matching a selector (whose text contains `withText`, when given). */
  tap: (selector: string, withText?: string) => Promise<void>
  /** Lets pending promises and renders settle. */
  settle: () => Promise<void>
}

const mounted: MountedPage[] = []

/** Voice calls for a page test that joins no room: nobody is in any (no network). */
export function noVoiceRooms (): VoiceApi {
  return { states: jest.fn(async () => ({ items: [] })), moderate: jest.fn(), disconnect: jest.fn(async () => null) }
}

/** Space calls for a page test that opens no space: nobody stands in any (no network). */
function noSpaces (): SpaceApi {
  return { space: jest.fn(async () => { throw new Error('no space in this test') }), counts: jest.fn(async () => ({ counts: [] })), people: jest.fn(async () => ({ spaces: [] })), move: jest.fn(async () => null), remove: jest.fn(async () => null) }
}

/** Plaza calls for a page test that opens no plaza: nobody has a record, nothing else is faked (no network). */
function noPlaza (): PlazaApi {
  const fail = jest.fn(async () => { throw new Error('no plaza in this test') })
  return { lobby: fail, createTable: fail, table: fail, close: fail, sit: fail, stand: fail, ready: fail, move: fail, rematch: fail, invite: fail, ratings: jest.fn(async () => ({ items: [] })) }
}

/** Opens `Page` with `setup`: spies on Taro's current instance for the query, then mounts it. */
export async function mountPage (Page: ComponentType, setup: PageSetup = {}): Promise<MountedPage> {
  const api = setup.api ?? fakeApi()
  const params = setup.params ?? {}
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params, path: '' }, page: null, app: null } as unknown as ReturnType<typeof Taro.getCurrentInstance>)
  // The page was opened directly (a shared link): nothing lies behind it.
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/opened/index' }] as unknown as ReturnType<typeof Taro.getCurrentPages>)
  const storage = memoryStorage(setup.signedIn ? { 'test-login': JSON.stringify({ user: setup.signedIn, token: 'test-token' }) } : {})
  const clock = manualClock(setup.now ?? Date.now())
  const scheduler = manualScheduler()
  const messages = setup.messages ?? fakeMessagesApi()
  const root = createRootStore(api, {
    storage, loginKey: 'test-login', logger: fakeLogger(), clock: clock.now, scheduler, members: setup.members ?? fakeMembersApi(), postsApi: setup.postsApi ?? fakePostsApi(), messagesApi: messages, trust: setup.trust, accounts: setup.accounts,
    notifications: setup.notifications, conversations: setup.conversations ?? fakeConversationsApi(messages), space: setup.space ?? noSpaces(),
    voice: setup.voice ?? noVoiceRooms(), voiceRuntime: setup.voiceRuntime ?? null, plaza: setup.plaza ?? noPlaza(),
    gateway: setup.gateway ? { connect: setup.gateway, url: 'ws://realm.test/gateway' } : undefined,
  })
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
  const settle = async () => {
    await testUtils.act(async () => {
      for (let i = 0; i < 5; i += 1) await new Promise(resolve => setTimeout(resolve, 0))
      // what a page renders a frame after the content (Home's live cards) settles too
      await new Promise(resolve => afterNextPaint(() => resolve(undefined)))
      for (let i = 0; i < 2; i += 1) await new Promise(resolve => setTimeout(resolve, 0))
    })
  }
  const tap = async (selector: string, withText?: string) => {
    const target = Array.from(document.querySelectorAll(selector)).find(node => withText === undefined || (node.textContent ?? '').includes(withText))
    if (!target) throw new Error(`nothing to tap: ${selector} ${withText ?? ''}`)
    await testUtils.act(async () => { (target as HTMLElement).click() })
    await settle()
  }
  const page: MountedPage = { testUtils, api, root, clock, scheduler, text: () => document.body.textContent ?? '', tap, settle }
  mounted.push(page)
  return page
}

/** Unmounts every page mounted so far, stops their stores and empties the document (call in afterEach). */
export function unmountPages (): void {
  for (const { testUtils, root } of mounted.splice(0)) {
    root.dispose()
    testUtils.act(() => testUtils.unmout())
  }
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
