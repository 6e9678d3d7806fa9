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

/** The height of the list's scrolling viewport (0 when not laid out). */
export function measureViewport (listId: string, done: (height: number) => void): void {
  done(document.getElementById(listId)?.getBoundingClientRect().height ?? 0)
}
