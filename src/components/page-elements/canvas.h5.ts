/** H5: the Canvas component from its own element module, so its core travels only with the space page that draws on it, not with Home (create.ts). */
import type { Canvas as TaroCanvas } from '@tarojs/components'
import { defineCustomElement } from '@tarojs/components/dist/components/taro-canvas-core'
import { taroElement } from './create'

/** Taro's Canvas, as `@tarojs/components` declares it. */
export const Canvas = /* #__PURE__ */ taroElement<typeof TaroCanvas>('taro-canvas-core', defineCustomElement)
