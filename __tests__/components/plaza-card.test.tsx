import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import PlazaCardView from '@/components/plaza-card'
import type { PlazaCard } from '@core/wire/plaza'

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

const invite: PlazaCard = { kind: 'game_invite', table_id: 't1', channel_id: 'c-plaza', game: 'gomoku', players: ['阿宁'], result: null, invite: 'code9' }

describe('a plaza card in the chat', () => {
  it('invites to a game by whom, and opens the table with its invite code through navigate', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as TaroGeneral.CallbackResult)
    const testUtils = new TestUtils()
    await testUtils.mount(PlazaCardView, { props: { card: invite, author: '阿宁', serverId: '723658', nameOf: () => null } })
    const card = await testUtils.queries.waitForQuerySelector('[data-testid="plaza-card"]')
    expect(card?.textContent).toContain('来一局 · 五子棋')
    expect(card?.textContent).toContain('阿宁 邀请你来一局五子棋')
    testUtils.act(() => { (document.querySelector('[data-testid="plaza-card-open"]') as HTMLElement).click() })
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/plaza/index?channel_id=c-plaza&server_id=723658&table_id=t1&invite=code9' })
  })

  it('says who won a game and how', async () => {
    const testUtils = new TestUtils()
    const result: PlazaCard = { ...invite, kind: 'game_result', invite: undefined, players: ['阿宁', '小周'], result: { winners: ['u2'], losers: ['u1'], draw: false, how: 'five' } }
    await testUtils.mount(PlazaCardView, { props: { card: result, author: 'OpenRealm', serverId: '723658', nameOf: (uid: string) => uid === 'u2' ? '小周' : null } })
    const line = await testUtils.queries.waitForQuerySelector('[data-testid="plaza-card-result"]')
    expect(line?.textContent).toBe('小周 获胜 · 五子连珠')
  })
})
