/**
 * The search query a member types (docs/product-tour.md "Search syntax"): words, plus filters written
 * as `key:value` — `from:` a member (nickname or uid), `in:` a channel (name or id),
 * `has:image` / `has:link`, `before:` / `after:` a day (YYYY-MM-DD, UTC+8 as every date
 * of the product, SPEC §9). A value with spaces is quoted: `from:"张 三"`. Pure: the
 * server parses with it, the client builds and shows its filter chips with it.
 */

/** Longest query accepted, in characters (a longer one is refused, never cut). */
export const SEARCH_QUERY_MAX_LENGTH = 200

/** What `has:` can ask for. */
export const SEARCH_HAS_VALUES = ['image', 'link'] as const
/** One `has:` value. */
export type SearchHas = typeof SEARCH_HAS_VALUES[number]

/** The filter keys, in the order the chips show them. */
export const SEARCH_FILTER_KEYS = ['from', 'in', 'has', 'before', 'after'] as const
/** One filter key. */
export type SearchFilterKey = typeof SEARCH_FILTER_KEYS[number]

/** A parsed query. */
export interface SearchQuery {
  /** The free text, filters taken out, spaces collapsed ('' when only filters were typed). */
  words: string
  /** Members named by `from:` (any of them wrote it). */
  from: string[]
  /** Channels named by `in:` (in any of them). */
  in: string[]
  /** What the item must carry (all of them). */
  has: SearchHas[]
  /** Before this day (YYYY-MM-DD), or null. */
  before: string | null
  /** After this day (YYYY-MM-DD), or null. */
  after: string | null
}

/** A parse: the query, or why it is refused. */
export type SearchQueryParse = { ok: true, query: SearchQuery } | { ok: false, reason: string }

/** UTC+8 in milliseconds: a typed day is a day in China (SPEC §9). */
const DAY_OFFSET_MS = 8 * 3600 * 1000
const DAY_MS = 24 * 3600 * 1000

/** The parts of `text`: runs of non-space, where double quotes keep spaces inside one part. */
function partsOf (text: string): string[] {
  const parts: string[] = []
  const pattern = /(?:[^\s"]+|"[^"]*"?)+/g
  for (const match of text.matchAll(pattern)) parts.push(match[0])
  return parts
}

/** `value` without the quotes around it. */
function unquoted (value: string): string {
  return value.replace(/"/g, '').trim()
}

/** The millisecond a YYYY-MM-DD day starts at in UTC+8, or null when it is no real day. */
export function dayStartMs (day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return null
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const utc = Date.UTC(year, month - 1, date)
  const check = new Date(utc)
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null
  return utc - DAY_OFFSET_MS
}

/** The time range a query's days allow, in milliseconds: from `fromMs` (inclusive) to `toMs` (exclusive); null ends are open. */
export function searchTimeRange (query: Pick<SearchQuery, 'before' | 'after'>): { fromMs: number | null, toMs: number | null } {
  const before = query.before === null ? null : dayStartMs(query.before)
  const after = query.after === null ? null : dayStartMs(query.after)
  // after:D is from the next day on; before:D is up to that day's start
  return { fromMs: after === null ? null : after + DAY_MS, toMs: before }
}

/** Parses what a member typed; refuses an over-long query, an unknown `has:` and a day that is no day. */
export function parseSearchQuery (text: string): SearchQueryParse {
  if (text.length > SEARCH_QUERY_MAX_LENGTH) return { ok: false, reason: `q holds at most ${SEARCH_QUERY_MAX_LENGTH} characters` }
  const query: SearchQuery = { words: '', from: [], in: [], has: [], before: null, after: null }
  const words: string[] = []
  for (const part of partsOf(text)) {
    const colon = part.indexOf(':')
    const key = colon > 0 ? part.slice(0, colon).toLowerCase() : ''
    if (!(SEARCH_FILTER_KEYS as readonly string[]).includes(key)) {
      words.push(unquoted(part))
      continue
    }
    const value = unquoted(part.slice(colon + 1))
    if (value === '') return { ok: false, reason: `${key}: needs a value` }
    switch (key as SearchFilterKey) {
      case 'from': query.from.push(value); break
      case 'in': query.in.push(value.replace(/^#/, '')); break
      case 'has': {
        const has = value.toLowerCase()
        if (!(SEARCH_HAS_VALUES as readonly string[]).includes(has)) return { ok: false, reason: `has: is one of ${SEARCH_HAS_VALUES.join(', ')}, not ${value}` }
        if (!query.has.includes(has as SearchHas)) query.has.push(has as SearchHas)
        break
      }
      case 'before':
      case 'after':
        if (dayStartMs(value) === null) return { ok: false, reason: `${key}: takes a day as YYYY-MM-DD, not ${value}` }
        query[key as 'before' | 'after'] = value
        break
    }
  }
  query.words = words.filter(word => word !== '').join(' ')
  return { ok: true, query }
}

/** The text of a query again, filters after the words (the client's chips write the box with it). */
export function formatSearchQuery (query: SearchQuery): string {
  const quoted = (value: string): string => /\s/.test(value) ? `"${value}"` : value
  return [
    query.words,
    ...query.from.map(value => `from:${quoted(value)}`),
    ...query.in.map(value => `in:${quoted(value)}`),
    ...query.has.map(value => `has:${value}`),
    ...(query.before ? [`before:${query.before}`] : []),
    ...(query.after ? [`after:${query.after}`] : []),
  ].filter(part => part !== '').join(' ')
}

/** A piece of a hit's text: plain, or where the query matched (shown highlighted, as text). */
export interface HighlightSegment {
  text: string
  match: boolean
}

/**
 * `text` cut at the match ranges ([start, end) UTF-16 offsets, as the search answers them):
 * ranges out of order, overlapping or past the end are put right, so a page renders the
 * pieces as text whatever it was given.
 */
export function highlightSegments (text: string, matches: ReadonlyArray<readonly [number, number]>): HighlightSegment[] {
  const segments: HighlightSegment[] = []
  let at = 0
  const ranges = [...matches].map(([start, end]) => [Math.max(0, start), Math.min(text.length, end)] as const)
    .filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0])
  for (const [rangeStart, end] of ranges) {
    const start = Math.max(rangeStart, at)
    if (end <= start) continue
    const previous = segments[segments.length - 1]
    if (start > at) segments.push({ text: text.slice(at, start), match: false })
    // a range that overlaps or touches the last match extends it
    else if (previous?.match === true) {
      previous.text += text.slice(start, end)
      at = end
      continue
    }
    segments.push({ text: text.slice(start, end), match: true })
    at = end
  }
  if (at < text.length) segments.push({ text: text.slice(at), match: false })
  return segments
}
