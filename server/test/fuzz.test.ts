/**
 * 1,000 malformed requests across every route (random methods, paths, queries, bodies,
 * content types and headers from a seeded PRNG, so a failure replays exactly): every
 * answer is a 4xx envelope, or a 2xx for a read that happened to be valid — never a 5xx,
 * never a bare error page.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { API_PATHS, FILES_PATH, UPLOAD_HOST_PATH } from '@core/wire/api'
import { TRUST_PATHS } from '@core/wire/trust'
import { multipart, PNG_1X1, signInAsGuest, signInAsMember, startTestApp, type TestApp } from './helper'

const REQUESTS = 1000
const SEED = 20261122

/** mulberry32: a small seeded PRNG. */
function prng (seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const random = prng(SEED)
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]
const chance = (probability: number): boolean => random() < probability

/** Every route with the methods it answers; most requests use one of them, the rest any method. */
const ROUTES: Array<[string, string[]]> = [
  [API_PATHS.base64, ['POST']], [API_PATHS.wxconf, ['GET']], [API_PATHS.uploadToken, ['POST']], [API_PATHS.mapcfg, ['GET']],
  [API_PATHS.guestLogin, ['POST']], [API_PATHS.me, ['GET', 'POST', 'PATCH']], [API_PATHS.user, ['GET']], [API_PATHS.servers, ['GET']],
  [API_PATHS.server, ['GET', 'PATCH']], [API_PATHS.serverChannels, ['GET', 'POST']], [API_PATHS.serverRoles, ['GET']], [API_PATHS.serverLives, ['GET']],
  [API_PATHS.channel, ['GET']], [API_PATHS.channelPosts, ['GET']], [API_PATHS.channelMessages, ['GET']], [API_PATHS.channelLives, ['GET']],
  [UPLOAD_HOST_PATH, ['POST']], [`${FILES_PATH}/:key`, ['GET']], ['/openapi.json', ['GET']],
  // issue 18: roles, moderation, invites, bots and sessions
  [TRUST_PATHS.roles, ['GET', 'POST']], [TRUST_PATHS.role, ['PATCH', 'DELETE']], [TRUST_PATHS.memberRole, ['PUT', 'DELETE']], [TRUST_PATHS.myPermissions, ['GET']],
  [TRUST_PATHS.bans, ['GET']], [TRUST_PATHS.ban, ['PUT', 'DELETE']], [TRUST_PATHS.timeout, ['PUT']], [TRUST_PATHS.member, ['DELETE']],
  [TRUST_PATHS.auditLog, ['GET']], [TRUST_PATHS.reports, ['POST']], [TRUST_PATHS.serverReports, ['GET']], [TRUST_PATHS.words, ['GET', 'PUT']],
  [TRUST_PATHS.serverInvites, ['GET', 'POST']], [TRUST_PATHS.invite, ['GET', 'DELETE']], [TRUST_PATHS.acceptInvite, ['POST']],
  [TRUST_PATHS.bots, ['POST']], [TRUST_PATHS.bot, ['DELETE']], [TRUST_PATHS.botToken, ['POST']],
  [TRUST_PATHS.channelOverride, ['PUT', 'DELETE']], [TRUST_PATHS.logout, ['POST']], [TRUST_PATHS.sessions, ['GET']], [TRUST_PATHS.session, ['DELETE']],
]
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']
const IDS = ['723658', '832828', '83282810', '83282804', 'C_200001', 'B_300001', '0', '-1', '', ' ', '..', '%2e%2e', '%00', 'a/b', '💥', 'x'.repeat(120), '1e9', 'null', '[]', '%E0%A4%A', "1' or '1'='1"]
const STRINGS = ['', ' ', 'forbidden', '违禁', 'javascript:alert(1)', 'https://cdn.example/a.png', 'ftp://x', 'data:image/png;base64,AAAA', '\u0000', '\ud800', '<script>', 'x'.repeat(5000), PNG_1X1.toString('base64'), 'null', '{}', '0']
const FIELDS = ['data', 'url', 'key', 'mime', 'title', 'channel_type', 'icon', 'parent_id', 'nickname', 'signature', 'avatar', 'page', 'page_size', '__proto__', 'constructor', 'server_id', 'channel_id', '',
  'name', 'introduction', 'permissions', 'allow', 'deny', 'color', 'position', 'until', 'reason', 'words', 'max_age_seconds', 'max_uses', 'target_type', 'target_id', 'note']

function randomValue (depth = 0): unknown {
  switch (Math.floor(random() * (depth > 2 ? 5 : 8))) {
    case 0: return pick(STRINGS)
    case 1: return Math.floor(random() * 2 ** 33) - 2 ** 32
    case 2: return random() * 1e6
    case 3: return pick([true, false, null])
    case 4: return pick([1, 3, 8, 2, 13, 0, -5, 99, 1.5])
    case 5: return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(depth + 1))
    default: return randomObject(depth + 1)
  }
}

function randomObject (depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {}
  for (let index = Math.floor(random() * 4); index > 0; index -= 1) object[pick(FIELDS)] = randomValue(depth)
  return object
}

function randomTarget (): { method: string, path: string } {
  const [template, methods] = pick(ROUTES)
  const id = () => chance(0.5) ? pick(IDS.slice(0, 6)) : encodeURI(pick(IDS)).replace(/%25/g, '%')
  let url = template.replace(/:(\w+)/g, id)
  if (chance(0.1)) url += `/${pick(IDS)}`
  if (chance(0.05)) url = url.replace('/', '//')
  return { method: chance(0.75) ? pick(methods) : pick(METHODS), path: url }
}

function randomQuery (): string {
  const parts: string[] = []
  for (let index = Math.floor(random() * 4); index > 0; index -= 1) {
    const key = pick(['url', 'page', 'page_size', 'server_id', 'channel_id', 'x', '', '%zz', 'page'])
    const value = String(pick([...STRINGS.slice(0, 12), '1', '-3', '51', '1e3', 'NaN', '2', '%E0']))
    parts.push(`${key}=${chance(0.5) ? encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd')) : value}`)
  }
  return parts.length ? `?${parts.join('&')}` : ''
}

function randomBody (): Pick<InjectOptions, 'payload' | 'headers'> {
  switch (Math.floor(random() * 9)) {
    case 0: return {}
    case 1: return { payload: JSON.stringify(randomObject()), headers: { 'content-type': 'application/json' } }
    case 2: return { payload: JSON.stringify(randomValue()), headers: { 'content-type': 'application/json' } }
    case 3: return { payload: pick(['{', '{"a":', 'nul', '[1,,]', '"\\x"', '\u0000']), headers: { 'content-type': 'application/json' } }
    case 4: return { payload: pick(STRINGS), headers: { 'content-type': pick(['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'image/png', 'bogus', 'application/json; charset=utf-16']) } }
    case 5: return { payload: Buffer.from(Array.from({ length: Math.floor(random() * 300) }, () => Math.floor(random() * 256))), headers: { 'content-type': pick(['application/octet-stream', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/json']) } }
    case 6: {
      const form = multipart([
        ...(chance(0.7) ? [{ name: 'token', value: pick(['', 'a:b:c', 'openrealm-dev-access-key:x:eyJ9']) }] : []),
        ...(chance(0.5) ? [{ name: pick(['key', 'file', 'x']), value: pick(STRINGS.slice(0, 10)) }] : []),
        ...(chance(0.7) ? [{ name: pick(['file', 'other']), filename: pick(['a.png', '', '../x']), type: pick(['image/png', 'text/html', '']), content: chance(0.5) ? PNG_1X1 : Buffer.from(pick(STRINGS)) }] : []),
      ])
      return chance(0.2) ? { payload: form.payload.subarray(0, Math.floor(form.payload.length / 2)), headers: form.headers } : form
    }
    case 7: return { payload: JSON.stringify({ data: 'A'.repeat(Math.floor(random() * 200000)) }), headers: { 'content-type': 'application/json' } }
    default: return { payload: JSON.stringify({ title: pick(STRINGS), channel_type: randomValue(), icon: pick(STRINGS), nickname: pick(STRINGS), data: pick(STRINGS) }), headers: { 'content-type': 'application/json' } }
  }
}

function randomHeaders (token: string, ownerToken: string): Record<string, string> {
  const headers: Record<string, string> = {}
  if (chance(0.4)) headers.authorization = pick([`Bearer ${token}`, `Bearer ${ownerToken}`, `Bot ${ownerToken}`, 'Bot bot.x', 'Bearer ', 'Bearer x', 'Basic abc', `bearer ${token}x`, 'Bearer '.padEnd(400, 'z')])
  if (chance(0.1)) headers.host = pick(['', 'evil.example/"<', '[::1]:99999', 'a'.repeat(300)])
  if (chance(0.1)) headers['if-none-match'] = pick(['*', '"x"', ''])
  if (chance(0.1)) headers.accept = pick(['text/html', '*/*', 'application/xml'])
  if (chance(0.05)) headers['content-encoding'] = 'gzip'
  return headers
}

function checkAnswer (request: InjectOptions, response: LightMyRequestResponse): void {
  const where = `${request.method} ${request.url} → ${response.statusCode} ${response.body.slice(0, 300)}`
  if (response.statusCode >= 500) throw new Error(`server error: ${where}`)
  if (request.method === 'HEAD' || response.statusCode === 304) return
  const json = String(response.headers['content-type'] ?? '').startsWith('application/json')
  if (response.statusCode >= 400) {
    if (!json) throw new Error(`error without an envelope: ${where}`)
    const body = response.json()
    if (typeof body.code !== 'number' || body.code === 0 || typeof body.msg !== 'string' || body.data !== null) throw new Error(`malformed error envelope: ${where}`)
    if (/\bat .+:\d+:\d+|select |insert |sqlite/i.test(response.body)) throw new Error(`error leaks internals: ${where}`)
    return
  }
  // a path that normalises to / (e.g. /files/%2e%2e) gets the entry page redirect
  if (response.statusCode === 302 && String(response.headers.location).startsWith('/index.html')) return
  if (response.statusCode < 200 || response.statusCode >= 300) throw new Error(`unexpected status: ${where}`)
  if (json && !String(request.url).startsWith('/openapi.json') && response.json().code !== 0) throw new Error(`success without code 0: ${where}`)
}

let test: TestApp
beforeAll(async () => { test = await startTestApp({ QINIU_FSIZE_LIMIT: String(64 * 1024) }) })
afterAll(async () => { await test.close() })

describe('fuzzing every route', () => {
  it(`answers ${REQUESTS} malformed requests with 4xx envelopes or valid reads, never a 5xx`, async () => {
    const { token } = await signInAsGuest(test)
    const { token: ownerToken } = await signInAsMember(test) // the owner reaches past the permission checks
    const statuses: Record<number, number> = {}
    for (let index = 0; index < REQUESTS; index += 1) {
      const body = randomBody()
      const target = randomTarget()
      const request: InjectOptions = {
        method: target.method as InjectOptions['method'],
        url: target.path + randomQuery(),
        ...body,
        headers: { ...randomHeaders(token, ownerToken), ...body.headers },
        remoteAddress: '127.0.0.1',
      }
      const response = await test.inject(request)
      statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1
      checkAnswer(request, response)
    }
    const clientErrors = Object.entries(statuses).filter(([status]) => Number(status) >= 400).reduce((sum, [, count]) => sum + count, 0)
    expect(clientErrors).toBeGreaterThan(REQUESTS / 2)
    expect(Object.keys(statuses).every(status => Number(status) < 500)).toBe(true)
  })
})
