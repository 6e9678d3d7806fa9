import Taro from '@tarojs/taro'
import type { Invite } from '@core/wire/trust'
import InvitePage from '@/pages/invite/index'
import { mountPage, unmountPages } from '../support/page-harness'

function invite (state: Invite['state']): Invite {
  return {
    code: 'abcDEF2345',
    server: { server_id: '832828', name: '云端集市', sub_domain: 'market', icon: 'https://cdn.example/i.png', introduction: '', member_count: 7 },
    inviter: { uid: '100004', user_type: 1, addtime: 0, nickname: 'Mia', avatar: '/a.svg', signature: '' },
    max_uses: 1, uses: state === 'used_up' ? 1 : 0, expires_at: null, created_at: 0, state,
  }
}

/** The API answers GET /invites/:code with `answer` (the page's store talks through the app's request chain). */
function answerInvite (answer: Invite): void {
  jest.spyOn(Taro, 'request').mockImplementation(((options: { url: string }) => {
    const ok = options.url.includes('/invites/abcDEF2345')
    return Promise.resolve({ statusCode: ok ? 200 : 404, data: ok ? { code: 0, msg: 'ok', data: answer } : { code: 404000, msg: 'no', data: null }, header: {}, errMsg: 'request:ok' })
  }) as unknown as typeof Taro.request)
}

afterEach(() => {
  unmountPages()
  jest.restoreAllMocks()
})

describe('the invite page', () => {
  it('shows who invited to which server and offers to join', async () => {
    answerInvite(invite('valid'))
    const page = await mountPage(InvitePage, { params: { code: 'abcDEF2345' } })
    await page.testUtils.queries.waitForQuerySelector('.invite__join')
    expect(page.testUtils.queries.querySelector('.invite__from')?.textContent).toBe('Mia 邀请你加入')
    expect(page.testUtils.queries.querySelector('.invite__name')?.textContent).toBe('云端集市')
  })

  it('says plainly that a used-up invite cannot be used, and offers no join', async () => {
    answerInvite(invite('used_up'))
    const page = await mountPage(InvitePage, { params: { code: 'abcDEF2345' } })
    await page.testUtils.queries.waitForQuerySelector('.invite__problem')
    expect(page.testUtils.queries.querySelector('.invite__problem')?.textContent).toBe('这个邀请的使用次数已满，请向邀请人要一个新的')
    expect(page.testUtils.queries.querySelector('.invite__join[type="primary"]')).toBeNull()
  })

  it('offers a retry when the invite could not be asked for, which asks again', async () => {
    const request = jest.spyOn(Taro, 'request').mockImplementation((() => Promise.resolve({ statusCode: 502, data: '', header: {}, errMsg: 'request:ok' })) as unknown as typeof Taro.request)
    const page = await mountPage(InvitePage, { params: { code: 'abcDEF2345' } })
    await page.testUtils.queries.waitForQuerySelector('.invite__problem')
    expect(page.text()).toContain('请求异常')
    const asked = request.mock.calls.length
    answerInvite(invite('valid'))
    await page.tap('.invite__join', '重试')
    await page.testUtils.queries.waitForQuerySelector('.invite__join[type="primary"]')
    expect(page.testUtils.queries.querySelector('.invite__name')?.textContent).toBe('云端集市')
    expect(asked).toBeGreaterThan(0)
  })

  it('says a link without a code names no invite, with the way home', async () => {
    const page = await mountPage(InvitePage, { params: {} })
    await page.testUtils.queries.waitForQuerySelector('.invite__problem')
    expect(page.testUtils.queries.querySelector('.invite__problem')?.textContent).toBe('邀请不存在或已被撤销')
    expect(page.text()).toContain('返回首页')
  })
})
