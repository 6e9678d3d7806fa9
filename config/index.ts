import path from 'path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import { customRoutes } from './routes'
import devConfig from './dev'
import prodConfig from './prod'

/** Client build-time settings, all optional (docs/configuration.md). */
const CLIENT_ENV_KEYS = ['TARO_APP_ENV', 'TARO_APP_ENTRY_PAGE', 'TARO_APP_CONTACT_EMAIL', 'TARO_APP_ICP_CODE', 'TARO_APP_POLICE_CODE', 'TARO_APP_WX_REMIND_TEMPLATE_ID', 'TARO_APP_WX_MENTION_TEMPLATE_ID', 'TARO_APP_WX_DM_TEMPLATE_ID']

/**
 * Taro build configuration for both platforms.
 * SPEC §9: design width 750; device ratios 640 → 1.17, 750 → 1, 828 → 0.905.
 * SPEC §2: H5 router in browser-history mode with custom paths; pages load on demand.
 */
export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'openrealm',
    date: '2026-11-22',
    designWidth: 750,
    deviceRatio: {
      640: 2.34 / 2,
      750: 1,
      375: 2,
      828: 1.81 / 2,
    },
    // The benchmark builds its hello-world floor with this same config (bench/RESULTS.md).
    sourceRoot: process.env.TARO_SOURCE_ROOT || 'src',
    outputRoot: process.env.TARO_OUTPUT_ROOT || `dist/${process.env.TARO_ENV}`,
    alias: {
      '@': path.resolve(__dirname, '..', 'src'),
      '@core': path.resolve(__dirname, '..', 'core'),
    },
    plugins: [],
    defineConstants: {},
    // Build-time settings the client reads as process.env.* (docs/configuration.md). Taro
    // passes only .env-file values on by itself, so each is named here, defined as '' when
    // unset so the bundle never touches a missing `process`.
    env: Object.fromEntries(CLIENT_ENV_KEYS.map(key => [key, JSON.stringify(process.env[key] ?? '')])),
    // H5: the Web Push service worker at the root of the site, so its scope is the whole app
    copy: { patterns: process.env.TARO_ENV === 'h5' ? [{ from: 'src/push-sw.js', to: `${process.env.TARO_OUTPUT_ROOT || 'dist/h5'}/push-sw.js` }] : [], options: {} },
    framework: 'react',
    compiler: 'webpack5',
    cache: { enable: false },
    mini: {
      // every component's styles are scoped by its own BEM class, so the order the pages'
      // shared chunk collects them in does not matter (as on H5, below); without this the
      // build warns for each pair of pages that import two shared components in other orders
      miniCssExtractPluginOption: { ignoreOrder: true },
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false },
      },
    },
    h5: {
      publicPath: '/',
      staticDirectory: 'static',
      router: {
        mode: 'browser',
        customRoutes: customRoutes(),
      },
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false },
      },
    },
  }
  // Shared code outside src/ (the route table, core/: wire shapes, domain rules, the query codec) is compiled like src/.
  const sharedSources = [path.resolve(__dirname), path.resolve(__dirname, '..', 'core')]
  baseConfig.mini!.compile = { include: sharedSources }
  baseConfig.h5!.compile = { include: sharedSources }
  if (process.env.NODE_ENV === 'development') {
    return merge({}, baseConfig, devConfig)
  }
  return merge({}, baseConfig, prodConfig)
})
