/** The Video component (the mini-program's own; on H5 `video.h5.ts` is used instead, see create.ts). */
export { Video } from '@tarojs/components'
