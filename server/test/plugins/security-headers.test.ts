import { createHash } from 'crypto'
import { appPagePolicy, DOCUMENT_POLICY, HSTS_VALUE, inlineScriptSources } from '../../src/plugins/security-headers'
import { startTestApp, type TestApp } from '../helper'

let test: TestApp
beforeAll(async () => { test = await startTestApp() })
afterAll(async () => { await test.close() })

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** The directives of a CSP header by name. */
function directives (header: unknown): Record<string, string[]> {
  return Object.fromEntries(String(header).split(';').map(part => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values]))
}

describe('security headers', () => {
  it('sends nosniff, same-origin framing, a referrer policy and a policy that loads nothing with API answers', async () => {
    const response = await test.inject('/servers')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(response.headers['content-security-policy']).toBe(DOCUMENT_POLICY)
    expect(directives(DOCUMENT_POLICY)['default-src']).toEqual(["'none'"])
  })

  it('keeps the sandboxing policy of stored files', async () => {
    const response = await test.inject('/files/seed/avatar-0.svg')
    expect(response.headers['content-security-policy']).toMatch(/sandbox/)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it("allows an app page's scripts from this origin, the JS-SDK host and exactly its own inline scripts — never any inline script", async () => {
    const response = await test.inject({ url: '/index.html?sid=832828', headers: { 'accept-encoding': 'identity' } })
    const inline = [...response.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(match => match[1])
    expect(inline.length).toBeGreaterThan(0) // the carried answer
    const scriptSrc = directives(response.headers['content-security-policy'])['script-src']
    expect(scriptSrc).toEqual(["'self'", 'https://res.wx.qq.com', 'https://res2.wx.qq.com', ...inline.map(sha256)])
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    expect(directives(response.headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'"])
  })

  it('sends the app page policy with the history fallback too', async () => {
    const response = await test.inject('/pages/channel/index?channel_id=83282802')
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['content-security-policy']).toBe(appPagePolicy(response.body))
  })

  it('hashes each inline script once and leaves scripts with a src to script-src', () => {
    const html = '<script>a()</script><script src="/js/app.js"></script><script type="module">a()</script><script>b()</script>'
    expect(inlineScriptSources(html)).toEqual([sha256('a()'), sha256('b()')])
  })

  it('sends HSTS only when a trusted proxy says the request came over HTTPS', async () => {
    expect((await test.inject({ url: '/servers', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined()
    const proxied = await startTestApp({ TRUST_PROXY: '1' })
    try {
      expect((await proxied.inject({ url: '/servers', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBe(HSTS_VALUE)
      expect((await proxied.inject({ url: '/servers', headers: { 'x-forwarded-proto': 'http' } })).headers['strict-transport-security']).toBeUndefined()
    } finally {
      await proxied.close()
    }
  })
})
