import { observable, runInAction } from 'mobx'
import type { Session } from '@core/wire/trust'
import { RequestError } from '@/services/request/errors'
import { MySessionsStore } from '@/stores/account/my-sessions-store'
import { fakeLogger, fakeSignOut } from '../support/fakes'

function session (sessionId: string, current = false): Session {
  return { session_id: sessionId, created_at: 1_700_000_000, last_used_at: 1_700_000_100, expires_at: 1_702_592_000, user_agent: 'Mozilla/5.0 (Linux; Android 14) Chrome/124.0', current }
}

function failure (status: number): RequestError {
  return new RequestError({ kind: 'server', code: status * 1000, message: `failed ${status}`, status })
}

function setup () {
  const trust = {
    sessions: jest.fn().mockResolvedValue({ list: [session('aa', true), session('bb'), session('cc')] }),
    revokeSession: jest.fn().mockResolvedValue({ done: true }),
    logout: jest.fn().mockResolvedValue({ done: true }),
  }
  const local = { ...fakeSignOut(), token: 'tok' as string | null }
  return { trust, local, store: new MySessionsStore({ trust, session: local, logger: fakeLogger() }) }
}

describe('MySessionsStore (the Me page\'s devices)', () => {
  it('lists the account\'s sessions as the server answers them, this device marked', async () => {
    const { store } = setup()
    await store.load()
    expect([store.status, store.sessions.map(item => [item.session_id, item.current])]).toEqual(['ready', [['aa', true], ['bb', false], ['cc', false]]])
  })

  it('says a failed list in words, and loads again on retry', async () => {
    const { store, trust } = setup()
    trust.sessions.mockRejectedValueOnce(failure(500))
    await store.load()
    expect([store.status, store.error]).toEqual(['error', 'failed 500'])
    await store.load()
    expect(store.status).toBe('ready')
  })

  it('signs another device out: the server ends its session and it leaves the list', async () => {
    const { store, trust, local } = setup()
    await store.load()
    expect(await store.revoke(store.sessions[1])).toBe('已让该设备退出登录')
    expect(trust.revokeSession).toHaveBeenCalledWith('bb')
    expect([store.sessions.map(item => item.session_id), local.signOut.mock.calls.length]).toEqual([['aa', 'cc'], 0])
  })

  it('drops a session that had already ended (404) from the list', async () => {
    const { store, trust } = setup()
    await store.load()
    trust.revokeSession.mockRejectedValueOnce(failure(404))
    await store.revoke(store.sessions[2])
    expect(store.sessions.map(item => item.session_id)).toEqual(['aa', 'bb'])
  })

  it('keeps a session the server would not end, saying why', async () => {
    const { store, trust } = setup()
    await store.load()
    trust.revokeSession.mockRejectedValueOnce(failure(500))
    expect(await store.revoke(store.sessions[1])).toBe('failed 500')
    expect([store.sessions.length, store.ending]).toEqual([3, null])
  })

  it("signs out here when this device's own session is ended: the server first, then the local login", async () => {
    const { store, trust, local } = setup()
    await store.load()
    expect(await store.revoke(store.sessions[0])).toBe('已退出登录')
    expect([trust.logout.mock.calls.length, trust.revokeSession.mock.calls.length, local.signOut.mock.calls.length, store.signedOut]).toEqual([1, 0, 1, true])
  })

  it('forgets the login when the server no longer knows the session (401)', async () => {
    const { store, trust, local } = setup()
    trust.logout.mockRejectedValueOnce(failure(401))
    expect(await store.signOut()).toBe('已退出登录')
    expect(local.signOut).toHaveBeenCalled()
  })

  it('keeps the login when signing out could not reach the server, so a live token is never thought gone', async () => {
    const { store, trust, local } = setup()
    trust.logout.mockRejectedValueOnce(failure(503))
    expect(await store.signOut()).toBe('failed 503')
    expect([local.signOut.mock.calls.length, store.signedOut, store.ending]).toEqual([0, false, null])
  })

  it('reads the list again when this device signs in as the account (a guest signing in on a new device sees the account\'s other devices)', async () => {
    const { trust } = setup()
    const local = observable({ ...fakeSignOut(), token: 'guest-token' as string | null })
    const store = new MySessionsStore({ trust, session: local, logger: fakeLogger() })
    trust.sessions.mockResolvedValueOnce({ list: [session('guest', true)] })
    const stop = store.follow()
    await Promise.resolve()
    await Promise.resolve()
    expect(store.sessions.map(item => item.session_id)).toEqual(['guest'])
    runInAction(() => { local.token = 'account-token' })
    await Promise.resolve()
    await Promise.resolve()
    expect([store.status, store.sessions.map(item => item.session_id)]).toEqual(['ready', ['aa', 'bb', 'cc']])
    stop()
  })

  it('reads a shown list again when the page shows, keeping it on screen meanwhile, and not before it was first answered', async () => {
    const { store, trust } = setup()
    await store.refresh()
    expect(trust.sessions).not.toHaveBeenCalled()
    trust.sessions.mockResolvedValueOnce({ list: [session('aa', true)] })
    await store.load()
    const later = store.refresh()
    expect([store.status, store.sessions.length]).toEqual(['ready', 1])
    await later
    expect(store.sessions.map(item => item.session_id)).toEqual(['aa', 'bb', 'cc'])
  })
})
