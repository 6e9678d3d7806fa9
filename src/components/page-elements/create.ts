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
import { createElement, forwardRef, useEffect, useState, type ComponentType } from 'react'
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

/**
 * Like {@link taroElement}, but the element's module is fetched on the component's first
 * render (`load`, a dynamic `import()` of its `dist/components/*-core` module) instead of
 * travelling with the page. Until it arrives a plain box with the element's classes stands
 * in its place (styled by the page); the element itself is created only once it is
 * defined, because an element upgraded after React set its properties loses them: the
 * component's constructor resets every property to its default (a video's `src` became
 * `undefined`, and the browser loaded `…/pages/channel/undefined`).
 */
export function lazyTaroElement<T> (tagName: string, load: () => Promise<{ defineCustomElement: () => void }>): T {
  let defined: Promise<void> | null = null
  const define = (): Promise<void> => {
    defined ??= load().then(element => element.defineCustomElement())
    return defined
  }
  const isDefined = (): boolean => typeof customElements !== 'undefined' && customElements.get(tagName) !== undefined
  const Element = taroElement<ComponentType<Record<string, unknown>>>(tagName, () => undefined)
  const Lazy = forwardRef<unknown, Record<string, unknown>>((props, ref) => {
    const [ready, setReady] = useState(isDefined)
    useEffect(() => {
      if (ready) return
      let live = true
      define().then(() => { if (live) setReady(true) }).catch(error => console.error(`[page-elements] ${tagName} failed to load:`, error))
      return () => { live = false }
    }, [ready])
    if (!ready) return createElement('div', { className: props.className })
    return createElement(Element, { ...props, ref })
  })
  Lazy.displayName = `Lazy(${tagName})`
  return Lazy as unknown as T
}
