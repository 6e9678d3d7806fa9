/** Hand-off codes: the mini-program's web-view signs in once as the same member (routes/handoff). */
import type { AccountSignInData, HandoffData } from '@core/wire/accounts'
import type { BotToken, SessionList } from '@core/wire/trust'
import { VOICE_HANDOFF_TTL_SECONDS } from '@core/wire/voice-codes'
import { openDatabase } from '../../src/db/dialects'
import { challengeKeyOfSecret } from '../../src/repositories/accounts'
import { DEMO_OWNER, envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

const EN = { 'accept-language': 'en' }
let test: TestApp
let now = Math.floor(Date.now() / 1000)

beforeAll(async () => {
  test = await startTestApp({}, { now: () => now })
}, 30_000) // a fresh PostgreSQL schema migrates and seeds slowly on a busy machine
afterAll(async () => { await test.close() })

const askCode = async (headers: Record<string, string>): Promise<HandoffData> => envelope<HandoffData>(await test.inject({ method: 'POST', url: '/auth/handoff', headers })).data
const redeem = (code: string, app: TestApp = test) => app.inject({ method: 'POST', url: '/auth/handoff/redeem', headers: { ...EN, 'user-agent': 'WeChat web-view' }, payload: { code } })

describe('hand-off codes', () => {
  it(`are 256 random bits that work for ${VOICE_HANDOFF_TTL_SECONDS} seconds, stored only as their hash`, async () => {
    const member = await signInAsMember(test, '100003')
    const { code, expires_in: expiresIn } = await askCode(member.headers)
    expect(expiresIn).toBe(VOICE_HANDOFF_TTL_SECONDS)
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await askCode(member.headers)).not.toEqual(expect.objectContaining({ code }))
    const { db } = await openDatabase(test.config)
    try {
      const rows = await db.selectFrom('sign_in_challenges').select(['challenge', 'uid']).where('purpose', '=', 'handoff').execute()
      expect(rows).toContainEqual({ challenge: challengeKeyOfSecret(code), uid: '100003' })
      expect(rows.map(row => row.challenge)).not.toContain(code)
    } finally {
      await db.destroy()
    }
  })

  it('sign in once, as the member who asked, in a session of its own', async () => {
    const member = await signInAsMember(test, '100003')
    const { code } = await askCode(member.headers)
    const signedIn = envelope<AccountSignInData>(await redeem(code)).data
    expect(signedIn).toMatchObject({ user: { uid: '100003' }, created: false, upgraded_from: null })
    expect(signedIn.token).not.toBe(member.token)
    const sessions = envelope<SessionList>(await test.inject({ url: '/auth/sessions', headers: { authorization: `Bearer ${signedIn.token}` } })).data.list
    expect(sessions.find(session => session.current)?.user_agent).toBe('WeChat web-view')
    const again = await redeem(code)
    expect(again.statusCode).toBe(400)
    expect(envelope(again).msg).toMatch(/no live hand-off code/)
  })

  it('sign a guest in as that guest', async () => {
    const guest = await signInAsGuest(test)
    const signedIn = envelope<AccountSignInData>(await redeem((await askCode(guest.headers)).code)).data
    expect(signedIn.user.uid).toBe(guest.uid)
  })

  it('refuse an unknown, a used and an expired code with the same envelope', async () => {
    const member = await signInAsMember(test, DEMO_OWNER)
    const used = (await askCode(member.headers)).code
    expect((await redeem(used)).statusCode).toBe(200)
    const expiring = (await askCode(member.headers)).code
    now += VOICE_HANDOFF_TTL_SECONDS
    const refusals = await Promise.all(['A'.repeat(43), used, expiring, 'not-a-code'].map(async code => {
      const answer = await redeem(code)
      return { status: answer.statusCode, body: answer.json() as unknown }
    }))
    expect(refusals.map(refusal => refusal.status)).toEqual([400, 400, 400, 400])
    expect(new Set(refusals.map(refusal => JSON.stringify(refusal.body))).size).toBe(1)
  })

  it('are still live one second before they expire', async () => {
    const member = await signInAsMember(test, DEMO_OWNER)
    const { code } = await askCode(member.headers)
    now += VOICE_HANDOFF_TTL_SECONDS - 1
    expect((await redeem(code)).statusCode).toBe(200)
  })

  it('are given only to a signed-in person: nobody is refused, and so is a bot token', async () => {
    const nobody = await test.inject({ method: 'POST', url: '/auth/handoff', headers: EN })
    expect(nobody.statusCode).toBe(401)
    const owner = await signInAsMember(test, DEMO_OWNER)
    const bot = envelope<BotToken>(await test.inject({ method: 'POST', url: '/servers/832828/bots', headers: owner.headers, payload: { nickname: '交接机器人' } })).data
    const refused = await test.inject({ method: 'POST', url: '/auth/handoff', headers: { authorization: `Bot ${bot.token}`, ...EN } })
    expect(refused.statusCode).toBe(400)
    expect(envelope(refused).msg).toMatch(/bot signs in with its token/)
  })

  it('are redeemed at most GUEST_SIGNUPS_PER_MINUTE times a minute from one client IP', async () => {
    const limited = await startTestApp({ GUEST_SIGNUPS_PER_MINUTE: '2', RATE_LIMIT_ALLOW: 'none' })
    try {
      const statuses: number[] = []
      for (let attempt = 0; attempt < 3; attempt++) statuses.push((await redeem('B'.repeat(43), limited)).statusCode)
      expect(statuses).toEqual([400, 400, 429])
      const member = await signInAsMember(limited, '100003')
      const { code } = envelope<HandoffData>(await limited.inject({ method: 'POST', url: '/auth/handoff', headers: member.headers })).data
      expect((await limited.inject({ method: 'POST', url: '/auth/handoff/redeem', payload: { code }, remoteAddress: '198.51.100.20' })).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  }, 30_000)
})
