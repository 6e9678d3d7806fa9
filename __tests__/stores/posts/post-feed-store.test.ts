import { PostFeedStore } from '@/stores/posts/post-feed-store'
import { deferred, failedRequest, fakeLogger, user } from '../support/fakes'
import { comment, fakeDispatches, fakePostsApi, post } from '../support/posts-fakes'

const ME = 'B_me'

function feed () {
  const api = fakePostsApi()
  const dispatches = fakeDispatches()
  const store = new PostFeedStore(api, { logger: fakeLogger(), myUid: () => ME, pageSize: 2 })
  store.attach(dispatches)
  return { api, dispatches, store }
}

describe('PostFeedStore', () => {
  it('shows the first page newest first and pages on by cursor from the last post shown', async () => {
    const { api, store } = feed()
    api.listPosts.mockResolvedValueOnce({ items: [post('p3'), post('p2')], has_more: true })
    await store.open('c1')
    expect(store.status).toBe('ready')
    api.listPosts.mockResolvedValueOnce({ items: [post('p1')], has_more: false })
    await store.loadMore()
    expect(api.listPosts).toHaveBeenLastCalledWith('c1', { before: 'p2', limit: 2 })
    expect(store.items.map(item => item.post_id)).toEqual(['p3', 'p2', 'p1'])
    expect(store.hasMore).toBe(false)
    await store.loadMore()
    expect(api.listPosts).toHaveBeenCalledTimes(2)
  })

  it('is empty for a channel without posts and shows the failure of the first page', async () => {
    const { api, store } = feed()
    api.listPosts.mockResolvedValueOnce({ items: [], has_more: false })
    await store.open('c1')
    expect(store.status).toBe('empty')
    api.listPosts.mockRejectedValueOnce(failedRequest())
    await store.load()
    expect(store.status).toBe('error')
    expect(store.error).toBe('请求异常')
  })

  it("keeps others' new posts behind a bar until it is tapped, then puts them on top", async () => {
    const { api, dispatches, store } = feed()
    api.listPosts.mockResolvedValueOnce({ items: [post('p1')], has_more: false })
    await store.open('c1')
    for (const id of ['p2', 'p3', 'p4']) dispatches.emit('POST_CREATE', post(id))
    dispatches.emit('POST_CREATE', post('elsewhere', { channel_id: 'c2' }))
    expect(store.incoming).toHaveLength(3)
    expect(store.items.map(item => item.post_id)).toEqual(['p1'])
    store.showIncoming()
    expect(store.items.map(item => item.post_id)).toEqual(['p4', 'p3', 'p2', 'p1'])
    expect(store.incoming).toEqual([])
  })

  it("puts the member's own new post on top at once, once", async () => {
    const { api, dispatches, store } = feed()
    api.listPosts.mockResolvedValueOnce({ items: [], has_more: false })
    await store.open('c1')
    const mine = post('p9', { author: user({ uid: ME }) })
    store.addOwn(mine)
    dispatches.emit('POST_CREATE', mine)
    expect(store.items.map(item => item.post_id)).toEqual(['p9'])
    expect(store.incoming).toEqual([])
    expect(store.status).toBe('ready')
  })

  it('follows likes, comment counts, edits and removals of the posts it shows', async () => {
    const { api, dispatches, store } = feed()
    api.listPosts.mockResolvedValueOnce({ items: [post('p2', { liked: true, like_count: 1 }), post('p1')], has_more: false })
    await store.open('c1')
    dispatches.emit('POST_LIKE', { post_id: 'p2', like_count: 5 })
    dispatches.emit('COMMENT_CREATE', { channel_id: 'c1', comment: comment('k1', { post_id: 'p2' }), comment_count: 3 })
    dispatches.emit('POST_UPDATE', post('p2', { title: 'new title', like_count: 5, comment_count: 3 }))
    dispatches.emit('POST_DELETE', { channel_id: 'c1', post_id: 'p1' })
    expect(store.items).toEqual([expect.objectContaining({ post_id: 'p2', title: 'new title', like_count: 5, comment_count: 3, liked: true })])
  })

  it('shows a like at once and puts it back when the server refuses it', async () => {
    const { api, store } = feed()
    api.listPosts.mockResolvedValueOnce({ items: [post('p1')], has_more: false })
    await store.open('c1')
    const answer = deferred<{ post_id: string, like_count: number, liked: boolean }>()
    api.setLike.mockReturnValueOnce(answer.promise)
    const liking = store.toggleLike('p1')
    expect(store.items[0]).toMatchObject({ liked: true, like_count: 1 })
    answer.reject(failedRequest())
    expect(await liking).toBe('请求异常')
    expect(store.items[0]).toMatchObject({ liked: false, like_count: 0 })
  })

  it('stops following dispatches once disposed', () => {
    const { dispatches, store } = feed()
    expect(dispatches.listeners()).toBeGreaterThan(0)
    store.dispose()
    expect(dispatches.listeners()).toBe(0)
  })
})
