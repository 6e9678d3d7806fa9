import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import DmNotice from '@/components/dm-notice'
import { DmNoticeStore } from '@/stores/direct-messages/dm-notice-store'
import { chatMessage, fakeGateway } from '../stores/support/chat-fakes'
import { manualScheduler, user } from '../stores/support/fakes'

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

const FANG = user({ uid: 'B_fang', nickname: '芳' })

async function mountNotice () {
  const gateway = fakeGateway()
  const store = new DmNoticeStore({ me: () => user({ uid: 'B_me' }), looking: () => null, scheduler: manualScheduler() })
  store.attach(gateway)
  const testUtils = new TestUtils()
  await testUtils.mount(DmNotice, { props: { store } })
  const arrive = (n: number, conversationId: string, content: string) => testUtils.act(() => {
    runInAction(() => gateway.emit('DM_MESSAGE_CREATE', chatMessage(n, { channel_id: conversationId, server_id: '', author: FANG, content })))
  })
  return { store, testUtils, arrive }
}

const notice = () => document.querySelector('[data-testid="dm-notice"]')

describe('DmNotice', () => {
  it('says who wrote and the first words, and a tap opens the conversation and takes the notice away', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as TaroGeneral.CallbackResult)
    const { testUtils, arrive } = await mountNotice()
    expect(notice()).toBeNull()
    arrive(1, 'dm1', '今晚一起开黑吗')
    expect(notice()?.textContent).toBe('新私信芳今晚一起开黑吗×')
    testUtils.act(() => { (document.querySelector('.dm-notice__body') as HTMLElement).click() })
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(navigateTo).toHaveBeenCalledWith(expect.objectContaining({ url: '/pages/conversation/index?conversation_id=dm1' }))
    expect(notice()).toBeNull()
  })

  it('counts a burst in one notice, and opens the list when it came from several conversations', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as TaroGeneral.CallbackResult)
    const { testUtils, arrive } = await mountNotice()
    arrive(1, 'dm1', '一')
    arrive(2, 'dm1', '二')
    expect(document.querySelector('.dm-notice__who')?.textContent).toBe('芳 发来 2 条私信')
    arrive(3, 'dm2', '三')
    expect(document.querySelectorAll('[data-testid="dm-notice"]')).toHaveLength(1)
    expect(document.querySelector('.dm-notice__who')?.textContent).toBe('3 条新私信，最新来自 芳')
    testUtils.act(() => { (document.querySelector('.dm-notice__body') as HTMLElement).click() })
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(navigateTo).toHaveBeenCalledWith(expect.objectContaining({ url: '/pages/conversations/index' }))
  })

  it('closes on ×', async () => {
    const { testUtils, arrive } = await mountNotice()
    arrive(1, 'dm1', '你好')
    testUtils.act(() => { (document.querySelector('.dm-notice__close') as HTMLElement).click() })
    expect(notice()).toBeNull()
  })
})
