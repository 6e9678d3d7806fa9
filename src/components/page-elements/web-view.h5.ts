/** H5: the WebView component from its own element module, so its core travels only with the pages that show it (create.ts). */
import type { WebView as TaroWebView } from '@tarojs/components'
import { defineCustomElement } from '@tarojs/components/dist/components/taro-web-view-core'
import { taroElement } from './create'

/** Taro's WebView, as `@tarojs/components` declares it. */
export const WebView = /* #__PURE__ */ taroElement<typeof TaroWebView>('taro-web-view-core', defineCustomElement)
