import Taro from '@tarojs/taro'
import { setPageTitle } from '@/utils/page-title'

afterEach(() => {
  jest.restoreAllMocks()
  document.title = ''
})

describe('the page title on H5 (page-title.h5.ts)', () => {
  it('shows markup in a title as text and never hands it to the HTML-writing navigation bar', async () => {
    const setBarTitle = jest.spyOn(Taro, 'setNavigationBarTitle')
    const hostile = '<img src=x onerror="window.__pwned=1">'
    await setPageTitle(hostile)
    expect(document.title).toBe(hostile)
    expect(document.querySelector('img')).toBeNull()
    expect(setBarTitle).not.toHaveBeenCalled()
  })
})

describe('the page title in the mini-program (page-title.ts)', () => {
  it("asks the platform's navigation bar, which shows text", async () => {
    const { setPageTitle: setMiniProgramTitle } = jest.requireActual<typeof import('@/utils/page-title')>('@/utils/page-title.ts')
    const setBarTitle = jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({ errMsg: 'setNavigationBarTitle:ok' })
    await setMiniProgramTitle('公告')
    expect(setBarTitle).toHaveBeenCalledWith({ title: '公告' })
  })

  it('rejects when the platform refuses', async () => {
    const { setPageTitle: setMiniProgramTitle } = jest.requireActual<typeof import('@/utils/page-title')>('@/utils/page-title.ts')
    jest.spyOn(Taro, 'setNavigationBarTitle').mockRejectedValue(new Error('setNavigationBarTitle:fail'))
    await expect(setMiniProgramTitle('公告')).rejects.toThrow('setNavigationBarTitle:fail')
  })
})
