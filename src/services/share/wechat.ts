/**
 * Sharing inside the messaging app's browser (SPEC §1, §7; see ./index.ts): the JS-SDK
 * signature, configuration and share data. Its own chunk, fetched by useShare only in that
 * browser (most first loads are elsewhere and never run it).
 */
import { api as defaultApi, type ApiClient } from '@/services/api'
import { isWechatBrowser, shareImageUrl, shareLink, type ShareContent } from './index'

/** The part of the JS-SDK sharing uses (weixin-js-sdk's `wx`). */
export interface WxSdk {
  config (conf: { debug: boolean, appId: string, timestamp: number, nonceStr: string, signature: string, jsApiList: string[] }): void
  ready (callback: () => void): void
  error (callback: (error: { errMsg: string }) => void): void
  updateAppMessageShareData (data: { title: string, desc: string, link: string, imgUrl: string }): void
  updateTimelineShareData (data: { title: string, link: string, imgUrl: string }): void
  hideMenuItems (data: { menuList: string[] }): void
  hideOptionMenu (): void
}

/** The JS-SDK calls requested in `wx.config`. */
export const WX_JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData', 'hideMenuItems', 'hideOptionMenu']

/** The share entries of the messaging app's menu, hidden by `navShareHide`. */
export const WX_SHARE_MENU_ITEMS = [
  'menuItem:share:appMessage', 'menuItem:share:timeline', 'menuItem:share:qq', 'menuItem:share:weiboApp',
  'menuItem:share:QZone', 'menuItem:favorite',
]

/** The URL the JS-SDK signature is for: the page's address without its `#fragment`. */
export function signatureUrl (href: string): string {
  return href.split('#')[0]
}

/** Loads the JS-SDK on demand, in its own chunk, and only in the H5 build; null when unavailable. */
export function loadWxSdk (): Promise<WxSdk | null> {
  return process.env.TARO_ENV === 'h5'
    ? import(/* webpackChunkName: "weixin-js-sdk" */ 'weixin-js-sdk').then(module => (module.default ?? null) as WxSdk | null)
    : Promise.resolve(null)
}

/** What {@link setupWechatShare} works with; the app's own by default, fakes in tests. */
export interface WechatShareDeps {
  api: Pick<ApiClient, 'getWxConfig'>
  loadSdk: () => Promise<WxSdk | null>
  userAgent: string
  href: string
  logger: Pick<Console, 'warn'>
}

function defaultDeps (): WechatShareDeps {
  return {
    api: defaultApi,
    loadSdk: loadWxSdk,
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    href: typeof window === 'undefined' ? '' : window.location.href,
    logger: console,
  }
}

function isSdk (value: unknown): value is WxSdk {
  const sdk = value as Partial<WxSdk> | null
  return typeof sdk?.config === 'function' && typeof sdk.ready === 'function'
}

function applyShare (sdk: WxSdk, content: ShareContent | null, hidden: boolean, origin: string): void {
  if (hidden) {
    sdk.hideMenuItems({ menuList: WX_SHARE_MENU_ITEMS }) // navShareHide: no share entries in the menu
    return
  }
  if (content === null) return
  const link = shareLink(content.target, origin)
  const imgUrl = shareImageUrl(content.imageUrl, origin)
  sdk.updateAppMessageShareData({ title: content.title, desc: content.desc, link, imgUrl })
  sdk.updateTimelineShareData({ title: content.title, link, imgUrl })
}

/**
 * Inside the messaging app's browser: signs the current URL (`wxconf`), configures the
 * JS-SDK and, once it is ready, sets the share data, or hides the share entries when
 * `hidden`. Elsewhere it does nothing. Resolves true when the SDK was configured;
 * never rejects (every failure is a logged warning).
 */
export async function setupWechatShare (content: ShareContent | null, hidden: boolean, deps: Partial<WechatShareDeps> = {}): Promise<boolean> {
  const { api, loadSdk, userAgent, href, logger } = { ...defaultDeps(), ...deps }
  if (!isWechatBrowser(userAgent)) return false
  try {
    const url = signatureUrl(href)
    const [conf, sdk] = await Promise.all([api.getWxConfig(url), loadSdk()]) // SPEC §7: wxconf for the URL without its fragment
    if (!isSdk(sdk)) {
      logger.warn('[share] the JS-SDK is not available; sharing keeps the defaults')
      return false
    }
    const origin = url.replace(/^(https?:\/\/[^/?#]+).*$/i, '$1')
    sdk.config({ debug: false, appId: conf.appId, timestamp: conf.timestamp, nonceStr: conf.nonceStr, signature: conf.signature, jsApiList: WX_JS_API_LIST })
    sdk.error(error => logger.warn('[share] the JS-SDK refused the configuration:', error.errMsg))
    sdk.ready(() => {
      try {
        applyShare(sdk, content, hidden, origin)
      } catch (error) {
        logger.warn('[share] share data could not be set:', error)
      }
    })
    return true
  } catch (error) {
    logger.warn('[share] sharing could not be set up:', error)
    return false
  }
}
