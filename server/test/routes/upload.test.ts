import { randomBytes } from 'crypto'
import type { UploadTokenData } from '@core/wire/api'
import { signUploadToken } from '../../src/services/qiniu-token'
import { qiniuEtag } from '../../src/services/qiniu-etag'
import { envelope, multipart, PNG_1X1, signInAsGuest, startTestApp, type FormPart, type TestApp } from '../helper'

const NOW = 1_900_000_000
const KEYS = { accessKey: 'ak-up', secretKey: 'sk-up' }
const HOST_ENV = { QINIU_ACCESS_KEY: KEYS.accessKey, QINIU_SECRET_KEY: KEYS.secretKey, QINIU_BUCKET: 'realm', QINIU_FSIZE_LIMIT: String(64 * 1024) }
/** A seeded ordinary account: the tokens signed here are issued to it. */
const OWNER_UID = '100001'
let test: TestApp
let session: Record<string, string>
beforeAll(async () => {
  test = await startTestApp(HOST_ENV, { now: () => NOW })
  session = (await signInAsGuest(test)).headers
})
afterAll(async () => { await test.close() })

const send = (parts: FormPart[], on: TestApp = test) => {
  const { payload, headers } = multipart(parts)
  return on.inject({ method: 'POST', url: '/upload', payload, headers })
}
const png = (content: Buffer = PNG_1X1): FormPart => ({ name: 'file', filename: 'a.png', type: 'image/png', content })
const token = (policy: Partial<Parameters<typeof signUploadToken>[0]> = {}) => signUploadToken({ scope: 'realm', deadline: NOW + 60, endUser: OWNER_UID, ...policy }, KEYS)

async function tokenFor (key: string, mime?: string): Promise<UploadTokenData> {
  const response = await test.inject({ method: 'POST', url: '/v2/qn/upfiles', headers: session, payload: mime ? { key, mime } : { key } })
  return envelope<UploadTokenData>(response).data
}

function expectQiniuError (response: Awaited<ReturnType<typeof send>>, status: number, error: string): void {
  expect(response.statusCode).toBe(status)
  const body = response.json()
  expect(body.error).toBe(error)
  expect(body).toMatchObject({ msg: error, data: null })
  expect(body.code).not.toBe(0)
}

describe('POST /upload (the Qiniu-compatible upload host)', () => {
  it('stores a file uploaded with a token from /v2/qn/upfiles and answers Qiniu\'s {hash, key}', async () => {
    const grant = await tokenFor('uploads/20260101/first.png', 'image/png')
    const response = await send([{ name: 'token', value: grant.token }, { name: 'key', value: 'uploads/20260101/first.png' }, png()])
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ code: 0, hash: qiniuEtag(PNG_1X1), key: 'uploads/20260101/first.png', data: { hash: qiniuEtag(PNG_1X1), key: 'uploads/20260101/first.png' } })
    const served = await test.inject(new URL(`${grant.domain}/uploads/20260101/first.png`).pathname)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true)
  })

  it('takes the key from a key-scoped token when the form names none', async () => {
    const response = await send([{ name: 'token', value: token({ scope: 'realm:scoped/key.png' }) }, png()])
    expect(response.json()).toMatchObject({ key: 'scoped/key.png' })
  })

  it('uses the content hash as the key when neither the token nor the form names one', async () => {
    const content = Buffer.concat([PNG_1X1, Buffer.from('hash-key')])
    const response = await send([{ name: 'token', value: token() }, png(content)])
    expect(response.json()).toMatchObject({ key: qiniuEtag(content), hash: qiniuEtag(content) })
  })

  it('accepts the same content again under the same key', async () => {
    const parts = [{ name: 'token', value: token() }, { name: 'key', value: 'again.png' }, png()]
    expect((await send(parts)).statusCode).toBe(200)
    expect((await send(parts)).statusCode).toBe(200)
  })

  it('answers 614 "file exists" for other content under an existing key and keeps the first file', async () => {
    await send([{ name: 'token', value: token() }, { name: 'key', value: 'taken.png' }, png()])
    const response = await send([{ name: 'token', value: token() }, { name: 'key', value: 'taken.png' }, png(Buffer.concat([PNG_1X1, Buffer.from('other')]))])
    expectQiniuError(response, 614, 'file exists')
    expect((await test.inject('/files/taken.png')).rawPayload.equals(PNG_1X1)).toBe(true)
  })

  it('answers 401 without a token', async () => {
    expectQiniuError(await send([png()]), 401, 'token not specified')
  })

  it('answers 401 for a token with a wrong signature', async () => {
    const forged = signUploadToken({ scope: 'realm', deadline: NOW + 60 }, { accessKey: KEYS.accessKey, secretKey: 'guessed' })
    expectQiniuError(await send([{ name: 'token', value: forged }, png()]), 401, 'bad token')
  })

  it('answers 401 for an expired token', async () => {
    expectQiniuError(await send([{ name: 'token', value: token({ deadline: NOW - 1 }) }, png()]), 401, 'expired token')
  })

  it('answers 401 for a token issued to no account (nothing is stored without an owner)', async () => {
    const response = await send([{ name: 'token', value: token({ endUser: undefined }) }, { name: 'key', value: 'ownerless.png' }, png()])
    expectQiniuError(response, 401, 'the token names no account: ask POST /v2/qn/upfiles for one while signed in')
    expect((await test.inject('/files/ownerless.png')).statusCode).toBe(404)
  })

  it("answers 429 in words past the owner's daily quota, stores nothing, and takes files again the next day", async () => {
    let now = NOW
    const small = await startTestApp({ ...HOST_ENV, UPLOAD_DAILY_BYTES: String(PNG_1X1.length + 10) }, { now: () => now })
    try {
      const ownToken = () => signUploadToken({ scope: 'realm', deadline: now + 60, endUser: OWNER_UID }, KEYS)
      expect((await send([{ name: 'token', value: ownToken() }, { name: 'key', value: 'first.png' }, png()], small)).statusCode).toBe(200)
      const refused = await send([{ name: 'token', value: ownToken() }, { name: 'key', value: 'second.png' }, png()], small)
      expect(refused.statusCode).toBe(429)
      expect(refused.json().error).toMatch(/^daily upload quota reached: /)
      expect((await small.inject('/files/second.png')).statusCode).toBe(404)
      now += 86_400
      expect((await send([{ name: 'token', value: ownToken() }, { name: 'key', value: 'second.png' }, png()], small)).statusCode).toBe(200)
    } finally {
      await small.close()
    }
  })

  it('gives back the quota of an upload refused as "file exists"', async () => {
    const small = await startTestApp({ ...HOST_ENV, UPLOAD_DAILY_BYTES: String(PNG_1X1.length * 2 + 10) }, { now: () => NOW })
    try {
      const other = png(Buffer.concat([PNG_1X1, Buffer.from('x')]))
      expect((await send([{ name: 'token', value: token() }, { name: 'key', value: 'taken.png' }, png()], small)).statusCode).toBe(200)
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await send([{ name: 'token', value: token() }, { name: 'key', value: 'taken.png' }, other], small)).statusCode).toBe(614)
      }
      expect((await send([{ name: 'token', value: token() }, { name: 'key', value: 'free.png' }, other], small)).statusCode).toBe(200)
    } finally {
      await small.close()
    }
  })

  it('answers 403 for a key outside the token\'s scope', async () => {
    const response = await send([{ name: 'token', value: token({ scope: 'realm:mine.png' }) }, { name: 'key', value: 'yours.png' }, png()])
    expectQiniuError(response, 403, "key doesn't match with scope")
  })

  it('answers 403 for a token of another bucket', async () => {
    const response = await send([{ name: 'token', value: token({ scope: 'other-bucket' }) }, { name: 'key', value: 'x.png' }, png()])
    expectQiniuError(response, 403, "key doesn't match with scope")
  })

  it('answers 403 for a file outside the mime limit, judged by its bytes', async () => {
    const response = await send([
      { name: 'token', value: token({ mimeLimit: 'video/*' }) },
      { name: 'key', value: 'not-a-video.mp4' },
      { name: 'file', filename: 'x.mp4', type: 'video/mp4', content: PNG_1X1 },
    ])
    expectQiniuError(response, 403, 'file type image/png is not allowed (mimeLimit)')
  })

  it('answers 413 for a file over the token\'s fsizeLimit', async () => {
    const response = await send([{ name: 'token', value: token({ fsizeLimit: 10 }) }, { name: 'key', value: 'big.png' }, png()])
    expectQiniuError(response, 413, 'file exceeds the size limit (fsizeLimit)')
  })

  it('answers 413 for a file over the host\'s own limit', async () => {
    const response = await send([{ name: 'token', value: token() }, { name: 'key', value: 'huge.png' }, png(Buffer.concat([PNG_1X1, Buffer.alloc(64 * 1024)]))])
    expect(response.statusCode).toBe(413)
    expect(response.json().error).toEqual(expect.any(String))
  })

  it('answers 400 for a key with control characters', async () => {
    const response = await send([{ name: 'token', value: token() }, { name: 'key', value: 'a\u0000b.png' }, png()])
    expectQiniuError(response, 400, 'key must be 1 to 750 bytes without control characters')
  })

  it('answers 400 when the form has no file', async () => {
    expectQiniuError(await send([{ name: 'token', value: token() }, { name: 'key', value: 'nothing.png' }]), 400, 'file is required')
  })

  it('answers 400 for a multipart body the parser cannot read', async () => {
    const response = await test.inject({ method: 'POST', url: '/upload', headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary' })
    expectQiniuError(response, 400, 'malformed multipart/form-data body: Multipart: Boundary not found')
  })

  it('answers 415 for a body that is not multipart', async () => {
    const response = await test.inject({ method: 'POST', url: '/upload', payload: { token: token() } })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({ code: 415000, data: null })
    expect(response.json().error).toEqual(expect.any(String))
  })

  it('answers 415 for an image that does not read as the type it claims (a PNG header before random bytes, random bytes sent as image/jpeg) and stores nothing', async () => {
    const fakes: FormPart[] = [
      png(Buffer.concat([PNG_1X1.subarray(0, 8), randomBytes(32 * 1024)])),
      { name: 'file', filename: 'b.jpg', type: 'image/jpeg', content: randomBytes(1024) },
    ]
    for (const [index, fake] of fakes.entries()) {
      const key = `fakes/${index}.img`
      const response = await send([{ name: 'token', value: token() }, { name: 'key', value: key }, fake])
      expect(response.statusCode).toBe(415)
      expect(response.json()).toMatchObject({ code: 415000, data: null })
      expect((await test.inject(`/files/${key}`)).statusCode).toBe(404)
    }
  })
})
