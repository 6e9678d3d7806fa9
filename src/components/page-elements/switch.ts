/** The Switch component (the mini-program's own; on H5 `switch.h5.ts` is used instead, see create.ts). */
export { Switch } from '@tarojs/components'
