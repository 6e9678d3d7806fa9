/** Router constants (SPEC §2). */

/** The query key that carries a post-login return target (SPEC §2 carries it). */
export const REDIRECT_KEY = 'redirect'

/** The page unknown paths are sent to (SPEC §2: unknown paths invoke a not-found handler). */
export const NOT_FOUND_PAGE = 'not-found'

/** The mini-program page that shows a web URL (rule pages, SPEC §2). */
export const WEBVIEW_PAGE = 'webview'

/** Paths, under the webview host, of the two rule pages (SPEC §1, §2). */
export const RULE_PATHS = {
  userAgreement: '/user-agreement.html',
  privacyPolicy: '/privacy-policy.html',
} as const

/** Which rule page to open. */
export type RuleName = keyof typeof RULE_PATHS
