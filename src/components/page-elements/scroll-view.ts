/** The ScrollView component (the mini-program's own; on H5 `scroll-view.h5.ts` is used instead, see create.ts). */
export { ScrollView } from '@tarojs/components'
