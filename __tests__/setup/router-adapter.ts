/**
 * @tarojs/test-utils-react 0.1.1 calls Taro 3's `createRouter(app, config, framework)`;
 * Taro 4 takes `createRouter(history, app, config, framework)` and expects the app
 * container to be mounted first, as Taro's own H5 entry does
 * (`createHashHistory({ window })`, `handleAppMount(config, history)`). jest maps
 * `@tarojs/router` to this file, which passes everything through and adapts that one
 * call, so `createApp()` boots the real router.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const router = require('../../node_modules/@tarojs/router/dist/index.js')

type RouterArgs = unknown[]

function isHistory (value: unknown): boolean {
  return typeof (value as { listen?: unknown } | null)?.listen === 'function'
}

module.exports = {
  ...router,
  createRouter (...args: RouterArgs) {
    if (isHistory(args[0])) return router.createRouter(...args)
    const [app, config, framework] = args
    const history = router.createHashHistory({ window })
    router.handleAppMount(config, history)
    return router.createRouter(history, app, config, framework)
  },
}
