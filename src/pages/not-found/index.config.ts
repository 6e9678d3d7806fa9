/** SPEC §2: the not-found page unknown paths are sent to. The page title comes from this config. */
export default definePageConfig({
  navigationBarTitleText: '页面不存在',
})
