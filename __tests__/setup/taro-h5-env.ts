/**
 * Makes the Taro 4 H5 runtime behave under jest as it does in a real H5 build.
 * @tarojs/test-utils-react 0.1.1 was written for Taro 3 and misses two things:
 *
 * 1. Taro 4's H5 build defines TARO_PLATFORM=web; the runtime reads it to give every
 *    page its path (page.path). Without it the page-lifecycle helpers cannot find the
 *    page and `PageLifecycle.onShow(...)` never resolves.
 * 2. An import cycle (reported to NervJS/taro-test-utils as its #38 and #42):
 *      @tarojs/router → tabbar → @tarojs/components → @tarojs/taro (mapped to taro-h5)
 *      → taro-h5 reads the router's `history` before the router finished loading
 *      → "Cannot read properties of undefined (reading 'history')".
 *    Loading the mapped @tarojs/taro here, before any test imports the router, lets
 *    taro-h5 load @tarojs/router completely first, so the cycle never sees half a module.
 *
 * The Taro 3 `createRouter` signature is adapted in ./router-adapter.ts.
 */
process.env.TARO_PLATFORM = 'web'
// A require, not an import: it must run after the line above (imports are hoisted).
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('@tarojs/taro')

// Taro's jest transformer compiles JSX with React's classic runtime (React.createElement),
// while pages and tests never import React themselves, as in Taro builds.
// eslint-disable-next-line @typescript-eslint/no-require-imports
Object.assign(globalThis, { React: require('react') })

// The build's compile-time config helpers, as identity functions for tests that read a
// page or app configuration. Defined here, not in jest's `globals`: those are serialised
// to the workers, and a function does not survive that (they were undefined whenever
// jest ran more than one worker).
Object.assign(globalThis, { defineAppConfig: <T>(config: T): T => config, definePageConfig: <T>(config: T): T => config })

// Taro's page hooks (useLoad, useDidShow … behind usePageLifecycle) read React from the
// framework runtime, which the app entry (createReactApp) hands over in a build. A page
// rendered by a test without the whole app gets it here, once, as the entry would.
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('@tarojs/plugin-framework-react/dist/runtime').createH5NativeComponentConfig(null, require('react'), require('react-dom'))
