import { homeApi } from '../pages/home-harness'
import type { FakeApi } from '../stores/support/fakes'
import { launchApp, watchTexts } from '../support/launch-app'

// Its own file: English must not have been loaded by an earlier test (it is fetched once per page load).
// The English chunk cannot be fetched: the network went away after the page itself loaded.
jest.mock('@/i18n/messages-en', () => { throw new Error('ChunkLoadError: Loading chunk messages-en failed') })

// The app runs on a fake ApiClient: no network.
let mockApi: FakeApi
jest.mock('@/services/api', () => ({ ...jest.requireActual('@/services/api'), get api () { return mockApi } }))

beforeEach(() => {
  window.localStorage.clear()
  mockApi = homeApi()
  jest.spyOn(console, 'info').mockImplementation(() => undefined)
})

afterEach(() => jest.restoreAllMocks())

describe('the app, when English cannot be fetched', () => {
  it('renders the page in zh-CN anyway, never a blank page or a key, and logs why', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const shown = watchTexts()
    const testUtils = await launchApp('?hl=en')
    expect(await testUtils.queries.waitForQueryByText('1.2万 位成员')).toBeTruthy()
    expect(document.documentElement.lang).toBe('zh-CN')
    expect(shown.texts().join('\n')).not.toContain('homeMembers')
    shown.stop()
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('English did not load'), expect.any(Error))
  })
})
