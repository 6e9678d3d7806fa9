import Taro from '@tarojs/taro'
import ConversationPage from '@/pages/conversation/index'
import { RequestError } from '@/services/request/errors'
import { fakeApi } from '../stores/support/fakes'
import { LIN, ME, chatMessage, fakeMessagesApi, historyPage } from '../stores/support/chat-fakes'
import { conversation, fakeConversationsApi } from '../stores/support/conversations-fakes'
import { mountPage, unmountPages } from '../support/page-harness'

// the app's entry does this from config/index.ts (designWidth 750)
beforeAll(() => { Taro.initPxTransform({ designWidth: 750, deviceRatio: { 375: 2, 640: 1.17, 750: 1, 828: 0.905 } }) })

afterEach(() => {
  unmountPages()
  jest.restoreAllMocks()
})

/** Opens the conversation page at `?conversation_id=id`, signed in as ME, with my list and the conversation's history as given. */
async function openConversation (id: string, options: { list?: ReturnType<typeof conversation>[], history?: ReturnType<typeof chatMessage>[] } = {}) {
  const messages = fakeMessagesApi()
  const conversations = fakeConversationsApi(messages)
  conversations.list.mockResolvedValue(options.list ?? [conversation('d1')])
  messages.listHistory.mockResolvedValue(historyPage(options.history ?? [], false))
  const api = fakeApi()
  api.getMe.mockResolvedValue(ME)
  const page = await mountPage(ConversationPage, { params: id === '' ? {} : { conversation_id: id }, api, signedIn: ME, messages, conversations })
  await page.settle()
  return { page, messages, conversations }
}

/** Types `text` into the composer as a member does. */
async function type (page: Awaited<ReturnType<typeof openConversation>>['page'], text: string): Promise<void> {
  const textarea = document.querySelector('.chat-composer__input textarea') as HTMLTextAreaElement
  await page.testUtils.act(async () => {
    textarea.value = text
    textarea.dispatchEvent(new Event('input', { bubbles: true }))
  })
  await page.settle()
}

const contents = () => Array.from(document.querySelectorAll('.chat-message__text')).map(node => node.textContent)

describe('the conversation page', () => {
  it('shows the conversation\'s history in the channel\'s chat view, titled by the other member', async () => {
    const { messages } = await openConversation('d1', { history: [chatMessage(1, { channel_id: 'd1', server_id: '', author: LIN, content: '在吗' })] })
    expect(messages.listHistory).toHaveBeenCalledWith('d1', expect.anything())
    expect(contents()).toEqual(['在吗'])
    expect(document.querySelector('.page-header__title')?.textContent).toBe('林晓')
    expect(document.querySelector('.chat-composer')).not.toBeNull()
    expect(document.querySelector('.chat-view__join')).toBeNull()
  })

  it('says when nothing has been written yet', async () => {
    const { page } = await openConversation('d1')
    expect(page.text()).toContain('还没有消息')
  })

  it('marks the start of the conversation as a conversation\'s, not a channel\'s', async () => {
    const { page } = await openConversation('d1', { history: [chatMessage(1, { channel_id: 'd1', server_id: '', author: LIN, content: '在吗' })] })
    expect(page.text()).toContain('私信的第一条消息')
    expect(page.text()).not.toContain('频道的第一条消息')
  })

  it('sends through the conversation\'s own calls, and counts the conversation read while it is open', async () => {
    const { page, messages } = await openConversation('d1', { list: [conversation('d1', { unread_count: 2 })] })
    expect(page.root.conversations.current?.unreadTotal).toBe(0)
    messages.sendMessage.mockImplementation(async (_id, body) => chatMessage(2, { channel_id: 'd1', server_id: '', author: ME, content: body.content, nonce: body.nonce }))
    await type(page, '你好')
    await page.tap('.chat-composer__send')
    expect(messages.sendMessage).toHaveBeenCalledWith('d1', expect.objectContaining({ content: '你好' }))
    expect(contents()).toEqual(['你好'])
  })

  it('says "cannot send" under a message the other member does not take, with the retry', async () => {
    const { page, messages } = await openConversation('d1')
    messages.sendMessage.mockRejectedValue(new RequestError({ kind: 'server', status: 403, code: 403301, message: '无法向对方发送私信' }))
    await type(page, '还在吗')
    await page.tap('.chat-composer__send')
    expect(document.querySelector('[data-testid="chat-message-refusal"]')?.textContent).toBe('无法向对方发送私信')
    expect(document.querySelector('.chat-message__state--failed')?.textContent).toBe('发送失败，点击重试')
  })

  it('says a conversation that is not mine is not found, with a retry', async () => {
    const { page } = await openConversation('d9', { list: [conversation('d1')] })
    expect(page.text()).toContain('找不到这个私信')
    expect(document.querySelector('.state-view__retry')).not.toBeNull()
  })

  it('lets me leave a group from its page, after asking, and takes it off my list', async () => {
    const showModal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ errMsg: 'showModal:ok', confirm: true, cancel: false } as Taro.showModal.SuccessCallbackResult)
    const group = conversation('g1', { kind: 'group', participants: [ME, LIN, LIN] })
    const { page, conversations } = await openConversation('g1', { list: [group] })
    expect(document.querySelectorAll('.conversation-page__group-action')).toHaveLength(2)
    await page.tap('.conversation-page__group-action:last-child')
    expect(showModal.mock.calls[0][0]?.content).toBe('屏蔽这个群聊？你将退出，且任何人都不能再把你拉进来')
    expect(conversations.leaveGroup).toHaveBeenCalledWith('g1', true)
    expect(page.root.conversations.current?.conversations).toEqual([])
  })

  it('shows no group actions in a one-to-one conversation', async () => {
    await openConversation('d1')
    expect(document.querySelector('.conversation-page__group-actions')).toBeNull()
  })

  it('says a missing conversation id is not found', async () => {
    const { page } = await openConversation('')
    expect(page.text()).toContain('找不到这个私信')
  })
})
