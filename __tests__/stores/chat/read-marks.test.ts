import { chatMessages, messageId } from '../support/chat-fakes'
import { opened } from '../support/open-chat'

describe('ChannelChat: editing, deleting, reacting, reading', () => {
  it('marks the newest message read once', async () => {
    const { api, chat } = await opened(chatMessages(1, 2))
    await chat.markRead()
    await chat.markRead()
    expect(api.markRead.mock.calls).toEqual([['c1', messageId(2)]])
  })

  it('does not mark read again what another device already read', async () => {
    const { api, gateway, chat } = await opened(chatMessages(1, 2))
    gateway.emit('READ_STATE_UPDATE', { channel_id: 'c1', last_read_id: messageId(2) })
    await chat.markRead()
    expect(api.markRead).not.toHaveBeenCalled()
  })
})
