import { sql } from 'kysely'
import { openDatabase } from '../../src/db/dialects'
import { describeValidation } from '../../src/plugins/errors'
import { connect, type AddressInfo } from 'net'
import { envelope, signInAsMember, startTestApp, type TestApp } from '../helper'

/** Sends `request` as raw bytes and resolves everything the server answered until it closed. */
function rawHttp (port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request))
    let answer = ''
    socket.on('data', chunk => { answer += chunk.toString() })
    socket.on('error', reject)
    socket.on('close', () => resolve(answer))
  })
}

let test: TestApp
beforeAll(async () => { test = await startTestApp() })
afterAll(async () => { await test.close() })

describe('answers in the envelope for every failure', () => {
  it('answers an unknown API path with a 404 envelope', async () => {
    const response = await test.inject('/servers/723658/nothing-here')
    expect(response.statusCode).toBe(404)
    expect(envelope(response)).toEqual({ code: 404000, msg: 'no route for GET /servers/723658/nothing-here', data: null })
  })

  it('answers an unknown method on a known path with a 404 envelope', async () => {
    const response = await test.inject({ method: 'DELETE', url: '/servers' })
    expect(response.statusCode).toBe(404)
    expect(envelope(response).code).toBe(404000)
  })

  it('answers a body over the limit with 413', async () => {
    const response = await test.inject({ method: 'PATCH', url: '/user/me', headers: { authorization: 'Bearer x' }, payload: { signature: 'x'.repeat(70 * 1024) } })
    expect(response.statusCode).toBe(401) // the session is checked before the body is read
    const open = await test.inject({ method: 'POST', url: '/auth/guest', payload: { pad: 'x'.repeat(70 * 1024) } })
    expect(open.statusCode).toBe(413)
    expect(envelope(open)).toMatchObject({ code: 413000, data: null })
  })

  it('answers an unsupported content type with 415', async () => {
    const response = await test.inject({ method: 'POST', url: '/auth/guest', headers: { 'content-type': 'application/xml' }, payload: '<a/>' })
    expect(response.statusCode).toBe(415)
    expect(envelope(response)).toMatchObject({ code: 415000, data: null })
  })

  it('answers malformed JSON with 400', async () => {
    const response = await test.inject({ method: 'POST', url: '/auth/guest', headers: { 'content-type': 'application/json' }, payload: '{"data":' })
    expect(response.statusCode).toBe(400)
    expect(envelope(response)).toMatchObject({ code: 400000, data: null })
  })

  it('refuses a JSON body that tries to set __proto__', async () => {
    const response = await test.inject({ method: 'POST', url: '/auth/guest', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"admin":true}}' })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).code).toBe(400000)
  })

  it('answers a URL with broken percent-encoding with 400', async () => {
    const response = await test.inject('/users/%E0%A4%A')
    expect(response.statusCode).toBe(400)
    expect(envelope(response)).toMatchObject({ code: 400000, data: null })
  })

  it.each([
    ['/servers/832828/lives?page=Infinity', 'query.page'],
    ['/servers/832828/lives?page_size=1e309', 'query.page_size'],
    ['/servers/832828/lives?page=-Infinity', 'query.page'],
    ['/channels/83282804/posts?page=1234567890123456789012345678901234567890', 'query.page'],
    ['/channels/83282802/messages?page=-0', 'query.page'],
    ['/channels/83282807/lives?page_size=9007199254740993', 'query.page_size'],
  ])('answers the number in %s with a 400 envelope naming %s', async (url, field) => {
    const response = await test.inject(url)
    expect(response.statusCode).toBe(400)
    expect(envelope(response)).toMatchObject({ code: 400000, data: null })
    expect(envelope(response).msg.startsWith(`${field} `)).toBe(true)
  })

  it('answers JSON numbers that are Infinity or past exact integers with a 400 naming the field, and creates nothing', async () => {
    const { headers } = await signInAsMember(test)
    const before = (await test.inject('/servers/723658/channels')).payload
    const create = (body: string) => test.inject({ method: 'POST', url: '/servers/723658/channels', headers: { ...headers, 'content-type': 'application/json' }, payload: body })
    const infinite = await create('{"title":"x","channel_type":1e309}')
    expect(infinite.statusCode).toBe(400)
    expect(envelope(infinite).msg).toMatch(/^body\.channel_type /)
    const inexact = await create('{"title":"x","channel_type":12345678901234567890}')
    expect(inexact.statusCode).toBe(400)
    expect(envelope(inexact).msg).toBe(`body.channel_type must be a finite number of at most ${Number.MAX_SAFE_INTEGER}`)
    expect((await test.inject('/servers/723658/channels')).payload).toBe(before)
  })

  it('answers headers too large for the HTTP parser (431) in the envelope over a real socket', async () => {
    const server = await startTestApp()
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = server.app.server.address() as AddressInfo
      const raw = await rawHttp(port, `GET /servers HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: ${'a'.repeat(20 * 1024)}\r\n\r\n`)
      expect(raw).toMatch(/^HTTP\/1\.1 431 /)
      const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))
      expect(body).toEqual({ code: 400000, msg: expect.stringMatching(/^request headers too large/), data: null })
      const broken = await rawHttp(port, 'GET /servers HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: x\r\n\r\n')
      expect(broken).toMatch(/^HTTP\/1\.1 400 /)
      expect(JSON.parse(broken.slice(broken.indexOf('\r\n\r\n') + 4))).toEqual({ code: 400000, msg: 'malformed HTTP request', data: null })
    } finally {
      await server.close()
    }
  })

  it('answers an unexpected failure with a bare 500: no stack, no SQL, no table name', async () => {
    const broken = await startTestApp()
    const { db } = await openDatabase(broken.config)
    try {
      await sql`alter table roles rename to roles_gone`.execute(db)
      const response = await broken.inject('/servers/723658/roles')
      expect(response.statusCode).toBe(500)
      expect(envelope(response)).toEqual({ code: 500000, msg: 'internal server error', data: null })
      expect(response.body).not.toMatch(/roles|select|sqlite|postgres|at \w+ \(/i)
    } finally {
      await db.destroy()
      await broken.close()
    }
  })
})

describe('validation messages', () => {
  it('names a missing property with its place', () => {
    expect(describeValidation('querystring', [{ keyword: 'required', instancePath: '', params: { missingProperty: 'url' } }])).toBe('query.url is required')
  })

  it('names an unknown property', () => {
    expect(describeValidation('body', [{ keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'x' } }])).toBe('body.x is not allowed')
  })

  it('names a nested field with the validator\'s reason', () => {
    expect(describeValidation('body', [{ keyword: 'maxLength', instancePath: '/profile/nickname', message: 'must NOT have more than 32 characters' }]))
      .toBe('body.profile.nickname must NOT have more than 32 characters')
  })

  it('falls back to the request part when nothing is known', () => {
    expect(describeValidation('params', [])).toBe('path is invalid')
  })
})

describe('the language of a refusal', () => {
  it('tells a schema validation failure in zh-CN naming the field when the request asks no language, and says so in Content-Language', async () => {
    const response = await test.inject('/login_third/wxconf')
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-language']).toBe('zh-CN')
    expect(envelope(response).msg).toBe('query.url 必须填写')
  })

  it('follows hl over Accept-Language, and Accept-Language when there is no hl', async () => {
    const byHl = await test.inject({ url: '/login_third/wxconf?hl=en', headers: { 'accept-language': 'zh-CN' } })
    expect([byHl.headers['content-language'], envelope(byHl).msg]).toEqual(['en', 'query.url is required'])
    const byHeader = await test.inject({ url: '/login_third/wxconf', headers: { 'accept-language': 'en' } })
    expect([byHeader.headers['content-language'], envelope(byHeader).msg]).toEqual(['en', 'query.url is required'])
  })

  it('marks a refusal told only in English as English, so a client shows its own words for the code', async () => {
    const response = await test.inject({ url: '/servers/723658/nothing-here', headers: { 'accept-language': 'zh-CN' } })
    expect(response.headers['content-language']).toBe('en')
  })
})
