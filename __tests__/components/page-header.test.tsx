import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import PageHeader, { type PageHeaderProps } from '@/components/page-header'
import { loadLanguage, setLanguage, t } from '@/i18n'

/** The page stack depth and the query of the page the header sits on. */
function onPage (depth: number, params: Record<string, string> = {}): void {
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue(Array.from({ length: depth }, () => ({ route: 'pages/me/index' })) as unknown as ReturnType<typeof Taro.getCurrentPages>)
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params } } as unknown as ReturnType<typeof Taro.getCurrentInstance>)
}

async function mount (props: PageHeaderProps): Promise<TestUtils> {
  const testUtils = new TestUtils()
  await testUtils.mount(PageHeader, { props })
  await testUtils.act(async () => { await Promise.resolve() })
  return testUtils
}

afterEach(() => {
  document.body.innerHTML = ''
  setLanguage(undefined)
  process.env.TARO_ENV = 'h5'
  jest.restoreAllMocks()
})

describe('PageHeader', () => {
  it('shows the title, as the page title too, and goes back to the page behind', async () => {
    onPage(2)
    const navigateBack = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'ok' })
    const testUtils = await mount({ title: '<b>大厅</b>' })
    expect(document.querySelector('.page-header__title')?.textContent).toBe('<b>大厅</b>')
    expect(document.title).toBe('<b>大厅</b>')
    const way = document.querySelector('.page-header__back') as HTMLElement
    expect(way.textContent).toContain('返回')
    testUtils.act(() => { way.click() })
    expect(navigateBack).toHaveBeenCalledWith({ delta: 1 })
  })

  it('leads a page opened from a link to its server\'s Home, keeping the carried keys', async () => {
    onPage(1, { hl: 'en', channel_id: '83282802' })
    await loadLanguage('en')
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'ok' })
    const testUtils = await mount({ title: t('pageTitleMe'), homeQuery: { server_id: '832828' } })
    const way = document.querySelector('.page-header__back') as HTMLElement
    expect(way.textContent).toContain('Home')
    testUtils.act(() => { way.click() })
    await testUtils.act(async () => { await Promise.resolve() })
    expect(reLaunch).toHaveBeenCalledWith({ url: '/index.html?hl=en&server_id=832828' })
    expect(document.title).toBe('Me')
  })

  it('draws nothing in the mini-program, whose own bar shows the title and the way back', async () => {
    process.env.TARO_ENV = 'weapp'
    onPage(1)
    await mount({ title: '我的' })
    expect(document.querySelector('.page-header')).toBeNull()
  })
})
