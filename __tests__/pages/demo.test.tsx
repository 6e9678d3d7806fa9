import TestUtils from '@tarojs/test-utils-react'
import { loadLanguage, setLanguage } from '@/i18n'
import Demo from '@/pages/demo/index'
import { mountPage, unmountPages } from '../support/page-harness'

afterEach(() => {
  unmountPages()
  jest.restoreAllMocks()
})

async function openDemo (): Promise<TestUtils> {
  const { testUtils } = await mountPage(Demo)
  await testUtils.queries.waitForQuerySelector('.demo__section')
  return testUtils
}

/** The [input, shown text] pairs of the section with this heading. */
function rowsOf (testUtils: TestUtils, heading: string): Array<[string, string]> {
  const section = Array.from(testUtils.queries.querySelectorAll('.demo__section')).find(item => item.querySelector('.demo__heading')?.textContent === heading)
  if (!section) throw new Error(`no section ${heading}`)
  return Array.from(section.querySelectorAll('.demo__row')).map(row => [row.querySelector('.demo__input')?.textContent ?? '', row.querySelector('.demo__output')?.textContent ?? ''])
}

describe('Demo page', () => {
  it('shows the four identity badges', async () => {
    const testUtils = await openDemo()
    expect(Array.from(testUtils.queries.querySelectorAll('.identity-badge')).map(badge => badge.textContent)).toEqual(['用户', '机器人', '游客', '地图账号'])
  })

  it('shows the three live states with the app\'s live badge (SPEC §4)', async () => {
    const testUtils = await openDemo()
    expect(Array.from(testUtils.queries.querySelectorAll('.live-badge')).map(badge => badge.textContent)).toEqual(['直播中', '回放', '预约'])
  })

  it('shows counts with the 万 and 亿 units (SPEC §9)', async () => {
    expect(rowsOf(await openDemo(), '数量（万 / 亿）')).toEqual([
      ['9999', '9999'], ['10000', '1万'], ['12345', '1.2万'], ['99999999', '9999.9万'], ['100000000', '1亿'],
    ])
  })

  it('caps badge counts at 99+ (SPEC §9)', async () => {
    expect(rowsOf(await openDemo(), '角标数量')).toEqual([['99', '99'], ['100', '99+']])
  })

  it('shows sizes in K and M (SPEC §9)', async () => {
    expect(rowsOf(await openDemo(), '文件大小')).toEqual([['512', '512B'], ['1536', '1.5K'], ['1048576', '1M'], ['5767168', '5.5M']])
  })

  it('shows dates in UTC+8 across midnight there (SPEC §9)', async () => {
    const testUtils = await openDemo()
    expect(rowsOf(testUtils, '日期（UTC+8）').map(([input]) => input)).toEqual(['2024-01-01T15:59:00.000Z', '2024-01-01T16:00:00.000Z'])
    const shown = (selector: string) => Array.from(testUtils.queries.querySelectorAll(selector)).map(item => item.textContent)
    expect(shown('.demo__date')).toEqual(['2024-01-01 23:59', '2024-01-02 00:00'])
    expect(shown('.demo__iso')).toEqual(['2024-01-01T23:59:00+08:00', '2024-01-02T00:00:00+08:00'])
  })

  it('checks colours: only # and six hex digits is valid, with a swatch for valid ones (SPEC §5)', async () => {
    const testUtils = await openDemo()
    expect(rowsOf(testUtils, '颜色')).toEqual([
      ['#3370ff', '有效'], ['#00A870', '有效'], ['#fff', '无效'], ['3370ff', '无效'], ['#12345g', '无效'], ['#1234567', '无效'],
    ])
    const swatches = Array.from(testUtils.queries.querySelectorAll('.demo__swatch')) as HTMLElement[]
    expect(swatches.map(swatch => swatch.style.backgroundColor)).toEqual(['rgb(51, 112, 255)', 'rgb(0, 168, 112)', '', '', '', ''])
  })

  it('speaks English with hl=en', async () => {
    await loadLanguage('en')
    try {
      const testUtils = await openDemo()
      expect(Array.from(testUtils.queries.querySelectorAll('.identity-badge')).map(badge => badge.textContent)).toEqual(['User', 'Bot', 'Guest', 'Map account'])
      expect(rowsOf(testUtils, 'Colours').map(([, verdict]) => verdict)).toEqual(['valid', 'valid', 'invalid', 'invalid', 'invalid', 'invalid'])
    } finally {
      setLanguage(undefined)
    }
  })

  it('shows prices in fen as yuan', async () => {
    expect(rowsOf(await openDemo(), '价格')).toEqual([['0', '¥0.00'], ['1990', '¥19.90'], ['129900', '¥1,299.00']])
  })
})

describe('diagnostics on the Market, Me and Demo pages', () => {
  it('shows the debug panel on Demo with debug', async () => {
    const { testUtils } = await mountPage(Demo, { params: { debug: '1' } })
    const panel = await testUtils.queries.waitForQuerySelector('.debug-panel')
    expect(panel.textContent).toContain('版本号 10001')
  })

  it('shows no debug panel on Demo without debug', async () => {
    await openDemo()
    expect(document.querySelector('.debug-panel')).toBeNull()
  })
})
