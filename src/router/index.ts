/** The router's public face (SPEC §2). Pages and stores import from '@/router'. */
export {
  navigate, redirect, back, hasPageBehind, relaunch, switchTab, pageStack, currentParams, pageHost, pageLocation, entryRoute, entryPagePath, pageUrl,
  installNotFoundHandler,
} from './navigation'
export type { NavigationKind, NavigationResult, StackPage } from './navigation'
export { openUrl, openRule, ruleUrl, isAllowedUrl, allowedHosts, redirectTargetOf, followRedirect, webNavigator } from './web'
export type { RedirectTarget } from './web'
export { readParams, carryQuery } from '@core/query/query'
export type { PageParams } from '@core/query/query'
export { encodeNwp, decodeNwp } from '@core/query/nwp'
export type { NwpValue } from '@core/query/nwp'
export { resolveTarget, routeOfName, routeOfPath, RouterError } from './resolve'
export type { Resolution } from './resolve'
export * from './routes'
export { openConversation, startConversation } from './conversations'
