import { createHmac } from 'crypto'
import { checkScope, mimeAllowed, signUploadToken, UploadTokenError, urlsafeBase64, verifyUploadToken, type PutPolicy } from '../../src/services/qiniu-token'

// Qiniu's documented example (developer.qiniu.com, "upload token")
const DOC_KEYS = { accessKey: 'MY_ACCESS_KEY', secretKey: 'MY_SECRET_KEY' }
const DOC_POLICY: PutPolicy = {
  scope: 'my-bucket:sunflower.jpg',
  deadline: 1451491200,
  returnBody: '{"name":$(fname),"size":$(fsize),"w":$(imageInfo.width),"h":$(imageInfo.height),"hash":$(etag)}',
}
const DOC_TOKEN = 'MY_ACCESS_KEY:wQ4ofysef1R7IKnrziqtomqyDvI=:eyJzY29wZSI6Im15LWJ1Y2tldDpzdW5mbG93ZXIuanBnIiwiZGVhZGxpbmUiOjE0NTE0OTEyMDAsInJldHVybkJvZHkiOiJ7XCJuYW1lXCI6JChmbmFtZSksXCJzaXplXCI6JChmc2l6ZSksXCJ3XCI6JChpbWFnZUluZm8ud2lkdGgpLFwiaFwiOiQoaW1hZ2VJbmZvLmhlaWdodCksXCJoYXNoXCI6JChldGFnKX0ifQ=='

const KEYS = { accessKey: 'ak-test', secretKey: 'sk-test' }

/** The token computed step by step, independently of the module. */
function independentToken (policy: object, accessKey: string, secretKey: string): string {
  const encodedPolicy = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64').split('+').join('-').split('/').join('_')
  const digest = createHmac('sha1', Buffer.from(secretKey, 'utf8')).update(Buffer.from(encodedPolicy, 'ascii')).digest('base64')
  return [accessKey, digest.split('+').join('-').split('/').join('_'), encodedPolicy].join(':')
}

describe('Qiniu upload tokens', () => {
  it('reproduces the token of Qiniu\'s documented example', () => {
    expect(signUploadToken(DOC_POLICY, DOC_KEYS)).toBe(DOC_TOKEN)
  })

  it('signs any policy exactly like an independent step-by-step computation', () => {
    const policy: PutPolicy = { scope: 'openrealm:uploads/a b/ç.png', deadline: 2000000000, fsizeLimit: 1024, mimeLimit: 'image/*' }
    expect(signUploadToken(policy, KEYS)).toBe(independentToken(policy, KEYS.accessKey, KEYS.secretKey))
  })

  it('writes URL-safe base64 with Qiniu\'s padding kept', () => {
    expect(urlsafeBase64(Buffer.from([0xfb, 0xff]))).toBe('-_8=')
  })

  it('verifies the documented token before its deadline and answers its policy', () => {
    expect(verifyUploadToken(DOC_TOKEN, DOC_KEYS, 1451491200)).toEqual(DOC_POLICY)
  })

  it('refuses the documented token after its deadline as expired', () => {
    expect(() => verifyUploadToken(DOC_TOKEN, DOC_KEYS, 1451491201)).toThrow(new UploadTokenError('expired token'))
  })

  it('refuses a token signed with another secret key', () => {
    const token = signUploadToken({ scope: 'b', deadline: 2000000000 }, { accessKey: KEYS.accessKey, secretKey: 'other' })
    expect(() => verifyUploadToken(token, KEYS, 0)).toThrow('bad token')
  })

  it('refuses a token of another access key', () => {
    const token = signUploadToken({ scope: 'b', deadline: 2000000000 }, { accessKey: 'someone-else', secretKey: KEYS.secretKey })
    expect(() => verifyUploadToken(token, KEYS, 0)).toThrow('bad token')
  })

  it('refuses a token whose policy was altered after signing', () => {
    const [ak, sign] = signUploadToken({ scope: 'b:one', deadline: 2000000000 }, KEYS).split(':')
    const forged = `${ak}:${sign}:${urlsafeBase64(JSON.stringify({ scope: 'b', deadline: 2000000000 }))}`
    expect(() => verifyUploadToken(forged, KEYS, 0)).toThrow('bad token')
  })

  it.each(['', 'a:b', 'ak-test:x:y:z', 'ak-test::'])('refuses the malformed token %p', token => {
    expect(() => verifyUploadToken(token, KEYS, 0)).toThrow('bad token')
  })

  it('refuses a correctly signed token whose policy is not a put policy', () => {
    const encoded = urlsafeBase64('{"deadline":"soon"}')
    const sign = urlsafeBase64(createHmac('sha1', KEYS.secretKey).update(encoded).digest())
    expect(() => verifyUploadToken(`${KEYS.accessKey}:${sign}:${encoded}`, KEYS, 0)).toThrow('bad token')
  })
})

describe('put policy scope', () => {
  it('lets a bucket scope write any key the form names', () => {
    expect(checkScope('photos', 'photos', 'a/b.png')).toEqual({ allowed: true, key: 'a/b.png' })
  })

  it('leaves the key to the content hash when neither scope nor form names one', () => {
    expect(checkScope('photos', 'photos', null)).toEqual({ allowed: true, key: null })
  })

  it('uses the scope\'s key when the form names none', () => {
    expect(checkScope('photos:x.png', 'photos', null)).toEqual({ allowed: true, key: 'x.png' })
  })

  it('refuses another key than the scope\'s', () => {
    expect(checkScope('photos:x.png', 'photos', 'y.png')).toEqual({ allowed: false })
  })

  it('refuses a scope of another bucket', () => {
    expect(checkScope('videos', 'photos', 'x.png')).toEqual({ allowed: false })
  })
})

describe('put policy mime limit', () => {
  it('accepts everything without a limit', () => {
    expect(mimeAllowed(undefined, 'application/zip')).toBe(true)
  })

  it('accepts a type matching a wildcard of the allow list', () => {
    expect(mimeAllowed('image/*;video/mp4', 'image/png')).toBe(true)
    expect(mimeAllowed('image/*;video/mp4', 'video/mp4')).toBe(true)
  })

  it('refuses a type outside the allow list', () => {
    expect(mimeAllowed('image/*;video/mp4', 'video/webm')).toBe(false)
  })

  it('refuses the types of a deny list and accepts the others', () => {
    expect(mimeAllowed('!text/html;application/*', 'text/html')).toBe(false)
    expect(mimeAllowed('!text/html;application/*', 'application/json')).toBe(false)
    expect(mimeAllowed('!text/html;application/*', 'image/png')).toBe(true)
  })
})
