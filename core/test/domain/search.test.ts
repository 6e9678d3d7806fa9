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

  it('writes a query back as it parses', () => {
    const text = '直播 from:"张 三" in:lobby has:image before:2026-01-02'
    const parse = parseSearchQuery(text)
    expect(parse.ok && formatSearchQuery(parse.query)).toBe(text)
  })
})

describe('search days', () => {
  it('starts a day at midnight in UTC+8 (SPEC §9)', () => {
    expect(dayStartMs('2026-01-02')).toBe(Date.UTC(2026, 0, 1, 16))
  })

  it('reads after: as from the next day on and before: as up to that day', () => {
    expect(searchTimeRange({ after: '2026-01-01', before: '2026-01-03' })).toEqual({ fromMs: Date.UTC(2026, 0, 1, 16), toMs: Date.UTC(2026, 0, 2, 16) })
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
})
