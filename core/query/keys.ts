/** Query keys of SPEC §2 and the packed `nwp` parameter: what every page link carries, and how. */

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
 * alphabet (see core/query/nwp.ts for the whole format).
 */
export const NWP_SHIFT = 7

/** Longest packed parameter read; anything longer is ignored (hostile input). */
export const NWP_MAX_LENGTH = 4096
