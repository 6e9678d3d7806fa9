import { createPostsApi } from '@/services/api/posts'
import type { RequestOptions } from '@/services/request/request'

function recording () {
  const calls: RequestOptions[] = []
  const send = <T>(options: RequestOptions): Promise<T> => {
    calls.push(options)
    return Promise.resolve({} as T)
  }
  return { api: createPostsApi(send), calls }
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
})
