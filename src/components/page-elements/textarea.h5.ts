/** H5: the Textarea component from its own element module, so its core travels only with the pages that show it (create.ts). */
import type { Textarea as TaroTextarea } from '@tarojs/components'
import { defineCustomElement } from '@tarojs/components/dist/components/taro-textarea-core'
import { taroElement } from './create'

/** Taro's Textarea, as `@tarojs/components` declares it. */
export const Textarea = /* #__PURE__ */ taroElement<typeof TaroTextarea>('taro-textarea-core', defineCustomElement)
