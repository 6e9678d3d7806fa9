/**
 * Image and video addresses the platform can load. The API answers stored files as
 * server paths (`/files/seed/map.svg`); the H5 build is served by that server, but the
 * mini-program loads only absolute URLs, so such paths are put under the main API base.
 */
import { ENV_BASES } from '@/constants/env'
import { joinUrl, parseHttpUrl } from '@core/query/url'

/**
 * The loadable form of a media address: an http(s), data:image or blob: URL as it is;
 * a server path (`/x`, never `//host`) under `base` (the main API base by default;
 * unchanged when the base is empty, as in local H5 builds); anything else ('', text,
 * `javascript:`) is '' — nothing to load.
 */
export function mediaUrl (src: unknown, base: string = ENV_BASES.mainApi): string {
  if (typeof src !== 'string') return ''
  const value = src.trim()
  if (parseHttpUrl(value) !== null || /^data:image\/[a-z0-9.+-]+[;,]/i.test(value) || /^blob:/i.test(value)) return value
  if (/^\/(?![/\\])/.test(value)) return base === '' ? value : joinUrl(base, value)
  return ''
}
