/**
 * Leaving the app's pages for a web page, safely (SPEC §2): rule pages (user agreement,
 * privacy policy) and the carried `redirect` key. A web URL is opened only when its
 * host is allow-listed (the environment's web, webview and CDN hosts, and on H5 the
 * app's own origin): on H5 in the same tab, in the mini-program in the webview page.
 * `redirect` is followed only to the app's own pages or an allow-listed URL; anything
 * else is refused with a warning and the entry page opens instead (no open redirect).
 */
import { ENV_BASES } from '@/constants/env'
import { t } from '@/i18n'
import { REDIRECT_KEY, RULE_PATHS, WEBVIEW_PAGE, type RuleName } from '@/constants/router'
import { isH5 } from '@/utils/platform'
import { joinUrl, parseHttpUrl } from '@core/query/url'
import { currentParams, navigate, pageHost, redirect, type NavigationResult } from './navigation'
import { resolveTarget, RouterError } from './resolve'
import { ENTRY_PAGE } from './routes'

/** The seam through which H5 leaves for a web page (tests replace `assign`). */
export const webNavigator = {
  /** Same-tab navigation to a URL. */
  assign (url: string): void {
    window.location.assign(url)
  },
}

function ownOrigin (): string | null {
  return pageHost()?.toLowerCase() ?? null
}

/** The hosts web URLs may be opened on: the environment's web, webview and CDN hosts, and on H5 the app's own. */
export function allowedHosts (): string[] {
  const hosts = [ENV_BASES.web, ENV_BASES.webview, ENV_BASES.cdn]
    .map(base => parseHttpUrl(base)?.host)
    .filter((host): host is string => typeof host === 'string')
  const own = ownOrigin()
  return own ? [...new Set([...hosts, own])] : [...new Set(hosts)]
}

/** A same-origin path (`/rules/x.html`), never a protocol-relative `//host` or `/\host`. */
function isSameOriginPath (url: string): boolean {
  return /^\/(?![/\\])/.test(url) && !/[\\\s]/.test(url)
}

/** True when `url` may be opened: an allow-listed http(s) URL, or on H5 a same-origin path. */
export function isAllowedUrl (url: unknown): url is string {
  if (typeof url !== 'string') return false
  if (isSameOriginPath(url)) return isH5()
  const parsed = parseHttpUrl(url)
  return parsed !== null && allowedHosts().includes(parsed.host)
}

/** SPEC §1, §2: the URL of a rule page under the environment's webview host. */
export function ruleUrl (name: RuleName): string {
  return joinUrl(ENV_BASES.webview, RULE_PATHS[name])
}

/**
 * Opens an allow-listed web URL: on H5 in the same tab, in the mini-program in the
 * webview page (with `title` as its bar title). Any other URL is a RouterError.
 */
export async function openUrl (url: string, title?: string): Promise<NavigationResult> {
  if (!isAllowedUrl(url)) throw new RouterError(`router: ${String(url)} is not an allow-listed URL`)
  if (isH5()) {
    webNavigator.assign(url) // SPEC §2: same-tab on H5
    return { kind: 'navigate', url, notFound: false }
  }
  return navigate(WEBVIEW_PAGE, { url, title })
}

/** SPEC §2: opens the user agreement or the privacy policy. */
export function openRule (name: RuleName): Promise<NavigationResult> {
  return openUrl(ruleUrl(name), t(name))
}

/** Where a `redirect` value may lead: one of the app's pages, an allow-listed URL, or nowhere (null). */
export type RedirectTarget = { kind: 'page', target: string } | { kind: 'web', url: string }

function ownPage (target: string): RedirectTarget | null {
  try {
    return resolveTarget(target).found ? { kind: 'page', target } : null
  } catch {
    return null
  }
}

/**
 * SPEC §2: what a `redirect` value may be followed to. A page name or own path is
 * followed only when it is a page of the app; an http(s) URL only when its host is
 * allow-listed (and a URL on the app's own web host that names one of its pages opens
 * that page). Everything else — other hosts, `//host`, `javascript:`, garbage — is null.
 */
export function redirectTargetOf (value: unknown): RedirectTarget | null {
  if (typeof value !== 'string' || value === '') return null
  if (!/^[a-z][a-z0-9+.-]*:|^[/\\]{2}/i.test(value)) return ownPage(value)
  const parsed = parseHttpUrl(value)
  if (!parsed || !isAllowedUrl(value)) return null
  const webHost = parseHttpUrl(ENV_BASES.web)?.host ?? ownOrigin()
  const page = parsed.host === webHost ? ownPage(parsed.rest.split('#')[0]) : null
  return page ?? { kind: 'web', url: value }
}

/**
 * Follows the current page's `redirect` key (e.g. after sign-in), replacing the current
 * page; with no usable target the fallback page opens (the entry page by default).
 * The followed page does not carry `redirect` on, so it cannot loop.
 */
export function followRedirect (fallback: string = ENTRY_PAGE): Promise<NavigationResult> {
  const value = currentParams()[REDIRECT_KEY]
  const target = redirectTargetOf(value)
  if (value !== undefined && target === null) console.warn(`[router] redirect refused: ${value}`)
  if (target?.kind === 'web') return openUrl(target.url)
  return redirect(target?.target ?? fallback, { [REDIRECT_KEY]: null })
}
