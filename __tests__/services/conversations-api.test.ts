import { createConversationsApi } from '@/services/api/conversations'
import { recordingRequester } from '../support/recording-requester'

describe('createConversationsApi', () => {
  it('lists, opens and creates conversations and answers their records', async () => {
    const { send, sent } = recordingRequester({ items: [{ conversation_id: 'c1' }] })
    const conversations = createConversationsApi(send)
    expect(await conversations.list()).toEqual([{ conversation_id: 'c1' }])
    await conversations.openDirect('100004')
    await conversations.createGroup(['100004', '100005'])
    expect(sent).toEqual([
      { path: '/conversations' },
      { path: '/conversations/direct', method: 'POST', data: { uid: '100004' } },
      { path: '/conversations', method: 'POST', data: { uids: ['100004', '100005'] } },
    ])
  })

  it('sends a conversation\'s chat calls to its own paths (edits by POST: the mini-program has no PATCH)', async () => {
    const { send, sent } = recordingRequester({ done: true })
    const chat = createConversationsApi(send).messages('c1')
    await chat.listHistory({ before: 'm9', limit: 50 })
    await chat.sendMessage({ content: '你好', nonce: 'n1' })
    await chat.editMessage('m1', '你好呀')
    await chat.deleteMessage('m1')
    await chat.addReaction('m1', '👍')
    await chat.removeReaction('m1', '👍')
    await chat.sendTyping()
    await chat.markRead('m1')
    expect(sent).toEqual([
      { path: '/conversations/c1/messages', query: { before: 'm9', after: undefined, limit: 50 } },
      { path: '/conversations/c1/messages', method: 'POST', data: { content: '你好', nonce: 'n1' } },
      { path: '/conversations/c1/messages/m1', method: 'POST', data: { content: '你好呀' } },
      { path: '/conversations/c1/messages/m1', method: 'DELETE' },
      { path: `/conversations/c1/messages/m1/reactions/${encodeURIComponent('👍')}/me`, method: 'PUT' },
      { path: `/conversations/c1/messages/m1/reactions/${encodeURIComponent('👍')}/me`, method: 'DELETE' },
      { path: '/conversations/c1/typing', method: 'POST' },
      { path: '/conversations/c1/read', method: 'POST', data: { message_id: 'm1' } },
    ])
  })

  it('leaves a group, and blocks one, on its own paths', async () => {
    const { send, sent } = recordingRequester({ done: true })
    const conversations = createConversationsApi(send)
    await conversations.leaveGroup('g1', false)
    await conversations.leaveGroup('g1', true)
    expect(sent).toEqual([
      { path: '/conversations/g1/leave', method: 'POST' },
      { path: '/conversations/g1/block', method: 'PUT' },
    ])
  })

  it('reads and sets who may message me, and lists, blocks and unblocks members', async () => {
    const { send, sent } = recordingRequester({ dm_privacy: 'nobody', items: [{ uid: 'B_1' }] })
    const conversations = createConversationsApi(send)
    expect(await conversations.privacy()).toBe('nobody')
    await conversations.setPrivacy('server_members')
    expect(await conversations.blocked()).toEqual([{ uid: 'B_1' }])
    await conversations.block('B_1')
    await conversations.unblock('B_1')
    expect(sent).toEqual([
      { path: '/users/me/dm-privacy' },
      { path: '/users/me/dm-privacy', method: 'PUT', data: { dm_privacy: 'server_members' } },
      { path: '/users/me/blocks' },
      { path: '/users/me/blocks/B_1', method: 'PUT' },
      { path: '/users/me/blocks/B_1', method: 'DELETE' },
    ])
  })
})
