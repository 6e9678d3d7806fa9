import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import InboxEntries from '@/components/inbox-entries'
import { conversation, fakeConversationsApi } from '../stores/support/conversations-fakes'
import { user } from '../stores/support/fakes'
import { mountPage, unmountPages } from '../support/page-harness'

afterEach(() => {
  unmountPages()
  jest.restoreAllMocks()
})

const badge = (name: 'dm' | 'inbox'): string | null => document.querySelector(`[data-testid="${name}-entry-badge"]`)?.textContent ?? null

describe('InboxEntries', () => {
  it('offers 私信 and 通知 with their unread counts, capped as badges are', async () => {
    const conversations = fakeConversationsApi()
    conversations.list.mockResolvedValue([conversation('dm1', { unread_count: 2 })])
    const page = await mountPage(InboxEntries, { signedIn: user({ uid: 'B_me' }), conversations, beforeMount: root => root.session.restore() })
    runInAction(() => { page.root.inbox.unread = 120 })
    await page.settle()
    expect(Array.from(document.querySelectorAll('.inbox-entries__label')).map(node => node.textContent)).toEqual(['私信', '通知'])
    expect([badge('dm'), badge('inbox')]).toEqual(['2', '99+'])
    page.testUtils.act(() => { runInAction(() => { page.root.inbox.unread = 0 }) })
    expect(badge('inbox')).toBeNull()
  })

  it('opens the direct messages and the inbox in one tap', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as TaroGeneral.CallbackResult)
    const page = await mountPage(InboxEntries, { signedIn: user({ uid: 'B_me' }), beforeMount: root => root.session.restore() })
    await page.settle()
    await page.tap('.inbox-entries__button--dm')
    await page.tap('.inbox-entries__button--inbox')
    expect(navigateTo.mock.calls.map(([options]) => (options as { url: string }).url.split('?')[0])).toEqual(['/pages/conversations/index', '/pages/inbox/index'])
  })

  it('keeps its place before anyone is signed in: both buttons, no counts (the server\'s first screen draws them for a visitor)', async () => {
    await mountPage(InboxEntries)
    expect(Array.from(document.querySelectorAll('.inbox-entries__label')).map(node => node.textContent)).toEqual(['私信', '通知'])
    expect(document.querySelector('.inbox-entries__badge')).toBeNull()
  })
})
