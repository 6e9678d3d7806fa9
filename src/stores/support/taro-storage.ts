/**
 * The app's KeyValueStorage: Taro's synchronous storage (localStorage on H5, the
 * mini-program storage in WeChat), under the keys of src/utils/storage.ts.
 */
import Taro from '@tarojs/taro'
import type { KeyValueStorage } from '../account/session-store'

/** Taro's storage as strings; anything stored that is not a non-empty string reads as absent. */
export const taroKeyValueStorage: KeyValueStorage = {
  get (key) {
    const value: unknown = Taro.getStorageSync(key)
    return typeof value === 'string' && value !== '' ? value : null
  },
  set (key, value) {
    Taro.setStorageSync(key, value)
  },
  remove (key) {
    Taro.removeStorageSync(key)
  },
}
