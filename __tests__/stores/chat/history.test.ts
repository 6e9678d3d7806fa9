import { compareMessageIds } from '@/stores/chat/message-order'
import type { ChatMessage } from '@/stores/chat/types'
import { deferred, failedRequest } from '../support/fakes'
import { ME, chatMessage, chatMessages, historyPage, messageId } from '../support/chat-fakes'
import { contents, ids, opened, setup } from '../support/open-chat'

describe('ChannelChat: reading the history', () => {
  it('shows the newest page oldest first and asks for the newest 50', async () => {
    const { api, chat } = await opened(chatMessages(1, 3), true)
    expect(api.listHistory).toHaveBeenCalledWith('c1', { limit: 50 })
    expect(ids(chat)).toEqual([messageId(1), messageId(2), messageId(3)])
    expect([chat.status, chat.hasOlder]).toEqual(['ready', true])
  })

  it('is empty when the channel has no messages', async () => {
    const { chat } = await opened([])
    expect(chat.status).toBe('empty')
  })

  it('shows the error of a failed first page, and the retry loads it', async () => {
    const { api, chat } = setup()
    api.listHistory.mockRejectedValueOnce(failedRequest())
    await chat.start()
    expect([chat.status, chat.error]).toEqual(['error', '请求异常'])
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(1, 2), false))
    await chat.loadLatest()
    expect([chat.status, ids(chat)]).toEqual(['ready', [messageId(1), messageId(2)]])
  })

  it('loads older pages before the oldest shown, with no gap and no duplicate', async () => {
    const { api, chat } = await opened(chatMessages(101, 150), true)
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(51, 101), true)) // overlaps by one
    await chat.loadOlder()
    expect(api.listHistory).toHaveBeenLastCalledWith('c1', { before: messageId(101), limit: 50 })
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(1, 50), false))
    await chat.loadOlder()
    expect(ids(chat)).toEqual(chatMessages(1, 150).map(message => message.message_id))
    expect(chat.hasOlder).toBe(false)
    await chat.loadOlder()
    expect(api.listHistory).toHaveBeenCalledTimes(3)
  })

  it('asks for one older page at a time', async () => {
    const { api, chat } = await opened(chatMessages(51, 100), true)
    const answer = deferred<{ items: ChatMessage[], has_more: boolean }>()
    api.listHistory.mockReturnValueOnce(answer.promise)
    const first = chat.loadOlder()
    void chat.loadOlder()
    expect(chat.olderStatus).toBe('loading')
    answer.resolve(historyPage(chatMessages(1, 50), false))
    await first
    expect(api.listHistory).toHaveBeenCalledTimes(2)
  })

  it('puts the new-messages divider above the first of the unread messages', async () => {
    const { chat } = await opened(chatMessages(1, 10), false, { unreadCount: 3 })
    expect(chat.firstUnreadId).toBe(messageId(8))
  })

  it('does not count my own messages among the unread ones when it places the divider', async () => {
    const items = [...chatMessages(1, 8), chatMessage(9, { author: ME }), chatMessage(10, { author: ME })]
    const { chat } = await opened(items, false, { unreadCount: 3 })
    expect(chat.firstUnreadId).toBe(messageId(6))
  })

  it('places the divider when the unread count arrives after the messages (a channel opened by a link)', async () => {
    const { chat } = await opened(chatMessages(1, 10))
    expect(chat.firstUnreadId).toBeNull()
    chat.knowUnread(2)
    expect(chat.firstUnreadId).toBe(messageId(9))
    chat.knowUnread(5)
    expect(chat.firstUnreadId).toBe(messageId(9))
  })

  it('opens at the first unread message when more than a page was unread: the older messages up to it come with the newest page', async () => {
    const { api, chat } = setup({ unreadCount: 80 })
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(71, 120), true))
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(1, 70), true))
    await chat.start()
    expect(api.listHistory).toHaveBeenNthCalledWith(2, 'c1', { before: messageId(71), limit: 100 })
    expect(api.listHistory).toHaveBeenCalledTimes(2)
    expect(chat.firstUnreadId).toBe(messageId(41))
    expect([chat.status, chat.hasOlder, ids(chat)]).toEqual(['ready', true, chatMessages(1, 120).map(message => message.message_id)])
  })

  it('loads older pages to the first unread message when the count arrives after the newest page (a channel opened by a link)', async () => {
    const { api, chat } = await opened(chatMessages(51, 100), true)
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(1, 50), false))
    chat.knowUnread(60)
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(api.listHistory).toHaveBeenLastCalledWith('c1', { before: messageId(51), limit: 50 })
    expect(chat.firstUnreadId).toBe(messageId(41))
  })

  it('puts the divider after the read position past 100 unread (the count stops there), loading older pages back to it', async () => {
    // 150 unread after message 50: the list says 100 and the read position
    const { api, chat } = setup({ unreadCount: 100, lastReadId: messageId(50) })
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(151, 200), true))
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(51, 150), true))
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(1, 50), true))
    await chat.start()
    expect(api.listHistory).toHaveBeenCalledTimes(3)
    expect(chat.firstUnreadId).toBe(messageId(51))
  })

  it('puts the divider after the read position when it arrives after the messages, above the first of others\' messages', async () => {
    const items = [...chatMessages(1, 5), chatMessage(6, { author: ME }), ...chatMessages(7, 10)]
    const { chat } = await opened(items, false)
    chat.knowUnread(100, messageId(5))
    expect(chat.firstUnreadId).toBe(messageId(7))
  })

  it('shows no divider rather than a wrong one when the read position lies beyond the pages it loads at opening', async () => {
    const { api, chat } = setup({ unreadCount: 100, lastReadId: messageId(1) })
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(951, 1000), true))
    for (let page = 0; page < 3; page += 1) api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(851 - page * 100, 950 - page * 100), true))
    await chat.start()
    expect(api.listHistory).toHaveBeenCalledTimes(4)
    expect(chat.firstUnreadId).toBeNull()
  })

  it('shows no divider when nothing was unread', async () => {
    const { chat } = await opened(chatMessages(1, 10))
    expect(chat.firstUnreadId).toBeNull()
  })

  it('focuses the gateway on the channel while open, and stops listening when closed', async () => {
    const { gateway, chat } = await opened([])
    expect(gateway.focused).toEqual(['c1'])
    chat.dispose()
    expect([gateway.focused, gateway.listeners()]).toEqual([['c1', null], 0])
  })
})

describe('ChannelChat: live dispatches', () => {
  it('appends a new message of the channel and ignores other channels', async () => {
    const { gateway, chat } = await opened(chatMessages(1, 2))
    gateway.emit('MESSAGE_CREATE', chatMessage(3))
    gateway.emit('MESSAGE_CREATE', chatMessage(4, { channel_id: 'c2' }))
    expect(ids(chat)).toEqual([messageId(1), messageId(2), messageId(3)])
  })

  it('shows a message delivered twice only once, and out-of-order ones in id order', async () => {
    const { gateway, chat } = await opened(chatMessages(1, 2))
    gateway.emit('MESSAGE_CREATE', chatMessage(4))
    gateway.emit('MESSAGE_CREATE', chatMessage(3))
    gateway.emit('MESSAGE_CREATE', chatMessage(4))
    expect(ids(chat)).toEqual([1, 2, 3, 4].map(messageId))
  })

  it('applies edits and deletions, leaving messages not loaded alone', async () => {
    const { gateway, chat } = await opened(chatMessages(5, 7))
    gateway.emit('MESSAGE_UPDATE', chatMessage(6, { content: 'edited', edited_at: 1_790_000_050 }))
    gateway.emit('MESSAGE_UPDATE', chatMessage(1, { content: 'not loaded' }))
    gateway.emit('MESSAGE_DELETE', { channel_id: 'c1', message_id: messageId(7) })
    expect(contents(chat)).toEqual(['message 5', 'edited'])
  })

  it('catches up after a reconnect with what it missed, nothing twice', async () => {
    const { api, gateway, chat } = await opened(chatMessages(1, 3))
    gateway.connect('reconnecting')
    gateway.emit('MESSAGE_CREATE', chatMessage(4)) // delivered during the resume
    api.listHistory
      .mockResolvedValueOnce(historyPage(chatMessages(4, 103), true))
      .mockResolvedValueOnce(historyPage(chatMessages(104, 110), false))
    gateway.connect('online')
    await chat.catchUp()
    expect(api.listHistory).toHaveBeenNthCalledWith(2, 'c1', { after: messageId(4), limit: 100 })
    expect(api.listHistory).toHaveBeenNthCalledWith(3, 'c1', { after: messageId(103), limit: 100 })
    expect(ids(chat)).toEqual(chatMessages(1, 110).map(message => message.message_id))
  })

  it('replaces the view with the newest page when too much was missed to fetch', async () => {
    const { api, gateway, chat } = await opened(chatMessages(1, 3))
    api.listHistory.mockImplementation((_channel, query) => Promise.resolve(query?.after !== undefined
      ? historyPage([chatMessage(Number(query.after.slice(-6)) + 1)], true)
      : historyPage(chatMessages(900, 949), true)))
    gateway.connect('reconnecting')
    gateway.connect('online')
    await chat.catchUp()
    expect([ids(chat)[0], ids(chat).length, chat.hasOlder]).toEqual([messageId(900), 50, true])
  })
})

describe('compareMessageIds', () => {
  it('orders time-ordered ids by time and a shorter (older) id first', () => {
    expect(['1790000000000000010', '9', '1790000000000000002'].sort(compareMessageIds)).toEqual(['9', '1790000000000000002', '1790000000000000010'])
  })
})
