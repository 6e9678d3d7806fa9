/** H5: the ScrollView component from its own element module, so its core travels only with the pages that show it (create.ts). */
import type { ScrollView as TaroScrollView } from '@tarojs/components'
import { defineCustomElement } from '@tarojs/components/dist/components/taro-scroll-view-core'
import { taroElement } from './create'

/** Taro's ScrollView, as `@tarojs/components` declares it. */
export const ScrollView = /* #__PURE__ */ taroElement<typeof TaroScrollView>('taro-scroll-view-core', defineCustomElement)
