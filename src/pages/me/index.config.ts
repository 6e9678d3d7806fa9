/** Me: the signed-in identity and its profile. The page title comes from this config. */
export default definePageConfig({
  navigationBarTitleText: '我的',
})
