import { RequestError } from '@/services/request/errors'
import { SessionStore } from '@/stores/account/session-store'
import { deferred, failedRequest, fakeApi, fakeLogger, memoryStorage, user, type FakeApi } from '../support/fakes'

const KEY = 'openrealm:dev:login'
/** 2024-05-01 12:00 in UTC+8, unix ms. */
const NOON_MAY_FIRST_UTC8 = Date.UTC(2024, 4, 1, 4, 0, 0)

function setup (stored: Record<string, string> = {}) {
  const api: FakeApi = fakeApi()
  const storage = memoryStorage(stored)
  const logger = fakeLogger()
  const session = new SessionStore(api, { storage, loginKey: KEY, clock: () => NOON_MAY_FIRST_UTC8, logger })
  return { api, storage, logger, session }
}

describe('SessionStore', () => {
  it('starts signed out with no identity', () => {
    const { session } = setup()
    expect([session.status, session.user, session.token, session.identityKind, session.isSignedIn]).toEqual(['idle', null, null, null, false])
  })

  it('signs in as a guest when nobody is logged in, and stores the login', async () => {
    const { api, session, storage } = setup()
    const guest = user({ uid: 'B_42' })
    api.guestLogin.mockResolvedValue({ token: 'tok-42', user: guest })
    await session.ensureSignedIn()
    expect([session.status, session.user, session.token, session.identityKind]).toEqual(['ready', guest, 'tok-42', 'guest'])
    expect(JSON.parse(storage.data.get(KEY) as string)).toEqual({ user: guest, token: 'tok-42' })
  })

  it('takes an account sign-in in place of the guest: the account and its fresh token are the login, and stored', async () => {
    const { api, session, storage } = setup()
    api.guestLogin.mockResolvedValue({ token: 'tok-guest', user: user({ uid: 'B_42' }) })
    await session.ensureSignedIn()
    const account = user({ uid: '123456789012' })
    session.adopt({ user: account, token: 'tok-account' })
    expect([session.status, session.user, session.token, session.identityKind]).toEqual(['ready', account, 'tok-account', 'user'])
    expect(JSON.parse(storage.data.get(KEY) as string)).toEqual({ user: account, token: 'tok-account' })
  })

  it('uses the stored login of this environment, refreshed from the server, without signing in again', async () => {
    const stored = user({ uid: 'C_bot1', user_type: 2 })
    const { api, session, storage } = setup({ [KEY]: JSON.stringify({ user: stored, token: 'tok-bot' }) })
    const fresh = { ...stored, nickname: '机器人' }
    api.getMe.mockResolvedValue(fresh)
    await session.ensureSignedIn()
    expect(api.guestLogin).not.toHaveBeenCalled()
    expect([session.status, session.user, session.token, session.identityKind]).toEqual(['ready', fresh, 'tok-bot', 'bot'])
    expect(JSON.parse(storage.data.get(KEY) as string).user.nickname).toBe('机器人')
  })

  it('signs in as a guest when the server no longer accepts the stored token', async () => {
    const { api, session } = setup({ [KEY]: JSON.stringify({ user: user({ uid: 'u1' }), token: 'expired' }) })
    api.getMe.mockRejectedValue(new RequestError({ kind: 'server', code: 401000, status: 401, message: 'unauthorized' }))
    api.guestLogin.mockResolvedValue({ token: 'tok-guest', user: user() })
    await session.ensureSignedIn()
    expect([session.status, session.user?.uid, session.token]).toEqual(['ready', 'B_guest1', 'tok-guest'])
  })

  it('keeps the stored login when the server cannot be reached, and logs a warning', async () => {
    const stored = user({ uid: 'u1' })
    const { api, session, logger } = setup({ [KEY]: JSON.stringify({ user: stored, token: 'tok' }) })
    api.getMe.mockRejectedValue(failedRequest())
    await session.ensureSignedIn()
    expect(api.guestLogin).not.toHaveBeenCalled()
    expect([session.status, session.error, session.user, session.token]).toEqual(['ready', null, stored, 'tok'])
    expect(logger.warn).toHaveBeenCalled()
  })

  it("never reads another environment's login", async () => {
    const { api, session } = setup({ 'openrealm:online:login': JSON.stringify({ user: user({ uid: 'u1' }), token: 't' }) })
    api.guestLogin.mockResolvedValue({ token: 'tok-guest', user: user() })
    await session.ensureSignedIn()
    expect(session.token).toBe('tok-guest')
  })

  it('treats corrupt stored JSON as no login and logs a warning', async () => {
    const { api, session, logger } = setup({ [KEY]: '{"user":' })
    api.guestLogin.mockResolvedValue({ token: 'tok-guest', user: user() })
    await session.ensureSignedIn()
    expect(session.token).toBe('tok-guest')
    expect(logger.warn).toHaveBeenCalled()
  })

  it('asks nothing when already signed in', async () => {
    const { api, session } = setup()
    api.guestLogin.mockResolvedValue({ token: 'tok', user: user() })
    await session.ensureSignedIn()
    await session.ensureSignedIn()
    expect([api.guestLogin.mock.calls.length, session.status]).toEqual([1, 'ready'])
  })

  it('signs in as a guest when the stored login has no token', async () => {
    const { api, session } = setup({ [KEY]: JSON.stringify({ user: user({ uid: 'u1' }) }) })
    api.guestLogin.mockResolvedValue({ token: 'tok-guest', user: user() })
    await session.ensureSignedIn()
    expect([session.user?.uid, session.token]).toEqual(['B_guest1', 'tok-guest'])
  })

  it('shows the error and signs in on retry after a failed guest sign-in', async () => {
    const { api, session } = setup()
    api.guestLogin.mockRejectedValueOnce(failedRequest())
    await session.ensureSignedIn()
    expect([session.status, session.error, session.isSignedIn]).toEqual(['error', '请求异常', false])
    api.guestLogin.mockResolvedValue({ token: 'tok', user: user() })
    await session.ensureSignedIn()
    expect([session.status, session.error, session.isSignedIn]).toEqual(['ready', null, true])
  })

  it('stays signed in when the storage refuses to write, and logs a warning', async () => {
    const { api, session, storage, logger } = setup()
    storage.set = () => { throw new Error('quota exceeded') }
    api.guestLogin.mockResolvedValue({ token: 'tok', user: user() })
    await session.ensureSignedIn()
    expect([session.status, session.token]).toEqual(['ready', 'tok'])
    expect(logger.warn).toHaveBeenCalled()
  })

  it('round-trips its login data through toJSON and hydrate', () => {
    const { session } = setup()
    const stored = { user: user({ uid: 'D_map1' }), token: 'tok-map' }
    expect(session.hydrate(stored)).toBe(true)
    expect(session.toJSON()).toEqual(stored)
    expect(session.identityKind).toBe('map')
  })

  it('hydrates from data of the wrong shape as signed out', () => {
    const { session } = setup()
    session.hydrate({ user: user(), token: 't' })
    expect(session.hydrate({ user: { uid: 42 }, token: 't' })).toBe(false)
    expect([session.user, session.token, session.toJSON()]).toEqual([null, null, null])
  })

  it('hydrates from something that is not an object as signed out', () => {
    const { session } = setup()
    expect(session.hydrate('B_1')).toBe(false)
    expect(session.isSignedIn).toBe(false)
  })

  it('keeps a user without a token as not signed in', () => {
    const { session } = setup()
    session.hydrate({ user: user(), token: '' })
    expect([session.user?.uid, session.token, session.isSignedIn, session.toJSON()]).toEqual(['B_guest1', null, false, { user: user() }])
  })

  it('calls a user registered today in UTC+8 new and an earlier one old', () => {
    const { session } = setup()
    session.hydrate({ user: user({ addtime: NOON_MAY_FIRST_UTC8 / 1000 - 3600 }), token: 't' })
    expect(session.userAge()).toBe('new')
    expect(session.userAge(NOON_MAY_FIRST_UTC8 + 86_400_000)).toBe('old')
  })

  it('has no user age before sign-in', () => {
    expect(setup().session.userAge()).toBeNull()
  })

  it('calls an account without a special prefix an ordinary user', () => {
    const { session } = setup()
    session.hydrate({ user: user({ uid: '10086' }), token: 't' })
    expect(session.identityKind).toBe('user')
  })

  it('stores a replaced user', () => {
    const { session, storage } = setup()
    session.hydrate({ user: user(), token: 't' })
    session.setUser(user({ nickname: '新名字' }))
    expect(JSON.parse(storage.data.get(KEY) as string).user.nickname).toBe('新名字')
  })

  it('forgets the stored login on sign-out, and signs in afresh as a new guest, as a fresh visitor is', async () => {
    const { api, session, storage } = setup()
    api.guestLogin.mockResolvedValueOnce({ token: 'tok', user: user() })
    await session.ensureSignedIn()
    api.guestLogin.mockResolvedValueOnce({ token: 'tok-new', user: user({ uid: 'B_new' }) })
    session.signOut()
    expect([session.isSignedIn, storage.data.has(KEY)]).toEqual([false, false])
    // nobody asks again: the sign-out itself signs the new guest in
    await new Promise(resolve => setTimeout(resolve, 0))
    expect([session.status, session.user?.uid, session.token, api.guestLogin.mock.calls.length]).toEqual(['ready', 'B_new', 'tok-new', 2])
  })

  it('mints one guest however many pages ask for a sign-in at once', async () => {
    const { api, session } = setup()
    const answer = deferred<{ token: string, user: ReturnType<typeof user> }>()
    api.guestLogin.mockReturnValue(answer.promise)
    const asked = [session.ensureSignedIn(), session.ensureSignedIn(), session.ensureSignedIn()]
    answer.resolve({ token: 'tok-1', user: user({ uid: 'B_1' }) })
    await Promise.all(asked)
    expect([api.guestLogin.mock.calls.length, session.token]).toEqual([1, 'tok-1'])
  })

  it('mints no guest while the launch signs the member in (a development link): a page asking meanwhile finds the account', async () => {
    const { api, session } = setup()
    const linkAnswered = deferred<void>()
    const launch = session.duringLaunch(async () => {
      await linkAnswered.promise
      session.adopt({ user: user({ uid: '100001', nickname: '林' }), token: 'account-token' })
    })
    // Me and the inbox mount while the link is being answered
    const asked = [session.ensureSignedIn(), session.ensureSignedIn()]
    linkAnswered.resolve()
    await Promise.all([launch, ...asked])
    expect([api.guestLogin.mock.calls.length, session.user?.uid, session.token]).toEqual([0, '100001', 'account-token'])
  })

  it('signs this device out when the server refused the token in use (another device ended the session): the member is told until they read it, a guest is signed in, and what is kept per member stays', async () => {
    const draftKey = 'openrealm-draft:100001:channel:c1'
    const { api, session, storage } = setup({ [draftKey]: '写到一半' })
    session.adopt({ user: user({ uid: '100001' }), token: 'revoked' })
    api.guestLogin.mockResolvedValue({ token: 'guest-token', user: user({ uid: 'B_9' }) })
    session.signedOutHere('revoked')
    expect([session.signedOutElsewhere, session.isSignedIn]).toEqual([true, false])
    await session.ensureSignedIn()
    expect([session.identityKind, session.token, api.guestLogin.mock.calls.length, storage.data.get(draftKey)]).toEqual(['guest', 'guest-token', 1, '写到一半'])
    expect(session.signedOutElsewhere).toBe(true)
    session.noticeSeen()
    expect(session.signedOutElsewhere).toBe(false)
  })

  it('tells the member of a stored login the server answered for at launch and refused later', async () => {
    const { api, session } = setup({ [KEY]: JSON.stringify({ user: user({ uid: '100001' }), token: 'phone-token' }) })
    api.getMe.mockResolvedValue(user({ uid: '100001' }))
    await session.ensureSignedIn()
    api.guestLogin.mockResolvedValue({ token: 'guest-token', user: user({ uid: 'B_9' }) })
    session.signedOutHere('phone-token')
    await session.ensureSignedIn()
    expect([session.signedOutElsewhere, session.token]).toEqual([true, 'guest-token'])
  })

  it('tells nothing of a stored login found ended at launch (ended while the app was closed, or expired): the opened page stays, with a guest', async () => {
    const { api, session } = setup({ [KEY]: JSON.stringify({ user: user({ uid: '100001' }), token: 'ended' }) })
    const answer = deferred<never>()
    api.getMe.mockReturnValue(answer.promise)
    api.guestLogin.mockResolvedValue({ token: 'guest-token', user: user({ uid: 'B_9' }) })
    const launch = session.ensureSignedIn()
    await Promise.resolve()
    // the gateway and the page's first call are refused with the stored token while it is being checked
    session.signedOutHere('ended')
    answer.reject(new RequestError({ kind: 'server', code: 401000, status: 401, message: 'unauthorized' }))
    await launch
    expect([session.signedOutElsewhere, session.token, api.guestLogin.mock.calls.length]).toEqual([false, 'guest-token', 1])
  })

  it('signs out after its own request without telling the member anything, and with one guest, when the refusal of its token came first', async () => {
    const { api, session } = setup()
    session.adopt({ user: user({ uid: '100001' }), token: 'laptop-token' })
    api.guestLogin.mockResolvedValue({ token: 'guest-token', user: user({ uid: 'B_9' }) })
    const answer = deferred<{ done: boolean }>()
    const signingOut = session.signOutAfter(() => answer.promise)
    // the request ended every session: this device's socket was refused on reconnecting before the answer came
    session.signedOutHere('laptop-token')
    await session.ensureSignedIn()
    answer.resolve({ done: true })
    await signingOut
    await session.ensureSignedIn()
    expect([session.signedOutElsewhere, session.token, api.guestLogin.mock.calls.length]).toEqual([false, 'guest-token', 1])
  })

  it('signs out after its own request, and keeps the login when the request failed', async () => {
    const { api, session } = setup()
    session.adopt({ user: user({ uid: '100001' }), token: 'laptop-token' })
    await expect(session.signOutAfter(() => Promise.reject(failedRequest()))).rejects.toBeDefined()
    expect(session.token).toBe('laptop-token')
    api.guestLogin.mockResolvedValue({ token: 'guest-token', user: user({ uid: 'B_9' }) })
    await session.signOutAfter(async () => undefined)
    await session.ensureSignedIn()
    expect([session.signedOutElsewhere, session.token, api.guestLogin.mock.calls.length]).toEqual([false, 'guest-token', 1])
  })

  it('ignores a refusal of a token it no longer holds, and tells a guest nothing when its own token is refused', async () => {
    const { api, session } = setup()
    session.adopt({ user: user({ uid: '100001' }), token: 'current' })
    session.signedOutHere('older')
    expect([session.token, session.signedOutElsewhere]).toEqual(['current', false])
    session.adopt({ user: user(), token: 'guest-old' })
    api.guestLogin.mockResolvedValue({ token: 'guest-new', user: user({ uid: 'B_2' }) })
    session.signedOutHere('guest-old')
    await session.ensureSignedIn()
    expect([session.token, session.signedOutElsewhere]).toEqual(['guest-new', false])
  })
})
