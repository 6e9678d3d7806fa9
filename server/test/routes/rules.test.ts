import { envelope, startTestApp, type TestApp } from '../helper'

let test: TestApp
beforeAll(async () => { test = await startTestApp() })
afterAll(async () => { await test.close() })

describe('GET /rules/*', () => {
  it('serves the user agreement as an HTML page in zh-CN by default', async () => {
    const response = await test.inject('/rules/user-agreement.html')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.body).toContain('<title>OpenRealm 用户协议</title>')
  })

  it('serves the privacy policy in English with hl=en', async () => {
    const response = await test.inject('/rules/privacy-policy.html?hl=en')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<h1>OpenRealm Privacy Policy</h1>')
  })

  it.each(['nothing.html', '__proto__.html', 'constructor'])('answers an unknown rule page %s with a 404 envelope', async name => {
    const response = await test.inject(`/rules/${name}`)
    expect(response.statusCode).toBe(404)
    expect(envelope(response).code).toBe(404000)
  })
})
