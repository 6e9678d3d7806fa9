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

describe('stored files written absolute on a loopback origin', () => {
  it('answers a picture uploaded at localhost on the reader\'s loopback origin of the same port, and leaves other hosts and ports alone', () => {
    const data = {
      image: 'http://localhost:3000/files/u/a.png',
      list: [{ url: 'http://127.0.0.1:3000/files/b.png' }],
      cover: 'http://localhost:4000/files/other-port.png',
      avatar: 'https://cdn.example/files/c.png',
    }
    expect(absolutizeFileUrls(data, 'http://127.0.0.1:3000')).toEqual({
      image: 'http://127.0.0.1:3000/files/u/a.png',
      list: [{ url: 'http://127.0.0.1:3000/files/b.png' }],
      cover: 'http://localhost:4000/files/other-port.png',
      avatar: 'https://cdn.example/files/c.png',
    })
    expect(absolutizeFileUrls({ image: 'http://localhost:3000/files/u/a.png' }, 'https://realm.example')).toEqual({ image: 'http://localhost:3000/files/u/a.png' })
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
