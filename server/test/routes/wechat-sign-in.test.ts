/**
 * Signing in with WeChat against a local server answering WeChat's documented endpoints
 * (WX_API_BASE points at it), with WeChat's documented error codes.
 */
import type { AccountSignInData, WechatWebStartData } from '@core/wire/accounts'
import { ACCOUNT_CODES } from '@core/wire/accounts-paths'
import type { BotToken } from '@core/wire/trust'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { DEMO_OWNER, envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'
import { startFakeWechat, type FakeWechat } from '../services/fake-wechat'

const ORIGIN = 'https://realm.example'
const EN = { 'accept-language': 'en' }
let test: TestApp
let wechat: FakeWechat

beforeAll(async () => {
  // the Official Account and the mini-program are two apps, each with its own secret
  wechat = await startFakeWechat('wx-oa', 'wx-oa-secret-0123456789', 7200, { appId: 'wx-mp', secret: 'wx-mp-secret-9876543210' })
  test = await startTestApp({
    PUBLIC_URL: ORIGIN, WX_APP_ID: 'wx-oa', WX_APP_SECRET: 'wx-oa-secret-0123456789', WX_MP_APP_ID: 'wx-mp', WX_MP_APP_SECRET: 'wx-mp-secret-9876543210', WX_API_BASE: wechat.base,
  })
}, 30_000) // a fresh PostgreSQL schema migrates and seeds slowly on a busy machine
afterAll(async () => {
  await test.close()
  await wechat.close()
})

/** Starts a web authorisation; resolves the state WeChat would come back with. */
async function startWeb (scope: 'snsapi_base' | 'snsapi_userinfo', headers: Record<string, string> = {}): Promise<WechatWebStartData> {
  const response = await test.inject({ method: 'POST', url: '/auth/wechat/web/start', headers: { ...EN, ...headers }, payload: { scope, redirect_uri: '/pages/index/index' } })
  expect(response.statusCode).toBe(200)
  return envelope<WechatWebStartData>(response).data
}

const web = (code: string, state: string, headers: Record<string, string> = {}) => test.inject({ method: 'POST', url: '/auth/wechat/web', headers: { ...EN, ...headers }, payload: { code, state } })
const mini = (code: string, headers: Record<string, string> = {}) => test.inject({ method: 'POST', url: '/auth/wechat/mini-program', headers: { ...EN, ...headers }, payload: { code } })

describe('WeChat web authorisation', () => {
  it("sends WeChat's browser to authorise with the app id, scope, this site's page and a fresh state", async () => {
    const { url, state } = await startWeb('snsapi_base')
    const authorize = new URL(url)
    expect(authorize.origin + authorize.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize')
    expect(Object.fromEntries(authorize.searchParams)).toEqual({ appid: 'wx-oa', redirect_uri: `${ORIGIN}/pages/index/index`, response_type: 'code', scope: 'snsapi_base', state })
    expect(authorize.hash).toBe('#wechat_redirect')
  })

  it('refuses to send the member back to another site', async () => {
    const response = await test.inject({ method: 'POST', url: '/auth/wechat/web/start', headers: EN, payload: { scope: 'snsapi_base', redirect_uri: 'https://evil.example/' } })
    expect(response.statusCode).toBe(400)
  })

  it('signs up silently with snsapi_base and signs in to the same account next time', async () => {
    const first = envelope<AccountSignInData>(await web('web-silent', (await startWeb('snsapi_base')).state)).data
    expect(first.created).toBe(true)
    const again = envelope<AccountSignInData>(await web('web-silent_2', (await startWeb('snsapi_base')).state)).data
    expect(again).toMatchObject({ created: false, user: { uid: first.user.uid } })
    expect(again.token).not.toBe(first.token)
  })

  it('takes the nickname and avatar the member agreed to share with snsapi_userinfo', async () => {
    const account = envelope<AccountSignInData>(await web('web-amy', (await startWeb('snsapi_userinfo')).state)).data
    expect(account.user).toMatchObject({ nickname: '微信用户amy', avatar: 'https://thirdwx.qlogo.cn/amy.png' })
  })

  it('stores a shared nickname as every nickname is stored: without bidi controls and zero-width characters', async () => {
    wechat.nicknames.set('bidi', '\u202e\u2066阿\u200b明\u2069\ufeff')
    const account = envelope<AccountSignInData>(await web('web-bidi', (await startWeb('snsapi_userinfo')).state)).data
    expect(account.user.nickname).toBe('阿明')
  })

  it("does not take a shared nickname that reads as the owner's of a server the guest belongs to, and still signs in", async () => {
    const ownerName = envelope<{ nickname: string }>(await test.inject({ url: '/users/100001' })).data.nickname
    const guest = await signInAsGuest(test)
    expect((await test.inject({ method: 'POST', url: '/servers/832828/members/me', headers: guest.headers })).statusCode).toBe(200)
    wechat.nicknames.set('lookalike', ` ${ownerName}\u200b`)
    const account = envelope<AccountSignInData>(await web('web-lookalike', (await startWeb('snsapi_userinfo', guest.headers)).state, guest.headers)).data
    expect(account.upgraded_from).toBe(guest.uid)
    expect(account.user.nickname).not.toContain(ownerName) // the account's own default name instead
    // a fresh account belongs to no server yet: the same name is taken (joining the owner's server is refused later)
    wechat.nicknames.set('fresh', ownerName)
    expect(envelope<AccountSignInData>(await web('web-fresh', (await startWeb('snsapi_userinfo')).state)).data.user.nickname).toBe(ownerName)
  })

  it('refuses an unknown, reused or foreign state, writing nothing', async () => {
    const exchanges = () => wechat.calls.filter(path => path === '/sns/oauth2/access_token').length
    const before = exchanges()
    expect(envelope(await web('web-x1', 'never-handed-out')).msg).toMatch(/body\.state/)
    const { state } = await startWeb('snsapi_base')
    expect((await web('web-x2', state)).statusCode).toBe(200)
    const reused = await web('web-x3', state)
    expect(reused.statusCode).toBe(400)
    expect(envelope(reused).msg).toMatch(/body\.state/)
    const guest = await signInAsGuest(test)
    const started = await startWeb('snsapi_base', guest.headers)
    const stranger = await web('web-x4', started.state)
    expect(stranger.statusCode).toBe(400)
    expect(exchanges() - before).toBe(1) // only the one with a good state reached WeChat
  })

  it("names WeChat's refusals: an invalid code (40029), a used code (40163), its rate limit (45011)", async () => {
    const invalid = await web('nonsense', (await startWeb('snsapi_base')).state)
    expect([invalid.statusCode, envelope(invalid).msg]).toEqual([400, expect.stringMatching(/invalid \(40029\)/)])
    await web('web-twice', (await startWeb('snsapi_base')).state)
    const twice = await web('web-twice', (await startWeb('snsapi_base')).state)
    expect([twice.statusCode, envelope(twice).msg]).toEqual([400, expect.stringMatching(/already used \(40163\)/)])
    const busy = await web('web-busy', (await startWeb('snsapi_base')).state)
    expect([busy.statusCode, envelope(busy).msg]).toEqual([429, expect.stringMatching(/45011/)])
    expect(busy.headers['retry-after']).toBe('60')
  })
})

describe('WeChat in the mini-program (code2Session)', () => {
  it('signs up with Taro.login\'s code, signs in to the same account with the next, and keeps the openid for reminders', async () => {
    const first = envelope<AccountSignInData>(await mini('code-bo')).data
    expect(first.created).toBe(true)
    const second = envelope<AccountSignInData>(await mini('code-bo_2')).data
    expect(second).toMatchObject({ created: false, user: { uid: first.user.uid } })
    const { db } = await openDatabase(test.config)
    try {
      expect(await db.selectFrom('wechat_accounts').select('openid').where('uid', '=', first.user.uid).executeTakeFirst()).toEqual({ openid: 'openid-bo' })
    } finally {
      await db.destroy()
    }
  })

  it('is one account with WeChat\'s browser when WeChat gives the same unionid', async () => {
    const inMiniProgram = envelope<AccountSignInData>(await mini('code-cy')).data
    const inBrowser = envelope<AccountSignInData>(await web('web-cy', (await startWeb('snsapi_base')).state)).data
    expect(inBrowser).toMatchObject({ created: false, user: { uid: inMiniProgram.user.uid } })
  })

  it('turns a signed-in guest into the account', async () => {
    const guest = await signInAsGuest(test)
    const account = envelope<AccountSignInData>(await mini('code-dee', guest.headers)).data
    expect(account.upgraded_from).toBe(guest.uid)
  })

  it("names WeChat's refusals of a mini-program code: an invalid code (40029), a used code (40163), its rate limit (45011), writing nothing", async () => {
    expect(envelope(await mini('bogus')).msg).toMatch(/40029/)
    const guest = await signInAsGuest(test)
    expect((await mini('code-gus', guest.headers)).statusCode).toBe(200)
    const again = await mini('code-gus')
    expect([again.statusCode, envelope(again).msg]).toEqual([400, 'body.code: WeChat says the code was already used (40163)'])
    expect((await mini('code-busy')).statusCode).toBe(429)
  })

  it("exchanges the code with the mini-program's own app id and secret, not the Official Account's", async () => {
    expect((await mini('code-hal')).statusCode).toBe(200)
    const exchange = wechat.calls.lastIndexOf('/sns/jscode2session')
    expect(exchange).toBeGreaterThanOrEqual(0)
    // the fake answers code2Session for wx-mp only: a code sent with wx-oa's credentials is 40029
    const official = await startTestApp({ WX_APP_ID: 'wx-oa', WX_APP_SECRET: 'wx-oa-secret-0123456789', WX_MP_APP_ID: 'wx-oa', WX_MP_APP_SECRET: 'wx-oa-secret-0123456789', WX_API_BASE: wechat.base })
    try {
      const refused = await official.inject({ method: 'POST', url: '/auth/wechat/mini-program', headers: EN, payload: { code: 'code-ivy' } })
      expect([refused.statusCode, envelope(refused).msg]).toEqual([400, 'body.code: WeChat says the code is invalid (40029)'])
    } finally {
      await official.close()
    }
  })

  it('answers 503 naming WX_MP_APP_ID and WX_MP_APP_SECRET when only the Official Account is configured', async () => {
    const webOnly = await startTestApp({ WX_APP_ID: 'wx-oa', WX_APP_SECRET: 'wx-oa-secret-0123456789', WX_API_BASE: wechat.base })
    try {
      const response = await webOnly.inject({ method: 'POST', url: '/auth/wechat/mini-program', headers: EN, payload: { code: 'code-jo' } })
      expect(envelope(response)).toEqual({ code: 503000, msg: 'WeChat mini-program sign-in is not configured on this server (WX_MP_APP_ID, WX_MP_APP_SECRET)', data: null })
    } finally {
      await webOnly.close()
    }
  })

  it('links WeChat to a signed-in account, and refuses a WeChat already linked to another account', async () => {
    const holder = envelope<AccountSignInData>(await mini('code-eve')).data
    const other = envelope<AccountSignInData>(await web('web-finn', (await startWeb('snsapi_base')).state)).data
    const headers = { authorization: `Bearer ${other.token}` }
    const linked = envelope<AccountSignInData>(await mini('code-finn', headers)).data
    expect(linked.user.uid).toBe(other.user.uid)
    const refused = await mini('code-eve_2', headers)
    expect(refused.statusCode).toBe(409)
    expect(envelope(refused).msg).toMatch(/already linked to another account/)
    expect(holder.user.uid).not.toBe(other.user.uid)
  })

  /** Runs `work` on the app's database. */
  async function onDatabase<T> (work: (db: Db) => Promise<T>): Promise<T> {
    const { db } = await openDatabase(test.config)
    try {
      return await work(db)
    } finally {
      await db.destroy()
    }
  }

  it('refuses linking a new WeChat to an account that holds another way in until the session proves the account', async () => {
    const member = await signInAsMember(test, '100003')
    await onDatabase(db => db.insertInto('account_emails').values({ uid: member.uid, email: 'gus.wechat@mail.example', verified_at: 1 }).execute())
    const refused = await mini('code-gusnew', member.headers)
    expect(refused.statusCode).toBe(403)
    expect(envelope(refused).code).toBe(ACCOUNT_CODES.STEP_UP_REQUIRED)
    expect(await onDatabase(db => db.selectFrom('wechat_identities').select('uid').where('uid', '=', member.uid).execute())).toEqual([])
  })

  it('refuses a bot token linking WeChat to the bot', async () => {
    const owner = await signInAsMember(test, DEMO_OWNER)
    const bot = envelope<BotToken>(await test.inject({ method: 'POST', url: '/servers/832828/bots', headers: owner.headers, payload: { nickname: '骰子机器人' } })).data
    const refused = await mini('code-halnew', { authorization: `Bot ${bot.token}` })
    expect(refused.statusCode).toBe(403)
    expect(await onDatabase(db => db.selectFrom('wechat_identities').select('uid').where('uid', '=', bot.user.uid).execute())).toEqual([])
  })
})

