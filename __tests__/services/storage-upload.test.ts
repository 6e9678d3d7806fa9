import Taro from '@tarojs/taro'
import { storageKeyFor, uploadFileToStorage } from '@/services/api/storage-upload'
import { api } from '@/services/api'
import { clearRequestLog, recentRequests } from '@/services/request/interceptors/log'
import { configureRequest } from '@/services/request/request'
import type { ApiClient } from '@/services/api/api-client'
import type { UploadTokenData } from '@core/wire/api'

type UploadArgs = Parameters<typeof Taro.uploadFile>[0]

function tokens (grant: UploadTokenData | null): Pick<ApiClient, 'getUploadToken'> & { getUploadToken: jest.Mock } {
  return { getUploadToken: jest.fn().mockResolvedValue(grant) }
}

function uploadAnswers (statusCode: number, data: unknown) {
  return jest.spyOn(Taro, 'uploadFile').mockImplementation((() => Promise.resolve({ statusCode, data, errMsg: 'uploadFile:ok' })) as never)
}

const grant = { domain: 'https://files.test/', token: 'ak:sign:policy' }

beforeEach(() => clearRequestLog())
afterEach(() => jest.restoreAllMocks())

describe('upload to the storage service (SPEC §7)', () => {
  it('posts the file with the token and key form fields and resolves with domain/key (SPEC §7)', async () => {
    const spy = uploadAnswers(200, '{"key":"uploads/a.png","hash":"h"}')
    const source = tokens(grant)
    const url = await uploadFileToStorage(source, 'blob:http://localhost/1', { key: 'uploads/a.png', mime: 'image/png', uploadUrl: 'https://up.test' })
    expect(url).toBe('https://files.test/uploads/a.png')
    expect(source.getUploadToken).toHaveBeenCalledWith({ key: 'uploads/a.png', mime: 'image/png' })
    const sent = spy.mock.calls[0][0] as UploadArgs
    expect(sent).toMatchObject({ url: 'https://up.test', filePath: 'blob:http://localhost/1', name: 'file', formData: { token: 'ak:sign:policy', key: 'uploads/a.png' }, withCredentials: false })
  })

  it('uses the framework default time-out of 60000 ms for uploads (SPEC §9)', async () => {
    const spy = uploadAnswers(200, { key: 'k' })
    await uploadFileToStorage(tokens(grant), '/tmp/a.jpg', { key: 'k', uploadUrl: 'https://up.test' })
    expect((spy.mock.calls[0][0] as UploadArgs).timeout).toBe(60000)
  })

  it('falls back to its own key when the storage answer does not name one', async () => {
    uploadAnswers(200, 'not json')
    await expect(uploadFileToStorage(tokens(grant), '/tmp/a.jpg', { key: 'mine/a b.jpg', uploadUrl: 'https://up.test' })).resolves.toBe('https://files.test/mine/a%20b.jpg')
  })

  it('rejects as a failed request (999996) when no upload token could be had (SPEC §8)', async () => {
    const spy = jest.spyOn(Taro, 'uploadFile')
    await expect(uploadFileToStorage(tokens(null), '/tmp/a.jpg')).rejects.toMatchObject({ kind: 'failed', code: 999996 })
    expect(spy).not.toHaveBeenCalled()
  })

  it('rejects a refused upload as a failed request with its status', async () => {
    uploadAnswers(401, '{"error":"bad token"}')
    await expect(uploadFileToStorage(tokens(grant), '/tmp/a.jpg', { uploadUrl: 'https://up.test' })).rejects.toMatchObject({ kind: 'failed', status: 401 })
  })

  it('rejects a network failure of the upload as a failed request', async () => {
    jest.spyOn(Taro, 'uploadFile').mockImplementation((() => Promise.reject({ errMsg: 'uploadFile:fail net' })) as never)
    await expect(uploadFileToStorage(tokens(grant), '/tmp/a.jpg', { uploadUrl: 'https://up.test' })).rejects.toMatchObject({ kind: 'failed' })
  })

  it('logs the upload without the token or the file (SPEC §7 log step)', async () => {
    uploadAnswers(200, { key: 'k' })
    await uploadFileToStorage(tokens(grant), '/tmp/secret-file.jpg', { key: 'k', uploadUrl: 'https://up.test?x=1' })
    const logged = JSON.stringify(recentRequests())
    expect(recentRequests()[0]).toMatchObject({ method: 'POST', path: 'https://up.test', status: 200 })
    expect(logged).not.toMatch(/ak:sign|secret-file/)
  })

  it('uploads through the app client: token from /v2/qn/upfiles, file to the environment upload host', async () => {
    configureRequest({ baseUrl: () => 'https://api.test', getToken: () => null })
    jest.spyOn(Taro, 'request').mockImplementation((() => Promise.resolve({ statusCode: 200, data: JSON.stringify({ code: 0, msg: '', data: grant }) })) as never)
    const spy = uploadAnswers(200, { key: 'k.png' })
    await expect(uploadFileToStorage(api, '/tmp/a.png', { key: 'k.png' })).resolves.toBe('https://files.test/k.png')
    expect((spy.mock.calls[0][0] as UploadArgs).url).toBe('/upload')
  })
})

describe('storage keys', () => {
  const now = new Date('2024-03-01T16:30:00Z') // 2024-03-02 00:30 in UTC+8

  it('dates the key in UTC+8 and keeps the file extension', () => {
    expect(storageKeyFor('/tmp/photo.JPG', undefined, now, () => 0.5)).toMatch(/^uploads\/20240302\/[0-9a-z]+\.jpg$/)
  })

  it('takes the extension from the mime type when the path has none (an H5 blob URL)', () => {
    expect(storageKeyFor('blob:http://localhost/abc', 'image/png', now)).toMatch(/\.png$/)
  })

  it('uses bin when neither path nor mime type gives an extension', () => {
    expect(storageKeyFor('blob:http://localhost/abc', 'application/x-unknown', now)).toMatch(/\.bin$/)
    expect(storageKeyFor('blob:http://localhost/abc')).toMatch(/\.bin$/)
  })

  it('gives different keys for different random draws', () => {
    expect(storageKeyFor('a.png', undefined, now, () => 0.1)).not.toBe(storageKeyFor('a.png', undefined, now, () => 0.2))
  })
})
