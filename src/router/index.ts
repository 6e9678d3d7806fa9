/** The router's public face (SPEC §2). Pages and stores import from '@/router'. */
export {
  navigate, redirect, back, relaunch, switchTab, pageStack, currentParams, entryRoute, entryPagePath, pageUrl,
  installNotFoundHandler,
} from './navigation'
export type { NavigationKind, NavigationResult, StackPage } from './navigation'
export { openUrl, openRule, ruleUrl, isAllowedUrl, allowedHosts, redirectTargetOf, followRedirect, webNavigator } from './web'
export type { RedirectTarget } from './web'
export { readParams, carryQuery } from './query'
export type { PageParams } from './query'
export { encodeNwp, decodeNwp } from './nwp'
export type { NwpValue } from './nwp'
export { resolveTarget, routeOfName, routeOfPath, RouterError } from './resolve'
export type { Resolution } from './resolve'
export * from './routes'
