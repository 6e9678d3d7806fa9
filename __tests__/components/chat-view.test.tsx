import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import TestUtils from '@tarojs/test-utils-react'
import type { PermissionName } from '@core/domain/permissions'
import type { Pin } from '@core/wire/pins'
import ChatView, { typingText } from '@/components/chat-view'
import { ChatAccess } from '@/stores/chat/access'
import { ChannelChat } from '@/stores/chat/channel-chat'
import { PinsStore } from '@/stores/chat/pins-store'
import { ServerMembers } from '@/stores/chat/members'
import * as feedbackUi from '@/utils/feedback-ui'
import { fakeLogger, manualScheduler } from '../stores/support/fakes'
import { LIN, ME, attachment, chatMessage, chatMessages, fakeGateway, fakeMembership, fakeMessagesApi, fakePermissions, historyPage, memberList } from '../stores/support/chat-fakes'

const NOW_MS = 1_790_000_100_000

// the app's entry does this from config/index.ts (designWidth 750)
beforeAll(() => { Taro.initPxTransform({ designWidth: 750, deviceRatio: { 375: 2, 640: 1.17, 750: 1, 828: 0.905 } }) })

afterEach(() => { document.body.innerHTML = '' })

async function mountChat (items = chatMessages(1, 3), options: { isMember?: boolean, unreadCount?: number, lastReadId?: string, aroundId?: string, hasOlder?: boolean, permissions?: PermissionName[], pins?: PinsStore } = {}) {
  const api = fakeMessagesApi()
  const gateway = fakeGateway()
  const report = jest.fn(() => Promise.resolve({}))
  const deps = { api, gateway, me: () => ME, clock: () => NOW_MS, scheduler: manualScheduler(), logger: fakeLogger(), report, upload: () => Promise.resolve('https://cdn.example/a.png') }
  const chat = new ChannelChat({ channelId: 'c1', serverId: '723658', unreadCount: options.unreadCount, lastReadId: options.lastReadId, aroundId: options.aroundId }, deps)
  const members = new ServerMembers('723658', { listMembers: memberList([LIN]), logger: deps.logger })
  const membership = fakeMembership(options.isMember ?? true)
  const permissions = fakePermissions(options.permissions ?? ['SendMessages', 'AttachFiles'], () => NOW_MS)
  const access = new ChatAccess('c1', { permissions, isMember: () => membership.isMember, clock: () => NOW_MS, scheduler: deps.scheduler })
  api.listHistory.mockResolvedValueOnce(historyPage(items, options.hasOlder ?? false))
  await chat.start()
  const testUtils = new TestUtils()
  await testUtils.mount(ChatView, { props: { chat, members, membership, access, now: NOW_MS, pins: options.pins } })
  return { api, gateway, chat, members, membership, permissions, report, testUtils }
}

/** Opens the action bar of the message whose text is `text`. */
async function openActions (testUtils: TestUtils, text: string): Promise<void> {
  await testUtils.queries.waitForQuerySelectorAll('.chat-message')
  const row = Array.from(document.querySelectorAll('.chat-message')).find(node => node.querySelector('.chat-message__text')?.textContent === text)
  testUtils.act(() => { (row?.querySelector('.chat-message__more') as HTMLElement).click() })
  await testUtils.queries.waitForQuerySelectorAll('.chat-message__actions')
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
      scroller.style.overflowY = 'scroll' // as Taro's scroll view once it has rendered its class
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

  it('shows avatar, name and badges once for consecutive messages of one author within five minutes', async () => {
    const items = [chatMessage(1), chatMessage(2), chatMessage(3, { created_at: chatMessage(2).created_at + 6 * 60 }), chatMessage(4, { author: ME, created_at: chatMessage(2).created_at + 6 * 60 + 1 })]
    const { testUtils } = await mountChat(items)
    await testUtils.queries.waitForQuerySelectorAll('.chat-message')
    expect(texts('.chat-message__author')).toEqual(['林晓', '林晓', '我'])
    expect(document.querySelectorAll('.chat-message--grouped')).toHaveLength(1)
  })

  it('gives an author without a picture (a guest) a coloured initial like everyone else', async () => {
    const { testUtils } = await mountChat([chatMessage(1, { author: { ...LIN, avatar: '' } })])
    const [avatar] = await testUtils.queries.waitForQuerySelectorAll('.chat-avatar--initial')
    expect(avatar.textContent).toBe('林')
    expect(avatar.className).toMatch(/chat-avatar--tone-\d/)
  })

  it('counts the newer messages below the fold on a bar (3 条新消息) that jumps to them, and says 回到底部 when none are new', async () => {
    const { gateway, testUtils } = await mountChat(chatMessages(1, 200))
    const [scroller] = await testUtils.queries.waitForQuerySelectorAll('.chat-list__scroll')
    testUtils.act(() => {
      Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 100_000 })
      scroller.scrollTop = 0
      scroller.dispatchEvent(new Event('scroll'))
    })
    const [bar] = await testUtils.queries.waitForQuerySelectorAll('.chat-list__jump')
    expect(bar.textContent).toBe('回到底部 ↓')
    testUtils.act(() => { for (const n of [201, 202, 203]) gateway.emit('MESSAGE_CREATE', chatMessage(n)) })
    expect(texts('.chat-list__jump')).toEqual(['3 条新消息 ↓'])
    testUtils.act(() => { (document.querySelector('.chat-list__jump') as HTMLElement).click() })
    expect(texts('.chat-message__text')).toContain('message 203')
  })

  it('loads older messages when scrolled to the top', async () => {
    const { api, testUtils } = await mountChat(chatMessages(51, 100), { hasOlder: true })
    const [scroller] = await testUtils.queries.waitForQuerySelectorAll('.chat-list__scroll')
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(1, 50), false))
    testUtils.act(() => { scroller.scrollTop = 0; scroller.dispatchEvent(new Event('scroll')) })
    expect(api.listHistory).toHaveBeenLastCalledWith('c1', { before: chatMessage(51).message_id, limit: 50 })
  })

  it('reads the unread messages a member is shown at opening, though the view opened at the first of them and not at the bottom', async () => {
    const { api, testUtils } = await mountChat(chatMessages(1, 10), { unreadCount: 3, lastReadId: chatMessage(7).message_id })
    await testUtils.queries.waitForQuerySelectorAll('.chat-list__unread')
    expect(api.markRead.mock.calls).toEqual([['c1', chatMessage(10).message_id]])
  })

  it('reads up to the last message on screen when more is unread than a screen holds, not up to the newest', async () => {
    const { api, chat, testUtils } = await mountChat(chatMessages(1, 100), { unreadCount: 60, lastReadId: chatMessage(40).message_id })
    await testUtils.queries.waitForQuerySelectorAll('.chat-list__unread')
    const [[, readUpTo]] = api.markRead.mock.calls
    expect(readUpTo > chatMessage(41).message_id && readUpTo < chatMessage(60).message_id).toBe(true)
    expect(chat.unreadBelow?.unread).toBe(100 - Number(readUpTo.slice(-3)))
  })

  it('counts no new messages on the bar below a search hit among messages already read', async () => {
    const { testUtils } = await mountChat(chatMessages(1, 60), { unreadCount: 0, lastReadId: chatMessage(60).message_id, aroundId: chatMessage(5).message_id })
    await testUtils.queries.waitForQuerySelectorAll('.chat-list__row--found')
    const [bar] = await testUtils.queries.waitForQuerySelectorAll('.chat-list__jump')
    expect(bar.textContent).toBe('回到底部 ↓')
  })

  it('marks what a member reads at the bottom as read, and nothing for a visitor', async () => {
    const member = await mountChat(chatMessages(1, 3), { unreadCount: 0 })
    await member.testUtils.queries.waitForQuerySelectorAll('.chat-message')
    expect(member.api.markRead).toHaveBeenCalledWith('c1', chatMessage(3).message_id)
    document.body.innerHTML = ''
    const visitor = await mountChat(chatMessages(1, 3), { isMember: false, unreadCount: 0 })
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

  it('says 你已被移出该社区 and takes the composer away when I am removed while looking', async () => {
    const { membership, testUtils } = await mountChat()
    await testUtils.queries.waitForQuerySelectorAll('.chat-composer')
    const state = membership as { removed: boolean, isMember: boolean | null } // the fake is an observable the test may change
    testUtils.act(() => { runInAction(() => { state.removed = true; state.isMember = false }) })
    const [notice] = await testUtils.queries.waitForQuerySelectorAll('.chat-view__notice--removed')
    expect(notice.textContent).toBe('你已被移出该社区')
    expect(document.querySelector('.chat-composer')).toBeNull()
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

  it('opens a message\'s actions on a long press wherever the finger rests (every View under it passes the press on to the row)', async () => {
    const { testUtils } = await mountChat([chatMessage(1)])
    await testUtils.queries.waitForQuerySelectorAll('.chat-message')
    for (const target of ['.chat-message__text', '.chat-message__author']) {
      const touched = document.querySelector(target) as HTMLElement
      await testUtils.act(async () => {
        touched.dispatchEvent(new Event('touchstart', { bubbles: true }))
        await new Promise(resolve => setTimeout(resolve, 400)) // Taro's long press: 350 ms
        touched.dispatchEvent(new Event('touchend', { bubbles: true }))
      })
      expect(document.querySelectorAll('.chat-message__actions')).toHaveLength(1)
    }
  })

  it('lets the tap of the finger that held a message open press nothing, and a tap on the bar its action', async () => {
    const { api, testUtils } = await mountChat([chatMessage(1)])
    await testUtils.queries.waitForQuerySelectorAll('.chat-message')
    const text = document.querySelector('.chat-message__text') as HTMLElement
    await testUtils.act(async () => {
      text.dispatchEvent(new Event('touchstart', { bubbles: true }))
      await new Promise(resolve => setTimeout(resolve, 400)) // Taro's long press: 350 ms
      text.dispatchEvent(new Event('touchend', { bubbles: true }))
    })
    const thumbsUp = () => Array.from(document.querySelectorAll('.chat-message__action--emoji')).find(node => node.textContent === '👍') as HTMLElement
    testUtils.act(() => { thumbsUp().click() }) // the browser's tap where the finger lifted
    expect(api.addReaction).not.toHaveBeenCalled()
    await testUtils.act(async () => {
      thumbsUp().dispatchEvent(new Event('touchstart', { bubbles: true }))
      thumbsUp().click()
    })
    expect(api.addReaction).toHaveBeenCalledWith('c1', chatMessage(1).message_id, '👍')
  })
})

describe('ChatView: pictures', () => {
  const taroEnv = process.env.TARO_ENV
  afterEach(() => {
    jest.restoreAllMocks()
    process.env.TARO_ENV = taroEnv
  })

  it('shows a message\'s picture sized from its natural size before it loads, and opens the platform viewer on every picture of the message in the mini-program', async () => {
    const preview = jest.spyOn(Taro, 'previewImage').mockResolvedValue({ errMsg: 'previewImage:ok' } as never)
    process.env.TARO_ENV = 'weapp'
    const { testUtils } = await mountChat([chatMessage(1, { attachments: [attachment(1, { width: 1200, height: 600 })] }), chatMessage(2, { attachments: [attachment(2), attachment(3)] })])
    const images = await testUtils.queries.waitForQuerySelectorAll('.chat-message__image')
    expect(images).toHaveLength(3)
    const single = images[0] as HTMLElement
    expect([single.style.width, single.style.height]).toEqual([Taro.pxTransform(360), Taro.pxTransform(180)])
    expect((images[1] as HTMLElement).style.width).toBe(Taro.pxTransform(180))
    testUtils.act(() => { (images[2] as HTMLElement).click() })
    expect(preview).toHaveBeenCalledWith({ current: attachment(3).url, urls: [attachment(2).url, attachment(3).url] })
  })

  it('opens its own viewer on H5 with a counter (2 / 3), previous and next, and a close button', async () => {
    const { testUtils } = await mountChat([chatMessage(1, { attachments: [attachment(1), attachment(2), attachment(3)] })])
    const images = await testUtils.queries.waitForQuerySelectorAll('.chat-message__image')
    testUtils.act(() => { (images[1] as HTMLElement).click() })
    const [viewer] = await testUtils.queries.waitForQuerySelectorAll('.chat-image-viewer')
    expect(texts('.chat-image-viewer__counter')).toEqual(['2 / 3'])
    testUtils.act(() => { (viewer.querySelector('.chat-image-viewer__step--next') as HTMLElement).click() })
    expect(texts('.chat-image-viewer__counter')).toEqual(['3 / 3'])
    expect(viewer.querySelector('.chat-image-viewer__step--next')).toBeNull()
    testUtils.act(() => { (viewer.querySelector('.chat-image-viewer__close') as HTMLElement).click() })
    expect(document.querySelector('.chat-image-viewer')).toBeNull()
  })

  it('offers the attach button only where I may attach pictures', async () => {
    const allowed = await mountChat()
    await allowed.testUtils.queries.waitForQuerySelectorAll('.chat-composer__attach')
    document.body.innerHTML = ''
    const refused = await mountChat(chatMessages(1, 2), { permissions: ['SendMessages'] })
    await refused.testUtils.queries.waitForQuerySelectorAll('.chat-composer')
    expect(document.querySelector('.chat-composer__attach')).toBeNull()
  })
})

describe('ChatView: moderation', () => {
  afterEach(() => { jest.restoreAllMocks() })

  it('offers delete on others\' messages to a moderator only, and report on others\' messages to everyone', async () => {
    const member = await mountChat([chatMessage(1), chatMessage(2, { author: ME, content: 'mine' })])
    await openActions(member.testUtils, 'message 1')
    expect(texts('.chat-message__action:not(.chat-message__action--emoji)')).toEqual(['回复', '举报'])
    document.body.innerHTML = ''
    const moderator = await mountChat([chatMessage(1), chatMessage(2, { author: ME, content: 'mine' })], { permissions: ['SendMessages', 'ManageMessages'] })
    await openActions(moderator.testUtils, 'message 1')
    expect(texts('.chat-message__action:not(.chat-message__action--emoji)')).toEqual(['回复', '删除', '举报'])
    await openActions(moderator.testUtils, 'mine')
    expect(texts('.chat-message__action:not(.chat-message__action--emoji)')).toEqual(['回复', '编辑', '删除'])
  })

  it('deletes another\'s message as a moderator after confirming', async () => {
    jest.spyOn(feedbackUi, 'showModal').mockResolvedValue(true)
    const { api, chat, testUtils } = await mountChat([chatMessage(1), chatMessage(2)], { permissions: ['SendMessages', 'ManageMessages'] })
    await openActions(testUtils, 'message 1')
    await testUtils.act(async () => {
      (Array.from(document.querySelectorAll('.chat-message__action')).find(node => node.textContent === '删除') as HTMLElement).click()
      await new Promise(resolve => setTimeout(resolve, 0))
    })
    expect(api.deleteMessage).toHaveBeenCalledWith('c1', chatMessage(1).message_id)
    expect(chat.entries.map(entry => entry.message.content)).toEqual(['message 2'])
  })

  it('reports a message with the reason picked from the sheet and says it was taken', async () => {
    const sheet = jest.spyOn(feedbackUi, 'showActionSheet').mockResolvedValue(2)
    const shown = jest.spyOn(feedbackUi, 'showToast').mockResolvedValue({})
    const { report, testUtils } = await mountChat([chatMessage(1)])
    await openActions(testUtils, 'message 1')
    await testUtils.act(async () => {
      (Array.from(document.querySelectorAll('.chat-message__action')).find(node => node.textContent === '举报') as HTMLElement).click()
      await new Promise(resolve => setTimeout(resolve, 0))
    })
    expect(sheet).toHaveBeenCalledWith({ itemList: ['垃圾广告', '辱骂攻击', '骚扰他人', '违法内容', '色情低俗', '其他'] })
    expect(report).toHaveBeenCalledWith({ target_type: 'message', target_id: chatMessage(1).message_id, server_id: '723658', reason: 'harassment' })
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ title: '已举报，管理员会尽快处理' }))
  })

  it('replaces a timed-out member\'s composer with until when, and a member without SendMessages sees why', async () => {
    const timedOut = await mountChat(chatMessages(1, 2))
    testUtils(timedOut).act(() => timedOut.permissions.set({ names: [], timeout_until: NOW_MS / 1000 + 3600 }))
    const [notice] = await timedOut.testUtils.queries.waitForQuerySelectorAll('.chat-view__notice--timeout')
    expect(notice.textContent).toMatch(/^你已被禁言至 今天 \d\d:\d\d$/)
    expect(document.querySelector('.chat-composer')).toBeNull()
    document.body.innerHTML = ''
    const muted = await mountChat(chatMessages(1, 2), { permissions: [] })
    const [why] = await muted.testUtils.queries.waitForQuerySelectorAll('.chat-view__notice')
    expect(why.textContent).toBe('你没有在此频道发言的权限')
    expect(document.querySelector('.chat-composer')).toBeNull()
  })
})

function testUtils (mounted: { testUtils: TestUtils }): TestUtils {
  return mounted.testUtils
}

describe('typingText', () => {
  it('names one or two typers and counts more', () => {
    expect([typingText([]), typingText(['林晓', 'Alex']), typingText(['a', 'b', 'c'])]).toEqual(['', '林晓 和 Alex 正在输入…', '3 人正在输入…'])
  })
})

describe('ChatView: pins (精华)', () => {
  /** A channel's pins on a fake API that holds what it is given. */
  function fakePins (listed: Pin[] = []) {
    const api = {
      list: jest.fn(async () => listed),
      pin: jest.fn(async (_channelId: string, messageId: string): Promise<Pin> => ({ message: chatMessage(Number(messageId.slice(-1))), pinned_by: ME, pinned_at: 1 })),
      unpin: jest.fn(async (channelId: string, messageId: string) => ({ channel_id: channelId, message_id: messageId, pin: null })),
    }
    return { api, pins: new PinsStore('c1', { api, logger: fakeLogger() }) }
  }
  const click = async (testUtils: TestUtils, selector: string, text?: string) => {
    await testUtils.act(async () => {
      (Array.from(document.querySelectorAll(selector)).find(node => text === undefined || node.textContent === text) as HTMLElement).click()
      await new Promise(resolve => setTimeout(resolve, 0))
    })
  }

  it('offers a moderator 设为精华, pins the message and then offers 取消精华; a member sees neither', async () => {
    jest.spyOn(feedbackUi, 'showToast').mockResolvedValue(undefined)
    const member = await mountChat(chatMessages(1, 2), { pins: fakePins().pins })
    await openActions(member.testUtils, 'message 1')
    expect(texts('[data-testid="chat-pin-action"]')).toEqual([])
    document.body.innerHTML = ''
    const { api, pins } = fakePins()
    const { testUtils } = await mountChat(chatMessages(1, 2), { permissions: ['SendMessages', 'ManageMessages'], pins })
    await openActions(testUtils, 'message 1')
    expect(texts('[data-testid="chat-pin-action"]')).toEqual(['设为精华'])
    await click(testUtils, '[data-testid="chat-pin-action"]')
    expect(api.pin).toHaveBeenCalledWith('c1', chatMessage(1).message_id)
    await openActions(testUtils, 'message 1')
    expect(texts('[data-testid="chat-pin-action"]')).toEqual(['取消精华'])
  })

  it('shows a pin announcement as a centred line naming who pinned, never with the action bar', async () => {
    const notice = chatMessage(3, { content: '', author: LIN, notice: { kind: 'pin', message_id: chatMessage(1).message_id } })
    await mountChat([chatMessage(1), notice], { pins: fakePins().pins })
    expect(texts('[data-testid="chat-notice"]')).toEqual([`${LIN.nickname} 将一条消息设为精华`])
    expect(document.querySelector('[data-testid="chat-notice"] .chat-message__more')).toBeNull()
  })

  it('opens the 精华消息 panel from the chat bar: empty, then a pin arriving live', async () => {
    const { pins } = fakePins()
    const handlers = new Map<string, (d: unknown) => void>()
    pins.attach({ on: (t, handler) => { handlers.set(t, handler as (d: unknown) => void); return () => { handlers.delete(t) } } })
    const { testUtils } = await mountChat(chatMessages(1, 2), { pins })
    await click(testUtils, '[data-testid="chat-pins-open"]')
    await testUtils.queries.waitForQuerySelectorAll('.chat-pins .state-view--empty')
    expect(texts('.chat-pins .state-view__text')).toEqual(['还没有精华消息'])
    const pinned: Pin = { message: chatMessage(2), pinned_by: LIN, pinned_at: 1 }
    await testUtils.act(async () => { runInAction(() => handlers.get('CHANNEL_PINS_UPDATE')?.({ channel_id: 'c1', message_id: pinned.message.message_id, pin: pinned })) })
    expect(texts('[data-testid="pin"] .chat-pins__text')).toEqual(['message 2'])
    expect(texts('[data-testid="pin"] .chat-pins__by')).toEqual([`${LIN.nickname} 设为精华`])
  })
})
