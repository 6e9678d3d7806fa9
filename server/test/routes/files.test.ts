import { signUploadToken } from '../../src/services/qiniu-token'
import { envelope, multipart, startTestApp, type TestApp } from '../helper'

let test: TestApp
beforeAll(async () => { test = await startTestApp() })
afterAll(async () => { await test.close() })

async function uploadAs (key: string, type: string, content: string): Promise<void> {
  const token = signUploadToken({ scope: test.config.qiniu.bucket, deadline: Math.floor(Date.now() / 1000) + 60, endUser: '100001' }, test.config.qiniu)
  const { payload, headers } = multipart([{ name: 'token', value: token }, { name: 'key', value: key }, { name: 'file', filename: key, type, content: Buffer.from(content) }])
  const response = await test.inject({ method: 'POST', url: '/upload', payload, headers })
  expect(response.statusCode).toBe(200)
}

describe('GET /files/*', () => {
  it('serves a seeded image with its type, length and etag', async () => {
    const response = await test.inject('/files/seed/avatar-0.svg')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/svg+xml')
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length)
    expect(response.headers.etag).toMatch(/^"F[A-Za-z0-9_-]{27}"$/)
  })

  it('answers 304 when the etag still matches', async () => {
    const first = await test.inject('/files/seed/avatar-1.svg')
    const again = await test.inject({ url: '/files/seed/avatar-1.svg', headers: { 'if-none-match': String(first.headers.etag) } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('sandboxes every answer so stored SVG or HTML cannot run script on this origin', async () => {
    const response = await test.inject('/files/seed/avatar-0.svg')
    expect(response.headers['content-security-policy']).toMatch(/sandbox/)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('serves a file that is not an image, video or audio as a download', async () => {
    await uploadAs('notes/readme.txt', 'text/plain', 'hello')
    const response = await test.inject('/files/notes/readme.txt')
    expect(response.headers['content-disposition']).toBe('attachment')
    expect(response.body).toBe('hello')
  })

  it('serves a key with spaces and non-ASCII characters through its percent-encoded URL', async () => {
    await uploadAs('相册/a b.txt', 'text/plain', 'unicode key')
    const response = await test.inject(`/files/${encodeURIComponent('相册')}/${encodeURIComponent('a b.txt')}`)
    expect(response.body).toBe('unicode key')
  })

  it('answers a 404 envelope for an unknown key, a key that climbs out of the folder and no key', async () => {
    for (const url of ['/files/nope.png', '/files/..%2F..%2Fdata%2Fopenrealm.sqlite', '/files/', '/files/%00']) {
      const response = await test.inject(url)
      expect(response.statusCode).toBe(404)
      expect(envelope(response)).toMatchObject({ code: 404000, data: null })
    }
  })

  it('never serves a file from outside the store for a dot-dot path', async () => {
    for (const url of ['/files/../data/openrealm.sqlite', '/files/%2e%2e/%2e%2e/etc/passwd']) {
      const response = await test.inject(url)
      expect(response.body).not.toMatch(/SQLite format|root:/)
    }
  })
})
