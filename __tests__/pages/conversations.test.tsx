import Taro from '@tarojs/taro'
import ConversationsPage from '@/pages/conversations/index'
import Me from '@/pages/me/index'
import DesktopColumns from '@/components/desktop-columns'
import { RequestError } from '@/services/request/errors'
import { fakeApi } from '../stores/support/fakes'
import { LIN, ME, chatMessage } from '../stores/support/chat-fakes'
import { conversation, fakeConversationsApi } from '../stores/support/conversations-fakes'
import { mountPage, spyToasts, toastTitles, unmountPages } from '../support/page-harness'

let navigateTo: jest.SpyInstance
beforeEach(() => {
  navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as TaroGeneral.CallbackResult)
})
afterEach(() => {
  unmountPages()
  jest.restoreAllMocks()
})

/** Mounts `Page` signed in as ME with `list` as my conversations. */
async function open (Page: Parameters<typeof mountPage>[0], list: ReturnType<typeof conversation>[] | Error) {
  const conversations = fakeConversationsApi()
  if (list instanceof Error) conversations.list.mockRejectedValue(list)
  else conversations.list.mockResolvedValue(list)
  const api = fakeApi()
  api.getMe.mockResolvedValue(ME)
  api.listServers.mockResolvedValue([])
  const page = await mountPage(Page, { api, signedIn: ME, conversations, beforeMount: root => { void root.conversations.load().then(shared => shared.load()) } })
  await page.settle()
  return { page, conversations }
}

const LAST = chatMessage(5, { channel_id: 'd1', server_id: '', author: LIN, content: `晚上见 <@${ME.uid}>` })

describe('the direct messages page', () => {
  it('lists my conversations by the other member, with the newest message in words and the unread count', async () => {
    await open(ConversationsPage, [conversation('d1', { last_message: LAST, unread_count: 120 }), conversation('d2')])
    expect(Array.from(document.querySelectorAll('.conversations__title')).map(node => node.textContent)).toEqual(['林晓', '林晓'])
    expect(Array.from(document.querySelectorAll('.conversations__excerpt')).map(node => node.textContent)).toEqual(['晚上见 @我', '还没有消息'])
    expect(Array.from(document.querySelectorAll('.conversations__badge')).map(node => node.textContent)).toEqual(['99+'])
  })

  it('opens a conversation on a tap', async () => {
    const { page } = await open(ConversationsPage, [conversation('d1', { last_message: LAST })])
    await page.tap('[data-testid="conversation-row"]')
    expect(navigateTo).toHaveBeenCalledWith({ url: expect.stringMatching(/^\/pages\/conversation\/index\?.*conversation_id=d1/) })
  })

  it('says when there is no conversation yet', async () => {
    const { page } = await open(ConversationsPage, [])
    expect(page.text()).toContain('还没有私信')
  })

  it('shows a failure with a retry, and the list after it', async () => {
    const { page, conversations } = await open(ConversationsPage, new RequestError({ kind: 'failed', code: -1, message: '网络异常' }))
    expect(page.text()).toContain('网络异常')
    conversations.list.mockResolvedValue([conversation('d1')])
    await page.tap('.state-view__retry')
    expect(document.querySelectorAll('[data-testid="conversation-row"]')).toHaveLength(1)
  })

  it('saves who may message me', async () => {
    const toasts = spyToasts()
    const { page, conversations } = await open(ConversationsPage, [])
    expect(document.querySelector('.settings-choice__chip--chosen')?.textContent).toBe('同服务器的成员')
    await page.tap('.settings-choice__chip', '任何人都不可以')
    expect(conversations.setPrivacy).toHaveBeenCalledWith('nobody')
    expect(toastTitles(toasts)).toEqual(['已保存'])
    expect(document.querySelector('.settings-choice__chip--chosen')?.textContent).toBe('任何人都不可以')
  })

  it('lists the members I block and lifts a block from there', async () => {
    const toasts = spyToasts()
    const conversations = fakeConversationsApi()
    conversations.blocked.mockResolvedValue([LIN])
    const api = fakeApi()
    api.getMe.mockResolvedValue(ME)
    const page = await mountPage(ConversationsPage, { api, signedIn: ME, conversations })
    await page.settle()
    expect(Array.from(document.querySelectorAll('[data-testid="blocked-row"]')).map(node => node.textContent)).toEqual(['林晓取消屏蔽'])
    await page.tap('.conversations__unblock')
    expect(conversations.unblock).toHaveBeenCalledWith(LIN.uid)
    expect(toastTitles(toasts)).toEqual(['已取消屏蔽'])
    expect(document.querySelector('[data-testid="blocked-row"]')).toBeNull()
  })
})

describe('the direct messages entries', () => {
  it('shows the unread direct messages on Me, and opens the list from there', async () => {
    const { page } = await open(Me, [conversation('d1', { unread_count: 2 }), conversation('d2', { unread_count: 1 })])
    expect(document.querySelector('.me__dm-badge')?.textContent).toBe('3')
    await page.tap('.me__dm')
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/conversations/index' })
  })

  it('shows the unread direct messages on the desktop rail, and opens the list from there', async () => {
    const { page } = await open(DesktopColumns, [conversation('d1', { unread_count: 4 })])
    const entry = document.querySelector('[aria-label="私信"]')
    expect(entry?.textContent).toContain('4')
    await page.tap('[aria-label="私信"]')
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/conversations/index' })
  })
})
