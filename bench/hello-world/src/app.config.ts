/** One page, no tab bar: the smallest Taro 4 React app. */
export default defineAppConfig({
  pages: ['pages/index/index'],
  window: { navigationBarTitleText: 'Hello' },
})
