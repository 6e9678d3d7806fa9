/**
 * A bot has one way in, its token: a bot token adds no passkey or address, and once the
 * owner revokes the token nothing signs in as the bot — not a passkey, an address or a
 * session left on it from before — on the HTTP API or the gateway.
 */
import type { AddressInfo } from 'net'
import type { AccountSignInData, WebauthnOptionsData } from '@core/wire/accounts'
import { GatewayErrorCode } from '@core/wire/gateway'
import type { BotToken } from '@core/wire/trust'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { connectGateway, identified } from '../gateway/client'
import { DEMO_OWNER, envelope, signInAsMember, startTestApp, type TestApp } from '../helper'
import { createSoftAuthenticator } from '../services/soft-authenticator'
import { startSmtpInbox, type SmtpInbox } from '../services/smtp-inbox'

const ORIGIN = 'https://realm.example'
const SERVER = '832828'
const EN = { 'accept-language': 'en' }
let test: TestApp
let inbox: SmtpInbox
let db: Db
let baseUrl: string
let owner: Record<string, string>

beforeAll(async () => {
  inbox = await startSmtpInbox()
  test = await startTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: ORIGIN, GATEWAY_HEARTBEAT_MS: '2000' })
  await test.app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`
  db = (await openDatabase(test.config)).db
  owner = { ...EN, ...(await signInAsMember(test, DEMO_OWNER)).headers }
}, 30_000)
afterAll(async () => {
  await db.destroy()
  await test.close()
  await inbox.close()
})

/** A new bot of the demo server and the headers of its token. */
async function newBot (): Promise<{ uid: string, headers: Record<string, string>, token: string }> {
  const bot = envelope<BotToken>(await test.inject({ method: 'POST', url: `/servers/${SERVER}/bots`, headers: owner, payload: { nickname: '骰子机器人' } })).data
  return { uid: bot.user.uid, token: bot.token, headers: { authorization: `Bot ${bot.token}`, ...EN } }
}

async function options (url: string, headers: Record<string, string> = EN): Promise<{ challenge: string }> {
  return envelope<WebauthnOptionsData>(await test.inject({ method: 'POST', url, headers })).data.options as unknown as { challenge: string }
}

/** Mails a code to `email` and reads it. */
async function codeFor (email: string): Promise<string> {
  expect((await test.inject({ method: 'POST', url: '/auth/email/start', headers: EN, payload: { email } })).statusCode).toBe(200)
  return inbox.codeFor(email)
}

const verify = (email: string, code: string, headers: Record<string, string> = EN) => test.inject({ method: 'POST', url: '/auth/email/verify', headers, payload: { email, code } })

/** How many rows of `table` name `uid`. */
async function rowsOf (table: 'passkeys' | 'account_emails' | 'sessions', uid: string): Promise<number> {
  return Number((await db.selectFrom(table).select(eb => eb.fn.countAll<number>().as('n')).where('uid', '=', uid).executeTakeFirstOrThrow()).n)
}

describe('a bot signs in with its token only', () => {
  it('refuses a bot token registering a passkey or binding an e-mail address on the bot', async () => {
    const bot = await newBot()
    const asked = await test.inject({ method: 'POST', url: '/auth/passkeys/register/options', headers: bot.headers })
    expect(asked.statusCode).toBe(403)
    expect(envelope(asked).msg).toMatch(/bot or map account signs in with its token only/)
    const device = createSoftAuthenticator('realm.example', ORIGIN)
    const credential = device.register(await options('/auth/passkeys/register/options'))
    expect((await test.inject({ method: 'POST', url: '/auth/passkeys/register', headers: bot.headers, payload: { credential, name: 'bot' } })).statusCode).toBe(403)

    const email = `bot.${process.pid}@mail.example`
    const bound = await verify(email, await codeFor(email), bot.headers)
    expect(bound.statusCode).toBe(403)
    expect(await rowsOf('passkeys', bot.uid)).toBe(0)
    expect(await rowsOf('account_emails', bot.uid)).toBe(0)
  })

  it('signs nothing in as the bot after its token is revoked: not a passkey, an address or a session left on it, on HTTP or the gateway', async () => {
    const bot = await newBot()
    // rows left from before the rule: a passkey and an address moved onto the bot, and a session naming it
    const device = createSoftAuthenticator('realm.example', ORIGIN)
    const credential = device.register(await options('/auth/passkeys/register/options'))
    const made = envelope<AccountSignInData>(await test.inject({ method: 'POST', url: '/auth/passkeys/register', headers: EN, payload: { credential, name: 'left' } })).data
    await db.updateTable('passkeys').set({ uid: bot.uid }).where('uid', '=', made.user.uid).execute()
    const email = `left.${process.pid}@mail.example`
    await db.insertInto('account_emails').values({ uid: bot.uid, email, verified_at: 1 }).execute()
    const session = await signInAsMember(test, bot.uid)
    const socket = (await identified(baseUrl, bot.token)).client

    expect((await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/bots/${bot.uid}`, headers: owner })).statusCode).toBe(200)
    expect((await socket.closed()).code).toBe(GatewayErrorCode.SessionRevoked)
    expect(await rowsOf('sessions', bot.uid)).toBe(0)

    const byPasskey = await test.inject({ method: 'POST', url: '/auth/passkeys/sign-in', headers: EN, payload: { credential: device.assert(await options('/auth/passkeys/sign-in/options')) } })
    expect(byPasskey.statusCode).toBe(403)
    expect((await verify(email, await codeFor(email))).statusCode).toBe(403)

    const sessionHeaders = { ...session.headers, ...EN }
    expect((await test.inject({ url: '/user/me', headers: sessionHeaders })).statusCode).toBe(401)
    expect((await test.inject({ method: 'POST', url: '/conversations/direct', headers: sessionHeaders, payload: { uid: DEMO_OWNER } })).statusCode).toBe(401)
    expect((await test.inject({ method: 'PATCH', url: '/user/me', headers: sessionHeaders, payload: { nickname: 'renamed' } })).statusCode).toBe(401)
    const gateway = await connectGateway(baseUrl)
    gateway.send({ op: 'identify', d: { token: session.token } })
    expect((await gateway.closed()).code).toBe(4004)
  })

  it('ends every session row of a bot when its token is replaced', async () => {
    const bot = await newBot()
    await signInAsMember(test, bot.uid)
    expect((await test.inject({ method: 'POST', url: `/servers/${SERVER}/bots/${bot.uid}/token`, headers: owner })).statusCode).toBe(200)
    expect(await rowsOf('sessions', bot.uid)).toBe(0)
  })
})
