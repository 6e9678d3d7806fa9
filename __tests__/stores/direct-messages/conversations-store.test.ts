import type { Conversation } from '@core/wire/direct-messages'
import { RequestError } from '@/services/request/errors'
import { ChannelChat } from '@/stores/chat/channel-chat'
import { ConversationsStore, conversationTitle, directChatInput } from '@/stores/direct-messages/conversations-store'
import type { GatewaySubscriptions } from '@/stores/gateway-store'
import { fakeLogger, manualClock, manualScheduler, user } from '../support/fakes'
import { ME, LIN, chatMessage, fakeGateway, fakeMessagesApi, historyPage } from '../support/chat-fakes'
import { conversation, fakeConversationsApi } from '../support/conversations-fakes'

const ZHAO = user({ uid: 'B_zhao', nickname: '赵' })

async function started (list: Conversation[]) {
  const api = fakeConversationsApi()
  api.list.mockResolvedValueOnce(list)
  const gateway = fakeGateway()
  const store = new ConversationsStore({
    api, gateway: gateway as unknown as Pick<GatewaySubscriptions, 'on'>, me: () => ME, logger: fakeLogger(),
  })
  store.start()
  await store.load()
  return { api, gateway, store }
}

describe('ConversationsStore', () => {
  it('counts someone else\'s new message as unread and moves its conversation first', async () => {
    const { gateway, store } = await started([conversation('d1'), conversation('d2')])
    gateway.emit('DM_MESSAGE_CREATE', chatMessage(1, { channel_id: 'd2', server_id: '' }))
    expect(store.conversations.map(item => [item.conversation_id, item.unread_count])).toEqual([['d2', 1], ['d1', 0]])
    expect(store.unreadTotal).toBe(1)
  })

  it('counts neither my own messages nor those of the conversation I am looking at', async () => {
    const { gateway, store } = await started([conversation('d1'), conversation('d2')])
    store.setOpen('d1')
    gateway.emit('DM_MESSAGE_CREATE', chatMessage(1, { channel_id: 'd1', server_id: '' }))
    gateway.emit('DM_MESSAGE_CREATE', chatMessage(2, { channel_id: 'd2', server_id: '', author: ME }))
    expect(store.unreadTotal).toBe(0)
  })

  it('clears a conversation\'s unread count when another device of mine reads it', async () => {
    const { gateway, store } = await started([conversation('d1', { unread_count: 3 })])
    gateway.emit('DM_READ', { channel_id: 'd1', last_read_id: '1790000000000000001' })
    expect(store.unreadTotal).toBe(0)
  })

  it('shows a conversation someone else started with me', async () => {
    const { gateway, store } = await started([])
    ;(gateway.emit as (t: string, d: unknown) => void)('CONVERSATION_CREATE', conversation('d9', { participants: [LIN, ME] }))
    expect(store.conversations.map(item => item.conversation_id)).toEqual(['d9'])
    expect(store.status).toBe('ready')
  })

  it('says "cannot send" in words when the member takes no messages from me', async () => {
    const { api, store } = await started([])
    api.openDirect.mockRejectedValueOnce(new RequestError({ kind: 'server', code: 403301, status: 403, message: '无法向对方发送私信' }))
    await expect(store.openDirect(LIN.uid)).resolves.toBe('无法向对方发送私信')
    expect(store.conversations).toEqual([])
  })

  it('says the hourly reach limit in the server\'s words when a new conversation is refused for it', async () => {
    const { api, store } = await started([])
    const words = '发起私信会话太频繁：你的账号每小时最多发起 3 个新会话，请稍后再试'
    api.openDirect.mockRejectedValueOnce(new RequestError({ kind: 'server', code: 429304, status: 429, message: words }))
    await expect(store.openDirect(LIN.uid)).resolves.toBe(words)
  })

  it('blocks a member and lifts the block again', async () => {
    const { api, store } = await started([])
    await expect(store.toggleBlock(LIN)).resolves.toBe('已屏蔽')
    expect(api.block).toHaveBeenCalledWith(LIN.uid)
    expect(store.blockedUids.has(LIN.uid)).toBe(true)
    await expect(store.toggleBlock(LIN)).resolves.toBe('已取消屏蔽')
    expect(store.blockedUids.has(LIN.uid)).toBe(false)
  })

  it('leaves a group, which leaves my list, and says so', async () => {
    const { api, store } = await started([conversation('g1', { kind: 'group' }), conversation('d1')])
    await expect(store.leaveGroup('g1', false)).resolves.toEqual({ left: true, message: '已退出群聊' })
    expect(api.leaveGroup).toHaveBeenCalledWith('g1', false)
    expect(store.conversations.map(item => item.conversation_id)).toEqual(['d1'])
  })

  it('keeps a group it could not leave and says why in the server\'s words', async () => {
    const { api, store } = await started([conversation('g1', { kind: 'group' })])
    api.leaveGroup.mockRejectedValueOnce(new RequestError({ kind: 'server', code: 404000, status: 404, message: '找不到这个会话' }))
    await expect(store.leaveGroup('g1', true)).resolves.toEqual({ left: false, message: '找不到这个会话' })
    expect(store.conversations).toHaveLength(1)
  })

  it('keeps who may message me after saving it', async () => {
    const { api, store } = await started([])
    await expect(store.setPrivacy('nobody')).resolves.toBe('已保存')
    expect(api.setPrivacy).toHaveBeenCalledWith('nobody')
    expect(store.privacy).toBe('nobody')
  })

  it('loads the list again when a message arrives in a conversation it does not hold yet', async () => {
    const { api, gateway, store } = await started([])
    api.list.mockResolvedValueOnce([conversation('d5', { unread_count: 1 })])
    gateway.emit('DM_MESSAGE_CREATE', chatMessage(1, { channel_id: 'd5', server_id: '' }))
    await Promise.resolve()
    await Promise.resolve()
    expect(api.list).toHaveBeenCalledTimes(2)
    expect(store.unreadTotal).toBe(1)
  })

  it('asks for the list again when a conversation and its messages arrive while it is on its way, so an answer read before them does not count them as fewer', async () => {
    const api = fakeConversationsApi()
    let answerFirst: (list: Conversation[]) => void = () => undefined
    api.list.mockResolvedValue([conversation('d1', { unread_count: 3 })])
    api.list.mockReturnValueOnce(new Promise(resolve => { answerFirst = resolve }))
    const gateway = fakeGateway()
    const store = new ConversationsStore({ api, gateway: gateway as unknown as Pick<GatewaySubscriptions, 'on'>, me: () => ME, logger: fakeLogger() })
    store.start()
    const first = store.load()
    ;(gateway.emit as (t: string, d: unknown) => void)('CONVERSATION_CREATE', conversation('d1', { participants: [LIN, ME] }))
    for (const id of [1, 2, 3]) gateway.emit('DM_MESSAGE_CREATE', chatMessage(id, { channel_id: 'd1', server_id: '' }))
    answerFirst([conversation('d1', { unread_count: 1 })])
    await first
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(store.unreadTotal).toBe(3)
  })

  it('says a refused privacy choice or block in words, and keeps what was there', async () => {
    const { api, store } = await started([])
    await store.loadPrivacy()
    const refusal = new RequestError({ kind: 'server', code: 429001, status: 429, message: '操作太频繁' })
    api.setPrivacy.mockRejectedValueOnce(refusal)
    api.block.mockRejectedValueOnce(refusal)
    await expect(store.setPrivacy('nobody')).resolves.toBe('操作太频繁')
    await expect(store.toggleBlock(LIN)).resolves.toBe('操作太频繁')
    expect(store.privacy).toBe('server_members')
    expect(store.blockedUids.has(LIN.uid)).toBe(false)
  })

  it('names a conversation by the others in it', () => {
    expect(conversationTitle(conversation('g1', { kind: 'group', participants: [ME, LIN, ZHAO] }), ME.uid)).toBe('林晓、赵')
  })
})

describe('a direct conversation\'s chat', () => {
  it('sends through the conversation\'s calls and shows its own dispatches, not a channel\'s of the same id', async () => {
    const calls = fakeMessagesApi()
    calls.listHistory.mockResolvedValueOnce(historyPage([], false))
    const gateway = fakeGateway()
    let nonces = 0
    const chat = new ChannelChat(directChatInput(conversation('d1'), fakeConversationsApi(calls)), {
      api: fakeMessagesApi(), gateway, me: () => ME, clock: manualClock(1_790_000_100_000).now, scheduler: manualScheduler(), logger: fakeLogger(), newNonce: () => `nonce-${++nonces}`,
    })
    await chat.start()
    calls.sendMessage.mockResolvedValueOnce(chatMessage(1, { channel_id: 'd1', server_id: '', author: ME, content: '悄悄话', nonce: 'nonce-1' }))
    chat.setDraft('悄悄话')
    await chat.submit()
    expect(calls.sendMessage).toHaveBeenCalledWith('d1', { content: '悄悄话', nonce: 'nonce-1' })
    gateway.emit('MESSAGE_CREATE', chatMessage(2, { channel_id: 'd1' }))
    gateway.emit('DM_MESSAGE_CREATE', chatMessage(3, { channel_id: 'd1', server_id: '' }))
    expect(chat.entries.map(entry => entry.message.content)).toEqual(['悄悄话', 'message 3'])
  })
})
