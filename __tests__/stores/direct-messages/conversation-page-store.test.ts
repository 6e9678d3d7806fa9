import type { Conversation } from '@core/wire/direct-messages'
import { ConversationPageStore, type ConversationPageRoot } from '@/stores/direct-messages/conversation-page-store'
import { ConversationsStore } from '@/stores/direct-messages/conversations-store'
import type { GatewaySubscriptions } from '@/stores/gateway-store'
import { OnDemand } from '@/stores/on-demand'
import { RequestError } from '@/services/request/errors'
import { fakeApi, fakeLogger, manualClock, manualScheduler } from '../support/fakes'
import { LIN, ME, chatMessage, fakeGateway, fakeMessagesApi, historyPage } from '../support/chat-fakes'
import { conversation, fakeConversationsApi } from '../support/conversations-fakes'

/** A conversation page's root on fakes, with `list` as my conversations. */
function pageRoot (list: Conversation[] | Error) {
  const messages = fakeMessagesApi()
  const api = fakeConversationsApi(messages)
  if (list instanceof Error) api.list.mockRejectedValue(list)
  else api.list.mockResolvedValue(list)
  const gateway = fakeGateway()
  const logger = fakeLogger()
  const conversations = new ConversationsStore({ api, gateway: gateway as unknown as Pick<GatewaySubscriptions, 'on'>, me: () => ME, logger })
  conversations.start()
  const root: ConversationPageRoot = {
    conversations: new OnDemand(async () => conversations), messages: fakeMessagesApi(), gateway, session: { user: ME }, clock: manualClock(1_790_000_100_000).now, logger,
    api: fakeApi(), trust: { report: jest.fn() },
  }
  return { root, api, messages, gateway, conversations, store: new ConversationPageStore(root, manualScheduler()) }
}

describe('ConversationPageStore', () => {
  it('finds the conversation in my list (loading it when opened from a link) and shows its history, titled by the other member', async () => {
    const { store, messages, api } = pageRoot([conversation('d1')])
    messages.listHistory.mockResolvedValueOnce(historyPage([chatMessage(1, { channel_id: 'd1', server_id: '', author: LIN, content: '在吗' })], false))
    await store.open('d1')
    expect(api.list).toHaveBeenCalledTimes(1)
    expect(store.status).toBe('ready')
    expect(store.title).toBe('林晓')
    expect(messages.listHistory).toHaveBeenCalledWith('d1', expect.anything())
    expect(store.chat?.entries.map(entry => entry.message.content)).toEqual(['在吗'])
  })

  it('offers its participants, never me, to the @ picker', async () => {
    const { store, messages } = pageRoot([conversation('d1')])
    messages.listHistory.mockResolvedValueOnce(historyPage([], false))
    await store.open('d1')
    await store.members?.load()
    expect(store.members?.matching('').map(member => member.user.uid)).toEqual([LIN.uid])
    expect(store.members?.nicknameOf(LIN.uid)).toBe('林晓')
  })

  it('takes the other member\'s new message live and counts it read while the page is open, unread after it closes', async () => {
    const { store, messages, gateway, conversations } = pageRoot([conversation('d1')])
    messages.listHistory.mockResolvedValueOnce(historyPage([], false))
    await store.open('d1')
    gateway.emit('DM_MESSAGE_CREATE', chatMessage(2, { channel_id: 'd1', server_id: '', author: LIN, content: '你好' }))
    expect(store.chat?.entries.map(entry => entry.message.content)).toEqual(['你好'])
    expect(conversations.unreadTotal).toBe(0)
    store.dispose()
    gateway.emit('DM_MESSAGE_CREATE', chatMessage(3, { channel_id: 'd1', server_id: '', author: LIN, content: '人呢' }))
    expect(conversations.unreadTotal).toBe(1)
  })

  it('counts new messages unread while another page covers the conversation, and read again once it shows', async () => {
    const { store, messages, gateway, conversations } = pageRoot([conversation('d1')])
    messages.listHistory.mockResolvedValueOnce(historyPage([], false))
    await store.open('d1')
    store.setShown(false)
    gateway.emit('DM_MESSAGE_CREATE', chatMessage(2, { channel_id: 'd1', server_id: '', author: LIN }))
    expect(conversations.unreadTotal).toBe(1)
    store.setShown(true)
    expect(conversations.unreadTotal).toBe(0)
  })

  it('says a conversation that is not mine is not found, and finds it on a retry once it is', async () => {
    const { store, api, messages } = pageRoot([])
    await store.open('d9')
    expect(store.status).toBe('error')
    expect(store.error).toBe('找不到这个私信')
    api.list.mockResolvedValue([conversation('d9')])
    messages.listHistory.mockResolvedValueOnce(historyPage([], false))
    await store.open('d9')
    expect(store.status).toBe('ready')
  })

  it('says why when my list cannot be loaded', async () => {
    const { store } = pageRoot(new RequestError({ kind: 'failed', code: -1, message: '网络异常' }))
    await store.open('d1')
    expect(store.status).toBe('error')
    expect(store.error).toBe('网络异常')
  })

  it('keeps a refused message as failed with the refusal in words ("cannot send")', async () => {
    const { store, messages } = pageRoot([conversation('d1')])
    messages.listHistory.mockResolvedValueOnce(historyPage([], false))
    await store.open('d1')
    messages.sendMessage.mockRejectedValueOnce(new RequestError({ kind: 'server', code: 403301, status: 403, message: '无法向对方发送私信' }))
    store.chat?.setDraft('还在吗')
    await store.chat?.submit()
    expect(store.chat?.entries.map(entry => [entry.message.content, entry.status, entry.error])).toEqual([['还在吗', 'failed', '无法向对方发送私信']])
  })
})
