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
 * The zh-CN messages of the pages after the first screens (src/i18n/messages-zh-cn-pages.ts):
 * every later page and on-demand chunk imports them, and Taro splits only the first
 * load's chunks, so without this group each of those chunks would carry its own copy
 * (6 KB gzip, fetched again with each page). One chunk, fetched once, beside the page's.
 */
const ZH_CN_PAGES_CHUNK = {
  name: 'messages-zh-cn-pages',
  test: /[\\/]src[\\/]i18n[\\/]messages-zh-cn-pages\.ts$/,
  chunks: 'async',
  enforce: true,
  priority: 200,
} as const

/**
 * Production build: minified; every page its own chunk (the pages' zh-CN messages one
 * chunk they share), the opened page's chunks preloaded beside the app chunk, and gzip
 * copies for the server (config/h5-delivery.ts);
 * no fetch/AbortController/JSONP polyfills (config/h5-polyfills.ts).
 */
export default {
  mini: {
    // Taro's mini-program minifier writes every non-ASCII character as \uXXXX (6 bytes where
    // UTF-8 takes 3): the app's Chinese strings then weigh twice what they are, against the
    // main package's 2 MB platform limit and our own 1 MB budget. WeChat reads UTF-8 scripts.
    webpackChain (chain) {
      chain.optimization.minimizer('terserPlugin').tap(([options]: Array<{ terserOptions: { output: Record<string, unknown> } }>) => [
        { ...options, terserOptions: { ...options.terserOptions, output: { ...options.terserOptions.output, ascii_only: false } } },
      ])
    },
  },
  h5: {
    webpackChain (chain) {
      leaveOutBuiltInPolyfills(chain)
      chain.optimization.merge({ splitChunks: { cacheGroups: { [ZH_CN_PAGES_CHUNK.name]: ZH_CN_PAGES_CHUNK } } })
      chain.plugin('route-preload').use(RoutePreloadPlugin, [PAGE_PATHS])
      chain.plugin('gzip-assets').use(GzipAssetsPlugin)
    },
  },
} satisfies UserConfigExport<'webpack5'>
