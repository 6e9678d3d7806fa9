import { dayStartMs, formatSearchQuery, highlightSegments, parseSearchQuery, searchTimeRange, SEARCH_QUERY_MAX_LENGTH } from '../../domain/search'

describe('parseSearchQuery', () => {
  it('takes the filters out of the words', () => {
    expect(parseSearchQuery('Taro 组件 from:100001 in:#大厅 has:IMAGE has:link before:2026-01-02 after:2025-12-01')).toEqual({
      ok: true,
      query: { words: 'Taro 组件', from: ['100001'], in: ['大厅'], has: ['image', 'link'], before: '2026-01-02', after: '2025-12-01' },
    })
  })

  it('keeps a quoted value with spaces whole', () => {
    expect(parseSearchQuery('from:"张 三" 直播')).toMatchObject({ ok: true, query: { words: '直播', from: ['张 三'] } })
  })

  it('reads an unknown key as words (a link stays a word)', () => {
    expect(parseSearchQuery('see https://example.com')).toMatchObject({ ok: true, query: { words: 'see https://example.com' } })
  })

  it.each([
    ['x'.repeat(SEARCH_QUERY_MAX_LENGTH + 1), 'at most'],
    ['has:video', 'has: is one of'],
    ['before:2024-02-30', 'YYYY-MM-DD'],
    ['after:yesterday', 'YYYY-MM-DD'],
    ['from:', 'needs a value'],
  ])('refuses %s', (text, reason) => {
    const parse = parseSearchQuery(text)
    expect(parse.ok).toBe(false)
    if (!parse.ok) expect(parse.reason).toContain(reason)
  })

  it('keeps a has: filter once however often it is typed', () => {
    expect(parseSearchQuery('has:image HAS:Image 展厅')).toMatchObject({ ok: true, query: { words: '展厅', has: ['image'] } })
  })

  it('writes a query back as it parses', () => {
    const text = '直播 from:"张 三" in:lobby has:image before:2026-01-02 after:2025-12-31'
    const parse = parseSearchQuery(text)
    expect(parse.ok && formatSearchQuery(parse.query)).toBe(text)
  })

  it('writes a query of words and one day back without empty filters', () => {
    expect(formatSearchQuery({ words: '展厅', from: [], in: [], has: [], before: null, after: '2026-01-01' })).toBe('展厅 after:2026-01-01')
    expect(formatSearchQuery({ words: '展厅', from: [], in: [], has: [], before: '2026-01-01', after: null })).toBe('展厅 before:2026-01-01')
  })
})

describe('search days', () => {
  it('starts a day at midnight in UTC+8 (SPEC §9)', () => {
    expect(dayStartMs('2026-01-02')).toBe(Date.UTC(2026, 0, 1, 16))
  })

  it('reads after: as from the next day on and before: as up to that day', () => {
    expect(searchTimeRange({ after: '2026-01-01', before: '2026-01-03' })).toEqual({ fromMs: Date.UTC(2026, 0, 1, 16), toMs: Date.UTC(2026, 0, 2, 16) })
  })

  it('leaves both ends open when no day is given', () => {
    expect(searchTimeRange({ after: null, before: null })).toEqual({ fromMs: null, toMs: null })
  })
})

describe('highlightSegments', () => {
  it('cuts the text at the matches', () => {
    expect(highlightSegments('今晚直播，来展厅', [[2, 4], [6, 8]])).toEqual([
      { text: '今晚', match: false }, { text: '直播', match: true }, { text: '，来', match: false }, { text: '展厅', match: true },
    ])
  })

  it('puts right ranges out of order, overlapping or past the end', () => {
    expect(highlightSegments('abcdef', [[4, 99], [0, 2], [1, 3], [5, 5]])).toEqual([
      { text: 'abc', match: true }, { text: 'd', match: false }, { text: 'ef', match: true },
    ])
  })

  it('drops a range that lies inside an earlier match, and ends on a match that reaches the end', () => {
    expect(highlightSegments('直播间', [[0, 3], [1, 2]])).toEqual([{ text: '直播间', match: true }])
  })

  it('keeps the plain text after the last match', () => {
    expect(highlightSegments('直播间见', [[0, 2]])).toEqual([{ text: '直播', match: true }, { text: '间见', match: false }])
  })
})
