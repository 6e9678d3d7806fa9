import type { UserConfigExport } from '@tarojs/cli'
import { ROUTES, h5PathsOf, pagePathOf } from './routes'
import { GzipAssetsPlugin, RoutePreloadPlugin } from './h5-delivery'
import { leaveOutBuiltInPolyfills } from './h5-polyfills'

/** Every page with the H5 paths it opens at (its custom path and its page path). */
const PAGE_PATHS = ROUTES.map(route => ({
  page: pagePathOf(route.name),
  paths: h5PathsOf(route),
}))

/**
 * Production build: minified; every page its own chunk, the opened page's chunk
 * preloaded beside the app chunk, and gzip copies for the server (config/h5-delivery.ts);
 * no fetch/AbortController/JSONP polyfills (config/h5-polyfills.ts).
 */
export default {
  mini: {},
  h5: {
    webpackChain (chain) {
      leaveOutBuiltInPolyfills(chain)
      chain.plugin('route-preload').use(RoutePreloadPlugin, [PAGE_PATHS])
      chain.plugin('gzip-assets').use(GzipAssetsPlugin)
    },
  },
} satisfies UserConfigExport<'webpack5'>
