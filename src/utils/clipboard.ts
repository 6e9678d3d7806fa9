/**
 * Copying text to the clipboard, in the mini-program: the platform's own API (the H5
 * build uses clipboard.h5.ts instead).
 */
import Taro from '@tarojs/taro'

/** Copies `text`; rejects when the platform refused. */
export function copyText (text: string): Promise<void> {
  return Promise.resolve(Taro.setClipboardData({ data: text })).then(() => undefined)
}
