import { getCookie, removeCookie, setCookie } from '@/utils/cookie'

const DAY_MS = 24 * 60 * 60 * 1000

function clearCookies (): void {
  for (const pair of document.cookie.split('; ')) {
    const name = pair.split('=')[0]
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
}

beforeEach(() => clearCookies())
afterEach(() => {
  jest.restoreAllMocks()
  process.env.TARO_ENV = 'h5'
})

describe('cookies on H5 (SPEC §9: default lifetime 365 days)', () => {
  it('reads back a cookie it set, encoded both ways', () => {
    setCookie('hl name', 'en; x=1')
    expect(getCookie('hl name')).toBe('en; x=1')
  })

  it('sets a lifetime of 365 days by default (SPEC §9)', () => {
    const writes: string[] = []
    jest.spyOn(document, 'cookie', 'set').mockImplementation(value => { writes.push(value) })
    jest.spyOn(Date, 'now').mockReturnValue(Date.UTC(2024, 0, 1))
    setCookie('a', '1')
    expect(writes[0]).toBe(`a=1; expires=${new Date(Date.UTC(2024, 0, 1) + 365 * DAY_MS).toUTCString()}; path=/`)
  })

  it('sets a given lifetime, path and domain', () => {
    const writes: string[] = []
    jest.spyOn(document, 'cookie', 'set').mockImplementation(value => { writes.push(value) })
    jest.spyOn(Date, 'now').mockReturnValue(0)
    setCookie('a', '1', { days: 1, path: '/x', domain: 'example.com' })
    expect(writes[0]).toBe(`a=1; expires=${new Date(DAY_MS).toUTCString()}; path=/x; domain=example.com`)
  })

  it('gives null for a cookie that is not set', () => {
    setCookie('a', '1')
    expect(getCookie('b')).toBeNull()
  })

  it('gives null for a cookie whose value is not decodable', () => {
    jest.spyOn(document, 'cookie', 'get').mockReturnValue('bad=%E0%A4%A; ok=1')
    expect(getCookie('bad')).toBeNull()
    expect(getCookie('ok')).toBe('1')
  })

  it('removes a cookie', () => {
    setCookie('a', '1')
    removeCookie('a')
    expect(getCookie('a')).toBeNull()
  })
})

describe('cookies in the mini-program', () => {
  it('reads nothing and writes nothing: the mini-program has no cookies', () => {
    process.env.TARO_ENV = 'weapp'
    const set = jest.spyOn(document, 'cookie', 'set')
    setCookie('a', '1')
    expect(set).not.toHaveBeenCalled()
    expect(getCookie('a')).toBeNull()
  })
})
