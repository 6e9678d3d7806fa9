/**
 * Page lifecycle (SPEC §4): load, ready, show, hide, unload. Every page calls
 * `usePageLifecycle(pagePath)`, which logs each transition with the page path and runs
 * the page's own handler for it, if any (for example: start the live clock on show,
 * stop it on hide).
 */
import { useDidHide, useDidShow, useLoad, useReady, useUnload } from '@tarojs/taro'

/** SPEC §4: the page lifecycle, in the order a page goes through it. */
export const PAGE_PHASES = ['load', 'ready', 'show', 'hide', 'unload'] as const

/** One step of the page lifecycle. */
export type PagePhase = typeof PAGE_PHASES[number]

/** What a page does on some of its lifecycle steps. */
export type PageLifecycleHandlers = Partial<Record<PagePhase, () => void>>

/** The log line of a lifecycle transition: `[page] pages/index/index show`. */
export function pageLifecycleLine (pagePath: string, phase: PagePhase): string {
  return `[page] ${pagePath} ${phase}`
}

const shownListeners = new Set<(pagePath: string) => void>()

/**
 * Hears every page's show, with its path, after the page's own handler (app-wide: the
 * platform's own dialog is tied to the page shown when it opens, so what must outlast a
 * navigation is shown again there). The returned function stops listening.
 */
export function onPageShown (listener: (pagePath: string) => void): () => void {
  shownListeners.add(listener)
  return () => { shownListeners.delete(listener) }
}

/**
 * Logs every lifecycle transition of the calling page with its path (SPEC §4), then
 * runs the page's handler for that step (and, on show, {@link onPageShown}'s listeners).
 * Call it once at the top of a page component.
 */
export function usePageLifecycle (pagePath: string, handlers: PageLifecycleHandlers = {}): void {
  const enter = (phase: PagePhase) => {
    console.info(pageLifecycleLine(pagePath, phase))
    handlers[phase]?.()
    if (phase === 'show') for (const listener of [...shownListeners]) listener(pagePath)
  }
  useLoad(() => enter('load'))
  useReady(() => enter('ready'))
  useDidShow(() => enter('show'))
  useDidHide(() => enter('hide'))
  useUnload(() => enter('unload'))
}
