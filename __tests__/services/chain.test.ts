import Taro from '@tarojs/taro'
import { Chain, Link, type ChainParams, type ChainResponse, type Interceptor } from '@/services/request/chain'
import { configureRequest, request } from '@/services/request/request'
import { clearRequestLog, logStep, recentRequests } from '@/services/request/interceptors/log'
import { timeoutStep } from '@/services/request/interceptors/timeout'
import { RequestError } from '@/services/request/errors'
import { httpLink, transportError } from '@/services/request/transport'
import { REQUEST_LOG_LIMIT } from '@/constants/request'

interface Params extends ChainParams { note: string }
interface Answer extends ChainResponse { seen: string }

const params: Params = { method: 'GET', path: '/p', timeout: 1000, note: 'start' }

function final (seen: string[]): Interceptor<Params, Answer> {
  return chain => {
    seen.push(`final:${chain.params.note}`)
    return Promise.resolve({ statusCode: 200, seen: chain.params.note })
  }
}

afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
  clearRequestLog()
})

describe('interceptor chain (SPEC §7)', () => {
  it('runs interceptors in order and the real request last', async () => {
    const seen: string[] = []
    const step = (name: string): Interceptor<Params, Answer> => chain => {
      seen.push(name)
      return chain.proceed(chain.params)
    }
    const link = new Link(final(seen), [step('a')])
    link.addInterceptor(step('b'))
    await link.request(params)
    expect(seen).toEqual(['a', 'b', 'final:start'])
  })

  it('lets an interceptor change the parameters the rest of the chain sees', async () => {
    const link = new Link(final([]), [chain => chain.proceed({ ...chain.params, note: 'changed' })])
    await expect(link.request(params)).resolves.toMatchObject({ seen: 'changed' })
  })

  it('lets an interceptor act on the answer after the rest of the chain ran', async () => {
    const link = new Link(final([]), [chain => chain.proceed().then(answer => ({ ...answer, seen: `${answer.seen}+after` }))])
    await expect(link.request(params)).resolves.toMatchObject({ seen: 'start+after' })
  })

  it('rejects a step that proceeds past the final step instead of hanging', async () => {
    const chain = new Chain<Params, Answer>(params, [], 0)
    await expect(chain.proceed()).rejects.toThrow('chain: proceed called after the final step')
  })

  it('applies the log and time-out steps to every API call (SPEC §7)', async () => {
    jest.spyOn(Taro, 'request').mockImplementation((() => Promise.resolve({ statusCode: 200, data: '{"code":0,"msg":"","data":1}' })) as never)
    configureRequest({ baseUrl: () => '' })
    await request({ path: '/servers' })
    expect(recentRequests()).toEqual([expect.objectContaining({ method: 'GET', path: '/servers', status: 200 })])
    expect(httpLink).toBeInstanceOf(Link)
  })
})

describe('time-out step (SPEC §7, §8, §9)', () => {
  it('fails a call that does not answer in time as a timeout error 999996 and shows the time-out toast (SPEC §8)', async () => {
    jest.useFakeTimers()
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
    const never: Interceptor<Params, Answer> = () => new Promise(() => undefined)
    const answer = new Link(never, [timeoutStep]).request(params)
    jest.advanceTimersByTime(1000)
    await expect(answer).rejects.toMatchObject({ kind: 'timeout', code: 999996, message: '网络连接超时，请稍后重试' })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '网络连接超时，请稍后重试' }))
  })

  it('passes an answer that arrives in time through untouched', async () => {
    jest.useFakeTimers()
    const toast = jest.spyOn(Taro, 'showToast')
    await expect(new Link(final([]), [timeoutStep]).request(params)).resolves.toMatchObject({ statusCode: 200 })
    jest.advanceTimersByTime(5000)
    expect(toast).not.toHaveBeenCalled()
  })

  it('shows the time-out toast when the platform itself reports a time-out (SPEC §8)', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
    const platformTimeout: Interceptor<Params, Answer> = () => Promise.reject(transportError({ errMsg: 'request:fail timeout' }))
    await expect(new Link(platformTimeout, [timeoutStep]).request(params)).rejects.toMatchObject({ kind: 'timeout' })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '网络连接超时，请稍后重试' }))
  })

  it('passes other failures through without the time-out toast', async () => {
    const toast = jest.spyOn(Taro, 'showToast')
    const broken: Interceptor<Params, Answer> = () => Promise.reject(transportError(new TypeError('Failed to fetch')))
    await expect(new Link(broken, [timeoutStep]).request(params)).rejects.toMatchObject({ kind: 'failed' })
    expect(toast).not.toHaveBeenCalled()
  })

  it('reads an aborted fetch as a time-out (the H5 framework aborts at the time-out)', () => {
    const abort = Object.assign(new Error('The user aborted a request.'), { name: 'AbortError' })
    expect(transportError(abort).kind).toBe('timeout')
    expect(transportError('weird').kind).toBe('failed')
  })

  it('maps a real Taro.request time-out to the timeout kind (SPEC §8)', async () => {
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
    jest.spyOn(Taro, 'request').mockImplementation((() => Promise.reject({ errMsg: 'request:fail timeout' })) as never)
    configureRequest({ baseUrl: () => '' })
    await expect(request({ path: '/x' })).rejects.toMatchObject({ kind: 'timeout', code: 999996 })
  })
})

describe('log step (SPEC §7)', () => {
  it('records method, path, status and duration of a call', async () => {
    await new Link(final([]), [logStep]).request({ ...params, method: 'POST', path: '/resource/base64' })
    const [entry] = recentRequests()
    expect(entry).toMatchObject({ method: 'POST', path: '/resource/base64', status: 200 })
    expect(entry.durationMs).toBeGreaterThanOrEqual(0)
    expect(entry.error).toBeUndefined()
  })

  it('records a failed call with its error kind and status', async () => {
    const failing: Interceptor<Params, Answer> = () => Promise.reject(new RequestError({ kind: 'failed', code: 999996, message: 'x', status: 502 }))
    await expect(new Link(failing, [logStep]).request(params)).rejects.toBeInstanceOf(RequestError)
    expect(recentRequests()[0]).toMatchObject({ status: 502, error: 'failed' })
  })

  it('records a failure that is not a RequestError without a status', async () => {
    const failing: Interceptor<Params, Answer> = () => Promise.reject(new Error('boom'))
    await expect(new Link(failing, [logStep]).request(params)).rejects.toThrow('boom')
    expect(recentRequests()[0]).toMatchObject({ status: null, error: 'error' })
  })

  it('never records tokens, query strings or bodies', async () => {
    jest.spyOn(Taro, 'request').mockImplementation((() => Promise.resolve({ statusCode: 200, data: '{"code":0,"msg":"","data":1}' })) as never)
    configureRequest({ baseUrl: () => 'https://api.test', getToken: () => 'secret-token' })
    await request({ path: '/login_third/wxconf', query: { url: 'https://h5/?ticket=secret-query' }, method: 'POST', data: { password: 'secret-body' } })
    const logged = JSON.stringify(recentRequests())
    expect(logged).not.toMatch(/secret/)
    expect(recentRequests()[0].path).toBe('/login_third/wxconf')
  })

  it('keeps only the last REQUEST_LOG_LIMIT calls, oldest first', async () => {
    const link = new Link(final([]), [logStep])
    for (let i = 0; i < REQUEST_LOG_LIMIT + 5; i++) await link.request({ ...params, path: `/p${i}` })
    const entries = recentRequests()
    expect(entries).toHaveLength(REQUEST_LOG_LIMIT)
    expect(entries[0].path).toBe('/p5')
    expect(entries[entries.length - 1].path).toBe(`/p${REQUEST_LOG_LIMIT + 4}`)
  })

  it('hands out copies, so a debug panel cannot change the log', async () => {
    await new Link(final([]), [logStep]).request(params)
    recentRequests()[0].path = '/changed'
    expect(recentRequests()[0].path).toBe('/p')
  })
})
