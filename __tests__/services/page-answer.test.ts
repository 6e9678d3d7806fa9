import Taro from '@tarojs/taro'
import { PAGE_ANSWERS_GLOBAL, type PageAnswers } from '@core/wire/page-answers'
import { configureRequest, request } from '@/services/request/request'
import { isRequestError } from '@/services/request/errors'
import { clearRequestLog, recentRequests } from '@/services/request/interceptors/log'
import { takePageAnswer } from '@/services/request/interceptors/page-answer'
import { setLanguage } from '@/i18n'

const holder = globalThis as Record<string, unknown>

/** What the served page carries (the reference server writes it into the HTML). */
function carry (answers: PageAnswers | unknown): void {
  holder[PAGE_ANSWERS_GLOBAL] = answers
}

/** The network seam: counts what reaches Taro.request and answers with a fixed envelope. */
function network () {
  return jest.spyOn(Taro, 'request').mockImplementation((() => Promise.resolve({ statusCode: 200, data: '{"code":0,"msg":"","data":"from the network"}', header: {}, errMsg: 'request:ok' })) as never)
}

const SERVER_ANSWER = { statusCode: 200, body: '{"code":0,"msg":"","data":"from the page"}' }

beforeEach(() => {
  setLanguage(undefined)
  clearRequestLog()
  // same-origin H5 base, as in a local build served by the reference server (jsdom's page is http://localhost/)
  configureRequest({ getToken: () => null, baseUrl: () => '' })
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
})

afterEach(() => {
  delete holder[PAGE_ANSWERS_GLOBAL]
  jest.restoreAllMocks()
})

describe('answers the H5 page carries', () => {
  it('answers the first GET of a carried path from the page, and logs it like any call', async () => {
    carry({ '/servers/832828': SERVER_ANSWER })
    const spy = network()
    await expect(request({ path: '/servers/832828' })).resolves.toBe('from the page')
    expect(spy).not.toHaveBeenCalled()
    expect(recentRequests()).toEqual([expect.objectContaining({ method: 'GET', path: '/servers/832828', status: 200 })])
  })

  it('gives a visitor\'s answer (Home\'s channel list) to a call without a session only: a signed-in call asks the network for the member\'s own', async () => {
    carry({ '/servers/832828/channels': { ...SERVER_ANSWER, visitorOnly: true }, '/servers/832828': SERVER_ANSWER })
    const spy = network()
    configureRequest({ getToken: () => 'member-token', baseUrl: () => '' })
    await expect(request({ path: '/servers/832828/channels' })).resolves.toBe('from the network')
    await expect(request({ path: '/servers/832828' })).resolves.toBe('from the page')
    expect(spy).toHaveBeenCalledTimes(1)
    carry({ '/servers/832828/channels': { ...SERVER_ANSWER, visitorOnly: true } })
    configureRequest({ getToken: () => null, baseUrl: () => '' })
    await expect(request({ path: '/servers/832828/channels' })).resolves.toBe('from the page')
  })

  it('uses each carried answer once: a second call (a retry, a reload) asks the network', async () => {
    carry({ '/servers/832828': SERVER_ANSWER })
    const spy = network()
    await request({ path: '/servers/832828' })
    await expect(request({ path: '/servers/832828' })).resolves.toBe('from the network')
    expect(spy).toHaveBeenCalledTimes(1)
  })

  it('matches the query too: a carried first page does not answer another page', async () => {
    carry({ '/servers/832828/lives?page=1&page_size=20': SERVER_ANSWER })
    const spy = network()
    await expect(request({ path: '/servers/832828/lives', query: { page: 2, page_size: 20 } })).resolves.toBe('from the network')
    await expect(request({ path: '/servers/832828/lives', query: { page: 1, page_size: 20 } })).resolves.toBe('from the page')
    expect(spy).toHaveBeenCalledTimes(1)
  })

  it('reads a carried failure like one from the network', async () => {
    carry({ '/servers/1': { statusCode: 404, body: '{"code":404000,"msg":"path.server_id: no server 1","data":null}' } })
    network()
    const failure = await request({ path: '/servers/1' }).catch((error: unknown) => error)
    expect(isRequestError(failure) && failure.code).toBe(404000)
  })

  it('never answers other methods, other origins, or from entries that are not answers', () => {
    carry({ '/servers/832828': SERVER_ANSWER, '/servers/1': { statusCode: '200', body: {} } })
    expect(takePageAnswer('POST', '/servers/832828')).toBeNull()
    expect(takePageAnswer('GET', 'https://api.elsewhere.example/servers/832828')).toBeNull()
    expect(takePageAnswer('GET', '/servers/1')).toBeNull()
    expect(takePageAnswer('GET', 'http://localhost/servers/832828')).toEqual(SERVER_ANSWER)
  })

  it('asks the network when the page carries nothing, or something that is not a table of answers', async () => {
    const spy = network()
    await expect(request({ path: '/servers/832828' })).resolves.toBe('from the network')
    carry('not answers')
    await expect(request({ path: '/servers/832828' })).resolves.toBe('from the network')
    expect(spy).toHaveBeenCalledTimes(2)
  })
})
