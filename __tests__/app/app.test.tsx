import TestUtils from '@tarojs/test-utils-react'
import { setLanguage } from '@/constants/messages'
import { homeApi } from '../pages/home-harness'
import type { FakeApi } from '../stores/support/fakes'

// The app runs on a fake ApiClient: no network.
let mockApi: FakeApi
jest.mock('@/services/api', () => ({ ...jest.requireActual('@/services/api'), get api () { return mockApi } }))

/** Boots the whole app on the Home page with this query string. */
async function launch (query = ''): Promise<TestUtils> {
  window.location.hash = `#/pages/index/index${query}`
  const testUtils = new TestUtils()
  await testUtils.createApp()
  await testUtils.PageLifecycle.onShow('pages/index/index')
  return testUtils
}

beforeEach(() => {
  window.localStorage.clear() // no stored login: every launch signs in a guest
  mockApi = homeApi()
  jest.spyOn(console, 'info').mockImplementation(() => undefined)
})

afterEach(() => {
  setLanguage(undefined)
  document.body.className = ''
  jest.restoreAllMocks()
})

describe('the app', () => {
  it('starts on Home, shows the current server and signs in a guest', async () => {
    const testUtils = await launch()
    expect(await testUtils.queries.waitForQueryByText('星海城')).toBeTruthy()
    expect(await testUtils.queries.waitForQueryByText('1.2万 位成员')).toBeTruthy()
    expect(mockApi.guestLogin).toHaveBeenCalledTimes(1)
  })

  it('shows English with hl=en', async () => {
    const testUtils = await launch('?hl=en')
    expect(await testUtils.queries.waitForQueryByText('1.2万 members')).toBeTruthy()
    expect(document.documentElement.lang).toBe('en')
  })

  it('shows the diagnostics panel with debug', async () => {
    const testUtils = await launch('?debug=1')
    const panel = await testUtils.queries.waitForQuerySelector('.debug-panel')
    expect(panel.textContent).toContain('版本号 10001')
    expect(panel.textContent).toContain('环境 dev')
  })

  it('puts the pages in a centred desktop column with viewpc', async () => {
    const testUtils = await launch('?viewpc=1')
    await testUtils.queries.waitForQueryByText('星海城')
    expect(document.body.classList.contains('viewpc')).toBe(true)
  })
})
