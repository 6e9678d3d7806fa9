/**
 * Text as the search index sees it. Both the indexed text and the query are folded the
 * same way — NFKD, combining marks dropped, lower case (so "Café" is "cafe", "ＴＡＲＯ"
 * is "taro") — then cut into words by jieba (@node-rs/jieba, a maintained Chinese
 * segmenter with native prebuilt binaries): "Taro组件库" is taro / 组件 / 库. The index
 * takes jieba's search mode (a long word and the dictionary words inside it: 直播间 gives
 * 直播 and 直播间), a query its precise mode. Only runs of letters and digits become words.
 */
import { Jieba } from '@node-rs/jieba'
import { dict } from '@node-rs/jieba/dict'
import { SEARCH_SNIPPET_LENGTH } from '@core/wire/search'
import type { SearchMatch } from '@core/wire/search'

let jieba: Jieba | null = null

/** The segmenter, loaded at first use (its dictionary takes about half a second). */
function segmenter (): Jieba {
  jieba ??= Jieba.withDict(dict)
  return jieba
}

/** Text folded for matching, with where each of its characters came from in the original. */
export interface FoldedText {
  text: string
  /** For each UTF-16 unit of `text`, the offset in the original of the character it came from. */
  origins: number[]
}

const COMBINING_MARK = /\p{M}/u
const WORD_PIECE = /[\p{L}\p{N}]+/gu

/** `text` folded (NFKD, no combining marks, lower case), with the original offset of every folded unit. */
export function foldText (text: string): FoldedText {
  let folded = ''
  const origins: number[] = []
  let offset = 0
  for (const character of text) {
    for (const piece of character.normalize('NFKD')) {
      if (COMBINING_MARK.test(piece)) continue
      const lower = piece.toLowerCase()
      folded += lower
      for (let unit = 0; unit < lower.length; unit++) origins.push(offset)
    }
    offset += character.length
  }
  return { text: folded, origins }
}

/** The folded words of `text`: jieba's search mode for the index, its precise mode for a query; letters and digits only. */
export function wordsOf (text: string, mode: 'index' | 'query'): string[] {
  const folded = foldText(text).text
  const cut = mode === 'index' ? segmenter().cutForSearch(folded, true) : segmenter().cut(folded, true)
  const words: string[] = []
  for (const token of cut) {
    for (const piece of token.match(WORD_PIECE) ?? []) words.push(piece)
  }
  return words
}

/** The distinct words the index keeps for `text`. */
export function indexWordsOf (text: string): string[] {
  return [...new Set(wordsOf(text, 'index'))]
}

/** The distinct words of a query, in the order typed. */
export function queryWordsOf (text: string): string[] {
  return [...new Set(wordsOf(text, 'query'))]
}

/** Where `words` occur in `text` (folded, so "CAFÉ" matches cafe), as ranges of the original text, in order, merged where they touch. */
export function matchRanges (text: string, words: readonly string[]): SearchMatch[] {
  const folded = foldText(text)
  const ranges: SearchMatch[] = []
  for (const word of words) {
    if (word === '') continue
    for (let at = folded.text.indexOf(word); at !== -1; at = folded.text.indexOf(word, at + word.length)) {
      const last = folded.origins[at + word.length - 1]
      const start = folded.origins[at]
      // the end is after the whole original character the last folded unit came from
      const end = last + ((text.codePointAt(last) ?? 0) > 0xffff ? 2 : 1)
      ranges.push([start, end])
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const merged: SearchMatch[] = []
  for (const range of ranges) {
    const previous = merged[merged.length - 1]
    if (previous && range[0] <= previous[1]) previous[1] = Math.max(previous[1], range[1])
    else merged.push([range[0], range[1]])
  }
  return merged
}

/**
 * At most {@link SEARCH_SNIPPET_LENGTH} characters of `text` around its first match, with
 * the matches inside moved to the snippet's offsets ('…' marks a cut).
 */
export function snippetOf (text: string, matches: readonly SearchMatch[]): { text: string, matches: SearchMatch[] } {
  if (text.length <= SEARCH_SNIPPET_LENGTH) return { text, matches: matches.map(([start, end]) => [start, end]) }
  const first = matches[0]?.[0] ?? 0
  let start = Math.max(0, Math.min(first - Math.floor(SEARCH_SNIPPET_LENGTH / 4), text.length - SEARCH_SNIPPET_LENGTH))
  // never cut a surrogate pair in two
  if (start > 0 && /[\uDC00-\uDFFF]/.test(text[start])) start -= 1
  let end = Math.min(text.length, start + SEARCH_SNIPPET_LENGTH)
  if (end < text.length && /[\uDC00-\uDFFF]/.test(text[end])) end += 1
  const prefix = start > 0 ? '…' : ''
  const shift = prefix.length - start
  const inside = matches.filter(([from, to]) => from >= start && to <= end).map(([from, to]): SearchMatch => [from + shift, to + shift])
  return { text: prefix + text.slice(start, end) + (end < text.length ? '…' : ''), matches: inside }
}
