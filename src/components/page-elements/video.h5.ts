/** H5: the Video component from its own element module, so its core travels only with the pages that show it (create.ts). */
import type { Video as TaroVideo } from '@tarojs/components'
import { defineCustomElement } from '@tarojs/components/dist/components/taro-video-core'
import { taroElement } from './create'

/** Taro's Video, as `@tarojs/components` declares it. */
export const Video = /* #__PURE__ */ taroElement<typeof TaroVideo>('taro-video-core', defineCustomElement)
