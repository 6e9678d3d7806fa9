/**
 * H5: the Video component, its element's core (about 13 KB gzip with its controls) fetched
 * when a video is first rendered, not with the page: Market's first card and most channels
 * show none (Market's initial JS). The element renders at once and is upgraded
 * when its core arrives; properties set before that are taken over by Stencil (create.ts).
 */
import type { Video as TaroVideo } from '@tarojs/components'
import { lazyTaroElement } from './create'

/** Taro's Video, as `@tarojs/components` declares it. */
export const Video = /* #__PURE__ */ lazyTaroElement<typeof TaroVideo>('taro-video-core', () => import(/* webpackChunkName: "taro-video" */ '@tarojs/components/dist/components/taro-video-core'))
