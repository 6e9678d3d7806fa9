import type { UserConfigExport } from '@tarojs/cli'

/** Production build: minified; every page stays its own chunk (Taro's default for H5). */
export default {
  mini: {},
  h5: {},
} satisfies UserConfigExport<'webpack5'>
