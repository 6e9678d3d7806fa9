/**
 * Turning what a caller names into a page of the route table (SPEC §2). A bare name
 * (`market`), a page path (`/pages/market/index`, `pages/market/index`) or an H5
 * custom path (`/market/index.html`) may be given, each optionally with `?query`.
 * A well-formed name that is not in the table is "not found" (the caller sends it to
 * the not-found page); anything that cannot name a page at all is a RouterError.
 */
import { parseQueryString } from '@core/query/url'
import { ROUTES, pagePathOf, type RouteEntry } from './routes'
import { UNSAFE_KEYS } from '@core/query/nwp'

/** A target that cannot name a page (SPEC §8: resolution errors other than not-found are thrown). */
export class RouterError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'RouterError'
  }
}

/** What a target resolved to. */
export type Resolution =
  | { found: true, route: RouteEntry, query: Record<string, string> }
  | { found: false, target: string, query: Record<string, string> }

/** A path segment of a page name: letters, digits, `-` and `_`. */
const PAGE_NAME = /^[A-Za-z0-9_-]+$/

/** The route a path names: its page path (`/pages/x/index`) or custom path, or null. */
export function routeOfPath (path: string): RouteEntry | null {
  const page = path.replace(/^\/+/, '')
  return ROUTES.find(route => route.page === page || route.customPath === `/${page}`) ?? null
}

/** The route of a bare page name, or null. */
export function routeOfName (name: string): RouteEntry | null {
  return ROUTES.find(route => route.name === name) ?? null
}

/**
 * Resolves a target. SPEC §2: a bare page name expands to `/pages/{name}/index`.
 * Throws a RouterError for a non-string, empty, absolute-URL or malformed target.
 */
export function resolveTarget (target: unknown): Resolution {
  if (typeof target !== 'string' || target.trim() === '') throw new RouterError('router: a page name or path is required')
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(target)) throw new RouterError(`router: ${target} is not a page of the app (use openUrl for web pages)`)
  const index = target.indexOf('?')
  const path = index < 0 ? target : target.slice(0, index)
  const query: Record<string, string> = {}
  for (const [key, value] of parseQueryString(index < 0 ? '' : target.slice(index + 1))) {
    if (!UNSAFE_KEYS.has(key)) query[key] = value
  }
  if (PAGE_NAME.test(path)) {
    const route = routeOfName(path) // SPEC §2: 'market' → /pages/market/index
    return route ? { found: true, route, query } : { found: false, target: `/${pagePathOf(path)}`, query }
  }
  if (!/^\/?[A-Za-z0-9_\-./]+$/.test(path) || path.includes('..')) throw new RouterError(`router: ${path} is not a page path`)
  const route = routeOfPath(path)
  return route ? { found: true, route, query } : { found: false, target: path, query }
}
