/** SPEC §2: the sales demonstration platform. */
export default definePageConfig({
  navigationBarTitleText: '销售演示平台',
})
