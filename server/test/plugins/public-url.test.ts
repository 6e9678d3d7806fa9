import { absolutizeFileUrls } from '../../src/plugins/public-url'
import { startTestApp, type TestApp } from '../helper'

describe('absolute URLs of stored files', () => {
  it('prefixes /files/ URLs of URL fields, deep inside lists, and nothing else', () => {
    const data = { icon: '/files/a.svg', list: [{ author: { avatar: '/files/b.svg' }, content: '/files/not-a-url-field' }], cover: 'https://cdn/x.png' }
    expect(absolutizeFileUrls(data, 'https://realm.example')).toEqual({
      icon: 'https://realm.example/files/a.svg',
      list: [{ author: { avatar: 'https://realm.example/files/b.svg' }, content: '/files/not-a-url-field' }],
      cover: 'https://cdn/x.png',
    })
  })
})

describe('the public origin of answers', () => {
  let test: TestApp
  beforeAll(async () => { test = await startTestApp() })
  afterAll(async () => { await test.close() })

  it('follows the Host the request came to', async () => {
    const response = await test.inject({ url: '/servers/723658', headers: { host: 'realm.test:8080' } })
    expect(response.json().data.icon).toBe('http://realm.test:8080/files/seed/server-723658.svg')
  })

  it('falls back to localhost for a malformed Host', async () => {
    const response = await test.inject({ url: '/servers/723658', headers: { host: 'evil.example/"><script>' } })
    expect(response.json().data.icon).toBe('http://localhost/files/seed/server-723658.svg')
  })
})
