/**
 * E-mail sign-in against a real SMTP server on loopback: the code is read from the mail
 * the server sent.
 */
import type { AccountSignInData } from '@core/wire/accounts'
import { ACCOUNT_CODES } from '@core/wire/accounts-paths'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { EMAIL_CODE_MAX_ATTEMPTS } from '../../src/repositories/accounts'
import { EMAIL_CHECKS_PER_REQUESTER_PER_HOUR, EMAIL_CODES_PER_ADDRESS_PER_HOUR, EMAIL_CODES_PER_REQUESTER_PER_ADDRESS_PER_HOUR } from '../../src/services/sign-in'
import { envelope, startTestApp, type TestApp } from '../helper'
import { startSmtpInbox, type SmtpInbox } from '../services/smtp-inbox'

let test: TestApp
let inbox: SmtpInbox
let db: Db
let now = Math.floor(Date.now() / 1000)
let addressCounter = 0

beforeAll(async () => {
  inbox = await startSmtpInbox()
  test = await startTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'Realm <realm@test.example>' }, { now: () => now })
  db = (await openDatabase(test.config)).db
}, 30_000) // a fresh PostgreSQL schema migrates and seeds slowly on a busy machine
afterAll(async () => {
  await db.destroy()
  await test.close()
  await inbox.close()
})

/** A fresh address nobody has used. */
function address (): string {
  addressCounter += 1
  return `member${addressCounter}.${process.pid}@mail.example`
}

/** Refusals are told in English to a client asking for it. */
const EN = { 'accept-language': 'en' }
const start = (email: string) => test.inject({ method: 'POST', url: '/auth/email/start', payload: { email }, headers: EN })
const verify = (email: string, code: string, headers: Record<string, string> = {}) => test.inject({ method: 'POST', url: '/auth/email/verify', payload: { email, code }, headers: { ...EN, ...headers } })

/** Asks for a code for `email` and reads it from the mail. */
async function codeFor (email: string): Promise<string> {
  expect((await start(email)).statusCode).toBe(200)
  return inbox.codeFor(email)
}

/** Any six digits other than `code`. */
const otherThan = (code: string) => code === '000000' ? '000001' : '000000'

describe('e-mail sign-in', () => {
  it('mails a six-digit code from MAIL_FROM and signs a new member up with it', async () => {
    const email = address()
    const code = await codeFor(email)
    expect(code).toMatch(/^\d{6}$/)
    expect(inbox.mails.at(-1)?.raw).toMatch(/From: Realm <realm@test\.example>/)
    const signedIn = envelope<AccountSignInData>(await verify(email, code))
    expect(signedIn.code).toBe(0)
    expect(signedIn.data).toMatchObject({ created: true, upgraded_from: null })
    expect(signedIn.data.user.uid).not.toMatch(/^[A-Z]_/)
    const me = await test.inject({ url: '/user/me', headers: { authorization: `Bearer ${signedIn.data.token}` } })
    expect(me.statusCode).toBe(200)
  })

  it('signs the same address in to the same account next time, with a fresh token', async () => {
    const email = address()
    const first = envelope<AccountSignInData>(await verify(email, await codeFor(email))).data
    const second = envelope<AccountSignInData>(await verify(email, await codeFor(email))).data
    expect(second).toMatchObject({ created: false, user: { uid: first.user.uid } })
    expect(second.token).not.toBe(first.token)
  })

  it('answers the same whether or not the address has an account', async () => {
    const known = address()
    await verify(known, await codeFor(known))
    const forKnown = await start(known)
    const forUnknown = await start(address())
    expect([forKnown.statusCode, forKnown.body]).toEqual([forUnknown.statusCode, forUnknown.body])
  })

  it('answers a check for an address with an account exactly as for one never used, and keeps no code row for either', async () => {
    const known = address()
    await verify(known, await codeFor(known))
    const neverUsed = address()
    const unanswered = await codeFor(neverUsed)
    now += 10 * 60
    const forKnown = await verify(known, unanswered)
    const forNeverUsed = await verify(neverUsed, unanswered)
    expect([forKnown.statusCode, forKnown.body]).toEqual([forNeverUsed.statusCode, forNeverUsed.body])
    await codeFor(address()) // sending any code sweeps the expired ones
    expect(await db.selectFrom('email_codes').select('email').where('email', 'in', [known, neverUsed]).execute()).toEqual([])
  })

  it('keeps only a salted hash of the code', async () => {
    const email = address()
    const code = await codeFor(email)
    const row = await db.selectFrom('email_codes').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
    expect(JSON.stringify(row)).not.toContain(code)
  })

  it('refuses a wrong code naming it, counts the try, and ends the code at the fifth wrong one', async () => {
    const email = address()
    const code = await codeFor(email)
    for (let attempt = 1; attempt <= 4; attempt++) {
      const wrong = await verify(email, otherThan(code))
      expect(wrong.statusCode).toBe(400)
      expect(envelope(wrong).msg).toMatch(/body\.code: the code is wrong/)
    }
    expect(envelope(await verify(email, otherThan(code))).msg).toMatch(/too many wrong tries/)
    const right = await verify(email, code)
    expect(right.statusCode).toBe(400)
    expect(envelope(right).msg).toMatch(/too many wrong tries/)
    expect(await db.selectFrom('account_emails').select('uid').where('email', '=', email).executeTakeFirst()).toBeUndefined()
  })

  it('refuses a code after its 10 minutes', async () => {
    const email = address()
    const code = await codeFor(email)
    now += 10 * 60
    const late = await verify(email, code)
    expect(late.statusCode).toBe(400)
    expect(envelope(late).msg).toMatch(/no live code for this address/)
  })

  it('refuses a code used once already', async () => {
    const email = address()
    const code = await codeFor(email)
    expect((await verify(email, code)).statusCode).toBe(200)
    const again = await verify(email, code)
    expect(again.statusCode).toBe(400)
    expect(envelope(again).msg).toMatch(/no live code for this address/)
  })

  it('refuses a code for an address that was never sent one, and no address at all', async () => {
    expect(envelope(await verify(address(), '123456')).msg).toMatch(/no live code for this address/)
    expect((await start('not an address')).statusCode).toBe(400)
    expect((await verify(address(), '12345')).statusCode).toBe(400)
  })

  it(`sends at most ${EMAIL_CODES_PER_ADDRESS_PER_HOUR} codes an hour to one address`, async () => {
    const email = address()
    for (let sent = 0; sent < EMAIL_CODES_PER_ADDRESS_PER_HOUR; sent++) expect((await start(email)).statusCode).toBe(200)
    const refused = await start(email.toUpperCase())
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(envelope(refused).msg).toMatch(/codes an hour/)
  })

  it('lets a signed-in account add an address, and refuses one that belongs to another account', async () => {
    const taken = address()
    await verify(taken, await codeFor(taken))
    const email = address()
    const member = envelope<AccountSignInData>(await verify(email, await codeFor(email))).data
    const headers = { authorization: `Bearer ${member.token}` }
    expect((await verify(email, await codeFor(email), headers)).statusCode).toBe(200) // a code to its own address proves the account
    const refused = await verify(taken, await codeFor(taken), headers)
    expect(refused.statusCode).toBe(409)
    expect(envelope(refused).msg).toMatch(/another account/)
  })
})

describe('replacing the address needs a fresh proof of the account', () => {
  it('refuses a session replacing its address before a code to the current one, keeps the old address, and replaces it after', async () => {
    const current = address()
    const member = envelope<AccountSignInData>(await verify(current, await codeFor(current))).data
    const headers = { authorization: `Bearer ${member.token}` }
    const next = address()
    const refused = await verify(next, await codeFor(next), headers)
    expect(refused.statusCode).toBe(403)
    expect(envelope(refused)).toMatchObject({ code: ACCOUNT_CODES.STEP_UP_REQUIRED })
    expect((await db.selectFrom('account_emails').select('email').where('uid', '=', member.user.uid).executeTakeFirstOrThrow()).email).toBe(current)
    const proved = envelope<AccountSignInData>(await verify(current, await codeFor(current), headers)).data
    expect(proved.token).toBe(member.token)
    expect((await verify(next, await codeFor(next), headers)).statusCode).toBe(200)
    expect((await db.selectFrom('account_emails').select('email').where('uid', '=', member.user.uid).executeTakeFirstOrThrow()).email).toBe(next)
  })
})

describe('e-mail code checks by strangers', () => {
  let open: TestApp
  let openDb: Db
  beforeAll(async () => {
    open = await startTestApp({ SMTP_URL: inbox.url, GUEST_SIGNUPS_PER_MINUTE: '1000' })
    openDb = (await openDatabase(open.config)).db
  }, 30_000)
  afterAll(async () => {
    await openDb.destroy()
    await open.close()
  })

  const check = (email: string, code: string, remoteAddress: string) => open.inject({ method: 'POST', url: '/auth/email/verify', payload: { email, code }, headers: EN, remoteAddress })
  async function openCodeFor (email: string): Promise<string> {
    expect((await open.inject({ method: 'POST', url: '/auth/email/start', payload: { email } })).statusCode).toBe(200)
    return inbox.codeFor(email)
  }

  it(`sends one address at most ${EMAIL_CODES_PER_REQUESTER_PER_ADDRESS_PER_HOUR} codes an hour from one requester, and the owner asking elsewhere still gets a code that signs in`, async () => {
    const owners = address()
    const ask = (remoteAddress: string) => open.inject({ method: 'POST', url: '/auth/email/start', payload: { email: owners }, headers: EN, remoteAddress })
    for (let asked = 0; asked < EMAIL_CODES_PER_REQUESTER_PER_ADDRESS_PER_HOUR; asked++) expect((await ask('203.0.113.9')).statusCode).toBe(200)
    const refused = await ask('203.0.113.9')
    expect(refused.statusCode).toBe(429)
    expect(envelope(refused).msg).toMatch(/from one device/)
    expect((await ask('198.51.100.4')).statusCode).toBe(200)
    const signedIn = envelope<AccountSignInData>(await check(owners, await inbox.codeFor(owners), '198.51.100.4'))
    expect(signedIn.code).toBe(0)
  })

  it(`refuses a requester past ${EMAIL_CHECKS_PER_REQUESTER_PER_HOUR} checks an hour without taking a try from the owner's code`, async () => {
    const owners = address()
    const code = await openCodeFor(owners)
    for (let tried = 0; tried < EMAIL_CHECKS_PER_REQUESTER_PER_HOUR; tried++) expect((await check(address(), '123456', '203.0.113.7')).statusCode).toBe(400)
    for (let tried = 0; tried < EMAIL_CODE_MAX_ATTEMPTS; tried++) {
      const refused = await check(owners, otherThan(code), '203.0.113.7')
      expect(refused.statusCode).toBe(429)
      expect(envelope(refused).msg).toMatch(/codes an hour may be checked from one device or account/)
    }
    expect((await check(owners, code, '198.51.100.1')).statusCode).toBe(200)
  })

  it('lets the owner\'s fresh code stand after a stranger spent the last one', async () => {
    const owners = address()
    const burnt = await openCodeFor(owners)
    for (let tried = 0; tried < EMAIL_CODE_MAX_ATTEMPTS; tried++) await check(owners, otherThan(burnt), '203.0.113.8')
    expect(envelope(await check(owners, burnt, '198.51.100.2')).msg).toMatch(/too many wrong tries/)
    expect((await check(owners, await openCodeFor(owners), '198.51.100.2')).statusCode).toBe(200)
  })

  it(`compares at most ${EMAIL_CODE_MAX_ATTEMPTS} of 60 concurrent wrong checks, and the right code is spent after them`, async () => {
    const owners = address()
    const code = await openCodeFor(owners)
    const answers = await Promise.all(Array.from({ length: 60 }, (_, n) => check(owners, otherThan(code), `10.9.0.${n + 1}`)))
    expect(answers.map(answer => answer.statusCode)).toEqual(answers.map(() => 400))
    expect(answers.filter(answer => /the code is wrong/.test(envelope(answer).msg)).length).toBe(EMAIL_CODE_MAX_ATTEMPTS - 1)
    const row = await openDb.selectFrom('email_codes').select('attempts').where('email', '=', owners).executeTakeFirstOrThrow()
    expect(Number(row.attempts)).toBe(EMAIL_CODE_MAX_ATTEMPTS)
    expect(envelope(await check(owners, code, '198.51.100.3')).msg).toMatch(/too many wrong tries/)
  })
})

describe('e-mail sign-in limits per client IP', () => {
  it('limits a burst of sign-up attempts from one IP like guest sign-ups', async () => {
    const limited = await startTestApp({ SMTP_URL: inbox.url, GUEST_SIGNUPS_PER_MINUTE: '2', RATE_LIMIT_ALLOW: 'none' })
    try {
      const statuses: number[] = []
      for (let attempt = 0; attempt < 3; attempt++) {
        statuses.push((await limited.inject({ method: 'POST', url: '/auth/email/verify', payload: { email: address(), code: '123456' } })).statusCode)
      }
      expect(statuses).toEqual([400, 400, 429])
    } finally {
      await limited.close()
    }
  }, 30_000)

  it('is off with EMAIL_SIGNIN=off', async () => {
    const off = await startTestApp({ EMAIL_SIGNIN: 'off' })
    try {
      expect((await off.inject({ method: 'POST', url: '/auth/email/start', payload: { email: address() } })).statusCode).toBe(404)
    } finally {
      await off.close()
    }
  }, 30_000)
})
