import { joinUrl, parseHttpUrl, parseQueryString, queryString, safeDecode } from '@core/query/url'

describe('url helpers', () => {
  it('builds a query string from the defined values only', () => {
    expect(queryString({ a: 1, b: 'x y', c: undefined, d: null, e: false })).toBe('?a=1&b=x%20y&e=false')
    expect(queryString({})).toBe('')
    expect(queryString()).toBe('')
  })

  it('joins a base and a path with exactly one slash', () => {
    expect(joinUrl('https://a/', '/b')).toBe('https://a/b')
    expect(joinUrl('https://a', 'b')).toBe('https://a/b')
    expect(joinUrl('', '/b')).toBe('/b')
  })

  it('decodes percent-encoding and keeps text that is not valid encoding', () => {
    expect(safeDecode('a%20b')).toBe('a b')
    expect(safeDecode('100%')).toBe('100%')
  })

  it('parses a query string into decoded pairs', () => {
    expect(parseQueryString('?a=1&b=x%20y&c&=v&&d=%zz')).toEqual([['a', '1'], ['b', 'x y'], ['c', ''], ['', 'v'], ['d', '%zz']])
  })

  it('parses absolute http(s) URLs into protocol, lower-case host and rest', () => {
    expect(parseHttpUrl('HTTPS://Api.Example:8080/p?q=1#h')).toEqual({ protocol: 'https:', host: 'api.example:8080', rest: '/p?q=1#h' })
    expect(parseHttpUrl('http://a.example')).toEqual({ protocol: 'http:', host: 'a.example', rest: '' })
  })

  it.each([
    'javascript:alert(1)', '//evil.example/x', 'ftp://a.example', 'https://good.example@evil.example/', 'https://evil.example\\@good.example',
    'https://a.example/\\evil', 'https://a b.example', 'https://a.example/\u0000', '/relative', '',
  ])('refuses %p as an http URL', text => {
    expect(parseHttpUrl(text)).toBeNull()
  })
})
