/** The WebView component (the mini-program's own; on H5 `web-view.h5.ts` is used instead, see create.ts). */
export { WebView } from '@tarojs/components'
