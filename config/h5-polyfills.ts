/**
 * What the H5 build leaves out of Taro's request API: `@tarojs/taro-h5` imports a fetch
 * polyfill (whatwg-fetch), an AbortController polyfill and a JSONP client for every app
 * that calls Taro.request, about 11 KB gzip of Home's first load (bench/RESULTS.md).
 * Every browser the H5 client supports (WeChat's in-app browser, iOS Safari 12.2+,
 * Chrome 66+) has fetch and AbortController natively, and the client never asks for
 * JSONP, so the three resolve to the stand-ins in `h5-shims/`.
 */
import path from 'path'

/** The modules replaced, with their stand-ins. */
const LEFT_OUT_MODULES: Record<string, string> = {
  'whatwg-fetch$': path.resolve(__dirname, 'h5-shims/nothing.js'),
  'abortcontroller-polyfill/dist/abortcontroller-polyfill-only$': path.resolve(__dirname, 'h5-shims/nothing.js'),
  'jsonp-retry$': path.resolve(__dirname, 'h5-shims/jsonp-unsupported.js'),
}

/** The part of webpack-chain this needs (Taro passes its chain to `h5.webpackChain`). */
interface AliasChain {
  resolve: { alias: { set: (key: string, value: string) => unknown } }
}

/** Points the left-out modules at their stand-ins in an H5 build's webpack chain. */
export function leaveOutBuiltInPolyfills (chain: AliasChain): void {
  for (const [module, standIn] of Object.entries(LEFT_OUT_MODULES)) chain.resolve.alias.set(module, standIn)
}
