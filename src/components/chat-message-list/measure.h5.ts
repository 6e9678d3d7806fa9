/**
 * H5: the heights of the chat list's rendered rows and of its viewport, read from the
 * DOM at once (the mini-program asks Taro's selector query, `measure.ts`).
 */
export type { MeasuredRow } from './measure'
import type { MeasuredRow } from './measure'

/** The rendered rows (`.chat-list__row` with data-key and data-index) of the list with this id. */
export function measureRows (listId: string, done: (rows: MeasuredRow[]) => void): void {
  const rows = document.querySelectorAll<HTMLElement>(`#${listId} .chat-list__row`)
  done(Array.from(rows, row => ({ key: row.dataset.key ?? '', index: Number(row.dataset.index), height: row.getBoundingClientRect().height })))
}

/**
 * Tells the height of the list's scrolling viewport now and whenever it changes (a
 * resized window, or a page that was hidden while it rendered and is now shown); 0 while the
 * scroll view does not scroll yet (then it is as tall as its content, and the list took the
 * whole conversation for on screen and read it); the returned function stops watching.
 */
export function watchViewport (listId: string, onHeight: (height: number) => void): () => void {
  const element = document.getElementById(listId)
  // a scroll view that does not scroll yet (Taro's, before it renders its class) is as tall as its content: no viewport yet
  const viewportOf = (list: HTMLElement) => /auto|scroll/.test(getComputedStyle(list).overflowY) ? list.getBoundingClientRect().height : 0
  onHeight(element ? viewportOf(element) : 0)
  if (!element || typeof ResizeObserver === 'undefined') return () => undefined
  const observer = new ResizeObserver(() => onHeight(viewportOf(element)))
  observer.observe(element)
  return () => observer.disconnect()
}

/**
 * H5 scrolls the list's element itself, never through the scroll view's `scrollTop`
 * property: Taro's H5 wrapper writes every property on every render, so the last scroll
 * the list asked for was applied again at each render, taking a reader who had scrolled
 * since back there (and a link's opening back to the bottom).
 */
export const scrollsByProp = false

/** Per list, a scroll that waits for its scroll view to become scrollable: the view, the scroll asked for last, and how to stop waiting. */
const waitingScrolls = new Map<string, { element: HTMLElement, top: number, stop: () => void }>()

/**
 * Scrolls the list with this id to `top` and tells where it went (the browser stops it at the
 * end of what is rendered); `top` itself while the list is not laid out (a hidden page does
 * not scroll: the list asks again when its viewport gets a height). A scroll view whose
 * content is taller than it but that does not scroll yet — Taro's `taro-scroll-view-core`
 * scrolls only once its custom element has rendered its `taro-scroll-view__scroll-y` class,
 * and a channel opened again from the stack renders its rows before that — takes the scroll
 * asked for last as soon as its classes change; until then its position is told as the one
 * it will take (else the list opened at its first message and held it there).
 */
export function scrollList (listId: string, top: number): number {
  const element = document.getElementById(listId)
  if (!element) return top
  element.scrollTop = top
  if (element.clientHeight <= 0) return top
  const reachable = Math.max(0, Math.min(top, element.scrollHeight - element.clientHeight))
  let waiting = waitingScrolls.get(listId)
  if (waiting && waiting.element !== element) {
    waiting.stop() // a list of the same channel that is gone (the page was left)
    waiting = undefined
  }
  if (element.scrollTop >= reachable - 1) {
    waiting?.stop()
    return element.scrollTop
  }
  if (waiting) {
    waiting.top = top
    return reachable
  }
  if (typeof MutationObserver === 'undefined') return element.scrollTop
  const observer = new MutationObserver(() => {
    const entry = waitingScrolls.get(listId)
    if (!entry) return
    element.scrollTop = entry.top
    if (element.scrollTop > 0) entry.stop()
  })
  waitingScrolls.set(listId, { element, top, stop: () => { observer.disconnect(); waitingScrolls.delete(listId) } })
  observer.observe(element, { attributes: true, attributeFilter: ['class'] })
  return reachable
}
