/** H5: the Switch component from its own element module, so its core travels only with the pages that show it (create.ts). */
import type { Switch as TaroSwitch } from '@tarojs/components'
import { defineCustomElement } from '@tarojs/components/dist/components/taro-switch-core'
import { taroElement } from './create'

/** Taro's Switch, as `@tarojs/components` declares it. */
export const Switch = /* #__PURE__ */ taroElement<typeof TaroSwitch>('taro-switch-core', defineCustomElement)
