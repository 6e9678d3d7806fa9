import { tmpdir } from 'os'
import path from 'path'
import { gunzipSync } from 'zlib'
import { DECLARED_API_ROOTS } from '@core/wire/calls'
import { isAppPageRequest } from '../../src/plugins/h5-app'
import { withFirstScreen } from '../../src/plugins/first-screen'
import { envelope, FAKE_INDEX_HTML, startTestApp, type TestApp } from '../helper'

let test: TestApp
beforeAll(async () => { test = await startTestApp() })
afterAll(async () => { await test.close() })

describe('the H5 app beside the API', () => {
  it('redirects / to /index.html keeping the query string', async () => {
    const response = await test.inject('/?sid=832828&cid=83282810&nwp=abc')
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/index.html?sid=832828&cid=83282810&nwp=abc')
    expect((await test.inject('/')).headers.location).toBe('/index.html')
  })

  it.each(['/market/index.html?cid=999', '/pages/demo/index', '/some/deep/page?x=1'])('answers %s with the app\'s index.html (with a skeleton of its first screen)', async url => {
    const response = await test.inject(url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toBe(withFirstScreen(FAKE_INDEX_HTML, null, '', ''))
  })

  it('serves the bundle\'s assets as files', async () => {
    const response = await test.inject('/js/app.1234abcd.js')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.body).toContain('console.log')
  })

  it('sends the gzip copy of an asset to a browser that accepts gzip', async () => {
    const response = await test.inject({ url: '/js/app.1234abcd.js', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(response.rawPayload).toString()).toContain('console.log')
  })

  it('answers a missing asset with a 404 envelope, not the page', async () => {
    const response = await test.inject('/js/missing.js')
    expect(response.statusCode).toBe(404)
    expect(envelope(response).code).toBe(404000)
  })

  it('answers unknown API-looking paths with a 404 envelope, not the page', async () => {
    for (const url of ['/servers/1/unknown', '/v2/qn/other', '/channel/room/x', '/user/other', '/upload/x']) {
      const response = await test.inject(url)
      expect(response.statusCode).toBe(404)
      expect(envelope(response).code).toBe(404000)
    }
  })

  it('answers an unknown path under every root of a declared call with a 404 envelope, not the page', async () => {
    const roots = new Set([...DECLARED_API_ROOTS, 'invites', 'conversations', 'notifications', 'push', 'reports', 'account'])
    for (const root of roots) {
      const response = await test.inject(`/${root}/no-such-call/x`)
      expect({ root, status: response.statusCode }).toEqual({ root, status: 404 })
      expect(envelope(response).code).toBe(404000)
    }
  })

  it('answers page paths with a 404 envelope saying so when the bundle is not built', async () => {
    const unbuilt = await startTestApp({ H5_DIR: path.join(tmpdir(), 'openrealm-no-such-bundle') })
    try {
      const response = await unbuilt.inject('/market/index.html')
      expect(response.statusCode).toBe(404)
      expect(envelope(response).msg).toMatch(/the H5 app is not built/)
      expect((await unbuilt.inject('/servers')).statusCode).toBe(200)
    } finally {
      await unbuilt.close()
    }
  })
})

describe('which unrouted requests are app pages', () => {
  it('takes GET and HEAD of page paths', () => {
    expect(isAppPageRequest('GET', '/market/index.html?x=1')).toBe(true)
    expect(isAppPageRequest('HEAD', '/pages/index/index')).toBe(true)
  })

  it('leaves other methods, API roots and other file names to the 404 envelope', () => {
    expect(isAppPageRequest('POST', '/market/index.html')).toBe(false)
    expect(isAppPageRequest('GET', '/servers/x')).toBe(false)
    expect(isAppPageRequest('GET', '/openapi.json')).toBe(false)
    expect(isAppPageRequest('GET', '/favicon.ico')).toBe(false)
  })
})
