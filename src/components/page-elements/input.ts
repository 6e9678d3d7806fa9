/** The Input component (the mini-program's own; on H5 `input.h5.ts` is used instead, see create.ts). */
export { Input } from '@tarojs/components'
