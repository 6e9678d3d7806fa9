/** The Canvas component (the mini-program's own; on H5 `canvas.h5.ts` is used instead, see create.ts). */
export { Canvas } from '@tarojs/components'
