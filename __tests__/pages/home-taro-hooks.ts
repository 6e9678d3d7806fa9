/**
 * Taro's page hooks as a seam for page tests (the way __tests__/hooks/use-page-lifecycle
 * tests them): every other export of @tarojs/taro stays real, the page hooks record the
 * page's latest callback, and the test plays the lifecycle. Use it as the factory of
 * `jest.mock('@tarojs/taro', () => jest.requireActual('./home-taro-hooks').recordingTaro())`.
 * This file never imports @tarojs/taro itself (the mock factory loads it).
 */

/** The page hooks a page may use. */
export const PAGE_HOOKS = ['useLoad', 'useReady', 'useDidShow', 'useDidHide', 'useUnload', 'useReachBottom', 'useShareAppMessage'] as const

/** One of the recorded page hooks. */
export type PageHook = typeof PAGE_HOOKS[number]

const callbacks = new Map<PageHook, (...args: unknown[]) => unknown>()

/** The @tarojs/taro module with recording page hooks (the default export is the real Taro object, so spies on it work everywhere). */
export function recordingTaro (): Record<string, unknown> {
  const actual = jest.requireActual('@tarojs/taro') as Record<string, unknown>
  const hooks: Record<string, unknown> = {}
  for (const name of PAGE_HOOKS) hooks[name] = (callback: (...args: unknown[]) => unknown) => { callbacks.set(name, callback) }
  return { ...actual, ...hooks, __esModule: true, default: actual.default }
}

/** Runs the page's latest callback of a hook; throws when the page did not use it. */
export function runHook (name: PageHook, ...args: unknown[]): unknown {
  const callback = callbacks.get(name)
  if (!callback) throw new Error(`the page did not use ${name}`)
  return callback(...args)
}

/** Forgets every recorded callback (between tests). */
export function forgetHooks (): void {
  callbacks.clear()
}
