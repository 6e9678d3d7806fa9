import { envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

describe('the rate limit per client', () => {
  let test: TestApp
  beforeAll(async () => { test = await startTestApp({ RATE_LIMIT_MAX: '3', RATE_LIMIT_ALLOW: 'none' }) })
  afterAll(async () => { await test.close() })

  it('answers 429 in the envelope once a client exceeds the limit', async () => {
    const from = (remoteAddress: string) => test.inject({ url: '/servers', remoteAddress })
    for (let index = 0; index < 3; index += 1) expect((await from('10.0.0.1')).statusCode).toBe(200)
    const limited = await from('10.0.0.1')
    expect(limited.statusCode).toBe(429)
    expect(envelope(limited)).toMatchObject({ code: 429000, data: null })
    expect(envelope(limited).msg).toMatch(/^请求太频繁：最多 3 次，请 \d+ 秒后再试$/)
    // in English when the client speaks English
    expect(envelope(await test.inject({ url: '/servers', remoteAddress: '10.0.0.1', headers: { 'accept-language': 'en' } })).msg).toMatch(/^too many requests/)
    expect(limited.headers['retry-after']).toBeDefined()
  })

  it('counts each client on its own', async () => {
    expect((await test.inject({ url: '/servers', remoteAddress: '10.0.0.2' })).statusCode).toBe(200)
  })

  it('counts requests to unknown paths too', async () => {
    for (let index = 0; index < 3; index += 1) await test.inject({ url: '/servers/x/y', remoteAddress: '10.0.0.3' })
    const limited = await test.inject({ url: '/servers/x/y', remoteAddress: '10.0.0.3' })
    expect(limited.statusCode).toBe(429)
    expect(envelope(limited).code).toBe(429000)
  })
})

describe('loopback clients', () => {
  it('are exempt by default, so local benchmarks are not throttled', async () => {
    const test = await startTestApp({ RATE_LIMIT_MAX: '2' })
    try {
      for (let index = 0; index < 5; index += 1) expect((await test.inject({ url: '/servers', remoteAddress: '127.0.0.1' })).statusCode).toBe(200)
      await test.inject({ url: '/servers', remoteAddress: '10.9.9.9' })
      await test.inject({ url: '/servers', remoteAddress: '10.9.9.9' })
      expect((await test.inject({ url: '/servers', remoteAddress: '10.9.9.9' })).statusCode).toBe(429)
    } finally {
      await test.close()
    }
  })
})

describe('guest sign-ups per client', () => {
  it('lets one client IP make only a few guests a minute, answered with 429 in the envelope, and writes no user past it', async () => {
    const test = await startTestApp({ GUEST_SIGNUPS_PER_MINUTE: '2', RATE_LIMIT_ALLOW: 'none' })
    try {
      const signUp = (remoteAddress: string) => test.inject({ method: 'POST', url: '/auth/guest', payload: {}, remoteAddress })
      expect((await signUp('10.0.0.7')).statusCode).toBe(200)
      expect((await signUp('10.0.0.7')).statusCode).toBe(200)
      const limited = await signUp('10.0.0.7')
      expect(limited.statusCode).toBe(429)
      expect(envelope(limited)).toMatchObject({ code: 429000, data: null })
      expect(envelope(limited).msg).toMatch(/^请求太频繁：最多 2 次，请 \d+ 秒后再试$/)
      // another client, and the other routes, keep their own counts
      expect((await signUp('10.0.0.8')).statusCode).toBe(200)
      expect((await test.inject({ url: '/servers', remoteAddress: '10.0.0.7' })).statusCode).toBe(200)
    } finally {
      await test.close()
    }
  })
})

describe('writes per member', () => {
  let test: TestApp
  beforeAll(async () => { test = await startTestApp({ MEMBER_WRITE_LIMIT_MAX: '3', RATE_LIMIT_ALLOW: 'none' }) })
  afterAll(async () => { await test.close() })
  const join = (headers: Record<string, string>, remoteAddress: string) =>
    test.inject({ method: 'POST', url: '/servers/723658/members/me', headers, remoteAddress })

  it('limits one account\'s writes together from every IP and every one of its sessions, with 429 in words', async () => {
    const guest = await signInAsGuest(test)
    const second = await signInAsMember(test, guest.uid) // a second session of the same account
    expect((await join(guest.headers, '10.1.0.1')).statusCode).not.toBe(429)
    expect((await join(second.headers, '10.1.0.2')).statusCode).not.toBe(429)
    expect((await join(guest.headers, '10.1.0.3')).statusCode).not.toBe(429)
    const limited = await join(second.headers, '10.1.0.4')
    expect(limited.statusCode).toBe(429)
    expect(envelope(limited)).toMatchObject({ code: 429000, data: null })
    expect(envelope(limited).msg).toMatch(/^操作太频繁：每个账号每 60 秒最多 3 次，请 \d+ 秒后再试$/)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('counts each account on its own, and never reads', async () => {
    const [one, two] = [await signInAsGuest(test), await signInAsGuest(test)]
    for (let index = 0; index < 3; index += 1) await join(one.headers, '10.1.1.1')
    expect((await join(one.headers, '10.1.1.1')).statusCode).toBe(429)
    expect((await join(two.headers, '10.1.1.1')).statusCode).not.toBe(429)
    expect((await test.inject({ url: '/servers/723658/members', headers: one.headers, remoteAddress: '10.1.1.2' })).statusCode).toBe(200)
  })
})
