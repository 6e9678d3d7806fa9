/** Router constants (SPEC §2). */

/**
 * SPEC §2: query keys carried over from the current page to the next one unless the
 * caller sets them (in this order).
 */
export const CARRIED_QUERY_KEYS = [
  'ch', 'debug', 'viewpc', 'aesieap_code', 'is_overseas', 'redirect', 'server_id', 'scene', 'hl',
  'sid', 'navShareHide', 'quality', 'appid', 'msgSignature', 'timeStamp', 'nonce', 'ncode', 'encrypt',
] as const

/** SPEC §2: query keys read under another name: `sid` is `server_id`, `cid` is `channel_id`. */
export const QUERY_ALIASES: Readonly<Record<string, string>> = {
  sid: 'server_id',
  cid: 'channel_id',
}

/** SPEC §2: the packed parameter. */
export const NWP_KEY = 'nwp'

/**
 * How far each character of the packed parameter is rotated along the base64url
 * alphabet (see src/router/nwp.ts for the whole format).
 */
export const NWP_SHIFT = 7

/** Longest packed parameter read; anything longer is ignored (hostile input). */
export const NWP_MAX_LENGTH = 4096

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
