/**
 * H5 only (imported by the `*.h5.ts` files beside it): a Taro component built from its
 * own element module instead of from `@tarojs/components`.
 *
 * Why: on H5, `@tarojs/components` is one module that creates every component the app
 * uses anywhere, and webpack decides used exports for the whole app, so every page's
 * chunk carried the Stencil cores of Video, Input, Textarea and WebView — about 15 KB
 * gzip of Home's first load for elements Home never shows (bench/RESULTS.md). Built here,
 * one module per element, a core travels only with the pages that render it. The
 * mini-program build resolves the plain `*.ts` files, which re-export Taro's own.
 */
import { createReactComponent } from '@tarojs/components/lib/react/react-component-lib'
import { manipulatePropsFunction } from '@tarojs/components/lib/react/helper'

/**
 * The React component of one Taro custom element, exactly as `@tarojs/components`
 * creates it: `tagName` is the element (`taro-video-core`), `define` registers it on
 * first render, `T` is the type `@tarojs/components` declares for it.
 */
export function taroElement<T> (tagName: string, define: () => void): T {
  return createReactComponent(tagName, undefined, manipulatePropsFunction, define) as unknown as T
}
