/**
 * Taro's toast and modal for feedback.ts, in the mini-program: the platform's own APIs,
 * there at once (the H5 build uses load-feedback-ui.h5.ts instead).
 */
import * as feedbackUi from './feedback-ui'

/** The toast and modal calls, ready. */
export function loadFeedbackUi (): Promise<typeof feedbackUi> {
  return Promise.resolve(feedbackUi)
}
