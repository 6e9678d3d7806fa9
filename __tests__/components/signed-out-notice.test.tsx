import { act, createElement } from 'react'
import { createRoot } from 'react-dom/client'
import SignedOutNotice from '@/components/signed-out-notice'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { SessionStore } from '@/stores/account/session-store'
import { StoresProvider } from '@/stores/context'
import type { RootStore } from '@/stores/root-store'
import { relaunch } from '@/router'
import { modal } from '@/utils/feedback'
import { deferred, fakeApi, fakeLogger, memoryStorage, user } from '../stores/support/fakes'

/** The show callback each mounted page registered with Taro's useDidShow, in mount order. */
const shows: Array<() => void> = []
/** What each test mounted, unmounted after it (a mounted notice keeps listening to every page's show). */
const mounted: Array<ReturnType<typeof createRoot>> = []

// The seams: Taro's page hooks record the page's show (the test plays it), the router and the dialog are watched.
jest.mock('@tarojs/taro', () => {
  const none = () => undefined
  return { useLoad: none, useReady: none, useDidHide: none, useUnload: none, useDidShow: (callback: () => void) => { shows.push(callback) } }
})
jest.mock('@/router', () => ({ relaunch: jest.fn() }))
jest.mock('@/utils/feedback', () => ({ modal: jest.fn() }))

const relaunchMock = relaunch as jest.MockedFunction<typeof relaunch>
const modalMock = modal as jest.MockedFunction<typeof modal>

/** The app shell's notice and a page beside it, over a session signed in as an account. */
function mountApp () {
  const api = fakeApi()
  api.guestLogin.mockResolvedValue({ token: 'guest-token', user: user({ uid: 'B_9' }) })
  const session = new SessionStore(api, { storage: memoryStorage(), loginKey: 'openrealm:dev:login', clock: () => 0, logger: fakeLogger() })
  session.adopt({ user: user({ uid: '100001' }), token: 'phone-token' })
  function Page () {
    usePageLifecycle('pages/channel/index')
    return null
  }
  const root = { session } as unknown as RootStore
  const app = createRoot(document.createElement('div'))
  mounted.push(app)
  act(() => app.render(createElement(StoresProvider, { value: root }, createElement(SignedOutNotice), createElement(Page))))
  return { session }
}

/** The page shown last plays its show (the relaunch landed on Home, or a page's own navigation). */
function pageShows (): void {
  act(() => { shows[shows.length - 1]() })
}

describe('SignedOutNotice', () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  })

  beforeEach(() => {
    shows.length = 0
    relaunchMock.mockReset().mockResolvedValue({ kind: 'relaunch', url: '/pages/index/index', notFound: false })
    modalMock.mockReset()
    jest.spyOn(console, 'info').mockImplementation(() => undefined)
  })

  afterEach(() => {
    for (const app of mounted.splice(0)) act(() => app.unmount())
    jest.restoreAllMocks()
  })

  it('goes back to Home and opens the dialog on the page shown there, not before (Taro hides a dialog at the next route change)', async () => {
    const read = deferred<boolean>()
    modalMock.mockReturnValue(read.promise)
    const { session } = mountApp()
    act(() => session.signedOutHere('phone-token'))
    expect([relaunchMock.mock.calls.length, modalMock.mock.calls.length]).toEqual([1, 0])
    pageShows()
    expect(modalMock.mock.calls).toEqual([[{ content: '此设备已退出登录：你的账号在其他设备上结束了这里的登录。草稿已保留，重新登录后可继续编辑。', showCancel: false }]])
    await act(async () => { read.resolve(true) })
    expect(session.signedOutElsewhere).toBe(false)
    // read: the next page shown says nothing more
    pageShows()
    expect(modalMock).toHaveBeenCalledTimes(1)
  })

  it('opens the dialog again on a page shown before the member read it (a navigation racing the relaunch hid it)', () => {
    modalMock.mockReturnValue(new Promise(() => undefined))
    const { session } = mountApp()
    act(() => session.signedOutHere('phone-token'))
    pageShows()
    pageShows()
    expect([modalMock.mock.calls.length, relaunchMock.mock.calls.length, session.signedOutElsewhere]).toEqual([2, 1, true])
  })

  it('says nothing while nobody was signed out elsewhere', () => {
    mountApp()
    pageShows()
    expect([relaunchMock.mock.calls.length, modalMock.mock.calls.length]).toEqual([0, 0])
  })
})
