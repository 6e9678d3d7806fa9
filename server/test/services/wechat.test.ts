import { createHash } from 'crypto'
import { createNonce, fetchedTicketSource, jsapiSignature, ticketSourceFor, urlForSignature, WechatError, wxConfigFor } from '../../src/services/wechat'
import { startFakeWechat, type FakeWechat } from './fake-wechat'

describe('the JS-SDK signature', () => {
  it('reproduces the signature of WeChat\'s documented example', () => {
    expect(jsapiSignature({
      ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
      nonceStr: 'Wm3WZYTPz0wzccnW',
      timestamp: 1414587457,
      url: 'http://mp.weixin.qq.com?params=value',
    })).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed')
  })

  it('signs the URL without its #fragment', () => {
    const input = { ticket: 't', nonceStr: 'n', timestamp: 1, url: 'https://h5.example/index.html?sid=1#/pages/x' }
    const expected = createHash('sha1').update('jsapi_ticket=t&noncestr=n&timestamp=1&url=https://h5.example/index.html?sid=1').digest('hex')
    expect(jsapiSignature(input)).toBe(expected)
    expect(urlForSignature(input.url)).toBe('https://h5.example/index.html?sid=1')
  })

  it('makes 16-character alphanumeric nonces that differ', () => {
    const nonce = createNonce()
    expect(nonce).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(createNonce()).not.toBe(nonce)
  })

  it('answers a configuration whose signature checks out with the ticket', async () => {
    const config = await wxConfigFor('https://h5.example/a?b=1#c', 'wx-app', { ticket: async () => 'the-ticket' })
    expect(config.appId).toBe('wx-app')
    expect(config.signature).toBe(createHash('sha1')
      .update(`jsapi_ticket=the-ticket&noncestr=${config.nonceStr}&timestamp=${config.timestamp}&url=https://h5.example/a?b=1`).digest('hex'))
  })
})

describe('the jsapi ticket', () => {
  let wechat: FakeWechat
  beforeEach(async () => { wechat = await startFakeWechat('wx-real', 'secret-1') })
  afterEach(async () => { await wechat.close() })

  it('uses the configured ticket when no app secret is set', async () => {
    const source = ticketSourceFor({ appId: 'wx', appSecret: null, jsapiTicket: 'dev-ticket', apiBase: wechat.base })
    expect(await source.ticket()).toBe('dev-ticket')
    expect(wechat.calls).toEqual([])
  })

  it('fetches the ticket from WeChat through an access token when an app secret is set', async () => {
    const source = ticketSourceFor({ appId: 'wx-real', appSecret: 'secret-1', jsapiTicket: 'unused', apiBase: wechat.base })
    expect(await source.ticket()).toBe('fake-ticket-1')
    expect(wechat.calls).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket'])
  })

  it('serves the cached ticket until shortly before it expires', async () => {
    let now = 1_000_000
    const source = fetchedTicketSource({ appId: 'wx-real', appSecret: 'secret-1', apiBase: wechat.base }, fetch, () => now)
    await source.ticket()
    wechat.rotate()
    now += 6000 * 1000
    expect(await source.ticket()).toBe('fake-ticket-1')
    expect(wechat.calls).toHaveLength(2)
    now += 1000 * 1000 // 7000 s after the fetch: within the renewal margin of a 7200 s ticket
    expect(await source.ticket()).toBe('fake-ticket-2')
    expect(wechat.calls).toHaveLength(4)
  })

  it('lets concurrent callers share one fetch', async () => {
    const source = fetchedTicketSource({ appId: 'wx-real', appSecret: 'secret-1', apiBase: wechat.base })
    const tickets = await Promise.all([source.ticket(), source.ticket(), source.ticket()])
    expect(tickets).toEqual(['fake-ticket-1', 'fake-ticket-1', 'fake-ticket-1'])
    expect(wechat.calls).toHaveLength(2)
  })

  it('fails with WeChat\'s error when the app secret is wrong', async () => {
    const source = fetchedTicketSource({ appId: 'wx-real', appSecret: 'wrong', apiBase: wechat.base })
    await expect(source.ticket()).rejects.toThrow(new WechatError('WeChat refused: 40125 invalid appsecret'))
  })

  it('fails when WeChat refuses the ticket, and fetches again on the next call', async () => {
    const source = fetchedTicketSource({ appId: 'wx-real', appSecret: 'secret-1', apiBase: wechat.base })
    wechat.failTickets()
    await expect(source.ticket()).rejects.toThrow(WechatError)
    await expect(source.ticket()).rejects.toThrow(WechatError)
    expect(wechat.calls).toHaveLength(4)
  })

  it('fails when WeChat does not answer', async () => {
    const base = wechat.base
    await wechat.close()
    const source = fetchedTicketSource({ appId: 'wx-real', appSecret: 'secret-1', apiBase: base })
    await expect(source.ticket()).rejects.toThrow(/WeChat did not answer/)
    wechat = await startFakeWechat('wx-real', 'secret-1')
  })
})
