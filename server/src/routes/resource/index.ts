/**
 * SPEC §7 POST /resource/base64 {data}: stores a base64 image (a data-URL prefix is
 * optional) and answers its URL. The real type is read from the magic bytes (png, jpeg,
 * gif, webp only), the image must read as that type (its width and height), and the
 * decoded size is capped; anything else is refused with 415 before anything is stored. Identical images share one stored file.
 */
import type { FastifyInstance } from 'fastify'
import { FILES_PATH, type Base64UploadData } from '@core/wire/api'
import type { RouteOptions } from '../../context'
import { httpError } from '../../errors'
import { signedInUser } from '../../plugins/auth'
import { qiniuEtag } from '../../services/qiniu-etag'
import { holdsImageClaim, sniffImageType } from '../../services/image-type'
import { putWithinQuota } from '../../services/quotas'
import { BASE64_IMAGE_MAX_BYTES, decodeBase64Data } from '../../services/base64-data'
import { ok } from '../../http/envelope'
import { API_CALLS, API_CALL_SCHEMAS } from '@core/wire/api-calls'
import { route } from '../../http/route'

/** Body limit of the route: the base64 text of the largest image plus room for a data-URL prefix. */
export const BASE64_BODY_LIMIT = Math.ceil(BASE64_IMAGE_MAX_BYTES / 3) * 4 + 4096

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
