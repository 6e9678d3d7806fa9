/**
 * Answers a served H5 page carries with it: the reference server writes the answers of
 * the page's first GET calls into the HTML under {@link PAGE_ANSWERS_GLOBAL*}
 * (server/src/plugins/page-answers.ts), keyed by path and query, and the client takes
 * each once instead of asking again (src/services/request/interceptors/page-answer.ts),
 * so the first screen needs no round trip after start-up. Pages served from elsewhere
 * carry none and ask as usual. No imports: the client loads this file.
 */

/** The global the carried answers sit under. */
export const PAGE_ANSWERS_GLOBAL = '__openrealmPageAnswers'

/** One carried answer: its HTTP status and its body text, exactly as the API sent them. */
export interface PageAnswer {
  statusCode: number
  body: string
  /**
   * True for an answer that differs for a signed-in member (Home's channel list:
   * their unread counts, the channels only members see). It is carried as a visitor gets
   * it, so a call made with a session asks the network instead.
   */
  visitorOnly?: boolean
}

/** Carried answers by path and query (`/servers/832828`). */
export type PageAnswers = Record<string, PageAnswer>

/**
 * The global the first screen a served page draws (server/src/plugins/first-screen.ts) sets
 * when a visitor taps its 加入 (a chat's join bar) before the app renders: that screen is a
 * drawing, so its inline script records the tap and the app joins once it knows the
 * membership (src/services/early-taps.ts).
 */
export const EARLY_JOIN_GLOBAL = '__openrealmEarlyJoin'
