/**
 * SPEC §7 POST /resource/base64 {data}: stores a base64 image (a data-URL prefix is
 * optional) and answers its URL. The real type is read from the magic bytes (png, jpeg,
 * gif, webp only), the image must read as that type (its width and height), and the
 * decoded size is capped; anything else is refused with 415 before anything is stored. Identical images share one stored file.
 */
import type { FastifyInstance } from 'fastify'
import { FILES_PATH, type Base64UploadData } from '@core/wire/api'
import type { RouteOptions } from '../../context'
import { badRequest, httpError } from '../../errors'
import { signedInUser } from '../../plugins/auth'
import { qiniuEtag } from '../../services/qiniu-etag'
import { holdsImageClaim, sniffImageType } from '../../services/image-type'
import { putWithinQuota } from '../../services/quotas'
import { ok } from '../envelope'
import { API_CALLS, API_CALL_SCHEMAS } from '@core/wire/api-calls'
import { route } from '../route'

/** Largest decoded image accepted: 2 MiB. */
export const BASE64_IMAGE_MAX_BYTES = 2 * 1024 * 1024

/** Body limit of the route: the base64 text of the largest image plus room for a data-URL prefix. */
export const BASE64_BODY_LIMIT = Math.ceil(BASE64_IMAGE_MAX_BYTES / 3) * 4 + 4096

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

/** Registers POST /resource/base64. */
export default async function resourceRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  route(fastify, API_CALLS.uploadBase64, API_CALL_SCHEMAS.uploadBase64, { bodyLimit: BASE64_BODY_LIMIT, schema: { summary: 'Store a base64 image (SPEC §7); bearer token, daily quota per account' } }, async request => {
    const content = decodeBase64Data(request.body.data)
    if (content.length > BASE64_IMAGE_MAX_BYTES) throw httpError(413, `body.data: the image is larger than ${BASE64_IMAGE_MAX_BYTES} bytes`)
    const type = sniffImageType(content)
    if (!type) throw httpError(415, 'body.data must be a png, jpeg, gif or webp image')
    if (!holdsImageClaim(content, type.mime)) throw httpError(415, `body.data starts like ${type.mime} but does not read as one (no width and height)`)
    const key = `base64/${qiniuEtag(content)}.${type.extension}`
    await putWithinQuota(ctx, { uid: signedInUser(request).uid, ip: request.ip }, key, content, type.mime)
    const data: Base64UploadData = { url: `${FILES_PATH}/${key}` }
    return ok(data)
  })
}
