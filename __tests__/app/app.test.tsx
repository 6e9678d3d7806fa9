import TestUtils from '@tarojs/test-utils-react'

describe('the app', () => {
  it('starts and shows the Home page', async () => {
    const testUtils = new TestUtils()
    await testUtils.createApp()
    await testUtils.PageLifecycle.onShow('pages/index/index')
    const title = await testUtils.queries.waitForQueryByText('OpenRealm 世界')
    expect(title).toBeTruthy()
  })
})
