/**
 * Taro's toast and modal, in a module of their own: on H5 they are a sizeable piece of
 * Taro (the toast, modal and action-sheet views with their styles and icon font, about
 * 7 KB gzip), which feedback.ts fetches on first use so no page's first load carries it.
 */
import Taro from '@tarojs/taro'

/** Taro.showToast, as feedback.ts calls it. */
export function showToast (options: Taro.showToast.Option): Promise<unknown> {
  return Promise.resolve(Taro.showToast(options))
}

/** Taro.showModal, as feedback.ts calls it; resolves with whether the user confirmed. */
export function showModal (options: Taro.showModal.Option): Promise<boolean> {
  return Promise.resolve(Taro.showModal(options)).then(result => result.confirm)
}

/** Taro.showActionSheet, as feedback.ts calls it; resolves with the tapped item's index, or null when cancelled. */
export function showActionSheet (options: Taro.showActionSheet.Option): Promise<number | null> {
  return Promise.resolve(Taro.showActionSheet(options)).then(result => result.tapIndex, () => null)
}
