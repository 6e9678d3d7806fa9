/** SPEC §2: Home. The page title comes from this config. */
export default definePageConfig({
  navigationBarTitleText: '首页',
})
