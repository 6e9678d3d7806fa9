/** The Textarea component (the mini-program's own; on H5 `textarea.h5.ts` is used instead, see create.ts). */
export { Textarea } from '@tarojs/components'
