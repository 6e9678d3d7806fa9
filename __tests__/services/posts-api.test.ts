import { createPostsApi } from '@/services/api/posts'
import { recordingRequester } from '../support/recording-requester'

function recording () {
  const { send, sent } = recordingRequester()
  return { api: createPostsApi(send), calls: sent }
}

describe('createPostsApi', () => {
  it('asks for posts by cursor and comments after the last one held', async () => {
    const { api, calls } = recording()
    await api.listPosts('83282804', { before: '1', limit: 20 })
    await api.listComments('p 1', { after: 'k1' })
    expect(calls).toEqual([
      { path: '/channels/83282804/posts', query: { before: '1', after: undefined, limit: 20 } },
      { path: '/posts/p%201/comments', query: { before: undefined, after: 'k1', limit: undefined } },
    ])
  })

  it('edits with POST (the mini-program has no PATCH) and likes, reminds and watches with PUT and DELETE', async () => {
    const { api, calls } = recording()
    await api.updatePost('p1', { title: 't' })
    await api.setLike('p1', true)
    await api.setLike('p1', false)
    await api.setReminder('l1', true)
    await api.setViewing('l1', false)
    expect(calls.map(call => `${call.method ?? 'GET'} ${call.path}`)).toEqual([
      'POST /posts/p1', 'PUT /posts/p1/likes/me', 'DELETE /posts/p1/likes/me', 'PUT /lives/l1/reminders/me', 'DELETE /lives/l1/viewers/me',
    ])
  })

  it('reads and writes posts, comments and live comments at their paths', async () => {
    const { api, calls } = recording()
    await api.getPost('p1')
    await api.createPost('83282804', { title: 't', content: '', images: [], nonce: 'n1' })
    await api.deletePost('p1')
    await api.createComment('p1', { content: 'c', nonce: 'n2' })
    await api.deleteComment('p1', 'k1')
    await api.listLiveComments('l1', { after: 'm1' })
    await api.createLiveComment('l1', { content: 'hi', nonce: 'n3' })
    await api.getReminder('l1')
    await api.setReminder('l1', false)
    await api.setViewing('l1', true)
    expect(calls.map(call => `${call.method ?? 'GET'} ${call.path}`)).toEqual([
      'GET /posts/p1', 'POST /channels/83282804/posts', 'DELETE /posts/p1', 'POST /posts/p1/comments', 'DELETE /posts/p1/comments/k1',
      'GET /lives/l1/comments', 'POST /lives/l1/comments', 'GET /lives/l1/reminders/me', 'DELETE /lives/l1/reminders/me', 'PUT /lives/l1/viewers/me',
    ])
    expect(calls[1].data).toEqual({ title: 't', content: '', images: [], nonce: 'n1' })
  })
})
