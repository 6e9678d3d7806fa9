import { createHash } from 'crypto'
import type { WxConfData } from '@core/wire/api'
import { DEV_JSAPI_TICKET } from '../../src/config'
import { envelope, signInAsGuest, startTestApp, type TestApp } from '../helper'
import { startFakeWechat, type FakeWechat } from '../services/fake-wechat'

function expectedSignature (ticket: string, data: WxConfData, url: string): string {
  return createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${data.nonceStr}&timestamp=${data.timestamp}&url=${url}`).digest('hex')
}

describe('GET /login_third/wxconf with the development ticket', () => {
  let test: TestApp
  beforeAll(async () => { test = await startTestApp() })
  afterAll(async () => { await test.close() })

  it('answers appId, nonceStr, timestamp and the signature of the URL without its fragment', async () => {
    const url = 'https://h5.example/index.html?sid=832828#/pages/market'
    const response = await test.inject({ url: '/login_third/wxconf', query: { url } })
    expect(response.statusCode).toBe(200)
    const { code, data } = envelope<WxConfData>(response)
    expect(code).toBe(0)
    expect(data.appId).toBe(test.config.wechat.appId)
    expect(data.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(Math.abs(data.timestamp - Date.now() / 1000)).toBeLessThan(60)
    expect(data.signature).toBe(expectedSignature(DEV_JSAPI_TICKET, data, 'https://h5.example/index.html?sid=832828'))
  })

  it('answers 503 with the service-unavailable code (not the internal-error code) to a mini-program sign-in code when the mini-program\'s app id and secret are not configured', async () => {
    const guest = await signInAsGuest(test)
    const response = await test.inject({ method: 'POST', url: '/login_third/wx_session', headers: guest.headers, payload: { code: 'code-x' } })
    expect(response.statusCode).toBe(503)
    expect(envelope(response)).toEqual({ code: 503000, msg: 'WeChat mini-program sign-in is not configured on this server (WX_MP_APP_ID, WX_MP_APP_SECRET)', data: null })
  })

  it('refuses a missing url with 400 naming it', async () => {
    const response = await test.inject('/login_third/wxconf')
    expect(response.statusCode).toBe(400)
    expect(envelope(response)).toMatchObject({ code: 400000, msg: 'query.url 必须填写', data: null })
  })

  it.each(['javascript:alert(1)', 'ftp://h5.example/', 'not a url', '/index.html'])('refuses the non-http(s) url %p', async url => {
    const response = await test.inject({ url: '/login_third/wxconf', query: { url } })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toBe('query.url must be an http(s) URL')
  })
})

describe('GET /login_third/wxconf with a WeChat app configured', () => {
  let wechat: FakeWechat
  let test: TestApp
  beforeAll(async () => {
    wechat = await startFakeWechat('wx-real-app', 'real-secret')
    test = await startTestApp({ WX_APP_ID: 'wx-real-app', WX_APP_SECRET: 'real-secret', WX_API_BASE: wechat.base })
  })
  afterAll(async () => {
    await test.close()
    await wechat.close()
  })

  it('signs with the ticket fetched from WeChat and fetches it only once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const response = await test.inject({ url: '/login_third/wxconf', query: { url: 'https://h5.example/a' } })
      const { data } = envelope<WxConfData>(response)
      expect(data.appId).toBe('wx-real-app')
      expect(data.signature).toBe(expectedSignature(wechat.ticket, data, 'https://h5.example/a'))
    }
    expect(wechat.calls).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket'])
  })
})

describe('GET /login_third/wxconf when WeChat refuses', () => {
  it('answers 502 with the bad-gateway code in the envelope without WeChat\'s details', async () => {
    const wechat = await startFakeWechat('wx-real-app', 'real-secret')
    const test = await startTestApp({ WX_APP_ID: 'wx-real-app', WX_APP_SECRET: 'wrong-secret', WX_API_BASE: wechat.base })
    try {
      const response = await test.inject({ url: '/login_third/wxconf', query: { url: 'https://h5.example/a' } })
      expect(response.statusCode).toBe(502)
      expect(envelope(response)).toEqual({ code: 502000, msg: 'the WeChat jsapi ticket is unavailable, try again later', data: null })
    } finally {
      await test.close()
      await wechat.close()
    }
  })
})
