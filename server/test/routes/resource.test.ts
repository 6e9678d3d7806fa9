import { BASE64_IMAGE_MAX_BYTES, decodeBase64Data } from '../../src/services/base64-data'
import { randomBytes } from 'crypto'
import { envelope, PNG_1X1, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

let test: TestApp
let session: Record<string, string>
beforeAll(async () => {
  test = await startTestApp()
  session = (await signInAsGuest(test)).headers
})
afterAll(async () => { await test.close() })

const upload = (data: unknown, on: TestApp = test, headers: Record<string, string> = session) => on.inject({ method: 'POST', url: '/resource/base64', headers, payload: { data } })

/** A distinct valid PNG per `n` (bytes after the image end are ignored by readers, kept by the store). */
const pngNumber = (n: number) => Buffer.concat([PNG_1X1, Buffer.from(`#${n}`)])

async function storedFileCount (on: TestApp = test): Promise<number> {
  const { openDatabase } = await import('../../src/db/dialects')
  const { db } = await openDatabase(on.config)
  try {
    const row = await db.selectFrom('stored_files').select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    return Number(row.n)
  } finally {
    await db.destroy()
  }
}

describe('POST /resource/base64', () => {
  it('stores a base64 png and answers a URL that serves the same bytes', async () => {
    const response = await upload(PNG_1X1.toString('base64'))
    expect(response.statusCode).toBe(200)
    const { code, data } = envelope<{ url: string }>(response)
    expect(code).toBe(0)
    expect(data.url).toMatch(/^http:\/\/localhost:80\/files\/base64\/.+\.png$/)
    const file = await test.inject(new URL(data.url).pathname)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    expect(file.rawPayload.equals(PNG_1X1)).toBe(true)
  })

  it('accepts a data-URL prefix and answers the same URL for the same image', async () => {
    const plain = envelope<{ url: string }>(await upload(PNG_1X1.toString('base64'))).data.url
    const prefixed = envelope<{ url: string }>(await upload(`data:image/png;base64,${PNG_1X1.toString('base64')}`)).data.url
    expect(prefixed).toBe(plain)
  })

  it('uses PUBLIC_URL for the answered URL when it is set', async () => {
    const other = await startTestApp({ PUBLIC_URL: 'https://realm.example' })
    try {
      const response = await upload(PNG_1X1.toString('base64'), other, (await signInAsGuest(other)).headers)
      expect(envelope<{ url: string }>(response).data.url).toMatch(/^https:\/\/realm\.example\/files\/base64\//)
    } finally {
      await other.close()
    }
  })

  it('refuses text dressed as an image with 415 and stores nothing', async () => {
    const before = await storedFileCount()
    const response = await upload(`data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`)
    expect(response.statusCode).toBe(415)
    expect(envelope(response)).toMatchObject({ code: 415000, data: null })
    expect(envelope(response).msg).toMatch(/body\.data/)
    expect(await storedFileCount()).toBe(before)
  })

  it('refuses text that is not base64 with 400 naming the field', async () => {
    const response = await upload('not base64 at all!')
    expect(response.statusCode).toBe(400)
    expect(envelope(response)).toMatchObject({ code: 400000, msg: 'body.data is not valid base64' })
  })

  it('refuses a data URL that is not base64 encoded', async () => {
    const response = await upload('data:image/png,rawbytes')
    expect(response.statusCode).toBe(400)
  })

  it('refuses an image over the size cap with 413', async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(BASE64_IMAGE_MAX_BYTES)])
    const response = await upload(big.toString('base64'))
    expect(response.statusCode).toBe(413)
    expect(envelope(response).code).toBe(413000)
  })

  it('refuses a missing, empty or object data field with 400 naming it', async () => {
    for (const payload of [{}, { data: '' }, { data: { nested: true } }]) {
      const response = await test.inject({ method: 'POST', url: '/resource/base64', headers: session, payload })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toMatch(/^body\.data /)
    }
  })

  it('refuses fields other than data', async () => {
    const response = await test.inject({ method: 'POST', url: '/resource/base64', headers: session, payload: { data: PNG_1X1.toString('base64'), name: 'x' } })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toBe('body.name 不能出现在请求中')
  })
})

describe('POST /resource/base64: who may store, and how much', () => {
  it('refuses a visitor without a session with 401 and stores nothing', async () => {
    const before = await storedFileCount()
    const response = await upload(pngNumber(1).toString('base64'), test, {})
    expect(response.statusCode).toBe(401)
    expect(envelope(response)).toMatchObject({ code: 401000, data: null })
    expect(await storedFileCount()).toBe(before)
  })

  it("refuses an image past the account's daily quota with 429 in words, stores nothing, and lets another account and the next day store", async () => {
    let now = 1_900_000_000
    const quota = PNG_1X1.length * 2 + 4
    const small = await startTestApp({ UPLOAD_DAILY_BYTES: String(quota) }, { now: () => now })
    try {
      const member = (await signInAsGuest(small)).headers
      expect((await upload(pngNumber(1).toString('base64'), small, member)).statusCode).toBe(200)
      expect((await upload(pngNumber(2).toString('base64'), small, member)).statusCode).toBe(200)
      const before = await storedFileCount(small)
      const refused = await upload(pngNumber(3).toString('base64'), small, member)
      expect(refused.statusCode).toBe(429)
      expect(envelope(refused)).toMatchObject({ code: 429000, data: null })
      expect(envelope(refused).msg).toMatch(/^今日上传额度已用完：每个账号每天可存 .+，今天还剩 .+/)
      expect(await storedFileCount(small)).toBe(before)
      expect((await upload(pngNumber(3).toString('base64'), small, (await signInAsGuest(small)).headers)).statusCode).toBe(200)
      now += 86_400
      expect((await upload(pngNumber(4).toString('base64'), small, member)).statusCode).toBe(200)
    } finally {
      await small.close()
    }
  })
})

describe('POST /resource/base64: an image must read as the type it claims', () => {
  it('refuses 2 MiB of random bytes behind a PNG header with 415 and stores nothing', async () => {
    const fake = Buffer.concat([PNG_1X1.subarray(0, 8), randomBytes(2 * 1024 * 1024 - 8)])
    const before = await storedFileCount()
    const response = await upload(fake.toString('base64'))
    expect(response.statusCode).toBe(415)
    expect(envelope(response)).toMatchObject({ code: 415000, data: null })
    expect(await storedFileCount()).toBe(before)
  })

  it('refuses a JPEG signature with no frame behind it', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0x00]), Buffer.alloc(1024)])
    expect((await upload(fake.toString('base64'))).statusCode).toBe(415)
  })
})

describe('POST /resource/base64: quotas shared by a client address and by all guests', () => {
  const FROM = '203.0.113.7'
  const uploadFrom = (on: TestApp, headers: Record<string, string>, n: number, remoteAddress = FROM) =>
    on.inject({ method: 'POST', url: '/resource/base64', headers, payload: { data: pngNumber(n).toString('base64') }, remoteAddress })

  it("refuses fresh guests from one IP past the IP's daily quota with 429 in words, stores nothing, and lets another IP store", async () => {
    const small = await startTestApp({ UPLOAD_DAILY_BYTES_PER_IP: String(PNG_1X1.length * 2 + 4) })
    try {
      expect((await uploadFrom(small, (await signInAsGuest(small)).headers, 1)).statusCode).toBe(200)
      expect((await uploadFrom(small, (await signInAsGuest(small)).headers, 2)).statusCode).toBe(200)
      const before = await storedFileCount(small)
      const refused = await uploadFrom(small, (await signInAsGuest(small)).headers, 3)
      expect(refused.statusCode).toBe(429)
      expect(envelope(refused)).toMatchObject({ code: 429000, data: null })
      expect(envelope(refused).msg).toMatch(/^今日上传额度已用完：每个网络地址每天可存 .+/)
      expect(await storedFileCount(small)).toBe(before)
      expect((await uploadFrom(small, (await signInAsGuest(small)).headers, 3, '198.51.100.9')).statusCode).toBe(200)
    } finally {
      await small.close()
    }
  })

  it('refuses guests together past the guests\' daily quota from any IP, while a registered member still stores', async () => {
    const small = await startTestApp({ UPLOAD_DAILY_BYTES_GUESTS: String(PNG_1X1.length * 2 + 4) })
    try {
      expect((await uploadFrom(small, (await signInAsGuest(small)).headers, 1, '198.51.100.1')).statusCode).toBe(200)
      expect((await uploadFrom(small, (await signInAsGuest(small)).headers, 2, '198.51.100.2')).statusCode).toBe(200)
      const before = await storedFileCount(small)
      const refused = await uploadFrom(small, (await signInAsGuest(small)).headers, 3, '198.51.100.3')
      expect(refused.statusCode).toBe(429)
      expect(envelope(refused).msg).toMatch(/^今日上传额度已用完：所有游客账号合计每天可存 .+/)
      expect(await storedFileCount(small)).toBe(before)
      expect((await uploadFrom(small, (await signInAsMember(small, '100004')).headers, 3, '198.51.100.4')).statusCode).toBe(200)
    } finally {
      await small.close()
    }
  })
})

describe('base64 decoding', () => {
  it('reads the URL-safe alphabet, unpadded text and text broken over lines', () => {
    expect(decodeBase64Data('-_8')).toEqual(Buffer.from([0xfb, 0xff]))
    expect(decodeBase64Data('aGVs\nbG8=')).toEqual(Buffer.from('hello'))
  })

  it('refuses text whose length cannot be base64', () => {
    expect(() => decodeBase64Data('abcde')).toThrow('body.data is not valid base64')
  })
})
