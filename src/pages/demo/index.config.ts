/** SPEC §2: the demo page (a component and format catalogue). */
export default definePageConfig({
  navigationBarTitleText: '组件演示',
})
