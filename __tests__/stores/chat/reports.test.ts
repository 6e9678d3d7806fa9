import { failedRequest } from '../support/fakes'
import { chatMessage } from '../support/chat-fakes'
import { opened } from '../support/open-media-chat'

describe('ChannelChat: reports', () => {
  it('reports a message with its reason to the server\'s moderators', async () => {
    const { report, chat } = await opened()
    expect(await chat.report(chatMessage(1).message_id, 'spam')).toBeNull()
    expect(report).toHaveBeenCalledWith({ target_type: 'message', target_id: chatMessage(1).message_id, server_id: '723658', reason: 'spam' })
  })

  it('says why a report was not taken', async () => {
    const { report, chat } = await opened()
    report.mockRejectedValueOnce(failedRequest())
    expect(await chat.report(chatMessage(1).message_id, 'abuse')).toBe('请求异常')
  })
})
