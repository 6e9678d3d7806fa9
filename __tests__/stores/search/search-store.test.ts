import type { SearchHit, SearchResult } from '@core/wire/search'
import { RequestError } from '@/services/request/errors'
import { SearchStore } from '@/stores/search/search-store'
import { deferred, fakeLogger } from '../support/fakes'

const SID = '832828'

function hit (id: string, overrides: Partial<SearchHit> = {}): SearchHit {
  return {
    kind: 'message', id, server_id: SID, channel_id: '83282802', post_id: null,
    author: { uid: '100001', user_type: 1, addtime: 0, nickname: '林晓', avatar: '', signature: '', gender: 0 },
    text: `今晚直播 ${id}`, matches: [[2, 4]], created_at: 1_800_000_000, ...overrides,
  }
}

function page (items: SearchHit[], next: string | null = null): SearchResult {
  return { items, has_more: next !== null, next }
}

function setup () {
  const search = jest.fn<Promise<SearchResult>, [string, string, string | undefined]>()
  const store = new SearchStore(SID, { api: { search }, logger: fakeLogger() })
  return { store, search }
}

describe('SearchStore', () => {
  it('searches the server for the text in the box and shows the hits newest first', async () => {
    const { store, search } = setup()
    search.mockResolvedValueOnce(page([hit('2'), hit('1')]))
    store.setText('  直播 has:image ')
    await store.submit()
    expect(search).toHaveBeenCalledWith(SID, '直播 has:image', undefined)
    expect(store.status).toBe('ready')
    expect(store.results.items.map(item => item.id)).toEqual(['2', '1'])
  })

  it('asks for the next page with the cursor of the last, without repeating hits', async () => {
    const { store, search } = setup()
    search.mockResolvedValueOnce(page([hit('3'), hit('2')], 'c1')).mockResolvedValueOnce(page([hit('2'), hit('1')]))
    store.setText('直播')
    await store.submit()
    await store.loadMore()
    expect(search).toHaveBeenLastCalledWith(SID, '直播', 'c1')
    expect(store.results.items.map(item => item.id)).toEqual(['3', '2', '1'])
    expect(store.results.hasMore).toBe(false)
  })

  it('pages the query that was submitted, not what was typed since', async () => {
    const { store, search } = setup()
    search.mockResolvedValueOnce(page([hit('2')], 'c1')).mockResolvedValueOnce(page([hit('1')]))
    store.setText('直播')
    await store.submit()
    store.setText('展厅')
    await store.loadMore()
    expect(search).toHaveBeenLastCalledWith(SID, '直播', 'c1')
  })

  it('searches the submitted query again from its first page on a refresh, not what was typed since, and nothing before a search', async () => {
    const { store, search } = setup()
    await store.refresh()
    expect(search).not.toHaveBeenCalled()
    search.mockResolvedValueOnce(page([hit('2')], 'c1')).mockResolvedValueOnce(page([hit('3'), hit('2')]))
    store.setText('直播')
    await store.submit()
    store.setText('展厅')
    await store.refresh()
    expect(search).toHaveBeenLastCalledWith(SID, '直播', undefined)
    expect(store.results.items.map(item => item.id)).toEqual(['3', '2'])
  })

  it('shows only the answer of the newest search when an older one arrives late', async () => {
    const { store, search } = setup()
    const slow = deferred<SearchResult>()
    search.mockReturnValueOnce(slow.promise).mockResolvedValueOnce(page([hit('new')]))
    store.setText('旧')
    const first = store.submit()
    store.setText('新')
    await store.submit()
    slow.resolve(page([hit('old')]))
    await first
    expect(store.results.items.map(item => item.id)).toEqual(['new'])
  })

  it('sends nothing for an empty box or a mistake, and says what the mistake is', async () => {
    const { store, search } = setup()
    store.setText('   ')
    await store.submit()
    store.setText('直播 has:video')
    await store.submit()
    expect(search).not.toHaveBeenCalled()
    expect(store.problem).toContain('has:')
    expect(store.status).toBe('idle')
  })

  it('shows the server’s refusal in words', async () => {
    const { store, search } = setup()
    search.mockRejectedValueOnce(new RequestError({ kind: 'server', code: 400, status: 400, message: 'from: no member "nobody" in this server' }))
    store.setText('直播 from:nobody')
    await store.submit()
    expect([store.status, store.results.error]).toEqual(['error', 'from: no member "nobody" in this server'])
  })

  it('says when nothing matched', async () => {
    const { store, search } = setup()
    search.mockResolvedValueOnce(page([]))
    store.setText('无此词')
    await store.submit()
    expect(store.status).toBe('empty')
  })

  it('reads the filters in the box as chips, and adds and takes them away in the box', () => {
    const { store } = setup()
    store.setText('直播 from:"张 三"')
    store.addChip({ key: 'has', value: 'image' })
    store.addChip({ key: 'in', value: '大厅' })
    expect(store.text).toBe('直播 from:"张 三" in:大厅 has:image')
    expect(store.chips).toEqual([{ key: 'from', value: '张 三' }, { key: 'in', value: '大厅' }, { key: 'has', value: 'image' }])
    store.removeChip({ key: 'from', value: '张 三' })
    expect(store.text).toBe('直播 in:大厅 has:image')
  })

  it('cuts a hit into highlighted pieces of text', () => {
    const { store } = setup()
    expect(store.segmentsOf(hit('1', { text: '今晚直播', matches: [[2, 4]] }))).toEqual([{ text: '今晚', match: false }, { text: '直播', match: true }])
  })

  it('opens a message hit in its channel at that message, and a comment hit at its post', () => {
    const { store } = setup()
    expect(store.targetOf(hit('1'))).toEqual({ page: 'channel', query: { channel_id: '83282802', around: '1' } })
    expect(store.targetOf(hit('9', { kind: 'comment', post_id: 'p1' }))).toEqual({ page: 'post', query: { post_id: 'p1' } })
  })
})

describe('SearchStore hit pieces', () => {
  it('shows a mention by the member\'s nickname (a hit author or a loaded member), @用户 when unknown, keeping the highlight of the words around it', async () => {
    const search = jest.fn<Promise<SearchResult>, [string, string, string | undefined]>()
    const members = { status: 'ready' as const, load: jest.fn(async () => {}), nicknameOf: (uid: string) => uid === '200' ? '阿杰' : null }
    const store = new SearchStore(SID, { api: { search }, logger: fakeLogger(), members })
    const text = '<@200> 桌子我来搬 <@100001> <@999>'
    search.mockResolvedValueOnce(page([hit('1', { text, matches: [[7, 9]] })]))
    store.setText('桌子')
    await store.submit()
    expect(store.piecesOf(store.results.items[0])).toEqual([
      { kind: 'mention', uid: '200', name: '阿杰', match: false },
      { kind: 'text', text: ' ', match: false },
      { kind: 'text', text: '桌子', match: true },
      { kind: 'text', text: '我来搬 ', match: false },
      { kind: 'mention', uid: '100001', name: '林晓', match: false },
      { kind: 'text', text: ' ', match: false },
      { kind: 'mention', uid: '999', name: '用户', match: false },
    ])
  })
})
