import type { GuestLoginData } from '@core/wire/api'
import type { User } from '@core/wire/entities'
import { envelope, signInAsGuest, startTestApp, type TestApp } from '../helper'

let test: TestApp
beforeAll(async () => { test = await startTestApp() })
afterAll(async () => { await test.close() })

describe('POST /auth/guest', () => {
  it('signs in a new guest with a B_ uid and a bearer token', async () => {
    const response = await test.inject({ method: 'POST', url: '/auth/guest', payload: {} })
    expect(response.statusCode).toBe(200)
    const { code, data } = envelope<GuestLoginData>(response)
    expect(code).toBe(0)
    expect(data.user.uid).toMatch(/^B_[0-9a-f]{12}$/)
    expect(data.user.avatar).toBe('') // no picture: clients draw the guest's own initial
    expect(data.token.length).toBeGreaterThanOrEqual(40)
  })

  it('gives every guest its own uid and token', async () => {
    const first = await signInAsGuest(test)
    const second = await signInAsGuest(test)
    expect(first.uid).not.toBe(second.uid)
    expect(first.token).not.toBe(second.token)
  })

  it('signs in without any body as well', async () => {
    expect((await test.inject({ method: 'POST', url: '/auth/guest' })).statusCode).toBe(200)
  })

  it('keeps only a hash of the token in the database', async () => {
    const { token } = await signInAsGuest(test)
    const { openDatabase } = await import('../../src/db/dialects')
    const { db } = await openDatabase(test.config)
    try {
      const sessions = await db.selectFrom('sessions').select('token_hash').execute()
      expect(sessions.some(session => session.token_hash === token)).toBe(false)
      expect(sessions.every(session => /^[0-9a-f]{64}$/.test(session.token_hash))).toBe(true)
    } finally {
      await db.destroy()
    }
  })
})

describe('GET /user/me', () => {
  it('answers the signed-in user', async () => {
    const guest = await signInAsGuest(test)
    const response = await test.inject({ url: '/user/me', headers: guest.headers })
    expect(response.statusCode).toBe(200)
    expect(envelope<User>(response).data.uid).toBe(guest.uid)
  })

  it.each([
    ['no header', {}],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['an unknown token', { authorization: 'Bearer not-a-real-token' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('answers 401 in the envelope with %s', async (_case, headers) => {
    const response = await test.inject({ url: '/user/me', headers })
    expect(response.statusCode).toBe(401)
    expect(envelope(response)).toMatchObject({ code: 401000, data: null })
    expect(envelope(response).msg).toMatch(/^authorization/)
  })

  it('answers 401 once the session has expired', async () => {
    let now = 1_900_000_000
    const clocked = await startTestApp({}, { now: () => now })
    try {
      const guest = await signInAsGuest(clocked)
      now += 31 * 24 * 3600
      expect((await clocked.inject({ url: '/user/me', headers: guest.headers })).statusCode).toBe(401)
    } finally {
      await clocked.close()
    }
  })
})

describe('PATCH /user/me', () => {
  const patch = (headers: Record<string, string>, payload: object) => test.inject({ method: 'PATCH', url: '/user/me', headers, payload })

  it('edits nickname, signature and avatar and answers the updated user', async () => {
    const guest = await signInAsGuest(test)
    const response = await patch(guest.headers, { nickname: '星海旅人', signature: 'hello', avatar: 'https://cdn.example/me.png' })
    expect(response.statusCode).toBe(200)
    expect(envelope<User>(response).data).toMatchObject({ uid: guest.uid, nickname: '星海旅人', signature: 'hello', avatar: 'https://cdn.example/me.png' })
    expect(envelope<User>(await test.inject({ url: `/users/${guest.uid}` })).data.nickname).toBe('星海旅人')
  })

  it('takes the same edit by POST, which the mini-program sends (its request API has no PATCH)', async () => {
    const guest = await signInAsGuest(test)
    const response = await test.inject({ method: 'POST', url: '/user/me', headers: guest.headers, payload: { signature: 'from the mini-program' } })
    expect(response.statusCode).toBe(200)
    expect(envelope<User>(response).data.signature).toBe('from the mini-program')
  })

  it.each([
    ['nickname', { nickname: '违禁昵称' }, 104002],
    ['signature', { signature: 'this is Forbidden' }, 104003],
    ['avatar', { avatar: 'https://cdn.example/forbidden.png' }, 104005],
  ])('refuses a %s that fails the audit with 422 and its code, changing nothing', async (field, body, code) => {
    const guest = await signInAsGuest(test)
    const before = envelope<User>(await test.inject({ url: '/user/me', headers: guest.headers })).data
    const response = await patch(guest.headers, { ...body, ...(field === 'nickname' ? { signature: 'would be written' } : { nickname: 'would be written' }) })
    expect(response.statusCode).toBe(422)
    expect(envelope(response)).toEqual({ code, msg: `${field} did not pass the content audit`, data: null })
    expect(envelope<User>(await test.inject({ url: '/user/me', headers: guest.headers })).data).toEqual(before)
  })

  it('refuses an avatar that is not an http(s) URL with 400', async () => {
    const guest = await signInAsGuest(test)
    const response = await patch(guest.headers, { avatar: 'javascript:alert(1)' })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toBe('body.avatar must be an http(s) URL')
  })

  it('refuses an empty patch, a blank nickname, an over-long signature and unknown fields with 400 naming them', async () => {
    const guest = await signInAsGuest(test)
    expect(envelope(await patch(guest.headers, {})).msg).toMatch(/^body /)
    expect(envelope(await patch(guest.headers, { nickname: '   ' })).msg).toMatch(/^body\.nickname /)
    expect(envelope(await patch(guest.headers, { signature: 'x'.repeat(141) })).msg).toMatch(/^body\.signature /)
    expect(envelope(await patch(guest.headers, { uid: 'C_1' })).msg).toBe('body.uid 不能出现在请求中')
  })

  it('refuses control characters (NUL among them) in text with 400 naming the field', async () => {
    const guest = await signInAsGuest(test)
    expect(envelope(await patch(guest.headers, { nickname: 'a\u0000b' })).msg).toMatch(/^body\.nickname /)
    expect(envelope(await patch(guest.headers, { signature: 'bell\u0007' })).msg).toMatch(/^body\.signature /)
    expect(envelope(await patch(guest.headers, { avatar: 'https://cdn.example/a\u0000.png' })).msg).toMatch(/^body\.avatar /)
    expect((await patch(guest.headers, { signature: 'two\nlines' })).statusCode).toBe(200)
  })

  it('answers 401 before looking at the body when no one is signed in', async () => {
    const response = await patch({}, { nickname: 'x'.repeat(500) })
    expect(response.statusCode).toBe(401)
  })
})

describe('GET /users/:uid', () => {
  it('answers a seeded bot with user_type 2', async () => {
    const response = await test.inject('/users/C_200001')
    expect(envelope<User>(response).data).toMatchObject({ uid: 'C_200001', user_type: 2 })
  })

  it('answers 404 for an unknown uid and 400 for a malformed one', async () => {
    expect((await test.inject('/users/nobody')).statusCode).toBe(404)
    const malformed = await test.inject('/users/a.b')
    expect(malformed.statusCode).toBe(400)
    expect(envelope(malformed).msg).toMatch(/^path\.uid /)
  })
})
