import * as englishLoader from '@/i18n/load-english'
import { setLanguage } from '@/i18n'
import { homeApi } from '../pages/home-harness'
import type { FakeApi } from '../stores/support/fakes'
import { launchApp, watchTexts } from '../support/launch-app'

// The app runs on a fake ApiClient: no network.
let mockApi: FakeApi
jest.mock('@/services/api', () => ({ ...jest.requireActual('@/services/api'), get api () { return mockApi } }))

const JSDOM_WIDTH = window.innerWidth

/** How long English takes to arrive in the hl=en launch: far longer than Home takes to mount. */
const ENGLISH_FETCH_MS = 300

/** Makes fetching English take ENGLISH_FETCH_MS, as the chunk does over a slow network; returns the fetch's spy. */
function slowEnglish (): jest.SpyInstance {
  const fetchEnglish = englishLoader.loadEnglish
  return jest.spyOn(englishLoader, 'loadEnglish')
    .mockImplementation(install => new Promise(resolve => setTimeout(resolve, ENGLISH_FETCH_MS)).then(() => fetchEnglish(install)))
}

/** The window's width as the layout reads it (jsdom's default is 1024). */
function windowWidth (width: number): void {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true })
}

beforeEach(() => {
  window.localStorage.clear() // no stored login: every launch signs in a guest
  mockApi = homeApi()
  jest.spyOn(console, 'info').mockImplementation(() => undefined)
})

afterEach(() => {
  setLanguage(undefined)
  document.body.className = ''
  document.documentElement.className = ''
  windowWidth(JSDOM_WIDTH)
  jest.restoreAllMocks()
})

describe('the app', () => {
  it('starts on Home, shows the current server and signs in a guest', async () => {
    const testUtils = await launchApp()
    expect(await testUtils.queries.waitForQueryByText('星海城')).toBeTruthy()
    expect(await testUtils.queries.waitForQueryByText('1.2万 位成员')).toBeTruthy()
    expect(mockApi.guestLogin).toHaveBeenCalledTimes(1)
  })

  it('shows English with hl=en, fetched before the first page renders: never Chinese first, never a key', async () => {
    const fetchEnglish = slowEnglish()
    const shown = watchTexts()
    const testUtils = await launchApp('?hl=en')
    expect(await testUtils.queries.waitForQueryByText('1.2万 members')).toBeTruthy()
    expect(fetchEnglish).toHaveBeenCalledTimes(1)
    expect(document.documentElement.lang).toBe('en')
    const texts = shown.texts().join('\n')
    shown.stop()
    expect(texts).not.toContain('位成员')
    expect(texts).not.toContain('homeMembers')
  })

  it('shows the diagnostics panel with debug', async () => {
    const testUtils = await launchApp('?debug=1')
    const panel = await testUtils.queries.waitForQuerySelector('.debug-panel')
    expect(panel.textContent).toContain('版本号 10001')
    expect(panel.textContent).toContain('环境 dev')
  })

  it('shows the desktop layout with viewpc: the servers rail and the channel list beside the page', async () => {
    windowWidth(390)
    const testUtils = await launchApp('?viewpc=1')
    await testUtils.queries.waitForQueryByText('星海城')
    expect(document.documentElement.classList.contains('desktop-layout')).toBe(true)
    const rail = await testUtils.queries.waitForQuerySelector('.desktop-columns__rail')
    expect(rail.querySelectorAll('.desktop-columns__server')).toHaveLength(3)
    expect(document.querySelector('.desktop-columns__server--current')?.getAttribute('aria-label')).toBe('星海城')
  })

  it('keeps the phone layout on a narrow window without viewpc, and never loads the desktop columns', async () => {
    windowWidth(1023)
    const testUtils = await launchApp()
    await testUtils.queries.waitForQueryByText('星海城')
    expect(document.documentElement.classList.contains('desktop-layout')).toBe(false)
    expect(document.querySelector('.desktop-columns')).toBeNull()
  })
})
