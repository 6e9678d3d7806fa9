import { autorun } from 'mobx'
import { PostDetailStore } from '@/stores/posts/post-detail-store'
import { PermissionsStore } from '@/stores/trust/permissions-store'
import { auditRejection, failedRequest, fakeLogger, user } from '../support/fakes'
import { comment, fakeDispatches, fakePostsApi, post } from '../support/posts-fakes'
import { myPermissions } from '../support/trust-fakes'

const settle = () => new Promise(resolve => setTimeout(resolve, 0))

const ME = 'B_me'

function detail () {
  const api = fakePostsApi()
  const dispatches = fakeDispatches()
  const store = new PostDetailStore(api, { logger: fakeLogger(), myUid: () => ME, nonce: () => 'nonce-1' })
  store.attach(dispatches)
  return { api, dispatches, store }
}

describe('PostDetailStore', () => {
  it('groups comments into threads with replies one level deep', async () => {
    const { api, store } = detail()
    api.getPost.mockResolvedValueOnce(post('p1'))
    api.listComments.mockResolvedValueOnce({
      items: [comment('k1'), comment('k2'), comment('k3', { reply_to: { comment_id: 'k1', author: user({ uid: '100002' }) } })],
      has_more: false,
    })
    await store.open('p1')
    expect(store.status).toBe('ready')
    expect(store.threads.map(thread => [thread.comment.comment_id, thread.replies.map(reply => reply.comment_id)])).toEqual([['k1', ['k3']], ['k2', []]])
  })

  it('sends a comment with a nonce and the comment it answers, then clears the draft', async () => {
    const { api, store } = detail()
    api.getPost.mockResolvedValueOnce(post('p1', { comment_count: 1 }))
    api.listComments.mockResolvedValueOnce({ items: [comment('k1')], has_more: false })
    await store.open('p1')
    store.draft.setText('  好看  ')
    store.setReplyTo(store.comments[0])
    api.createComment.mockResolvedValueOnce(comment('k2', { content: '好看', author: user({ uid: ME }), reply_to: { comment_id: 'k1', author: user() } }))
    expect(await store.sendComment()).toBe(true)
    expect(api.createComment).toHaveBeenCalledWith('p1', { content: '好看', reply_to: 'k1', nonce: 'nonce-1' })
    expect(store.draft.text).toBe('')
    expect(store.replyTo).toBeNull()
    expect(store.post?.comment_count).toBe(2)
    expect(store.isMineComment(store.comments[1])).toBe(true)
  })

  it('keeps the typed comment and shows why when audit refuses it', async () => {
    const { api, store } = detail()
    api.getPost.mockResolvedValueOnce(post('p1'))
    api.listComments.mockResolvedValueOnce({ items: [], has_more: false })
    await store.open('p1')
    store.draft.setText('违禁')
    api.createComment.mockRejectedValueOnce(auditRejection(104008, '内容未通过审核，请修改后重试'))
    expect(await store.sendComment()).toBe(false)
    expect(store.draft.text).toBe('违禁')
    expect(store.draft.error).toBe('内容未通过审核，请修改后重试')
    expect(store.comments).toEqual([])
  })

  it("adds others' comments as they arrive, once, and removes deleted ones with their replies", async () => {
    const { api, dispatches, store } = detail()
    api.getPost.mockResolvedValueOnce(post('p1'))
    api.listComments.mockResolvedValueOnce({ items: [], has_more: false })
    await store.open('p1')
    const arrived = comment('k1')
    dispatches.emit('COMMENT_CREATE', { channel_id: 'c1', comment: arrived, comment_count: 1 })
    dispatches.emit('COMMENT_CREATE', { channel_id: 'c1', comment: arrived, comment_count: 1 })
    dispatches.emit('COMMENT_CREATE', { channel_id: 'c1', comment: comment('k2', { reply_to: { comment_id: 'k1', author: user() } }), comment_count: 2 })
    dispatches.emit('COMMENT_CREATE', { channel_id: 'c1', comment: comment('x', { post_id: 'other' }), comment_count: 9 })
    expect(store.comments.map(item => item.comment_id)).toEqual(['k1', 'k2'])
    expect(store.post?.comment_count).toBe(2)
    expect(store.commentsLoad.status).toBe('ready')
    dispatches.emit('COMMENT_DELETE', { channel_id: 'c1', post_id: 'p1', comment_id: 'k1', comment_count: 0 })
    expect(store.comments).toEqual([])
    expect(store.post?.comment_count).toBe(0)
  })

  it('highlights my like at once and follows the count others make', async () => {
    const { api, dispatches, store } = detail()
    api.getPost.mockResolvedValueOnce(post('p1', { like_count: 2 }))
    api.listComments.mockResolvedValueOnce({ items: [], has_more: false })
    await store.open('p1')
    api.setLike.mockResolvedValueOnce({ post_id: 'p1', like_count: 3, liked: true })
    expect(await store.toggleLike()).toBeNull()
    expect(store.post).toMatchObject({ liked: true, like_count: 3 })
    dispatches.emit('POST_LIKE', { post_id: 'p1', like_count: 4 })
    expect(store.post).toMatchObject({ liked: true, like_count: 4 })
  })

  it('lets the author remove the post and tells a reader when it was removed', async () => {
    const { api, store } = detail()
    api.getPost.mockResolvedValueOnce(post('p1', { author: user({ uid: ME }) }))
    api.listComments.mockResolvedValueOnce({ items: [], has_more: false })
    await store.open('p1')
    expect(store.isMine).toBe(true)
    api.deletePost.mockResolvedValueOnce(undefined)
    expect(await store.deletePost()).toBeNull()
    expect(store.deleted).toBe(true)
    const reader = detail()
    reader.api.getPost.mockResolvedValueOnce(post('p1'))
    reader.api.listComments.mockResolvedValueOnce({ items: [], has_more: false })
    await reader.store.open('p1')
    expect(reader.store.isMine).toBe(false)
    reader.dispatches.emit('POST_DELETE', { channel_id: 'c1', post_id: 'p1' })
    expect(reader.store.deleted).toBe(true)
  })
})

describe('PostDetailStore: editing and removing', () => {
  it("lets the author edit the title and text in place and shows the edit at once, keeping the member's like", async () => {
    const { api, store } = detail()
    api.getPost.mockResolvedValueOnce(post('p1', { author: user({ uid: ME }), title: '旧标题', content: '旧内容', liked: true }))
    api.listComments.mockResolvedValueOnce({ items: [], has_more: false })
    await store.open('p1')
    store.startEdit()
    expect(store.edit?.text.title).toBe('旧标题')
    store.edit?.text.setTitle('  新标题 ')
    store.edit?.text.setContent('新内容')
    api.updatePost.mockResolvedValueOnce(post('p1', { author: user({ uid: ME }), title: '新标题', content: '新内容', edited_at: 1_700_000_500 }))
    expect(await store.saveEdit()).toBe(true)
    expect(api.updatePost).toHaveBeenCalledWith('p1', { title: '新标题', content: '新内容' })
    expect(store.edit).toBeNull()
    expect(store.post).toMatchObject({ title: '新标题', content: '新内容', liked: true, edited_at: 1_700_000_500 })
  })

  it('shows a refused title under the title field, writes nothing and keeps what the author typed', async () => {
    const { api, store } = detail()
    api.getPost.mockResolvedValueOnce(post('p1', { author: user({ uid: ME }), title: '旧标题' }))
    api.listComments.mockResolvedValueOnce({ items: [], has_more: false })
    await store.open('p1')
    store.startEdit()
    store.edit?.text.setTitle('违禁标题')
    api.updatePost.mockRejectedValueOnce(auditRejection(104001, '标题未通过审核'))
    expect(await store.saveEdit()).toBe(false)
    expect(store.edit?.text.fieldErrors).toEqual({ title: '标题未通过审核' })
    expect(store.edit?.text.title).toBe('违禁标题')
    expect(store.post?.title).toBe('旧标题')
    store.edit?.text.setTitle('好标题')
    expect(store.edit?.text.fieldErrors).toEqual({})
  })

  it('asks for a title before sending an edit, and shows a failure that names no field above the buttons', async () => {
    const { api, store } = detail()
    api.getPost.mockResolvedValueOnce(post('p1', { author: user({ uid: ME }) }))
    api.listComments.mockResolvedValueOnce({ items: [], has_more: false })
    await store.open('p1')
    store.startEdit()
    store.edit?.text.setTitle('   ')
    expect(await store.saveEdit()).toBe(false)
    expect(store.edit?.text.fieldErrors.title).toBe('请输入标题')
    expect(api.updatePost).not.toHaveBeenCalled()
    store.edit?.text.setTitle('标题')
    api.updatePost.mockRejectedValueOnce(failedRequest())
    expect(await store.saveEdit()).toBe(false)
    expect(store.edit?.error).toBe('请求异常')
    store.cancelEdit()
    expect(store.edit).toBeNull()
  })

  it("offers no edit of someone else's post", async () => {
    const { api, store } = detail()
    api.getPost.mockResolvedValueOnce(post('p1'))
    api.listComments.mockResolvedValueOnce({ items: [], has_more: false })
    await store.open('p1')
    store.startEdit()
    expect(store.edit).toBeNull()
    expect(store.canDelete).toBe(false)
  })

  it("lets a moderator of the post's channel (ManageMessages) remove others' posts and comments", async () => {
    const api = fakePostsApi()
    const store = new PostDetailStore(api, { logger: fakeLogger(), myUid: () => ME, mayModerate: channelId => channelId === 'c1' })
    api.getPost.mockResolvedValueOnce(post('p1'))
    api.listComments.mockResolvedValueOnce({ items: [comment('k1')], has_more: false })
    await store.open('p1')
    expect(store.isMine).toBe(false)
    expect(store.canDelete).toBe(true)
    expect(store.canDeleteComment(store.comments[0])).toBe(true)
    store.startEdit()
    expect(store.edit).toBeNull() // moderators remove, only authors edit
    api.getPost.mockResolvedValueOnce(post('p2', { channel_id: 'c2' }))
    api.listComments.mockResolvedValueOnce({ items: [comment('k2', { post_id: 'p2' })], has_more: false })
    await store.open('p2')
    expect(store.canDelete).toBe(false)
    expect(store.canDeleteComment(store.comments[0])).toBe(false)
  })

  it("asks the permissions of the post's server, not the current server's, and lets go of it when closed", async () => {
    const load = jest.fn(async (serverId: string) => myPermissions({ server_id: serverId }))
    const permissions = new PermissionsStore({ load, serverId: () => '723658', uid: () => ME, gateway: { on: () => () => undefined }, clock: () => 0, logger: fakeLogger() })
    const api = fakePostsApi()
    const store = new PostDetailStore(api, {
      logger: fakeLogger(), myUid: () => ME,
      mayModerate: channelId => permissions.can('ManageMessages', channelId), focusServer: serverId => permissions.focus(serverId),
    })
    api.getPost.mockResolvedValueOnce(post('p1', { server_id: '832828' }))
    api.listComments.mockResolvedValueOnce({ items: [], has_more: false })
    await store.open('p1')
    const shown = autorun(() => { void store.canDelete })
    await settle()
    expect(load.mock.calls.map(call => call[0])).toEqual(['832828'])
    store.dispose()
    await settle()
    shown()
    expect(load.mock.calls.map(call => call[0])).toEqual(['832828', '723658'])
  })
})

describe('PostDetailStore: editing comments', () => {
  async function opened (comments = [comment('k1', { author: user({ uid: ME }), content: '原话' }), comment('k2', { content: '别人的' })]) {
    const context = detail()
    context.api.getPost.mockResolvedValueOnce(post('p1', { comment_count: comments.length }))
    context.api.listComments.mockResolvedValueOnce({ items: comments, has_more: false })
    await context.store.open('p1')
    return context
  }

  it('puts my comment in the comment bar, sends the edit and shows it where the comment stands', async () => {
    const { api, store } = await opened()
    store.startCommentEdit(store.comments[0])
    expect(store.editingComment?.comment_id).toBe('k1')
    expect(store.draft.text).toBe('原话')
    store.draft.setText(' 改过的话 ')
    api.updateComment.mockResolvedValueOnce(comment('k1', { author: user({ uid: ME }), content: '改过的话', edited_at: 1_700_000_200 }))
    expect(await store.sendComment()).toBe(true)
    expect(api.updateComment).toHaveBeenCalledWith('p1', 'k1', { content: '改过的话' })
    expect(api.createComment).not.toHaveBeenCalled()
    expect(store.comments.map(item => [item.content, item.edited_at])).toEqual([['改过的话', 1_700_000_200], ['别人的', null]])
    expect(store.editingComment).toBeNull()
    expect(store.draft.text).toBe('')
    expect(store.post?.comment_count).toBe(2)
  })

  it('keeps the edited text and shows why when audit refuses the edit, the comment unchanged', async () => {
    const { api, store } = await opened()
    store.startCommentEdit(store.comments[0])
    store.draft.setText('来赌博吧')
    api.updateComment.mockRejectedValueOnce(auditRejection(104008, '内容未通过审核，请修改后重试'))
    expect(await store.sendComment()).toBe(false)
    expect(store.draft.text).toBe('来赌博吧')
    expect(store.draft.error).toBe('内容未通过审核，请修改后重试')
    expect(store.editingComment?.comment_id).toBe('k1')
    expect(store.comments[0].content).toBe('原话')
  })

  it("offers no edit of someone else's comment, and cancelling leaves the bar empty for a new comment", async () => {
    const { store } = await opened()
    store.startCommentEdit(store.comments[1])
    expect(store.editingComment).toBeNull()
    expect(store.draft.text).toBe('')
    store.startCommentEdit(store.comments[0])
    store.cancelCommentEdit()
    expect(store.editingComment).toBeNull()
    expect(store.draft.text).toBe('')
    store.startCommentEdit(store.comments[0])
    store.setReplyTo(store.comments[1])
    expect(store.editingComment).toBeNull()
    expect(store.replyTo?.comment_id).toBe('k2')
  })

  it('sets a new comment being written aside during an edit and brings it back after, sent or cancelled (nothing lost)', async () => {
    const { api, store } = await opened()
    store.setReplyTo(store.comments[1])
    store.draft.setText('还没发的回复')
    store.startCommentEdit(store.comments[0])
    expect([store.draft.text, store.replyTo]).toEqual(['原话', null])
    store.cancelCommentEdit()
    expect([store.draft.text, store.replyTo?.comment_id]).toEqual(['还没发的回复', 'k2'])
    store.startCommentEdit(store.comments[0])
    store.draft.setText('改过的话')
    api.updateComment.mockResolvedValueOnce(comment('k1', { author: user({ uid: ME }), content: '改过的话', edited_at: 1_700_000_200 }))
    expect(await store.sendComment()).toBe(true)
    expect([store.editingComment, store.draft.text, store.replyTo?.comment_id]).toEqual([null, '还没发的回复', 'k2'])
  })

  it("shows others' edits as they arrive, and leaves an edit of a comment removed meanwhile", async () => {
    const { dispatches, store } = await opened()
    dispatches.emit('COMMENT_UPDATE', { channel_id: 'c1', comment: comment('k2', { content: '别人改了', edited_at: 1_700_000_300 }) })
    dispatches.emit('COMMENT_UPDATE', { channel_id: 'c1', comment: comment('k2', { post_id: 'other', content: '别的帖子' }) })
    expect(store.comments[1]).toMatchObject({ content: '别人改了', edited_at: 1_700_000_300 })
    store.startCommentEdit(store.comments[0])
    dispatches.emit('COMMENT_DELETE', { channel_id: 'c1', post_id: 'p1', comment_id: 'k1', comment_count: 1 })
    expect(store.editingComment).toBeNull()
    expect(store.draft.text).toBe('')
  })
})

describe('PostDetailStore: reporting', () => {
  function reporting (author = 'someone') {
    const api = fakePostsApi()
    const report = jest.fn().mockResolvedValue({ done: true })
    const store = new PostDetailStore(api, { logger: fakeLogger(), myUid: () => ME, report })
    api.getPost.mockResolvedValueOnce(post('p1', { author: user({ uid: author }) }))
    api.listComments.mockResolvedValueOnce({ items: [], has_more: false })
    return { api, report, store }
  }

  it("reports someone else's post to its server's moderators", async () => {
    const { report, store } = reporting()
    await store.open('p1')
    expect(store.canReport).toBe(true)
    expect(await store.report('spam')).toBeNull()
    expect(report).toHaveBeenCalledWith({ target_type: 'post', target_id: 'p1', reason: 'spam' })
  })

  it('offers no report of one\'s own post, or without reporting wired', async () => {
    const own = reporting(ME)
    await own.store.open('p1')
    expect(own.store.canReport).toBe(false)
    const api = fakePostsApi()
    const unwired = new PostDetailStore(api, { logger: fakeLogger(), myUid: () => ME })
    api.getPost.mockResolvedValueOnce(post('p1'))
    api.listComments.mockResolvedValueOnce({ items: [], has_more: false })
    await unwired.open('p1')
    expect([unwired.canReport, await unwired.report('spam')]).toEqual([false, null])
  })

  it('says a refused report in words', async () => {
    const { report, store } = reporting()
    report.mockRejectedValueOnce(failedRequest())
    await store.open('p1')
    expect(await store.report('abuse')).toBe('请求异常')
  })
})
