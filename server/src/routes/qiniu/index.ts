/**
 * SPEC §7 POST /v2/qn/upfiles: a Qiniu upload token and the public domain of uploaded
 * keys. The token's put policy limits the scope (the bucket, or one key when the body
 * names it), the deadline (one hour), the size and the mime types.
 */
import type { FastifyInstance } from 'fastify'
import { FILES_PATH, UPLOAD_KEY_MAX_BYTES, type UploadTokenData } from '@core/wire/api'
import type { RouteOptions } from '../../context'
import { badRequest } from '../../errors'
import { signedInUser } from '../../plugins/auth'
import { publicBase } from '../../plugins/public-url'
import { mimeAllowed, signUploadToken, UPLOAD_MIME_LIMIT, UPLOAD_TOKEN_LIFETIME_SECONDS, type PutPolicy } from '../../services/qiniu-token'
import { absentBodyAsEmpty } from '../../rules/content'
import { ok } from '../../http/envelope'
import { API_CALLS, API_CALL_SCHEMAS } from '@core/wire/api-calls'
import { route } from '../../http/route'

/** Registers POST /v2/qn/upfiles. */
export default async function qiniuRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  route(fastify, API_CALLS.uploadToken, API_CALL_SCHEMAS.uploadToken, { preValidation: absentBodyAsEmpty, schema: { summary: 'Qiniu upload token (SPEC §7); bearer token, uploads count on the account\'s daily quota' } }, async request => {
    const { key, mime } = request.body
    if (key !== undefined && Buffer.byteLength(key) > UPLOAD_KEY_MAX_BYTES) throw badRequest(`body.key must be at most ${UPLOAD_KEY_MAX_BYTES} bytes`)
    if (mime !== undefined && !mimeAllowed(UPLOAD_MIME_LIMIT, mime)) throw badRequest(`body.mime must be an image, video or audio type (${UPLOAD_MIME_LIMIT})`)
    const { qiniu } = ctx.config
    const policy: PutPolicy = {
      scope: key === undefined ? qiniu.bucket : `${qiniu.bucket}:${key}`,
      deadline: ctx.now() + UPLOAD_TOKEN_LIFETIME_SECONDS,
      fsizeLimit: qiniu.uploadMaxBytes,
      mimeLimit: mime ?? UPLOAD_MIME_LIMIT,
      endUser: signedInUser(request).uid,
    }
    const data: UploadTokenData = {
      domain: qiniu.domain ?? `${publicBase(ctx.config.publicUrl, request)}${FILES_PATH}`,
      token: signUploadToken(policy, qiniu),
    }
    return ok(data)
  })
}
