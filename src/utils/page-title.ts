/**
 * The page's title, in the mini-program: the platform's navigation bar, which shows the
 * title as plain text (the H5 build uses page-title.h5.ts instead, because Taro's H5
 * navigation bar writes it as HTML).
 */
import Taro from '@tarojs/taro'

/** Shows `text` as the current page's title; resolves once shown, rejects when the platform refused. */
export function setPageTitle (text: string): Promise<void> {
  return Promise.resolve(Taro.setNavigationBarTitle({ title: text })).then(() => undefined)
}
