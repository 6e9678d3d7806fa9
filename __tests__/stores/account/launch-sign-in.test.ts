import { signInAtLaunch, type LaunchSignInSources } from '@/stores/account/launch-sign-in'
import { SessionStore } from '@/stores/account/session-store'
import { deferred, fakeApi, fakeLogger, memoryStorage, user } from '../support/fakes'

function setup (stored: 'none' | 'guest' | 'user' = 'none', miniProgram = false, wechatBrowser = false) {
  const account = {
    signInWithHandoff: jest.fn().mockResolvedValue(''),
    signInWithLink: jest.fn().mockResolvedValue(''),
    signInWithWechatWeb: jest.fn().mockResolvedValue(''),
    signInInMiniProgram: jest.fn().mockResolvedValue(true),
    silentWechatUrl: jest.fn().mockResolvedValue('https://open.weixin.qq.com/connect/oauth2/authorize?scope=snsapi_base'),
  }
  const session = {
    ensureSignedIn: jest.fn().mockResolvedValue(undefined),
    duringLaunch: (signIn: () => Promise<unknown>) => signIn(),
    restore: jest.fn().mockReturnValue(stored !== 'none'),
    isSignedIn: stored !== 'none',
    identityKind: stored === 'none' ? null : stored,
  }
  const login = jest.fn().mockResolvedValue('wx-code')
  let tries = 0
  const browser = { here: 'https://realm.example/index.html?server_id=832828', leave: jest.fn(), firstTry: () => (tries += 1) === 1 }
  const loadAccount = jest.fn().mockResolvedValue(account)
  const dropped: string[] = []
  const dropFromAddressBar = miniProgram ? null : (key: string) => { dropped.push(key) }
  const sources = { account: loadAccount, session, miniProgramLogin: miniProgram ? login : null, wechatBrowser: wechatBrowser ? browser : null, dropFromAddressBar } as unknown as LaunchSignInSources
  return { account, loadAccount, session, login, sources, browser, dropped }
}

describe('signInAtLaunch', () => {
  it('signs in with a development sign-in link on H5', async () => {
    const { account, session, sources } = setup()
    await signInAtLaunch({ dev_signin: 'tok', server_id: '832828' }, sources)
    expect(account.signInWithLink).toHaveBeenCalledWith('tok')
    expect(session.ensureSignedIn).toHaveBeenCalled()
  })

  it('signs in with a hand-off code on H5 (the mini-program\'s web-view), dropping it from the address bar first', async () => {
    const { account, session, sources, dropped } = setup('guest', false, true)
    account.signInWithHandoff.mockImplementationOnce(async () => {
      expect(dropped).toEqual(['handoff'])
      return ''
    })
    await signInAtLaunch({ handoff: 'h'.repeat(43), channel_id: '83282803', server_id: '832828' }, sources)
    expect(account.signInWithHandoff).toHaveBeenCalledWith('h'.repeat(43))
    // the hand-off wins over a stored login and over WeChat's silent sign-in inside its browser
    expect(account.silentWechatUrl).not.toHaveBeenCalled()
    expect(session.ensureSignedIn).toHaveBeenCalled()
  })

  it('signs in with the code and state WeChat\'s browser came back with', async () => {
    const { account, sources } = setup()
    await signInAtLaunch({ code: 'web-code', state: 's1' }, sources)
    expect(account.signInWithWechatWeb).toHaveBeenCalledWith('web-code', 's1')
  })

  it('signs the mini-program in with Taro.login at launch, a stored guest included', async () => {
    const { account, sources } = setup('guest', true)
    await signInAtLaunch({}, sources)
    expect(account.signInInMiniProgram).toHaveBeenCalledWith(sources.miniProgramLogin)
  })

  it('keeps a stored account in the mini-program without asking WeChat again', async () => {
    const { account, session, sources } = setup('user', true)
    await signInAtLaunch({}, sources)
    expect(account.signInInMiniProgram).not.toHaveBeenCalled()
    expect(session.ensureSignedIn).toHaveBeenCalled()
  })

  it('falls back to the stored login or a guest on H5 with nothing in the query, without loading the account store', async () => {
    const { account, loadAccount, session, sources } = setup()
    await signInAtLaunch({}, sources)
    expect([account.signInWithLink, account.signInWithWechatWeb, account.signInInMiniProgram].map(mock => mock.mock.calls.length)).toEqual([0, 0, 0])
    expect(loadAccount).not.toHaveBeenCalled()
    expect(session.ensureSignedIn).toHaveBeenCalled()
  })

  it('leaves once for WeChat\'s silent snsapi_base sign-in inside WeChat\'s browser, making no guest meanwhile', async () => {
    const { account, session, sources, browser } = setup('guest', false, true)
    await signInAtLaunch({ server_id: '832828' }, sources)
    expect(account.silentWechatUrl).toHaveBeenCalledWith('https://realm.example/index.html?server_id=832828')
    expect(browser.leave).toHaveBeenCalledWith('https://open.weixin.qq.com/connect/oauth2/authorize?scope=snsapi_base')
    expect(session.ensureSignedIn).not.toHaveBeenCalled()
    // back again without a code (WeChat did not finish): no second trip, the guest goes on
    await signInAtLaunch({ server_id: '832828' }, sources)
    expect(browser.leave).toHaveBeenCalledTimes(1)
    expect(session.ensureSignedIn).toHaveBeenCalled()
  })

  it('stays a guest inside WeChat\'s browser when the server has no Official Account', async () => {
    const { account, session, sources, browser } = setup('none', false, true)
    account.silentWechatUrl.mockResolvedValueOnce(null)
    await signInAtLaunch({}, sources)
    expect(browser.leave).not.toHaveBeenCalled()
    expect(session.ensureSignedIn).toHaveBeenCalled()
  })

  it('keeps a stored account inside WeChat\'s browser without asking WeChat', async () => {
    const { account, loadAccount, sources } = setup('user', false, true)
    await signInAtLaunch({}, sources)
    expect(account.silentWechatUrl).not.toHaveBeenCalled()
    expect(loadAccount).not.toHaveBeenCalled()
  })
})

describe('signInAtLaunch with the session store', () => {
  it('mints no guest on a launch with a development link that opens Me and the inbox while the link is being answered', async () => {
    const api = fakeApi()
    const session = new SessionStore(api, { storage: memoryStorage(), loginKey: 'openrealm:dev:login', clock: () => 0, logger: fakeLogger() })
    const linkAnswered = deferred<void>()
    const account = {
      signInWithLink: jest.fn(async () => {
        await linkAnswered.promise
        session.adopt({ user: user({ uid: '100001' }), token: 'account-token' })
        return ''
      }),
    }
    const launch = signInAtLaunch({ dev_signin: 'tok' }, { account: async () => account, session, miniProgramLogin: null, wechatBrowser: null } as unknown as LaunchSignInSources)
    // Me and the inbox mount (useSignedIn) before the link is answered
    const pages = [session.ensureSignedIn(), session.ensureSignedIn()]
    linkAnswered.resolve()
    await Promise.all([launch, ...pages])
    expect([api.guestLogin.mock.calls.length, session.user?.uid]).toEqual([0, '100001'])
  })
})
