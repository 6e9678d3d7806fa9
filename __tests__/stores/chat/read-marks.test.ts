import { chatMessages, messageId } from '../support/chat-fakes'
import { opened } from '../support/open-chat'

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
})
