import { chatMessage, chatMessages, messageId } from '../support/chat-fakes'
import { historyPage, ME } from '../support/chat-fakes'
import { opened, setup } from '../support/open-chat'

describe('ChannelChat: editing, deleting, reacting, reading', () => {
  it('marks the newest message read once', async () => {
    const { api, chat } = await opened(chatMessages(1, 2), false, { unreadCount: 0 })
    await chat.markRead()
    await chat.markRead()
    expect(api.markRead.mock.calls).toEqual([['c1', messageId(2)]])
  })

  it('does not mark read again what another device already read', async () => {
    const { api, gateway, chat } = await opened(chatMessages(1, 2), false, { unreadCount: 0 })
    gateway.emit('READ_STATE_UPDATE', { channel_id: 'c1', last_read_id: messageId(2) })
    await chat.markRead()
    expect(api.markRead).not.toHaveBeenCalled()
  })

  it('opened by a link, marks nothing read before the unread count is known, so the divider still comes', async () => {
    const { api, chat } = await opened(chatMessages(1, 10))
    await chat.markRead() // the view's first stop is the bottom
    expect(api.markRead).not.toHaveBeenCalled()
    chat.knowUnread(3)
    expect(chat.firstUnreadId).toBe(messageId(8))
    expect(api.markRead).not.toHaveBeenCalled() // the reader is taken to the divider and reads from there
  })

  it('opened by a link with nothing unread, makes the read mark it was asked for once the count says so', async () => {
    const { api, chat } = await opened(chatMessages(1, 10))
    await chat.markRead()
    chat.knowUnread(0)
    expect(api.markRead.mock.calls).toEqual([['c1', messageId(10)]])
  })

  it('reads up to the newest message that was on screen, never back, and counts the others\' messages still below', async () => {
    const { api, chat } = setup({ unreadCount: 30, lastReadId: messageId(10) })
    api.listHistory.mockResolvedValueOnce(historyPage([...chatMessages(1, 39), chatMessage(40, { mentions: [ME.uid] })], false))
    await chat.start()
    expect(chat.unreadBelow).toEqual({ unread: 30, mentions: 1 })
    await chat.markRead(messageId(22)) // a screenful from the divider on
    await chat.markRead(messageId(15)) // scrolled back up
    expect(api.markRead.mock.calls).toEqual([['c1', messageId(22)]])
    expect([chat.readPosition, chat.unreadBelow]).toEqual([messageId(22), { unread: 18, mentions: 1 }])
  })

  it('tells the server one position at a time: those asked for meanwhile go as the newest of them', async () => {
    const { api, chat } = setup({ unreadCount: 0, lastReadId: null })
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(1, 10), false))
    await chat.start()
    let answer = () => undefined as void
    api.markRead.mockImplementationOnce(() => new Promise<void>(resolve => { answer = resolve }))
    const first = chat.markRead(messageId(3))
    void chat.markRead(messageId(5))
    void chat.markRead(messageId(8))
    answer()
    await first
    expect(api.markRead.mock.calls).toEqual([['c1', messageId(3)], ['c1', messageId(8)]])
  })

  it('counts nothing below the read position of a conversation opened at a search hit among read messages', async () => {
    const { api, chat } = setup({ unreadCount: 0, lastReadId: messageId(40) })
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(1, 40), false))
    await chat.start()
    expect([chat.readPosition, chat.unreadBelow]).toEqual([messageId(40), { unread: 0, mentions: 0 }])
  })
})
