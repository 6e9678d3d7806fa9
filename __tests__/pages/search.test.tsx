import Taro from '@tarojs/taro'
import type { SearchHit, SearchResult } from '@core/wire/search'
import SearchPage from '@/pages/search/index'
import { ChannelKind } from '@core/wire/codes'
import { envelopeError } from '@/services/request/errors'
import { mountPage, unmountPages } from '../support/page-harness'
import { channel, fakeApi, fakeMembersApi, user } from '../stores/support/fakes'
import { member, memberPage } from '../stores/support/trust-fakes'

const mockSearch = jest.fn<Promise<SearchResult>, [string, string, string | undefined]>()
jest.mock('@/services/api/search', () => ({ createSearchApi: () => ({ search: mockSearch }) }))

const SID = '832828'

function hit (overrides: Partial<SearchHit> = {}): SearchHit {
  return {
    kind: 'message', id: '1790000000000000001', server_id: SID, channel_id: '83282802', post_id: null,
    author: { uid: '100001', user_type: 1, addtime: 0, nickname: '林晓', avatar: '', signature: '', gender: 0 },
    text: '<b>今晚</b>直播', matches: [[9, 11]], created_at: 1_790_000_000, ...overrides,
  }
}

let navigateTo: jest.SpyInstance
beforeEach(() => {
  mockSearch.mockReset()
  navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as TaroGeneral.CallbackResult)
})

afterEach(() => {
  unmountPages()
  jest.restoreAllMocks()
})

/** Types `text` in the box as a user would (the H5 input's own input event) and submits it. */
async function searchFor (page: Awaited<ReturnType<typeof mountPage>>, text: string): Promise<void> {
  const box = document.querySelector('.search-page__input input, input.search-page__input') as HTMLInputElement
  await page.testUtils.act(async () => {
    box.value = text
    box.dispatchEvent(new Event('input', { bubbles: true }))
  })
  await page.tap('.search-page__go')
}

describe('the search page', () => {
  it('shows a hit with the matched words highlighted as text, never as HTML', async () => {
    mockSearch.mockResolvedValue({ items: [hit()], has_more: false, next: null })
    const page = await mountPage(SearchPage, { params: { sid: SID } })
    await page.settle()
    await searchFor(page, '直播')
    expect(mockSearch).toHaveBeenCalledWith(SID, '直播', undefined)
    expect(document.querySelector('.search-hit__match')?.textContent).toBe('直播')
    expect(document.querySelector('.search-hit b')).toBeNull()
    expect(page.text()).toContain('<b>今晚</b>')
  })

  it('opened straight from a link, loads the server\'s channels: a hit names its channel, and each channel (not a group) is an in: chip', async () => {
    mockSearch.mockResolvedValue({ items: [hit()], has_more: false, next: null })
    const api = fakeApi()
    const general = channel('83282801', { server_id: SID, kind: ChannelKind.Group, name: '综合' })
    api.listChannels.mockResolvedValue([{ group: general, channels: [channel('83282802', { server_id: SID, name: '大厅', parent_id: general.channel_id })] }])
    const page = await mountPage(SearchPage, { api, params: { sid: SID } })
    await page.settle()
    expect(api.listChannels).toHaveBeenCalledWith(SID)
    expect(Array.from(document.querySelectorAll('.search-page__chip')).map(chip => chip.textContent)).toEqual(['含图片', '含链接', '#大厅'])
    await searchFor(page, '直播')
    expect(document.querySelector('.search-hit__place')?.textContent).toBe('大厅')
  })

  it('opens a message hit in its channel at that message', async () => {
    mockSearch.mockResolvedValue({ items: [hit()], has_more: false, next: null })
    const page = await mountPage(SearchPage, { params: { sid: SID } })
    await page.settle()
    await searchFor(page, '直播')
    await page.tap('.search-hit')
    expect(navigateTo).toHaveBeenCalledWith({ url: expect.stringContaining('channel_id=83282802') })
    expect(navigateTo).toHaveBeenCalledWith({ url: expect.stringContaining('around=1790000000000000001') })
  })

  it.each([
    // the envelope a zh-CN page met before the server spoke its language: English msg, Content-Language en
    ['a refusal the server told in English in the page\'s Chinese, without a 重试 that cannot help', envelopeError(400000, 'from: no member "nobody" in this server', 400, 'en'), '请求有误，请检查后再试', false],
    ['the server\'s words when they are in the page\'s language, still without 重试', envelopeError(400000, 'from: 这个社区没有成员「nobody」', 400, 'zh-CN'), 'from: 这个社区没有成员「nobody」', false],
    ['a failure a retry can fix (the service was down) with 重试', envelopeError(503000, 'search index unavailable', 503, 'en'), '服务暂时不可用，请稍后重试', true],
  ])('shows %s', async (_name, error, words, retry) => {
    mockSearch.mockRejectedValue(error)
    const page = await mountPage(SearchPage, { params: { sid: SID } })
    await page.settle()
    await searchFor(page, 'word from:nobody')
    expect(page.text()).toContain(words)
    expect(page.text()).not.toMatch(/no member|unavailable/)
    expect(document.querySelector('.state-view__retry') !== null).toBe(retry)
  })

  it('shows mentions in a hit by name, as the chat does, and an unknown member as @用户', async () => {
    const members = fakeMembersApi()
    members.list.mockResolvedValue(memberPage([member('819923169452', { user: user({ uid: '819923169452', nickname: '阿杰' }) })]))
    mockSearch.mockResolvedValue({ items: [hit({ text: '<@819923169452> 桌子我来搬 <@555>', matches: [[16, 18]] })], has_more: false, next: null })
    const page = await mountPage(SearchPage, { members, params: { sid: SID } })
    await page.settle()
    await searchFor(page, '桌子')
    const text = document.querySelector('.search-hit__text')?.textContent
    expect(text).toBe('@阿杰 桌子我来搬 @用户')
    expect(document.querySelector('.search-hit__match')?.textContent).toBe('桌子')
  })
})
