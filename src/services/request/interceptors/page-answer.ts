/**
 * The carried-answer step: a GET whose answer came with the page (core/wire/api.ts
 * PAGE_ANSWERS_GLOBAL, written by the reference server into the H5 page it serves) is
 * answered from it, once, without a round trip; a later call of the same path (a retry,
 * a reload of the section) goes to the network. Calls to another origin, other methods,
 * and every call in the mini-program (whose pages carry nothing) pass straight on.
 */
import { PAGE_ANSWERS_GLOBAL, type PageAnswer } from '@core/wire/page-answers'
import type { Chain } from '../chain'
import type { HttpCall, RawResponse } from '../calls'

/**
 * The carried answers not taken yet, or null when none is left (every call after the
 * first screen's then passes on without reading its URL), the page carries none, or the
 * engine has no `globalThis` (iOS 12.0's).
 */
function carriedAnswers (): Record<string, unknown> | null {
  if (typeof globalThis !== 'object') return null
  const answers: unknown = (globalThis as Record<string, unknown>)[PAGE_ANSWERS_GLOBAL]
  return typeof answers === 'object' && answers !== null && Object.keys(answers).length > 0 ? answers as Record<string, unknown> : null
}

/** The path and query `url` asks of the page's own origin, or null when it goes elsewhere. */
function samePageKey (url: string): string | null {
  if (typeof location === 'undefined') return null
  try {
    const target = new URL(url, location.href)
    return target.origin === location.origin ? target.pathname + target.search : null
  } catch {
    return null
  }
}

function isPageAnswer (value: unknown): value is PageAnswer {
  const { statusCode, body } = (typeof value === 'object' && value !== null ? value : {}) as Partial<PageAnswer>
  return typeof statusCode === 'number' && typeof body === 'string'
}

/**
 * Takes the page's carried answer to a GET of `url`, or null when it carries none; each
 * answer is taken once. A visitor's answer (`visitorOnly`) is not given to a call made
 * `signedIn`: that call asks the network for the member's own.
 */
export function takePageAnswer (method: string, url: string, signedIn = false): PageAnswer | null {
  const answers = carriedAnswers()
  if (answers === null || method !== 'GET') return null
  const key = samePageKey(url)
  if (key === null || !Object.prototype.hasOwnProperty.call(answers, key)) return null
  const answer = answers[key]
  delete answers[key]
  return isPageAnswer(answer) && !(signedIn && answer.visitorOnly === true) ? answer : null
}

/** Answers a call from the page's carried answers when it can, else runs the rest of the chain. */
export function pageAnswerStep (chain: Chain<HttpCall, RawResponse>): Promise<RawResponse> {
  const answer = takePageAnswer(chain.params.method, chain.params.url, chain.params.header.Authorization !== undefined)
  return answer ? Promise.resolve({ statusCode: answer.statusCode, data: answer.body }) : chain.proceed()
}
