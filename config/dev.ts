import type { UserConfigExport } from '@tarojs/cli'
import { leaveOutBuiltInPolyfills } from './h5-polyfills'

const LOCAL_SERVER = 'http://localhost:3000'

/** Paths the dev server forwards to the local reference server (`npm start` in another shell). */
const API_PREFIXES = ['/resource', '/login_third', '/v2', '/channel', '/auth', '/user', '/users', '/servers', '/channels', '/upload', '/files', '/rules', '/openapi.json']

/** Development build: unminified; `npm run dev:h5` serves on :10086 and proxies the API. */
export default {
  logger: { quiet: false, stats: true },
  mini: {},
  h5: {
    // The same browsers as production, so dev runs what ships (config/h5-polyfills.ts).
    webpackChain: leaveOutBuiltInPolyfills,
    devServer: {
      port: 10086,
      historyApiFallback: true,
      proxy: [{ context: API_PREFIXES, target: LOCAL_SERVER, changeOrigin: true }],
    },
  },
} satisfies UserConfigExport<'webpack5'>
