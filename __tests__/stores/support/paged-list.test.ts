import { isObservable } from 'mobx'
import type { PageQuery, Paged } from '@core/wire/api'
import { numberedPages, PagedList, type ListPage } from '@/stores/support/paged-list'
import { deferred, failedRequest, fakeLogger, paged } from './fakes'

interface Row {
  id: string
}

function rows (...ids: string[]): Row[] {
  return ids.map(id => ({ id }))
}

function setup (options: { pageSize?: number } = {}) {
  const fetchPage = jest.fn<Promise<Paged<Row>>, [PageQuery]>(() => Promise.reject(new Error('not faked')))
  const onPage = jest.fn()
  const list = new PagedList<Row, number>(numberedPages(fetchPage, options.pageSize), row => row.id, { logger: fakeLogger(), onPage })
  return { fetchPage, onPage, list }
}

function idsOf (list: { items: Row[] }): string[] {
  return list.items.map(row => row.id)
}

describe('PagedList: the first page', () => {
  it('starts idle with nothing loaded', () => {
    const { list } = setup()
    expect([list.status, list.items, list.pages, list.hasMore]).toEqual(['idle', [], 0, false])
  })

  it('shows the first page of the API default size', async () => {
    const { fetchPage, list } = setup()
    fetchPage.mockResolvedValueOnce(paged(rows('a', 'b'), 1, true))
    await list.load()
    expect(fetchPage).toHaveBeenCalledWith({ page: 1, page_size: 20 })
    expect([list.status, idsOf(list), list.pages, list.hasMore]).toEqual(['ready', ['a', 'b'], 1, true])
  })

  it('keeps the answered items as they came (watched by reference, not copied into observables)', async () => {
    const { fetchPage, list } = setup()
    const answered = rows('a', 'b')
    fetchPage.mockResolvedValueOnce(paged(answered, 1, true))
    await list.load()
    expect(list.items[0]).toBe(answered[0])
    expect(isObservable(list.items)).toBe(false)
  })

  it('asks for the configured page size', async () => {
    const { fetchPage, list } = setup({ pageSize: 5 })
    fetchPage.mockResolvedValueOnce(paged([], 1, false))
    await list.load()
    expect(fetchPage).toHaveBeenCalledWith({ page: 1, page_size: 5 })
  })

  it('is loading while the first page is on its way', () => {
    const { fetchPage, list } = setup()
    fetchPage.mockReturnValueOnce(deferred<Paged<Row>>().promise)
    void list.load()
    expect(list.status).toBe('loading')
  })

  it('is empty when the answer has no items', async () => {
    const { fetchPage, list } = setup()
    fetchPage.mockResolvedValueOnce(paged([], 1, false))
    await list.load()
    expect([list.status, list.items]).toEqual(['empty', []])
  })

  it('shows the error and loads on retry', async () => {
    const { fetchPage, list } = setup()
    fetchPage.mockRejectedValueOnce(failedRequest())
    await list.load()
    expect([list.status, list.error]).toEqual(['error', '请求异常'])
    fetchPage.mockResolvedValueOnce(paged(rows('a'), 1, false))
    await list.load()
    expect([list.status, list.error, idsOf(list)]).toEqual(['ready', null, ['a']])
  })

  it('replaces the items on a refresh', async () => {
    const { fetchPage, list } = setup()
    fetchPage.mockResolvedValueOnce(paged(rows('a', 'b'), 1, false))
    await list.load()
    fetchPage.mockResolvedValueOnce(paged(rows('c'), 1, false))
    await list.load()
    expect(idsOf(list)).toEqual(['c'])
  })

  it('shows the newer first page when a slower, older one answers last', async () => {
    const { fetchPage, list } = setup()
    const slow = deferred<Paged<Row>>()
    fetchPage.mockReturnValueOnce(slow.promise)
    const first = list.load()
    fetchPage.mockResolvedValueOnce(paged(rows('new'), 1, false))
    await list.load()
    slow.resolve(paged(rows('old'), 1, true))
    await first
    expect([idsOf(list), list.hasMore, list.status]).toEqual([['new'], false, 'ready'])
  })

  it('tells its caller each time a page is shown, and not when a request fails', async () => {
    const { fetchPage, onPage, list } = setup()
    fetchPage.mockRejectedValueOnce(failedRequest())
    await list.load()
    fetchPage.mockResolvedValueOnce(paged(rows('a'), 1, true))
    await list.load()
    fetchPage.mockResolvedValueOnce(paged(rows('b'), 2, false))
    await list.loadMore()
    expect(onPage).toHaveBeenCalledTimes(2)
  })
})

describe('PagedList: the next pages (reach-bottom)', () => {
  async function loadedWithMore () {
    const context = setup()
    context.fetchPage.mockResolvedValueOnce(paged(rows('a', 'b'), 1, true))
    await context.list.load()
    return context
  }

  it('appends the next page without the items it already shows', async () => {
    const { fetchPage, list } = await loadedWithMore()
    fetchPage.mockResolvedValueOnce(paged(rows('b', 'c'), 2, false))
    await list.loadMore()
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 2, page_size: 20 })
    expect([idsOf(list), list.pages, list.hasMore, list.moreStatus]).toEqual([['a', 'b', 'c'], 2, false, 'ready'])
  })

  it('asks once while a next page is already on its way', async () => {
    const { fetchPage, list } = await loadedWithMore()
    fetchPage.mockReturnValue(deferred<Paged<Row>>().promise)
    void list.loadMore()
    void list.loadMore()
    expect([fetchPage.mock.calls.length, list.moreStatus]).toEqual([2, 'loading'])
  })

  it('asks nothing when there is no more', async () => {
    const { fetchPage, list } = setup()
    fetchPage.mockResolvedValueOnce(paged(rows('a'), 1, false))
    await list.load()
    await list.loadMore()
    expect(fetchPage).toHaveBeenCalledTimes(1)
  })

  it('asks nothing before the first page is shown', async () => {
    const { fetchPage, list } = setup()
    await list.loadMore()
    expect(fetchPage).not.toHaveBeenCalled()
  })

  it('asks nothing while the first page is on its way', async () => {
    const { fetchPage, list } = await loadedWithMore()
    fetchPage.mockReturnValueOnce(deferred<Paged<Row>>().promise)
    void list.load()
    await list.loadMore()
    expect(fetchPage).toHaveBeenCalledTimes(2)
  })

  it('keeps the shown items when the next page fails, and loads it on retry', async () => {
    const { fetchPage, list } = await loadedWithMore()
    fetchPage.mockRejectedValueOnce(failedRequest())
    await list.loadMore()
    expect([list.status, list.moreStatus, list.moreError, idsOf(list)]).toEqual(['ready', 'error', '请求异常', ['a', 'b']])
    fetchPage.mockResolvedValueOnce(paged(rows('c'), 2, false))
    await list.loadMore()
    expect([list.moreStatus, list.moreError, idsOf(list)]).toEqual(['ready', null, ['a', 'b', 'c']])
  })

  it('ignores a late next page after a refresh', async () => {
    const { fetchPage, list } = await loadedWithMore()
    const late = deferred<Paged<Row>>()
    fetchPage.mockReturnValueOnce(late.promise)
    const more = list.loadMore()
    fetchPage.mockResolvedValueOnce(paged(rows('x'), 1, true))
    await list.load()
    late.resolve(paged(rows('old'), 2, false))
    await more
    expect([idsOf(list), list.pages, list.moreStatus]).toEqual([['x'], 1, 'idle'])
  })
})

describe('PagedList: a cursor the server answers (the member list, the audit log)', () => {
  function cursorSetup () {
    const fetchPage = jest.fn<Promise<ListPage<Row, string>>, [string | null]>(() => Promise.reject(new Error('not faked')))
    const list = new PagedList<Row, string>(fetchPage, row => row.id, { logger: fakeLogger() })
    return { fetchPage, list }
  }

  it('asks for the first page with no cursor and the next with the cursor the last answer named', async () => {
    const { fetchPage, list } = cursorSetup()
    fetchPage.mockResolvedValueOnce({ items: rows('a', 'b'), hasMore: true, next: 'b' })
    await list.load()
    fetchPage.mockResolvedValueOnce({ items: rows('c'), hasMore: false, next: null })
    await list.loadMore()
    expect(fetchPage.mock.calls).toEqual([[null], ['b']])
    expect([idsOf(list), list.pages, list.hasMore]).toEqual([['a', 'b', 'c'], 2, false])
  })

  it('asks nothing more when the server says more exist but names no cursor', async () => {
    const { fetchPage, list } = cursorSetup()
    fetchPage.mockResolvedValueOnce({ items: rows('a'), hasMore: true, next: null })
    await list.load()
    await list.loadMore()
    expect(fetchPage).toHaveBeenCalledTimes(1)
  })

  it('lets its owner show a live change, and an empty list that gains an item is ready', async () => {
    const { fetchPage, list } = cursorSetup()
    fetchPage.mockResolvedValueOnce({ items: [], hasMore: false, next: null })
    await list.load()
    list.replaceItems(rows('new'))
    expect([list.status, idsOf(list)]).toEqual(['ready', ['new']])
    list.replaceItems([])
    expect(list.status).toBe('empty')
  })

  it('tells its owner of a failed first page before showing its message', async () => {
    const onFirstPageError = jest.fn()
    const fetchPage = jest.fn<Promise<ListPage<Row, string>>, [string | null]>().mockRejectedValueOnce(failedRequest())
    const list = new PagedList<Row, string>(fetchPage, row => row.id, { logger: fakeLogger(), onFirstPageError })
    await list.load()
    expect([onFirstPageError.mock.calls.length, list.status]).toEqual([1, 'error'])
  })
})
