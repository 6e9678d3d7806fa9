/** H5: the Input component from its own element module, so its core travels only with the pages that show it (create.ts). */
import type { Input as TaroInput } from '@tarojs/components'
import { defineCustomElement } from '@tarojs/components/dist/components/taro-input-core'
import { taroElement } from './create'

/** Taro's Input, as `@tarojs/components` declares it. */
export const Input = /* #__PURE__ */ taroElement<typeof TaroInput>('taro-input-core', defineCustomElement)
