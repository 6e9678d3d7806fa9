/**
 * Taro's toast and modal for feedback.ts, on H5: fetched on first use, in a chunk of
 * their own, so no page's first load carries them (see feedback-ui.ts).
 */
import type * as FeedbackUi from './feedback-ui'

/** The toast and modal calls, once their chunk has loaded. */
export function loadFeedbackUi (): Promise<typeof FeedbackUi> {
  return import(/* webpackChunkName: "feedback-ui" */ './feedback-ui')
}
