/**
 * Mini-program: the heights of the chat list's rendered rows and of its viewport, read
 * with Taro's selector query (asynchronous there). H5 reads the DOM (`measure.h5.ts`).
 */
import Taro from '@tarojs/taro'

/** One rendered row's height. */
export interface MeasuredRow {
  key: string
  index: number
  height: number
}

/** The rendered rows (`.chat-list__row` with data-key and data-index) of the list with this id. */
export function measureRows (listId: string, done: (rows: MeasuredRow[]) => void): void {
  Taro.createSelectorQuery().selectAll(`#${listId} .chat-list__row`).fields({ dataset: true, size: true }, () => undefined).exec(results => {
    const rows = (results?.[0] ?? []) as Array<{ dataset?: { key?: string, index?: number | string }, height?: number }>
    done(rows.flatMap(row => row.dataset?.key === undefined ? [] : [{ key: row.dataset.key, index: Number(row.dataset.index), height: row.height ?? 0 }]))
  })
}

/**
 * Tells the height of the list's scrolling viewport once (a mini-program page is laid out
 * when it renders and keeps its window size); the returned function does nothing.
 */
export function watchViewport (listId: string, onHeight: (height: number) => void): () => void {
  Taro.createSelectorQuery().select(`#${listId}`).boundingClientRect(rect => {
    onHeight((rect as { height?: number } | null)?.height ?? 0)
  }).exec()
  return () => undefined
}

/**
 * How the list is scrolled here: by the scroll view's `scrollTop` property, which the
 * mini-program applies when its value changes (H5 scrolls the element itself, `measure.h5.ts`).
 */
export const scrollsByProp = true

/** Not used here: the mini-program scrolls by the `scrollTop` property ({@link scrollsByProp}); tells `top` back. */
export function scrollList (_listId: string, top: number): number {
  return top
}
