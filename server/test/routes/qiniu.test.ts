import { createHmac } from 'crypto'
import type { UploadTokenData } from '@core/wire/api'
import { UPLOAD_MIME_LIMIT, UPLOAD_TOKEN_LIFETIME_SECONDS } from '../../src/services/qiniu-token'
import { envelope, signInAsGuest, startTestApp, type TestApp } from '../helper'

const NOW = 1_900_000_000
let test: TestApp
let member: Awaited<ReturnType<typeof signInAsGuest>>
beforeAll(async () => {
  test = await startTestApp({ QINIU_ACCESS_KEY: 'ak-1', QINIU_SECRET_KEY: 'sk-1', QINIU_BUCKET: 'realm' }, { now: () => NOW })
  member = await signInAsGuest(test)
})
afterAll(async () => { await test.close() })

/** Splits a token and checks its signature independently; answers its decoded policy. */
function openToken (token: string): Record<string, unknown> {
  const [accessKey, sign, encodedPolicy] = token.split(':')
  expect(accessKey).toBe('ak-1')
  const expected = createHmac('sha1', 'sk-1').update(encodedPolicy).digest('base64').replace(/\+/g, '-').replace(/\//g, '_')
  expect(sign).toBe(expected)
  return JSON.parse(Buffer.from(encodedPolicy.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8'))
}

const ask = (payload?: unknown, headers: Record<string, string> = member.headers) => test.inject({ method: 'POST', url: '/v2/qn/upfiles', headers, ...(payload === undefined ? {} : { payload: payload as object }) })

describe('POST /v2/qn/upfiles', () => {
  it('refuses a visitor without a session with 401', async () => {
    const response = await ask({}, {})
    expect(response.statusCode).toBe(401)
    expect(envelope(response)).toMatchObject({ code: 401000, data: null })
  })

  it('answers a token for the whole bucket with deadline, size and mime limits, the account it is for, and this server\'s /files domain', async () => {
    const response = await ask({})
    expect(response.statusCode).toBe(200)
    const { code, data } = envelope<UploadTokenData>(response)
    expect(code).toBe(0)
    expect(data.domain).toBe('http://localhost:80/files')
    expect(openToken(data.token)).toEqual({
      scope: 'realm',
      deadline: NOW + UPLOAD_TOKEN_LIFETIME_SECONDS,
      fsizeLimit: test.config.qiniu.uploadMaxBytes,
      mimeLimit: UPLOAD_MIME_LIMIT,
      endUser: member.uid,
    })
  })

  it('limits the scope to the planned key and the mime to the planned type', async () => {
    const { data } = envelope<UploadTokenData>(await ask({ key: 'uploads/20260101/a.png', mime: 'image/png' }))
    expect(openToken(data.token)).toMatchObject({ scope: 'realm:uploads/20260101/a.png', mimeLimit: 'image/png' })
  })

  it('answers a token for an empty JSON body and for no body at all', async () => {
    const empty = await test.inject({ method: 'POST', url: '/v2/qn/upfiles', headers: { ...member.headers, 'content-type': 'application/json' }, payload: '' })
    expect(empty.statusCode).toBe(200)
    expect(envelope(empty).code).toBe(0)
    const none = await ask()
    expect(none.statusCode).toBe(200)
    expect(envelope(none).code).toBe(0)
  })

  it('answers QINIU_DOMAIN as the domain when it is configured', async () => {
    const other = await startTestApp({ QINIU_DOMAIN: 'https://cdn.realm.example' })
    try {
      const { headers } = await signInAsGuest(other)
      expect(envelope<UploadTokenData>(await other.inject({ method: 'POST', url: '/v2/qn/upfiles', headers, payload: {} })).data.domain).toBe('https://cdn.realm.example')
    } finally {
      await other.close()
    }
  })

  it('refuses a type other than image, video or audio with 400 naming mime', async () => {
    const response = await ask({ mime: 'text/html' })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toMatch(/^body\.mime /)
  })

  it('refuses a malformed mime, an empty key and unknown fields with 400 naming the field', async () => {
    expect(envelope(await ask({ mime: 'png' })).msg).toMatch(/^body\.mime /)
    expect(envelope(await ask({ key: '' })).msg).toMatch(/^body\.key /)
    expect(envelope(await ask({ bucket: 'other' })).msg).toBe('body.bucket 不能出现在请求中')
  })

  it('refuses a key longer than Qiniu\'s 750 bytes', async () => {
    const response = await ask({ key: '键'.repeat(300) })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toMatch(/^body\.key must be at most 750 bytes/)
  })
})
