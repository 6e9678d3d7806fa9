/**
 * Sign-in is declared, not remembered: this walks every route the app registers and
 * proves each write, and each read declared for a signed-in user, answers 401 without a
 * token — so a route added without thinking about sign-in is covered or fails here.
 */
import { mkdtempSync, rmSync } from 'fs'
import { tmpdir } from 'os'
import path from 'path'
import Fastify, { type FastifyInstance, type HTTPMethods, type RouteOptions } from 'fastify'
import openRealmApp from '../../src/app'
import type { ServerConfig } from '../../src/config'
import { dropSchema, envelope, signInAsGuest, testConfig, type TestApp } from '../helper'

/** The writes open to anyone, each with its reason. */
const OPEN_WRITES = [
  'POST /auth/guest', // how a caller gets a token in the first place
  'POST /upload', // the Qiniu-style upload token in the form says who writes
  // signing in or up: a caller may come with no token at all (a guest's, when it has one, is kept)
  'POST /auth/email/start',
  'POST /auth/email/verify',
  'POST /auth/passkeys/register/options',
  'POST /auth/passkeys/register',
  'POST /auth/passkeys/sign-in/options',
  'POST /auth/passkeys/sign-in',
  'POST /auth/wechat/web/start',
  'POST /auth/wechat/web',
  'POST /auth/wechat/mini-program',
  'POST /auth/dev-sign-in', // a one-time link of `npm start` (never in production)
  'POST /auth/handoff/redeem', // the mini-program's web-view: the single-use hand-off code in the body says who signs in
]

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** One method and URL of a registered route, with what the route declared. */
interface Call {
  method: HTTPMethods
  url: string
  signIn: string | undefined
}

/** A URL of `pattern` with every parameter (and wildcard) filled in. */
function filled (pattern: string): string {
  return pattern.replace(/:[a-z_]+/g, '1').replace('*', 'x')
}

describe('sign-in on every route', () => {
  const calls: Call[] = []
  let app: FastifyInstance
  let root: string
  let config: ServerConfig

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'openrealm-sign-in-'))
    config = testConfig(root)
    app = Fastify()
    const routes: RouteOptions[] = []
    app.addHook('onRoute', route => { routes.push(route) })
    await app.register(openRealmApp, { config })
    await app.ready()
    // read once every route is registered: a folder's own onRoute hook declares after this one sees the route
    for (const route of routes) {
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      for (const method of methods) calls.push({ method, url: route.url, signIn: route.config?.signIn })
    }
  })
  afterAll(async () => {
    await app.close()
    if (config.databaseUrl && config.databaseSchema) await dropSchema(config.databaseUrl, config.databaseSchema)
    rmSync(root, { recursive: true, force: true })
  })

  it('answers 401 in the envelope to every write without a token, but the few open to anyone', async () => {
    const writes = calls.filter(call => WRITE_METHODS.has(call.method) && !OPEN_WRITES.includes(`${call.method} ${call.url}`))
    expect(writes.length).toBeGreaterThan(40)
    const answered: string[] = []
    for (const { method, url } of writes) {
      const answer = await app.inject({ method, url: filled(url), payload: {} })
      answered.push(`${method} ${url} ${answer.statusCode} ${envelope(answer).msg}`)
    }
    expect(answered).toEqual(writes.map(({ method, url }) => `${method} ${url} 401 authorization: a Bearer token is required (POST /auth/guest issues one)`))
  })

  it('declares every write open to anyone on purpose', () => {
    const open = calls.filter(call => WRITE_METHODS.has(call.method) && call.signIn === 'anyone').map(call => `${call.method} ${call.url}`)
    expect(open.sort()).toEqual([...OPEN_WRITES].sort())
  })

  it('answers 401 to every read declared for a signed-in user, and lets a signed-in caller through', async () => {
    const reads = calls.filter(call => call.method === 'GET' && call.signIn === 'user')
    expect(reads.map(call => call.url)).toEqual(expect.arrayContaining(['/user/me', '/auth/sessions', '/servers/:server_id/audit-log', '/lives/:live_id/reminders/me']))
    for (const { url } of reads) {
      const answer = await app.inject({ url: filled(url) })
      expect(`${url} ${answer.statusCode}`).toBe(`${url} 401`)
    }
    const test: TestApp = { app, config, inject: request => app.inject(request), close: async () => undefined }
    const { headers } = await signInAsGuest(test)
    expect((await app.inject({ url: '/user/me', headers })).statusCode).toBe(200)
  })

  it('answers a write to an unknown URL 404, not 401', async () => {
    const answer = await app.inject({ method: 'POST', url: '/no/such/thing', payload: {} })
    expect(answer.statusCode).toBe(404)
  })

  it('refuses an unknown or malformed token on a write as before', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/auth/logout', headers: { authorization: 'Bearer nosuchtoken' } })
    expect([unknown.statusCode, envelope(unknown).msg]).toEqual([401, 'authorization: the token is unknown, expired or revoked'])
    const malformed = await app.inject({ method: 'POST', url: '/auth/logout', headers: { authorization: 'Basic abc' } })
    expect([malformed.statusCode, envelope(malformed).msg]).toEqual([401, 'authorization: a Bearer token is required (POST /auth/guest issues one)'])
  })
})
