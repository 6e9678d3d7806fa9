import type { ChatMessage } from '@/stores/chat/types'
import { auditRejection, deferred, failedRequest } from '../support/fakes'
import { ME, chatMessage, messageId } from '../support/chat-fakes'
import { opened } from '../support/open-chat'

describe('ChannelChat: sending', () => {
  it('shows my message at once as pending, then as sent with the server id', async () => {
    const { api, chat } = await opened([chatMessage(1)])
    const answer = deferred<ChatMessage>()
    api.sendMessage.mockReturnValueOnce(answer.promise)
    chat.setDraft('  你好\n世界  ')
    const sending = chat.submit()
    expect(chat.entries.map(entry => [entry.message.content, entry.status])).toEqual([['message 1', 'sent'], ['你好\n世界', 'pending']])
    expect(chat.draft).toBe('')
    expect(api.sendMessage).toHaveBeenCalledWith('c1', { content: '你好\n世界', nonce: 'nonce-1' })
    answer.resolve(chatMessage(2, { author: ME, content: '你好\n世界', nonce: 'nonce-1' }))
    await sending
    expect(chat.entries.map(entry => [entry.message.message_id, entry.status])).toEqual([[messageId(1), 'sent'], [messageId(2), 'sent']])
  })

  it('keeps one message when its dispatch arrives before the answer', async () => {
    const { api, gateway, chat } = await opened([])
    const answer = deferred<ChatMessage>()
    api.sendMessage.mockReturnValueOnce(answer.promise)
    chat.setDraft('hi')
    const sending = chat.submit()
    const stored = chatMessage(1, { author: ME, content: 'hi', nonce: 'nonce-1' })
    gateway.emit('MESSAGE_CREATE', stored)
    const keyAfterDispatch = chat.entries[0].key
    answer.resolve(stored)
    await sending
    expect(chat.entries.map(entry => [entry.key, entry.status])).toEqual([[keyAfterDispatch, 'sent']])
    expect(keyAfterDispatch).toBe('nonce:nonce-1')
  })

  it('marks a message that could not be sent as failed, and the retry sends the same nonce', async () => {
    const { api, chat } = await opened([])
    api.sendMessage.mockRejectedValueOnce(failedRequest())
    chat.setDraft('hi')
    await chat.submit()
    expect(chat.entries.map(entry => [entry.status, entry.error])).toEqual([['failed', '请求异常']])
    api.sendMessage.mockResolvedValueOnce(chatMessage(1, { author: ME, content: 'hi', nonce: 'nonce-1' }))
    await chat.retry(chat.entries[0].key)
    expect(api.sendMessage).toHaveBeenLastCalledWith('c1', { content: 'hi', nonce: 'nonce-1' })
    expect(chat.entries.map(entry => [entry.message.message_id, entry.status])).toEqual([[messageId(1), 'sent']])
  })

  it('drops a failed message I discard', async () => {
    const { api, chat } = await opened([])
    api.sendMessage.mockRejectedValueOnce(failedRequest())
    chat.setDraft('hi')
    await chat.submit()
    chat.discard(chat.entries[0].key)
    expect(chat.entries).toEqual([])
  })

  it('puts an audit-rejected message back in the composer with the reason, and shows nothing sent', async () => {
    const { api, chat } = await opened([])
    api.sendMessage.mockRejectedValueOnce(auditRejection(104008, '内容未通过审核，请修改后重试'))
    chat.setDraft('bad words')
    await chat.submit()
    expect([chat.entries, chat.draft, chat.draftError]).toEqual([[], 'bad words', '内容未通过审核，请修改后重试'])
  })
})
