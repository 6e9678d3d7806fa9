import { LiveFlag, MediaType, type LiveItem } from '@core/wire/entities'
import type { Paged } from '@core/wire/api'
import { LiveStore } from '@/stores/live/live-store'
import { MAX_TIMER_DELAY_MS } from '@/stores/support/timer-scheduler'
import { ServerStore } from '@/stores/servers/server-store'
import {
  deferred, failedRequest, fakeApi, fakeLogger, liveItem, manualClock, manualScheduler, paged, type FakeApi, fakeMembersApi } from '../support/fakes'

/** Unix seconds of the test's "now". */
const NOW = 1_700_000_000

/** A live mp4 that ends `endsIn` seconds after NOW. */
function mp4EndingIn (liveId: string, endsIn: number): LiveItem {
  return liveItem(liveId, { play_url: `https://cdn.example/${liveId}.mp4`, started_at: NOW - 100, duration: 100 + endsIn })
}

function setup (options: { pageSize?: number } = {}) {
  const api: FakeApi = fakeApi()
  const logger = fakeLogger()
  const clock = manualClock(NOW * 1000)
  const scheduler = manualScheduler()
  const server = new ServerStore(api, { members: fakeMembersApi(), logger })
  const store = new LiveStore(api, server, { clock: clock.now, scheduler, logger, pageSize: options.pageSize })
  return { api, logger, clock, scheduler, server, store }
}

describe('LiveStore: the list', () => {
  it("shows the first page of the current server's items with their states, on air first, then playbacks, then reservations", async () => {
    const { api, store } = setup()
    const reserved = liveItem('r', { is_live: LiveFlag.Reserved })
    const ended = liveItem('e', { is_live: LiveFlag.Ended })
    const onAir = liveItem('l')
    api.listServerLives.mockResolvedValue(paged([reserved, ended, onAir], 1, false))
    await store.load()
    expect(api.listServerLives).toHaveBeenCalledWith('723658', { page: 1, page_size: 20 })
    expect(store.status).toBe('ready')
    expect(store.entries.map(entry => [entry.item.live_id, entry.state, entry.logState])).toEqual([
      ['l', 'live', 'live'], ['e', 'ended', 'playback'], ['r', 'order', 'reserve'],
    ])
  })

  it('gives the state of one item by id, and null for an unknown id', async () => {
    const { api, store } = setup()
    api.listServerLives.mockResolvedValue(paged([liveItem('rec', { type: MediaType.Record, started_at: NOW + 60 })], 1, false))
    await store.load()
    expect([store.stateOf('rec'), store.stateOf('nope')]).toEqual(['order', null])
  })

  it('is loading while the first page is on its way', () => {
    const { api, store } = setup()
    api.listServerLives.mockReturnValue(deferred<Paged<LiveItem>>().promise)
    void store.load()
    expect(store.status).toBe('loading')
  })

  it('is empty when the server has no items', async () => {
    const { api, store } = setup()
    api.listServerLives.mockResolvedValue(paged([], 1, false))
    await store.load()
    expect([store.status, store.entries]).toEqual(['empty', []])
  })

  it('shows the error and loads on retry', async () => {
    const { api, store } = setup()
    api.listServerLives.mockRejectedValueOnce(failedRequest())
    await store.load()
    expect([store.status, store.error]).toEqual(['error', '请求异常'])
    api.listServerLives.mockResolvedValue(paged([liveItem('a')], 1, false))
    await store.load()
    expect([store.status, store.error, store.items.length]).toEqual(['ready', null, 1])
  })

  it('treats an answer without a list as a failed request', async () => {
    const { api, store, logger } = setup()
    api.listServerLives.mockResolvedValue({ page: 1 } as Paged<LiveItem>)
    await store.load()
    expect([store.status, store.error]).toEqual(['error', '请求异常'])
    expect(logger.error).toHaveBeenCalled()
  })

  it('asks for the configured page size', async () => {
    const { api, store } = setup({ pageSize: 5 })
    api.listServerLives.mockResolvedValue(paged([], 1, false))
    await store.load()
    expect(api.listServerLives).toHaveBeenCalledWith('723658', { page: 1, page_size: 5 })
  })

  it("drops another server's items when loading the current one", async () => {
    const { api, server, store } = setup()
    api.listServerLives.mockResolvedValueOnce(paged([liveItem('a')], 1, true))
    await store.load()
    server.select({ params: { server_id: '832828' } })
    api.listServerLives.mockReturnValue(deferred<Paged<LiveItem>>().promise)
    void store.load()
    expect([store.items, store.hasMore, store.page]).toEqual([[], false, 0])
    expect(api.listServerLives).toHaveBeenLastCalledWith('832828', { page: 1, page_size: 20 })
  })

  it('ignores a late first page of the previous server', async () => {
    const { api, server, store } = setup()
    const late = deferred<Paged<LiveItem>>()
    api.listServerLives.mockReturnValueOnce(late.promise)
    const first = store.load()
    server.select({ params: { server_id: '832828' } })
    api.listServerLives.mockResolvedValueOnce(paged([liveItem('b')], 1, false))
    await store.load()
    late.resolve(paged([liveItem('a')], 1, true))
    await first
    expect([store.items.map(item => item.live_id), store.hasMore, store.serverId]).toEqual([['b'], false, '832828'])
  })

  it('replaces the items on a refresh of the same server', async () => {
    const { api, store } = setup()
    api.listServerLives.mockResolvedValueOnce(paged([liveItem('a'), liveItem('b')], 1, false))
    await store.load()
    api.listServerLives.mockResolvedValueOnce(paged([liveItem('c')], 1, false))
    await store.load()
    expect(store.items.map(item => item.live_id)).toEqual(['c'])
  })
})

describe('LiveStore: loading more (reach-bottom)', () => {
  async function loadedWithMore () {
    const context = setup()
    context.api.listServerLives.mockResolvedValueOnce(paged([liveItem('a'), liveItem('b')], 1, true))
    await context.store.load()
    return context
  }

  it('appends the next page', async () => {
    const { api, store } = await loadedWithMore()
    api.listServerLives.mockResolvedValueOnce(paged([liveItem('c')], 2, false))
    await store.loadMore()
    expect(api.listServerLives).toHaveBeenLastCalledWith('723658', { page: 2, page_size: 20 })
    expect([store.items.map(item => item.live_id), store.page, store.hasMore, store.moreStatus]).toEqual([['a', 'b', 'c'], 2, false, 'ready'])
  })

  it('skips items it already shows', async () => {
    const { api, store } = await loadedWithMore()
    api.listServerLives.mockResolvedValueOnce(paged([liveItem('b'), liveItem('c')], 2, true))
    await store.loadMore()
    expect(store.items.map(item => item.live_id)).toEqual(['a', 'b', 'c'])
  })

  it('asks nothing when there is no more', async () => {
    const { api, store } = setup()
    api.listServerLives.mockResolvedValueOnce(paged([liveItem('a')], 1, false))
    await store.load()
    await store.loadMore()
    expect(api.listServerLives).toHaveBeenCalledTimes(1)
  })

  it('asks nothing before the first page is shown', async () => {
    const { api, store } = setup()
    await store.loadMore()
    expect(api.listServerLives).not.toHaveBeenCalled()
  })

  it('asks once while a next page is already on its way', async () => {
    const { api, store } = await loadedWithMore()
    api.listServerLives.mockReturnValue(deferred<Paged<LiveItem>>().promise)
    void store.loadMore()
    void store.loadMore()
    expect([api.listServerLives.mock.calls.length, store.moreStatus]).toEqual([2, 'loading'])
  })

  it('keeps the shown items when the next page fails, and loads it on retry', async () => {
    const { api, store } = await loadedWithMore()
    api.listServerLives.mockRejectedValueOnce(failedRequest())
    await store.loadMore()
    expect([store.status, store.moreStatus, store.moreError, store.items.length]).toEqual(['ready', 'error', '请求异常', 2])
    api.listServerLives.mockResolvedValueOnce(paged([liveItem('c')], 2, false))
    await store.loadMore()
    expect([store.moreStatus, store.moreError, store.items.length]).toEqual(['ready', null, 3])
  })

  it('ignores a late next page after a refresh', async () => {
    const { api, store } = await loadedWithMore()
    const late = deferred<Paged<LiveItem>>()
    api.listServerLives.mockReturnValueOnce(late.promise)
    const more = store.loadMore()
    api.listServerLives.mockResolvedValueOnce(paged([liveItem('x')], 1, true))
    await store.load()
    late.resolve(paged([liveItem('old')], 2, false))
    await more
    expect([store.items.map(item => item.live_id), store.page, store.moreStatus]).toEqual([['x'], 1, 'idle'])
  })
})

describe('LiveStore: the clock', () => {
  it('re-derives exactly when a live mp4 ends, and logs it as playback', async () => {
    const { api, store, clock, scheduler, logger } = setup()
    api.listServerLives.mockResolvedValue(paged([mp4EndingIn('m', 30), liveItem('l')], 1, false))
    await store.load()
    store.startClock()
    expect(scheduler.pending()).toEqual([{ delayMs: 30_000 }])
    expect(store.stateOf('m')).toBe('live')
    clock.set((NOW + 30) * 1000)
    scheduler.fireNext()
    expect([store.stateOf('m'), store.stateOf('l')]).toEqual(['ended', 'live'])
    expect(logger.info).toHaveBeenCalledWith('[live] m is now playback')
    expect(scheduler.pending()).toEqual([])
  })

  it('moves from one change to the next', async () => {
    const { api, store, clock, scheduler } = setup()
    const premiere = liveItem('p', { type: MediaType.Record, started_at: NOW + 90 })
    api.listServerLives.mockResolvedValue(paged([mp4EndingIn('m', 30), premiere], 1, false))
    await store.load()
    store.startClock()
    clock.set((NOW + 30) * 1000)
    scheduler.fireNext()
    expect(scheduler.pending()).toEqual([{ delayMs: 60_000 }])
    clock.set((NOW + 90) * 1000)
    scheduler.fireNext()
    expect(store.stateOf('p')).toBe('ended')
  })

  it('waits again when a timer fires before the change', async () => {
    const { api, store, clock, scheduler, logger } = setup()
    api.listServerLives.mockResolvedValue(paged([mp4EndingIn('m', 30)], 1, false))
    await store.load()
    store.startClock()
    clock.set((NOW + 29.99) * 1000)
    scheduler.fireNext()
    expect(store.stateOf('m')).toBe('live')
    expect(logger.info).not.toHaveBeenCalled()
    expect(scheduler.pending()[0].delayMs).toBeCloseTo(10, 5)
  })

  it('sets no timer when no state changes on its own', async () => {
    const { api, store, scheduler } = setup()
    api.listServerLives.mockResolvedValue(paged([liveItem('l'), liveItem('r', { is_live: LiveFlag.Reserved })], 1, false))
    await store.load()
    store.startClock()
    expect(scheduler.pending()).toEqual([])
  })

  it('waits in steps a platform timer can honour for a change far away', async () => {
    const { api, store, scheduler } = setup()
    api.listServerLives.mockResolvedValue(paged([liveItem('p', { type: MediaType.Record, started_at: NOW + 60 * 86400 })], 1, false))
    await store.load()
    store.startClock()
    expect(scheduler.pending()).toEqual([{ delayMs: MAX_TIMER_DELAY_MS }])
  })

  it('sets no timer while the page is hidden, and re-derives when it shows again', async () => {
    const { api, store, clock, scheduler } = setup()
    api.listServerLives.mockResolvedValue(paged([mp4EndingIn('m', 30)], 1, false))
    await store.load()
    expect(scheduler.pending()).toEqual([])
    clock.set((NOW + 45) * 1000)
    store.startClock()
    expect([store.stateOf('m'), store.clockRunning]).toEqual(['ended', true])
  })

  it('reschedules when a next page brings a sooner change', async () => {
    const { api, store, scheduler } = setup()
    api.listServerLives.mockResolvedValueOnce(paged([mp4EndingIn('m', 30)], 1, true))
    await store.load()
    store.startClock()
    api.listServerLives.mockResolvedValueOnce(paged([mp4EndingIn('n', 10)], 2, false))
    await store.loadMore()
    expect(scheduler.pending()).toEqual([{ delayMs: 10_000 }])
  })

  it('cancels its timer when stopped', async () => {
    const { api, store, scheduler } = setup()
    api.listServerLives.mockResolvedValue(paged([mp4EndingIn('m', 30)], 1, false))
    await store.load()
    store.startClock()
    store.stopClock()
    expect([scheduler.pending(), store.clockRunning]).toEqual([[], false])
  })

  it('cancels its timer when disposed', async () => {
    const { api, store, scheduler } = setup()
    api.listServerLives.mockResolvedValue(paged([mp4EndingIn('m', 30)], 1, false))
    await store.load()
    store.startClock()
    store.dispose()
    expect(scheduler.pending()).toEqual([])
  })
})
