/**
 * Passkeys against a software authenticator that signs per the WebAuthn spec (ES256,
 * authenticatorData, clientDataJSON): sign-up, sign-in, replays, foreign answers, the
 * signature counter, and the list of passkeys.
 */
import type { AccountSignInData, Passkey, WebauthnOptionsData } from '@core/wire/accounts'
import { ACCOUNT_CODES } from '@core/wire/accounts-paths'
import { envelope, signInAsGuest, startTestApp, type TestApp } from '../helper'
import { createSoftAuthenticator } from '../services/soft-authenticator'

const ORIGIN = 'https://realm.example'
let test: TestApp
let now = Math.floor(Date.now() / 1000)

beforeAll(async () => { test = await startTestApp({ PUBLIC_URL: ORIGIN }, { now: () => now }) }, 30_000)
afterAll(async () => { await test.close() })

const EN = { 'accept-language': 'en' }
const bearer = (token: string) => ({ authorization: `Bearer ${token}`, ...EN })

async function options (url: string, headers: Record<string, string> = {}): Promise<{ challenge: string }> {
  const answer = envelope<WebauthnOptionsData>(await test.inject({ method: 'POST', url, headers: { ...EN, ...headers } }))
  return answer.data.options as unknown as { challenge: string }
}

/** Signs up with a new passkey on `device`; resolves the answer. */
async function signUp (device: ReturnType<typeof createSoftAuthenticator>, headers: Record<string, string> = {}, name = 'Phone'): Promise<AccountSignInData> {
  now += 1 // passkeys list in the order they were added
  const credential = device.register(await options('/auth/passkeys/register/options', headers))
  const response = await test.inject({ method: 'POST', url: '/auth/passkeys/register', headers: { ...EN, ...headers }, payload: { credential, name } })
  expect(response.statusCode).toBe(200)
  return envelope<AccountSignInData>(response).data
}

const signIn = (credential: unknown, headers: Record<string, string> = EN) => test.inject({ method: 'POST', url: '/auth/passkeys/sign-in', headers, payload: { credential } })

/** Proves the account of `headers`' session with the passkey on `device`: signs in with it from that session. */
async function prove (device: ReturnType<typeof createSoftAuthenticator>, headers: Record<string, string>): Promise<AccountSignInData> {
  const response = await signIn(device.assert(await options('/auth/passkeys/sign-in/options')), headers)
  expect(response.statusCode).toBe(200)
  return envelope<AccountSignInData>(response).data
}

describe('passkeys', () => {
  it('offers creation options for this site with user verification preferred', async () => {
    const created = await options('/auth/passkeys/register/options') as unknown as { rp: { id: string }, authenticatorSelection: { userVerification: string } }
    expect(created.rp.id).toBe('realm.example')
    expect(created.authenticatorSelection.userVerification).toBe('preferred')
  })

  it('signs up with a passkey and signs in with it to the same account', async () => {
    const device = createSoftAuthenticator('realm.example', ORIGIN)
    const account = await signUp(device)
    expect(account.created).toBe(true)
    const response = await signIn(device.assert(await options('/auth/passkeys/sign-in/options')))
    expect(response.statusCode).toBe(200)
    const again = envelope<AccountSignInData>(response).data
    expect(again).toMatchObject({ created: false, user: { uid: account.user.uid } })
    expect(again.token).not.toBe(account.token)
  })

  it('turns a signed-in guest into the account, keeping its uid resolving', async () => {
    const guest = await signInAsGuest(test)
    const account = await signUp(createSoftAuthenticator('realm.example', ORIGIN), guest.headers)
    expect(account.upgraded_from).toBe(guest.uid)
    expect((await test.inject({ url: '/user/me', headers: guest.headers })).statusCode).toBe(401)
  })

  it('refuses a replayed assertion: its challenge was answered already', async () => {
    const device = createSoftAuthenticator('realm.example', ORIGIN)
    await signUp(device)
    const assertion = device.assert(await options('/auth/passkeys/sign-in/options'))
    expect((await signIn(assertion)).statusCode).toBe(200)
    const replay = await signIn(assertion)
    expect(replay.statusCode).toBe(400)
    expect(envelope(replay).msg).toMatch(/challenge is unknown, already answered or expired/)
  })

  it('refuses an assertion for another site, one signed by a foreign key, and an unknown passkey', async () => {
    const device = createSoftAuthenticator('realm.example', ORIGIN)
    await signUp(device)
    const elsewhere = await signIn(device.assert(await options('/auth/passkeys/sign-in/options'), undefined, { origin: 'https://evil.example' }))
    expect(elsewhere.statusCode).toBe(400)
    expect(envelope(elsewhere).msg).toMatch(/origin/i)

    const forger = createSoftAuthenticator('realm.example', ORIGIN)
    forger.register({ challenge: 'unused' })
    const forged = forger.assert(await options('/auth/passkeys/sign-in/options'))
    const stolenId = device.credentials[0].id.toString('base64url')
    const foreign = await signIn({ ...forged, id: stolenId, rawId: stolenId })
    expect(foreign.statusCode).toBe(400)
    expect(envelope(foreign).msg).toMatch(/signature/i)

    const unknown = await signIn(forger.assert(await options('/auth/passkeys/sign-in/options')))
    expect(unknown.statusCode).toBe(400)
    expect(envelope(unknown).msg).toMatch(/no account has this passkey/)
  })

  it('refuses a signature counter that did not move past the stored one (a cloned authenticator)', async () => {
    const device = createSoftAuthenticator('realm.example', ORIGIN)
    await signUp(device)
    expect((await signIn(device.assert(await options('/auth/passkeys/sign-in/options'), undefined, { counter: 7 }))).statusCode).toBe(200)
    const cloned = await signIn(device.assert(await options('/auth/passkeys/sign-in/options'), undefined, { counter: 7 }))
    expect(cloned.statusCode).toBe(400)
    expect(envelope(cloned).msg).toMatch(/counter/i)
  })

  it('keeps several named passkeys per account: listed, renamed, removed, but never the last way in', async () => {
    const phone = createSoftAuthenticator('realm.example', ORIGIN)
    const account = await signUp(phone)
    const headers = bearer(account.token)
    const laptop = createSoftAuthenticator('realm.example', ORIGIN)
    await prove(phone, headers)
    const added = await signUp(laptop, headers, 'Laptop')
    expect(added).toMatchObject({ created: false, user: { uid: account.user.uid } })
    const list = () => test.inject({ url: '/auth/passkeys', headers }).then(response => envelope<{ list: Passkey[] }>(response).data.list)
    const [first, second] = await list()
    expect([first.name, second.name]).toEqual(['Phone', 'Laptop'])
    expect((await test.inject({ method: 'PATCH', url: `/auth/passkeys/${second.credential_id}`, headers, payload: { name: 'Work laptop' } })).statusCode).toBe(200)
    expect((await list()).map(key => key.name)).toEqual(['Phone', 'Work laptop'])
    expect((await test.inject({ method: 'DELETE', url: `/auth/passkeys/${first.credential_id}`, headers })).statusCode).toBe(200)
    const last = await test.inject({ method: 'DELETE', url: `/auth/passkeys/${second.credential_id}`, headers })
    expect(last.statusCode).toBe(409)
    expect(envelope(last).msg).toMatch(/last way to sign in/)
    expect(await list()).toHaveLength(1)
  })

  it("refuses to rename or remove another account's passkey", async () => {
    const owner = await signUp(createSoftAuthenticator('realm.example', ORIGIN))
    const other = await signUp(createSoftAuthenticator('realm.example', ORIGIN))
    const [key] = envelope<{ list: Passkey[] }>(await test.inject({ url: '/auth/passkeys', headers: bearer(owner.token) })).data.list
    expect((await test.inject({ method: 'DELETE', url: `/auth/passkeys/${key.credential_id}`, headers: bearer(other.token) })).statusCode).toBe(404)
    expect((await test.inject({ method: 'PATCH', url: `/auth/passkeys/${key.credential_id}`, headers: bearer(other.token), payload: { name: 'mine' } })).statusCode).toBe(404)
  })
})

describe('adding a passkey needs a fresh proof of the account', () => {
  const askToAdd = (headers: Record<string, string>) => test.inject({ method: 'POST', url: '/auth/passkeys/register/options', headers })

  it('refuses a session adding a passkey until it signs in again with the account\'s own passkey, for 5 minutes', async () => {
    const phone = createSoftAuthenticator('realm.example', ORIGIN)
    const account = await signUp(phone)
    const headers = bearer(account.token)
    const refused = await askToAdd(headers)
    expect(refused.statusCode).toBe(403)
    expect(envelope(refused)).toMatchObject({ code: ACCOUNT_CODES.STEP_UP_REQUIRED, msg: expect.stringMatching(/prove it is you first/) })
    const proved = await prove(phone, headers)
    expect(proved).toMatchObject({ token: account.token, created: false, user: { uid: account.user.uid } })
    await signUp(createSoftAuthenticator('realm.example', ORIGIN), headers, 'Laptop')
    now += 5 * 60
    expect((await askToAdd(headers)).statusCode).toBe(403)
  })

  it('holds a proof for the session that made it only', async () => {
    const phone = createSoftAuthenticator('realm.example', ORIGIN)
    const account = await signUp(phone)
    await prove(phone, bearer(account.token))
    const other = envelope<AccountSignInData>(await signIn(phone.assert(await options('/auth/passkeys/sign-in/options')))).data
    expect(other.token).not.toBe(account.token)
    expect((await askToAdd(bearer(other.token))).statusCode).toBe(403)
    expect((await askToAdd(bearer(account.token))).statusCode).toBe(200)
  })
})

describe('passkeys without PUBLIC_URL', () => {
  it('take the relying party from the request\'s own origin, and refuse a Host that names none', async () => {
    const local = await startTestApp()
    try {
      const answer = envelope<WebauthnOptionsData>(await local.inject({ method: 'POST', url: '/auth/passkeys/register/options', headers: { host: 'localhost:3000' } }))
      expect((answer.data.options as { rp: { id: string } }).rp.id).toBe('localhost')
      expect((await local.inject({ method: 'POST', url: '/auth/passkeys/register/options', headers: { host: '[::1]:99999' } })).statusCode).toBe(400)
    } finally {
      await local.close()
    }
  }, 30_000)
})
