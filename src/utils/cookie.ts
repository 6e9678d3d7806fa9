/**
 * Cookies (H5 only; SPEC §9: default lifetime 365 days). The mini-program has no
 * cookies: reads give null and writes do nothing there.
 */
import { COOKIE_LIFETIME_DAYS } from '@/constants/format'
import { isH5 } from './platform'

const DAY_MS = 24 * 60 * 60 * 1000

/** Where a cookie applies. */
export interface CookieOptions {
  /** SPEC §9: lifetime in days, 365 by default; 0 or less deletes the cookie. */
  days?: number
  path?: string
  domain?: string
}

function hasDocument (): boolean {
  return isH5() && typeof document !== 'undefined'
}

/** Sets a cookie (name and value are URI-encoded). SPEC §9: it lives 365 days unless told. */
export function setCookie (name: string, value: string, options: CookieOptions = {}): void {
  if (!hasDocument()) return
  const days = options.days ?? COOKIE_LIFETIME_DAYS // SPEC §9: 365 days
  const expires = new Date(Date.now() + days * DAY_MS).toUTCString()
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, `expires=${expires}`, `path=${options.path ?? '/'}`]
  if (options.domain) parts.push(`domain=${options.domain}`)
  document.cookie = parts.join('; ')
}

/** The value of a cookie, or null when it is not set (or not decodable). */
export function getCookie (name: string): string | null {
  if (!hasDocument()) return null
  const wanted = encodeURIComponent(name)
  for (const pair of document.cookie.split('; ')) {
    const index = pair.indexOf('=')
    if (index > 0 && pair.slice(0, index) === wanted) {
      try {
        return decodeURIComponent(pair.slice(index + 1))
      } catch {
        return null
      }
    }
  }
  return null
}

/** Deletes a cookie. */
export function removeCookie (name: string, options: Omit<CookieOptions, 'days'> = {}): void {
  setCookie(name, '', { ...options, days: -1 })
}
