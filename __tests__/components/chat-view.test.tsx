import TestUtils from '@tarojs/test-utils-react'
import ChatView, { typingText } from '@/components/chat-view'
import { ChannelChat, ServerMembers } from '@/stores/chat-store'
import { fakeLogger, manualScheduler } from '../stores/support/fakes'
import { LIN, ME, chatMessage, chatMessages, fakeGateway, fakeMembership, fakeMessagesApi, historyPage, memberList } from '../stores/support/chat-fakes'

const NOW_MS = 1_790_000_100_000

afterEach(() => { document.body.innerHTML = '' })

async function mountChat (items = chatMessages(1, 3), options: { isMember?: boolean, unreadCount?: number, hasOlder?: boolean } = {}) {
  const api = fakeMessagesApi()
  const gateway = fakeGateway()
  const deps = { api, gateway, me: () => ME, clock: () => NOW_MS, scheduler: manualScheduler(), logger: fakeLogger() }
  const chat = new ChannelChat({ channelId: 'c1', serverId: '723658', unreadCount: options.unreadCount }, deps)
  const members = new ServerMembers('723658', { listMembers: memberList([LIN]), logger: deps.logger })
  const membership = fakeMembership(options.isMember ?? true)
  api.listHistory.mockResolvedValueOnce(historyPage(items, options.hasOlder ?? false))
  await chat.start()
  const testUtils = new TestUtils()
  await testUtils.mount(ChatView, { props: { chat, members, membership, now: NOW_MS } })
  return { api, gateway, chat, members, membership, testUtils }
}

const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map(node => node.textContent)

describe('ChatView', () => {
  it('shows the conversation oldest first, user text as text', async () => {
    const { testUtils } = await mountChat([chatMessage(1, { content: '<b>早</b>' }), chatMessage(2, { content: '大家好' })])
    await testUtils.queries.waitForQuerySelectorAll('.chat-message')
    expect(texts('.chat-message__text')).toEqual(['<b>早</b>', '大家好'])
    expect(document.querySelector('b')).toBeNull()
  })

  it('renders only the rows near the viewport of 10,000 loaded messages', async () => {
    const { testUtils } = await mountChat(chatMessages(1, 10_000))
    await testUtils.queries.waitForQuerySelectorAll('.chat-message')
    const rendered = document.querySelectorAll('.chat-message').length
    expect(rendered).toBeGreaterThan(0)
    expect(rendered).toBeLessThan(80)
    expect(texts('.chat-message__text').pop()).toBe('message 10000')
  })

  it('renders the rows a taller viewport shows once it gets its height (a page shown late, a resized window)', async () => {
    let resized: (() => void) | null = null
    const original = (globalThis as { ResizeObserver?: unknown }).ResizeObserver
    ;(globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
      constructor (callback: () => void) { resized = callback }
      observe () {}
      disconnect () {}
    }
    try {
      const { testUtils } = await mountChat(chatMessages(1, 10_000))
      const [scroller] = await testUtils.queries.waitForQuerySelectorAll('.chat-list__scroll')
      const before = document.querySelectorAll('.chat-message').length
      scroller.getBoundingClientRect = () => ({ height: 4000, width: 390, top: 0, left: 0, bottom: 4000, right: 390, x: 0, y: 0, toJSON: () => ({}) })
      await testUtils.act(async () => { resized?.() })
      expect(document.querySelectorAll('.chat-message').length).toBeGreaterThan(before)
      expect(texts('.chat-message__text').pop()).toBe('message 10000')
    } finally {
      (globalThis as { ResizeObserver?: unknown }).ResizeObserver = original
    }
  })

  it('puts the new-messages divider above the first unread message, and a day separator above the first message', async () => {
    const { testUtils } = await mountChat(chatMessages(1, 10), { unreadCount: 3 })
    const [divider] = await testUtils.queries.waitForQuerySelectorAll('.chat-list__unread')
    expect(divider.textContent).toBe('新消息')
    expect(divider.parentElement?.querySelector('.chat-message__text')?.textContent).toBe('message 8')
    expect(texts('.chat-list__day')).toHaveLength(1)
  })

  it('loads older messages when scrolled to the top', async () => {
    const { api, testUtils } = await mountChat(chatMessages(51, 100), { hasOlder: true })
    const [scroller] = await testUtils.queries.waitForQuerySelectorAll('.chat-list__scroll')
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(1, 50), false))
    testUtils.act(() => { scroller.scrollTop = 0; scroller.dispatchEvent(new Event('scroll')) })
    expect(api.listHistory).toHaveBeenLastCalledWith('c1', { before: chatMessage(51).message_id, limit: 50 })
  })

  it('marks what a member reads at the bottom as read, and nothing for a visitor', async () => {
    const member = await mountChat(chatMessages(1, 3))
    await member.testUtils.queries.waitForQuerySelectorAll('.chat-message')
    expect(member.api.markRead).toHaveBeenCalledWith('c1', chatMessage(3).message_id)
    document.body.innerHTML = ''
    const visitor = await mountChat(chatMessages(1, 3), { isMember: false })
    await visitor.testUtils.queries.waitForQuerySelectorAll('.chat-message')
    expect(visitor.api.markRead).not.toHaveBeenCalled()
  })

  it('offers the composer labelled 输入消息 with the 发送 button to a member', async () => {
    const { testUtils } = await mountChat()
    await testUtils.queries.waitForQuerySelectorAll('.chat-composer')
    expect(document.querySelector('.chat-composer__input')?.getAttribute('placeholder')).toBe('输入消息')
    expect(texts('.chat-composer__send')).toEqual(['发送'])
    expect(document.querySelector('.chat-view__join')).toBeNull()
  })

  it('shows a non-member the join bar instead of the composer, and the composer once joined', async () => {
    const { membership, testUtils } = await mountChat(chatMessages(1, 2), { isMember: false })
    const [button] = await testUtils.queries.waitForQuerySelectorAll('.chat-view__join-button')
    expect(texts('.chat-view__join-text')).toEqual(['加入社区后即可发言'])
    expect(document.querySelector('.chat-composer')).toBeNull()
    testUtils.act(() => { (button as HTMLElement).click() })
    await testUtils.queries.waitForQuerySelectorAll('.chat-composer')
    expect(membership.join).toHaveBeenCalled()
    expect(document.querySelector('.chat-view__join')).toBeNull()
  })

  it('says who is typing and that the connection is being restored', async () => {
    const { gateway, testUtils } = await mountChat()
    testUtils.act(() => {
      gateway.emit('TYPING_START', { channel_id: 'c1', uid: LIN.uid, nickname: '林晓', at: 1 })
      gateway.connect('reconnecting')
    })
    await testUtils.queries.waitForQuerySelectorAll('.chat-view__connection')
    expect(texts('.chat-view__typing')).toEqual(['林晓 正在输入…'])
    expect(texts('.chat-view__connection')).toEqual(['正在重新连接…'])
  })

  it('marks a failed message with tap to retry', async () => {
    const { api, chat, testUtils } = await mountChat([])
    api.sendMessage.mockRejectedValueOnce(new Error('offline'))
    chat.setDraft('hi')
    await testUtils.act(async () => { await chat.submit() })
    const [failed] = await testUtils.queries.waitForQuerySelectorAll('.chat-message__state--failed')
    expect(failed.textContent).toBe('发送失败，点击重试')
  })
})

describe('typingText', () => {
  it('names one or two typers and counts more', () => {
    expect([typingText([]), typingText(['林晓', 'Alex']), typingText(['a', 'b', 'c'])]).toEqual(['', '林晓 和 Alex 正在输入…', '3 人正在输入…'])
  })
})
