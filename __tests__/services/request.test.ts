import Taro from '@tarojs/taro'
import { configureRequest, request, readEnvelope } from '@/services/request/request'
import { CODE_NO_DATA, CODE_REQUEST_FAILED, RequestError, isRequestError } from '@/services/request/errors'
import { clearRequestLog } from '@/services/request/interceptors/log'
import { loadLanguage, setLanguage } from '@/i18n'

type RequestArgs = Parameters<typeof Taro.request>[0]

/** Stubs the transport seam: Taro.request answers with `status` and `body` (text, as the platform delivers it). */
function answer (status: number, body: unknown, header: Record<string, string> = {}) {
  const data = typeof body === 'string' ? body : JSON.stringify(body)
  return jest.spyOn(Taro, 'request').mockImplementation((() => Promise.resolve({ statusCode: status, data, header, errMsg: 'request:ok' })) as never)
}

function sentOptions (spy: jest.SpyInstance): RequestArgs {
  return spy.mock.calls[0][0] as RequestArgs
}

async function failure (promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise
  } catch (error) {
    if (isRequestError(error)) return error
    throw error
  }
  throw new Error('expected the request to fail')
}

beforeEach(() => {
  setLanguage(undefined)
  configureRequest({ getToken: () => null, baseUrl: () => 'https://api.test' })
  clearRequestLog()
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
})

afterEach(() => jest.restoreAllMocks())

describe('request wrapper (SPEC §7)', () => {
  it('calls the environment main API base without a token until the session plugs in', async () => {
    jest.resetModules()
    const fresh = await import('@/services/request/request')
    const { default: FreshTaro } = await import('@tarojs/taro')
    const spy = jest.spyOn(FreshTaro, 'request').mockImplementation((() => Promise.resolve({ statusCode: 200, data: '{"code":0,"msg":"","data":1}' })) as never)
    await fresh.request({ path: '/servers' })
    expect(sentOptions(spy).url).toBe('/servers')
    expect(sentOptions(spy).header).not.toHaveProperty('Authorization')
  })

  it('calls the main API base plus the path with a 10000 ms time-out, omitted credentials and a JSON body (SPEC §7, §9)', async () => {
    const spy = answer(200, { code: 0, msg: 'ok', data: { url: 'https://cdn/x.png' } })
    await request({ path: '/resource/base64', method: 'POST', data: { data: 'abc' } })
    const sent = sentOptions(spy)
    expect(sent.url).toBe('https://api.test/resource/base64')
    expect(sent.method).toBe('POST')
    expect(sent.timeout).toBe(10000)
    expect(sent.credentials).toBe('omit')
    expect(sent.data).toEqual({ data: 'abc' })
    expect(sent.header).toMatchObject({ 'Content-Type': 'application/json' })
  })

  it('puts a GET query in the URL, encoded, and sends no body (SPEC §7)', async () => {
    const spy = answer(200, { code: 0, msg: 'ok', data: {} })
    await request({ path: '/login_third/wxconf', query: { url: 'https://h5/a?b=1&c=2', skip: undefined } })
    expect(sentOptions(spy).url).toBe('https://api.test/login_third/wxconf?url=https%3A%2F%2Fh5%2Fa%3Fb%3D1%26c%3D2')
    expect(sentOptions(spy).data).toBeUndefined()
  })

  it('uses a caller-given time-out instead of the default (SPEC §9)', async () => {
    const spy = answer(200, { code: 0, msg: 'ok', data: 1 })
    await request({ path: '/x', timeout: 3000 })
    expect(sentOptions(spy).timeout).toBe(3000)
  })

  it('sends the session token as a Bearer Authorization header when the session has one', async () => {
    const spy = answer(200, { code: 0, msg: 'ok', data: 1 })
    configureRequest({ getToken: () => 'secret-token' })
    await request({ path: '/user/me' })
    expect(sentOptions(spy).header).toMatchObject({ Authorization: 'Bearer secret-token' })
  })

  it('asks for refusals in the language the page speaks (zh-CN by default, en with hl=en)', async () => {
    const spy = answer(200, { code: 0, msg: 'ok', data: 1 })
    await request({ path: '/user/me' })
    await loadLanguage('en')
    await request({ path: '/user/me' })
    expect(spy.mock.calls.map(call => (call[0] as { header: Record<string, string> }).header['Accept-Language'])).toEqual(['zh-CN', 'en'])
  })

  it('sends no Authorization header when signed out', async () => {
    const spy = answer(200, { code: 0, msg: 'ok', data: 1 })
    await request({ path: '/user/me' })
    expect(sentOptions(spy).header).not.toHaveProperty('Authorization')
  })

  it('resolves with the envelope data when code is 0 (SPEC §8)', async () => {
    answer(200, { code: 0, msg: 'ok', data: { domain: 'd', token: 't' } })
    await expect(request({ path: '/v2/qn/upfiles', method: 'POST', data: {} })).resolves.toEqual({ domain: 'd', token: 't' })
  })

  it('accepts a body the platform already parsed', () => {
    expect(readEnvelope({ statusCode: 200, data: { code: 0, msg: '', data: [1] } })).toEqual([1])
  })
})

describe('request errors (SPEC §8)', () => {
  it('rejects a 2xx answer with null data as 999997 请求异常 (SPEC §8)', async () => {
    answer(200, { code: 0, msg: 'ok', data: null })
    const error = await failure(request({ path: '/x' }))
    expect(error).toMatchObject({ kind: 'no-data', code: CODE_NO_DATA, message: '请求异常', status: 200 })
  })

  it('rejects a 2xx answer without a data field as 999997 (SPEC §8)', async () => {
    answer(200, { code: 0, msg: 'ok' })
    expect(await failure(request({ path: '/x' }))).toMatchObject({ kind: 'no-data', code: 999997 })
  })

  it('rejects a 2xx answer with an empty body as 999997 (SPEC §8)', async () => {
    answer(204, '')
    expect(await failure(request({ path: '/x' }))).toMatchObject({ kind: 'no-data', code: 999997, status: 204 })
  })

  it('rejects a network failure as 999996 with the same message (SPEC §8)', async () => {
    jest.spyOn(Taro, 'request').mockImplementation((() => Promise.reject(new TypeError('Failed to fetch'))) as never)
    expect(await failure(request({ path: '/x' }))).toMatchObject({ kind: 'failed', code: CODE_REQUEST_FAILED, message: '请求异常' })
  })

  it('rejects a non-2xx answer without an envelope as 999996 (SPEC §8)', async () => {
    answer(502, '<html>Bad gateway</html>')
    expect(await failure(request({ path: '/x' }))).toMatchObject({ kind: 'failed', code: 999996, status: 502 })
  })

  it('rejects a non-2xx answer with no body as 999996 (SPEC §8)', async () => {
    answer(500, '')
    expect(await failure(request({ path: '/x' }))).toMatchObject({ kind: 'failed', code: 999996, status: 500 })
  })

  it('rejects a 2xx answer that is not JSON as 999996 (SPEC §8)', async () => {
    answer(200, '{"code":0,')
    expect(await failure(request({ path: '/x' }))).toMatchObject({ kind: 'failed', code: 999996, message: '请求异常' })
  })

  it('rejects JSON that is not an envelope as 999996 (SPEC §8)', async () => {
    answer(200, ['not', 'an', 'envelope'])
    expect(await failure(request({ path: '/x' }))).toMatchObject({ kind: 'failed', code: 999996 })
  })

  it('rejects a non-2xx answer whose envelope says code 0 as 999996', async () => {
    answer(500, { code: 0, msg: 'ok', data: 1 })
    expect(await failure(request({ path: '/x' }))).toMatchObject({ kind: 'failed', code: 999996, status: 500 })
  })

  it('gives 104001 the title-specific audit message and names the field (SPEC §5, §8)', async () => {
    answer(422, { code: 104001, msg: 'title rejected', data: null })
    expect(await failure(request({ path: '/servers/1/channels', method: 'POST', data: {} })))
      .toMatchObject({ kind: 'audit', code: 104001, field: 'title', status: 422, message: '标题未通过审核，请修改后重试' })
  })

  it('gives 104004 the icon-specific audit message (SPEC §5, §8)', async () => {
    answer(422, { code: 104004, msg: 'icon rejected', data: null })
    expect(await failure(request({ path: '/x' }))).toMatchObject({ kind: 'audit', code: 104004, field: 'icon', message: '图标未通过审核，请更换后重试' })
  })

  it('gives another known 104xxx code a generic audit message naming its field (SPEC §5)', async () => {
    answer(422, { code: 104002, msg: 'nickname rejected', data: null })
    expect(await failure(request({ path: '/x' }))).toMatchObject({ kind: 'audit', field: 'nickname', message: '昵称未通过审核，请修改后重试' })
  })

  it('gives an unknown 104xxx code the generic audit message without a field (SPEC §5)', async () => {
    answer(422, { code: 104999, msg: '?', data: null })
    const error = await failure(request({ path: '/x' }))
    expect(error).toMatchObject({ kind: 'audit', code: 104999, message: '内容未通过审核，请修改后重试' })
    expect(error.field).toBeUndefined()
  })

  it('treats an audit code in a 200 answer as an audit rejection too (SPEC §5)', async () => {
    answer(200, { code: 104006, msg: '', data: null })
    expect(await failure(request({ path: '/x' }))).toMatchObject({ kind: 'audit', field: 'cover', message: '封面未通过审核，请修改后重试' })
  })

  it('shows the server message of any other envelope code when the server says it is in the page\'s language, and keeps the code to branch on', async () => {
    answer(404, { code: 404000, msg: '频道不存在', data: null }, { 'Content-Language': 'zh-CN' })
    expect(await failure(request({ path: '/x' }))).toMatchObject({ kind: 'server', code: 404000, status: 404, message: '频道不存在' })
  })

  it('shows its own words for the code, never the server\'s English, when the message is in another language (or says none)', async () => {
    answer(400, { code: 400000, msg: 'from: no member "x" in this server', data: null }, { 'content-language': 'en' })
    expect(await failure(request({ path: '/x' }))).toMatchObject({ kind: 'server', code: 400000, message: '请求有误，请检查后再试', serverMessage: 'from: no member "x" in this server', retryable: false })
    answer(403, { code: 403000, msg: 'missing permission: SendMessages', data: null })
    expect(await failure(request({ path: '/x' }))).toMatchObject({ message: '你没有权限这样做', retryable: false })
    answer(403, { code: 403001, msg: 'banned from server 1', data: null })
    expect((await failure(request({ path: '/x' }))).message).toBe('你已被这个服务器封禁，无法加入')
    answer(429, { code: 429000, msg: 'slow down', data: null })
    expect(await failure(request({ path: '/x' }))).toMatchObject({ message: '操作太频繁，请稍后再试', retryable: true })
  })

  it('falls back to its own words for the code when a server error carries no message', async () => {
    answer(500, { code: 500000, msg: '   ', data: null })
    expect(await failure(request({ path: '/x' }))).toMatchObject({ kind: 'server', code: 500000, message: '服务暂时不可用，请稍后重试', retryable: true })
  })

  it('gives stores a narrowing helper that tells RequestErrors from other errors', () => {
    expect(isRequestError(new RequestError({ kind: 'failed', code: 999996, message: 'x' }))).toBe(true)
    expect(isRequestError(new Error('x'))).toBe(false)
  })

  it('times a call out after 10000 ms by default (SPEC §9)', async () => {
    jest.useFakeTimers()
    jest.spyOn(Taro, 'request').mockImplementation((() => new Promise(() => undefined)) as never)
    let settled: unknown = 'pending'
    request({ path: '/x' }).catch(error => { settled = error })
    await jest.advanceTimersByTimeAsync(9999)
    expect(settled).toBe('pending')
    await jest.advanceTimersByTimeAsync(1)
    expect(settled).toMatchObject({ kind: 'timeout', code: 999996 })
    jest.useRealTimers()
  })

  it('gives English messages when hl asks for English', async () => {
    await loadLanguage('en')
    answer(422, { code: 104001, msg: '', data: null })
    expect((await failure(request({ path: '/x' }))).message).toBe('The title did not pass review, please change it and try again')
  })
})

describe('a token the server no longer honours', () => {
  afterEach(() => configureRequest({ onTokenRefused: () => undefined }))

  it('tells the session which token a 401 refused (another device signed this one out), and still rejects the call', async () => {
    const refused = jest.fn()
    configureRequest({ getToken: () => 'revoked-token', onTokenRefused: refused })
    answer(401, { code: 401000, msg: 'authorization: the token is unknown, expired or revoked', data: null })
    expect((await failure(request({ path: '/channels/1/messages', method: 'POST', data: { content: 'hi' } }))).status).toBe(401)
    expect(refused.mock.calls).toEqual([['revoked-token']])
  })

  it('tells nothing for a 401 to a call sent without a token, nor for another refusal', async () => {
    const refused = jest.fn()
    configureRequest({ getToken: () => null, onTokenRefused: refused })
    answer(401, { code: 401000, msg: 'authorization: a Bearer token is required', data: null })
    await failure(request({ path: '/me' }))
    configureRequest({ getToken: () => 'tok' })
    answer(403, { code: 403000, msg: 'forbidden', data: null })
    await failure(request({ path: '/me' }))
    expect(refused).not.toHaveBeenCalled()
  })
})
