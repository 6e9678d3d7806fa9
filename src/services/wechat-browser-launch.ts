/**
 * The browser side of the silent WeChat sign-in at launch (src/stores/account/launch-sign-in.ts):
 * inside WeChat's browser only, this page without its fragment to come back to, leaving for
 * WeChat's authorisation, and one try per tab (kept in sessionStorage), so a sign-in that
 * WeChat's answer did not finish sends the page nowhere again.
 */
import type { WechatBrowserLaunch } from '@/stores/account/launch-sign-in'
import { isWechatBrowser } from './share'

/** The sessionStorage key that marks the tab's try. */
export const SILENT_WECHAT_TRIED_KEY = 'openrealm-silent-wechat-tried'

/** True the first time it is asked in this tab; false afterwards, and where sessionStorage is refused (no loop either way). */
function firstTryInTab (): boolean {
  try {
    if (window.sessionStorage.getItem(SILENT_WECHAT_TRIED_KEY) !== null) return false
    window.sessionStorage.setItem(SILENT_WECHAT_TRIED_KEY, '1')
    return true
  } catch {
    return false
  }
}

/** The silent sign-in's launch inside WeChat's browser, or null in any other browser and in the mini-program. */
export function wechatBrowserLaunch (userAgent?: string): WechatBrowserLaunch | null {
  if (!isWechatBrowser(userAgent)) return null
  return {
    here: window.location.href.split('#')[0],
    leave: url => { window.location.assign(url) },
    firstTry: firstTryInTab,
  }
}
