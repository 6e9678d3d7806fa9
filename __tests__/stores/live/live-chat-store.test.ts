import { LiveCommentFlag, LiveFlag } from '@core/wire/codes'
import type { LiveComment } from '@core/wire/posts'
import { RequestError } from '@/services/request/errors'
import { LiveChatStore, VIEWING_HEARTBEAT_MS } from '@/stores/live/live-chat-store'
import { auditRejection, failedRequest, fakeLogger, liveItem, manualScheduler, user } from '../support/fakes'
import { fakeDispatches, fakePostsApi } from '../support/posts-fakes'

function chat () {
  const api = fakePostsApi()
  const scheduler = manualScheduler()
  const dispatches = fakeDispatches()
  api.listLiveComments.mockResolvedValue({ items: [], has_more: false })
  api.setViewing.mockImplementation(async (liveId, watching) => ({ live_id: liveId, viewers: watching ? 3 : 2 }))
  const store = new LiveChatStore(api, { logger: fakeLogger(), scheduler, isSignedIn: () => true, isMember: () => true, nonce: () => 'n1' })
  store.attach(dispatches)
  return { api, scheduler, dispatches, store }
}

function liveComment (id: string, liveId = 'l1'): LiveComment {
  return { comment_id: id, live_id: liveId, author: user(), content: `c ${id}`, created_at: 1 }
}

const settle = () => new Promise(resolve => setTimeout(resolve, 0))

describe('LiveChatStore', () => {
  it('offers the composer on an item on air that takes comments, and sends with a nonce', async () => {
    const { api, store } = chat()
    await store.open(liveItem('l1'), 'live')
    expect(store.canComment).toBe(true)
    store.draft.setText(' 主播好 ')
    api.createLiveComment.mockResolvedValueOnce(liveComment('k1'))
    expect(await store.send()).toBe(true)
    expect(api.createLiveComment).toHaveBeenCalledWith('l1', { content: '主播好', nonce: 'n1' })
    expect(store.comments.map(comment => comment.comment_id)).toEqual(['k1'])
    expect(store.draft.text).toBe('')
  })

  it('has no composer when the comment flag is 2, and keeps an ended item read-only', async () => {
    const { api, store } = chat()
    await store.open(liveItem('l1', { can_comment: LiveCommentFlag.CannotComment }), 'live')
    expect(store.commentsOff).toBe(true)
    expect(store.canComment).toBe(false)
    store.draft.setText('hi')
    expect(await store.send()).toBe(false)
    await store.open(liveItem('l2'), 'ended')
    expect(store.canComment).toBe(false)
    expect(api.createLiveComment).not.toHaveBeenCalled()
  })

  it('keeps the typed comment when audit refuses it', async () => {
    const { api, store } = chat()
    await store.open(liveItem('l1'), 'live')
    store.draft.setText('违禁')
    api.createLiveComment.mockRejectedValueOnce(auditRejection(104008, '内容未通过审核，请修改后重试'))
    expect(await store.send()).toBe(false)
    expect(store.draft.text).toBe('违禁')
    expect(store.draft.error).toBe('内容未通过审核，请修改后重试')
  })

  it("adds others' comments of this item as they arrive, once, and hides the overlay on request", async () => {
    const { dispatches, store } = chat()
    await store.open(liveItem('l1'), 'live')
    dispatches.emit('LIVE_COMMENT_CREATE', liveComment('k1'))
    dispatches.emit('LIVE_COMMENT_CREATE', liveComment('k1'))
    dispatches.emit('LIVE_COMMENT_CREATE', liveComment('x', 'other'))
    expect(store.comments.map(comment => comment.comment_id)).toEqual(['k1'])
    expect(store.overlay).toHaveLength(1)
    store.toggleOverlay()
    expect(store.overlayHidden).toBe(true)
  })

  it('beats a viewing heartbeat while on air, follows LIVE_VIEWERS, and says goodbye when disposed', async () => {
    const { api, dispatches, scheduler, store } = chat()
    await store.open(liveItem('l1'), 'live')
    await settle()
    expect(store.viewers).toBe(3)
    expect(scheduler.pending()).toEqual([{ delayMs: VIEWING_HEARTBEAT_MS }])
    scheduler.fireNext()
    expect(api.setViewing).toHaveBeenCalledTimes(2)
    dispatches.emit('LIVE_VIEWERS', { live_id: 'l1', viewers: 7 })
    expect(store.viewers).toBe(7)
    store.dispose()
    expect(api.setViewing).toHaveBeenLastCalledWith('l1', false)
    expect(scheduler.pending()).toEqual([])
    expect(dispatches.listeners()).toBe(0)
  })

  it('sends no viewing heartbeat for a visitor who is no member of the server, and starts once they joined', async () => {
    const api = fakePostsApi()
    const scheduler = manualScheduler()
    api.listLiveComments.mockResolvedValue({ items: [], has_more: false })
    api.setViewing.mockImplementation(async (liveId, watching) => ({ live_id: liveId, viewers: watching ? 3 : 2 }))
    let member = false
    const store = new LiveChatStore(api, { logger: fakeLogger(), scheduler, isSignedIn: () => true, isMember: () => member })
    await store.open(liveItem('l1'), 'live')
    await settle()
    expect(api.setViewing).not.toHaveBeenCalled()
    member = true
    scheduler.fireNext()
    expect(api.setViewing).toHaveBeenCalledWith('l1', true)
  })

  it('tells the app the reminder as the server has it: read on opening, then each answered toggle (not a refused one)', async () => {
    const api = fakePostsApi()
    api.listLiveComments.mockResolvedValue({ items: [], has_more: false })
    const onReminder = jest.fn()
    const store = new LiveChatStore(api, { logger: fakeLogger(), scheduler: manualScheduler(), isSignedIn: () => true, isMember: () => true, onReminder })
    const item = liveItem('l1', { is_live: LiveFlag.Reserved })
    api.getReminder.mockResolvedValueOnce({ live_id: 'l1', reminded: true, started_at: 100 })
    await store.open(item, 'order')
    expect(onReminder).toHaveBeenLastCalledWith(item, true)
    api.setReminder.mockResolvedValueOnce({ live_id: 'l1', reminded: false, started_at: 100 })
    await store.toggleReminder()
    expect(onReminder).toHaveBeenLastCalledWith(item, false)
    api.setReminder.mockRejectedValueOnce(failedRequest())
    await store.toggleReminder()
    expect(onReminder).toHaveBeenCalledTimes(2)
  })

  it('asks for the WeChat subscription before storing a reminder turned on, never when turning it off, and keeps the reminder when refused', async () => {
    const api = fakePostsApi()
    api.listLiveComments.mockResolvedValue({ items: [], has_more: false })
    const order: string[] = []
    const askSubscription = jest.fn(async () => { order.push('ask'); return false })
    api.setReminder.mockImplementation(async (liveId, reminded) => { order.push(`set ${String(reminded)}`); return { live_id: liveId, reminded, started_at: 100 } })
    const store = new LiveChatStore(api, { logger: fakeLogger(), scheduler: manualScheduler(), isSignedIn: () => true, isMember: () => true, askSubscription })
    api.getReminder.mockResolvedValueOnce({ live_id: 'l1', reminded: false, started_at: 100 })
    await store.open(liveItem('l1', { is_live: LiveFlag.Reserved }), 'order')
    expect(await store.toggleReminder()).toBeNull()
    expect(store.reminded).toBe(true)
    expect(await store.toggleReminder()).toBeNull()
    expect(order).toEqual(['ask', 'set true', 'set false'])
  })

  it('reads and toggles the reminder of a reserved item, putting it back when refused', async () => {
    const { api, scheduler, store } = chat()
    api.getReminder.mockResolvedValueOnce({ live_id: 'l1', reminded: false, started_at: 100 })
    await store.open(liveItem('l1'), 'order')
    expect(scheduler.pending()).toEqual([])
    api.setReminder.mockResolvedValueOnce({ live_id: 'l1', reminded: true, started_at: 100 })
    expect(await store.toggleReminder()).toBeNull()
    expect(store.reminded).toBe(true)
    api.setReminder.mockRejectedValueOnce(new RequestError({ kind: 'server', code: 400000, message: 'path.live_id: live item l1 is not reserved' }))
    expect(await store.toggleReminder()).toBe('path.live_id: live item l1 is not reserved')
    expect(store.reminded).toBe(true)
  })
})
