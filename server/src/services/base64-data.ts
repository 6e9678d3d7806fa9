/**
 * Base64 image data as SPEC §7 POST /resource/base64 takes it: the bytes of standard or
 * URL-safe base64 text, with or without a data-URL prefix, and the largest image
 * accepted.
 */
import { badRequest } from '../errors'

/** Largest decoded image accepted: 2 MiB. */
export const BASE64_IMAGE_MAX_BYTES = 2 * 1024 * 1024

const DATA_URL_PREFIX = /^data:[a-z]+\/[a-z0-9.+-]+(;[a-z0-9-]+=[^;,]*)*;base64,/i

/** The bytes of base64 text (standard or URL-safe alphabet, whitespace ignored); 400 naming `data` when it is not base64. */
export function decodeBase64Data (text: string): Buffer {
  let payload = text.trim()
  const prefix = DATA_URL_PREFIX.exec(payload)
  if (prefix) payload = payload.slice(prefix[0].length)
  else if (payload.startsWith('data:')) throw badRequest('body.data must be a base64 data URL (data:image/…;base64,…) or plain base64')
  payload = payload.replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload) || payload.length % 4 === 1) throw badRequest('body.data is not valid base64')
  const content = Buffer.from(payload, 'base64')
  if (content.length === 0) throw badRequest('body.data is empty')
  return content
}
