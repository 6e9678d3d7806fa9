import TestUtils from '@tarojs/test-utils-react'
import ChatComposer from '@/components/chat-composer'
import { ChannelChat, ServerMembers } from '@/stores/chat-store'
import type { ChatMessage } from '@/stores/chat-types'
import { auditRejection, deferred, fakeLogger, manualScheduler } from '../stores/support/fakes'
import { LIN, ME, chatMessage, fakeGateway, fakeMessagesApi, historyPage, memberList } from '../stores/support/chat-fakes'

afterEach(() => { document.body.innerHTML = '' })

async function mountComposer (enterSends: boolean) {
  const api = fakeMessagesApi()
  const gateway = fakeGateway()
  const deps = { api, gateway, me: () => ME, clock: () => 1_790_000_100_000, scheduler: manualScheduler(), logger: fakeLogger() }
  const chat = new ChannelChat({ channelId: 'c1', serverId: '723658' }, deps)
  const members = new ServerMembers('723658', { listMembers: memberList([LIN]), logger: deps.logger })
  api.listHistory.mockResolvedValueOnce(historyPage([chatMessage(1)], false))
  api.sendMessage.mockReturnValue(deferred<ChatMessage>().promise)
  await chat.start()
  const testUtils = new TestUtils()
  await testUtils.mount(ChatComposer, { props: { chat, members, nameOf: () => null, enterSends, canAttach: false, onAttach: () => undefined } })
  const [textarea] = await testUtils.queries.waitForQuerySelectorAll('.chat-composer__input textarea')
  return { api, chat, members, testUtils, textarea: textarea as HTMLTextAreaElement }
}

function press (textarea: HTMLTextAreaElement, shiftKey = false): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: 'Enter', shiftKey, bubbles: true, cancelable: true })
  textarea.dispatchEvent(event)
  return event
}

describe('ChatComposer', () => {
  it('sends with Enter on a desktop keyboard, and Shift+Enter only breaks the line', async () => {
    const { api, chat, testUtils, textarea } = await mountComposer(true)
    testUtils.act(() => chat.setDraft('第一行'))
    expect(press(textarea, true).defaultPrevented).toBe(false)
    expect(api.sendMessage).not.toHaveBeenCalled()
    testUtils.act(() => { press(textarea) })
    expect(api.sendMessage).toHaveBeenCalledWith('c1', { content: '第一行', nonce: expect.any(String) })
  })

  it('leaves Enter to break the line on a phone', async () => {
    const { api, chat, testUtils, textarea } = await mountComposer(false)
    testUtils.act(() => chat.setDraft('hi'))
    expect(press(textarea).defaultPrevented).toBe(false)
    expect(api.sendMessage).not.toHaveBeenCalled()
  })

  it('shows the counter near the 2000 limit and the refusal under the field, keeping the text', async () => {
    const { api, chat, testUtils } = await mountComposer(false)
    testUtils.act(() => chat.setDraft('x'.repeat(1900)))
    const [counter] = await testUtils.queries.waitForQuerySelectorAll('.chat-composer__counter')
    expect(counter.textContent).toBe('1900/2000')
    api.sendMessage.mockRejectedValueOnce(auditRejection(104008, '内容未通过审核，请修改后重试'))
    await testUtils.act(async () => { await chat.submit() })
    const [error] = await testUtils.queries.waitForQuerySelectorAll('.chat-composer__error')
    expect(error.textContent).toBe('内容未通过审核，请修改后重试')
    expect(chat.draft).toBe('x'.repeat(1900))
  })

  it('lists members after an @ and completes the mention with the one picked', async () => {
    const { chat, members, testUtils } = await mountComposer(false)
    await members.load()
    testUtils.act(() => chat.setDraft('hi @林'))
    const [candidate] = await testUtils.queries.waitForQuerySelectorAll('.chat-composer__candidate')
    expect(candidate.textContent).toBe('@林晓')
    testUtils.act(() => { (candidate as HTMLElement).click() })
    expect(chat.draft).toBe('hi @林晓 ')
  })

  it('shows the message being answered and drops it on ✕', async () => {
    const { chat, testUtils } = await mountComposer(false)
    testUtils.act(() => chat.setReplyTarget(chat.entries[0].message))
    const [context] = await testUtils.queries.waitForQuerySelectorAll('.chat-composer__context')
    expect(context.textContent).toContain('回复 林晓')
    testUtils.act(() => { (document.querySelector('.chat-composer__context-close') as HTMLElement).click() })
    expect(chat.replyTarget).toBeNull()
  })
})
