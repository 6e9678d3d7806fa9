import { sql } from 'kysely'
import { openDatabase } from '../../src/db/dialects'
import { describeValidation } from '../../src/plugins/errors'
import { envelope, startTestApp, type TestApp } from '../helper'

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
