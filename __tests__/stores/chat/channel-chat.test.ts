import { failedRequest } from '../support/fakes'
import { ME, chatMessage, chatMessages, messageId } from '../support/chat-fakes'
import { ids, opened } from '../support/open-chat'

describe('ChannelChat: editing, deleting, reacting, reading', () => {
  it('removes a message I delete, and says why when the server refuses', async () => {
    const { api, chat } = await opened(chatMessages(1, 2).map(message => ({ ...message, author: ME })))
    await expect(chat.remove(messageId(1))).resolves.toBeNull()
    api.deleteMessage.mockRejectedValueOnce(failedRequest())
    await expect(chat.remove(messageId(2))).resolves.toBe('请求异常')
    expect(ids(chat)).toEqual([messageId(2)])
  })

  it('knows which messages are mine and which mention me', async () => {
    const { chat } = await opened([chatMessage(1, { author: ME }), chatMessage(2, { mentions: [ME.uid] })])
    const [mine, mention] = chat.entries.map(entry => entry.message)
    expect([chat.isMine(mine), chat.isMine(mention), chat.mentionsMe(mine), chat.mentionsMe(mention)]).toEqual([true, false, false, true])
  })
})
