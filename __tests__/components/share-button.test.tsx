import TestUtils from '@tarojs/test-utils-react'
import ShareButton from '@/components/share-button'

afterEach(() => {
  document.body.innerHTML = ''
  process.env.TARO_ENV = 'h5'
  jest.restoreAllMocks()
})

async function mount (props: { link: string, hidden?: boolean }): Promise<TestUtils> {
  const testUtils = new TestUtils()
  await testUtils.mount(ShareButton, { props })
  return testUtils
}

describe('ShareButton', () => {
  it('offers to share outside the messaging app', async () => {
    const testUtils = await mount({ link: 'http://localhost/index.html' })
    expect((await testUtils.queries.waitForQuerySelector('.share-button')).textContent).toBe('分享')
  })

  it('is not there with navShareHide', async () => {
    await mount({ link: 'http://localhost/index.html', hidden: true })
    expect(document.querySelector('.share-button')).toBeNull()
  })

  it("is not there in the messaging app's browser, whose menu shares", async () => {
    jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 MicroMessenger/8.0.44')
    await mount({ link: 'http://localhost/index.html' })
    expect(document.querySelector('.share-button')).toBeNull()
  })

  it("is the platform's share button in the mini-program", async () => {
    process.env.TARO_ENV = 'weapp'
    const testUtils = await mount({ link: 'http://localhost/index.html' })
    const button = await testUtils.queries.waitForQuerySelector('.share-button')
    expect(button.getAttribute('open-type') ?? (button as unknown as { openType?: string }).openType).toBe('share')
  })
})
