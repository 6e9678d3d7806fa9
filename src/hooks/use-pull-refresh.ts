/**
 * Pull-down refresh of a page that shows a list (the mini-program's `enablePullDownRefresh`
 * in the page config, `onPullDownRefresh` at run time): the pull calls `refresh` and the
 * spinner stops when it settles, whether it succeeded or not (a failure is logged; the
 * page's own error state says the rest).
 */
import Taro, { usePullDownRefresh } from '@tarojs/taro'

/** Refreshes the page's data on a pull-down and stops the spinner once `refresh` settles. */
export function usePullRefresh (refresh: () => Promise<unknown>): void {
  usePullDownRefresh(() => {
    refresh()
      .catch(error => console.warn('[page] refreshing failed:', error))
      .finally(() => Taro.stopPullDownRefresh())
  })
}
