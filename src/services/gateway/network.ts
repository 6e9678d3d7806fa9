/**
 * The device's network going away and coming back, as the gateway needs it: on H5 the
 * browser's `offline` / `online` events (navigator.onLine), in the mini-program Taro's
 * network status. The gateway does not wait for a dead socket to notice on its own.
 */
import Taro from '@tarojs/taro'
import { isH5 } from '@/utils/platform'

/** Calls `onChange(false)` when the device goes offline and `onChange(true)` when it is back; the returned function stops watching. */
export type NetworkWatcher = (onChange: (online: boolean) => void) => () => void

/** The platform's network status. */
export const platformNetwork: NetworkWatcher = onChange => {
  if (isH5()) {
    if (typeof window === 'undefined') return () => {}
    const offline = () => onChange(false)
    const online = () => onChange(true)
    window.addEventListener('offline', offline)
    window.addEventListener('online', online)
    return () => {
      window.removeEventListener('offline', offline)
      window.removeEventListener('online', online)
    }
  }
  const changed = (status: { isConnected: boolean }) => onChange(status.isConnected)
  Taro.onNetworkStatusChange(changed)
  return () => { Taro.offNetworkStatusChange(changed) }
}
