/**
 * URL helpers that work on every platform (the mini-program has no `URL` class).
 */

/** Query parameters; null and undefined values are left out. */
export type QueryInput = Record<string, string | number | boolean | null | undefined>

/** `?a=1&b=x%20y` for the defined values of a query, '' when there are none. */
export function queryString (query: QueryInput = {}): string {
  const pairs = Object.keys(query)
    .filter(key => query[key] !== undefined && query[key] !== null)
    .map(key => `${encodeURIComponent(key)}=${encodeURIComponent(String(query[key]))}`)
  return pairs.length > 0 ? `?${pairs.join('&')}` : ''
}

/** Base and path joined with exactly one slash. */
export function joinUrl (base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

/** `decodeURIComponent`, or the text unchanged when it is not valid percent-encoding. */
export function safeDecode (text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** The raw pairs of a query string (`a=1&b=2`, with or without `?`), values decoded. */
export function parseQueryString (search: string): Array<[string, string]> {
  return search.replace(/^\?/, '').split('&')
    .filter(pair => pair !== '')
    .map(pair => {
      const index = pair.indexOf('=')
      const key = index < 0 ? pair : pair.slice(0, index)
      const value = index < 0 ? '' : pair.slice(index + 1)
      return [safeDecode(key), safeDecode(value)] as [string, string]
    })
}

/** The parts of an absolute http(s) URL. */
export interface HttpUrl {
  protocol: 'http:' | 'https:'
  /** Lower-case host with its port, if any (`api.example:8080`). */
  host: string
  /** Path, query and hash, starting with `/` (or '' when absent). */
  rest: string
}

/**
 * Parses an absolute http(s) URL, or gives null. Anything a browser could read as
 * another host is refused: user info (`a@b`), backslashes, control characters, blanks.
 */
export function parseHttpUrl (text: string): HttpUrl | null {
  const match = /^(https?:)\/\/([^/?#]+)([/?#].*)?$/i.exec(text)
  if (!match) return null
  const authority = match[2]
  if (/[@\\\s\u0000-\u001f]/.test(authority) || /[\\\u0000-\u001f]/.test(match[3] ?? '')) return null
  return { protocol: match[1].toLowerCase() as HttpUrl['protocol'], host: authority.toLowerCase(), rest: match[3] ?? '' }
}
