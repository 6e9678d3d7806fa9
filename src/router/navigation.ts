/**
 * Navigation (SPEC §2): navigate (push), redirect (replace), back (pop), relaunch and
 * switch-tab, every one through the one private core {@link go}, which resolves the
 * target, carries the SPEC's query keys, builds the platform's URL (custom paths on
 * H5) and sends unknown pages to the not-found page. Resolution errors other than
 * not-found are thrown as RouterError (SPEC §8).
 */
import Taro from '@tarojs/taro'
import { NOT_FOUND_PAGE } from '@/constants/router'
import { isH5 } from '@/utils/platform'
import { queryString, type QueryInput } from '@core/query/url'
import { readParams, carryQuery, type PageParams } from '@core/query/query'
import type { ServerChoiceInput } from '@core/domain/server'
import { resolveTarget, routeOfName, routeOfPath, RouterError } from './resolve'
import { ENTRY_PAGE, ROUTES, type RouteEntry } from './routes'

/** The navigation operations of SPEC §2. */
export type NavigationKind = 'navigate' | 'redirect' | 'relaunch' | 'switchTab' | 'back'

/** Where a navigation went. */
export interface NavigationResult {
  kind: NavigationKind
  /** The URL handed to the platform ('' for back). */
  url: string
  /** True when the target was unknown and the not-found page was opened instead. */
  notFound: boolean
}

/** One page of the stack, bottom first. */
export interface StackPage {
  /** Page path without a leading slash (`pages/market/index`). */
  route: string
  /** Bare page name, or null for a page outside the route table. */
  name: string | null
}

/** The page the app opens on (SPEC §2: configurable, config/routes.ts ENTRY_PAGE). */
export function entryRoute (): RouteEntry {
  return routeOfName(ENTRY_PAGE) ?? ROUTES[0]
}

/** The entry page's path, `/pages/index/index`. */
export function entryPagePath (): string {
  return `/${entryRoute().page}`
}

/** SPEC §2: the URL of a page: its custom path on H5 when it has one, else `/pages/{name}/index`. */
export function pageUrl (route: RouteEntry, query: QueryInput = {}, h5: boolean = isH5()): string {
  const path = h5 && route.customPath ? route.customPath : `/${route.page}` // SPEC §2: H5 custom paths
  return path + queryString(query)
}

/** SPEC §2: the current page's parameters (decoded, `nwp` merged, sid/cid aliases read). */
export function currentParams (): PageParams {
  return readParams(Taro.getCurrentInstance()?.router?.params)
}

/** The host the H5 page was opened on (`pixel.example.com:8080`, whose sub-domain may name a server), or undefined in the mini-program. */
export function pageHost (): string | undefined {
  return isH5() && typeof window !== 'undefined' ? window.location.host : undefined
}

/**
 * SPEC §2, §3: where the page was opened, as the choice of its server reads it (core's
 * `chooseServer`): its parameters (`sid` read as `server_id`; the current page's unless
 * a page passes its own) and, on H5, its host. Every page that decides its server asks this.
 */
export function pageLocation (params: PageParams = currentParams()): ServerChoiceInput {
  return { params, host: pageHost() }
}

/** SPEC §2: the page stack, bottom (oldest) first. */
export function pageStack (): StackPage[] {
  return Taro.getCurrentPages().map(page => {
    const path = String(page.route ?? '').split('?')[0]
    const route = routeOfPath(path)
    return { route: route ? route.page : path.replace(/^\/+/, ''), name: route ? route.name : null }
  })
}

function errMsgOf (error: unknown): string {
  const { errMsg, message } = (typeof error === 'object' && error !== null ? error : {}) as { errMsg?: unknown, message?: unknown }
  return typeof errMsg === 'string' ? errMsg : typeof message === 'string' ? message : String(error)
}

const TARO_METHODS = {
  navigate: 'navigateTo',
  redirect: 'redirectTo',
  relaunch: 'reLaunch',
  switchTab: 'switchTab',
} as const

async function callTaro (kind: Exclude<NavigationKind, 'back'>, url: string): Promise<void> {
  const method = TARO_METHODS[kind]
  await Taro[method]({ url })
}

/** The one core every navigation goes through. */
async function go (kind: NavigationKind, target?: unknown, query: QueryInput = {}, delta = 1): Promise<NavigationResult> {
  if (kind === 'back') {
    if (Taro.getCurrentPages().length <= delta) return go('relaunch', ENTRY_PAGE, query) // nothing to go back to: the entry page
    try {
      await Taro.navigateBack({ delta })
    } catch (error) {
      throw new RouterError(`router: navigateBack failed: ${errMsgOf(error)}`)
    }
    return { kind, url: '', notFound: false }
  }
  const resolution = resolveTarget(target) // throws RouterError for a target that names no page at all
  const carried = carryQuery(currentParams(), { ...resolution.query, ...query }) // SPEC §2: carried keys
  if (!resolution.found) return notFound(kind, resolution.target, carried) // SPEC §2: unknown paths
  const url = pageUrl(resolution.route, kind === 'switchTab' ? {} : carried) // switchTab takes no query
  try {
    await callTaro(kind, url)
  } catch (error) {
    const message = errMsgOf(error)
    if (/not ?found|404/i.test(message) && resolution.route.name !== NOT_FOUND_PAGE) return notFound(kind, url, carried)
    throw new RouterError(`router: ${TARO_METHODS[kind]} ${url} failed: ${message}`) // SPEC §8: thrown, not swallowed
  }
  return { kind, url, notFound: false }
}

/** SPEC §2: an unknown page opens the not-found page, remembering what was asked for. */
async function notFound (kind: NavigationKind, target: string, carried: QueryInput): Promise<NavigationResult> {
  const result = await go(kind === 'switchTab' ? 'redirect' : kind, NOT_FOUND_PAGE, { ...carried, from: target })
  return { ...result, notFound: true }
}

/** SPEC §2 navigate (push): opens a page on top of the current one. */
export function navigate (target: string, query?: QueryInput): Promise<NavigationResult> {
  return go('navigate', target, query)
}

/** SPEC §2 redirect (replace): replaces the current page. */
export function redirect (target: string, query?: QueryInput): Promise<NavigationResult> {
  return go('redirect', target, query)
}

/** SPEC §2 relaunch: closes every page and opens one (the entry page by default). */
export function relaunch (target: string = ENTRY_PAGE, query?: QueryInput): Promise<NavigationResult> {
  return go('relaunch', target, query)
}

/** SPEC §2 switch-tab: switches to a tab page (the platform takes no query here). */
export function switchTab (target: string): Promise<NavigationResult> {
  return go('switchTab', target)
}

/**
 * SPEC §2 back (pop): closes `delta` pages; with nothing below, relaunches the entry
 * page with the carried query keys and `homeQuery` (e.g. the server of the page's channel).
 */
export function back (delta = 1, homeQuery: QueryInput = {}): Promise<NavigationResult> {
  return go('back', undefined, homeQuery, Math.max(1, Math.floor(delta) || 1))
}

/** True when a page lies behind the current one (back pops it); false when back would open the entry page. */
export function hasPageBehind (): boolean {
  return Taro.getCurrentPages().length > 1
}

/**
 * SPEC §2: sends pages the platform cannot find (a stale shared link, a mistyped H5
 * path) to the not-found page. Call once at app launch.
 */
export function installNotFoundHandler (): void {
  Taro.onPageNotFound(({ path }) => {
    if (routeOfName(NOT_FOUND_PAGE) && routeOfPath(String(path)) === null) {
      redirect(NOT_FOUND_PAGE, { from: String(path) }).catch(error => console.error('[router] not-found page failed:', error))
    }
  })
}
