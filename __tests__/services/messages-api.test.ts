import { createMessagesApi } from '@/services/api/messages'
import { recordingRequester } from '../support/recording-requester'
import { RequestError } from '@/services/request/errors'

const noData = new RequestError({ kind: 'no-data', code: 999997, message: '请求异常' })

describe('the chat calls', () => {
  it('GETs a page of history by cursor', async () => {
    const { send, sent } = recordingRequester({ items: [], has_more: false })
    const api = createMessagesApi(send)
    await expect(api.listHistory('c 1', { before: '17', limit: 50 })).resolves.toEqual({ items: [], has_more: false })
    await api.listHistory('c1')
    expect(sent).toEqual([
      { path: '/channels/c%201/messages', query: { before: '17', after: undefined, limit: 50 } },
      { path: '/channels/c1/messages', query: { before: undefined, after: undefined, limit: undefined } },
    ])
  })

  it('POSTs a message with its nonce and reply, and an edit (the mini-program has no PATCH)', async () => {
    const { send, sent } = recordingRequester({ message_id: '1' })
    const api = createMessagesApi(send)
    await api.sendMessage('c1', { content: 'hi', nonce: 'n1', reply_to: '9' })
    await api.editMessage('c1', '1', 'new')
    expect(sent).toEqual([
      { path: '/channels/c1/messages', method: 'POST', data: { content: 'hi', nonce: 'n1', reply_to: '9' } },
      { path: '/channels/c1/messages/1', method: 'POST', data: { content: 'new' } },
    ])
  })

  it('sends deletions, my reactions, typing and read marks to their paths', async () => {
    const { send, sent } = recordingRequester({})
    const api = createMessagesApi(send)
    await api.deleteMessage('c1', '1')
    await api.addReaction('c1', '1', '👍')
    await api.removeReaction('c1', '1', '👍')
    await api.sendTyping('c1')
    await api.markRead('c1', '1')
    expect(sent.map(options => [options.method, options.path, options.data])).toEqual([
      ['DELETE', '/channels/c1/messages/1', undefined],
      ['PUT', `/channels/c1/messages/1/reactions/${encodeURIComponent('👍')}/me`, undefined],
      ['DELETE', `/channels/c1/messages/1/reactions/${encodeURIComponent('👍')}/me`, undefined],
      ['POST', '/channels/c1/typing', undefined],
      ['POST', '/channels/c1/read', { message_id: '1' }],
    ])
  })

  it('GETs my slow mode wait in a channel', async () => {
    const state = { seconds: 30, wait_seconds: 12, exempt: false }
    const { send, sent } = recordingRequester(state)
    await expect(createMessagesApi(send).slowMode('c 1')).resolves.toEqual(state)
    expect(sent).toEqual([{ path: '/channels/c%201/slow-mode' }])
  })

  it('takes a write answered without data as done, and passes other failures on', async () => {
    await expect(createMessagesApi(recordingRequester(null, noData).send).markRead('c1', '1')).resolves.toBeUndefined()
    const failed = new RequestError({ kind: 'failed', code: 999996, message: '请求异常' })
    await expect(createMessagesApi(recordingRequester(null, failed).send).deleteMessage('c1', '1')).rejects.toBe(failed)
  })
})
