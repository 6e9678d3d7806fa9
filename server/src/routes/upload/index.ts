/**
 * The Qiniu-compatible form upload (POST /upload, multipart `token`, `key`, `file`): this
 * server is its own upload host unless real Qiniu settings are configured. It verifies
 * the token's signature and deadline (401), scope and mime limit (403), size (413), that
 * an image reads as the type it claims (415), and refuses to replace other content under an existing key (614), answering like Qiniu:
 * `{hash, key}` on success, `{error}` on failure — each inside the envelope as well.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify'
import fastifyMultipart from '@fastify/multipart'
import { SERVER_CODES, UPLOAD_HOST_PATH, UPLOAD_KEY_MAX_BYTES, UploadAnswerSchema, UploadErrorSchema, type UploadAnswer } from '@core/wire/api'
import type { RouteOptions } from '../../context'
import { badRequest, httpError } from '../../errors'
import type { QiniuStyleConfig } from '../../plugins/errors'
import { qiniuEtag } from '../../services/qiniu-etag'
import { checkScope, mimeAllowed, UploadTokenError, verifyUploadToken } from '../../services/qiniu-token'
import { detectMime, holdsImageClaim } from '../../services/image-type'
import { putWithinQuota } from '../../services/quotas'
import { hasControlCharacters } from '../../rules/content'

/** Qiniu's status for "the key already holds other content". */
export const QINIU_FILE_EXISTS = 614

interface UploadForm {
  token: string | null
  key: string | null
  file: { content: Buffer, declaredType: string } | null
}

/**
 * Reads the form's token, key and file. The multipart parser's own refusals (too large,
 * too many parts) keep their status; a body it cannot parse at all is a 400.
 */
async function readForm (request: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = { token: null, key: null, file: null }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer()
        if (part.fieldname === 'file') form.file = { content, declaredType: part.mimetype }
      } else if (part.fieldname === 'token' || part.fieldname === 'key') {
        form[part.fieldname] = String(part.value)
      }
    }
  } catch (error) {
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error
    throw badRequest(`malformed multipart/form-data body: ${(error as Error).message}`)
  }
  return form
}

/** Registers POST /upload with its own multipart parser (no other route accepts multipart). */
export default async function uploadRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const maxBytes = ctx.config.qiniu.uploadMaxBytes
  await fastify.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 4096, parts: 24 } })

  // the upload token in the form, not a session, says who writes
  const config: QiniuStyleConfig & FastifyContextConfig = { qiniuErrors: true, signIn: 'anyone' }
  fastify.post(UPLOAD_HOST_PATH, {
    config,
    bodyLimit: maxBytes + 64 * 1024,
    schema: {
      summary: 'Qiniu-compatible form upload (multipart: token, key, file)',
      consumes: ['multipart/form-data'],
      response: { 200: UploadAnswerSchema, '4xx': UploadErrorSchema, '5xx': UploadErrorSchema },
    },
  }, async (request): Promise<UploadAnswer> => {
    if (!request.isMultipart()) throw httpError(415, 'the upload must be multipart/form-data with token, key and file')
    const form = await readForm(request)
    if (!form.token) throw httpError(401, 'token not specified')
    let policy
    try {
      policy = verifyUploadToken(form.token, ctx.config.qiniu, ctx.now())
    } catch (error) {
      if (error instanceof UploadTokenError) throw httpError(401, error.problem)
      throw error
    }
    // Every stored byte counts on the quota of the account the token was issued to
    if (!policy.endUser) throw httpError(401, 'the token names no account: ask POST /v2/qn/upfiles for one while signed in')
    if (form.key !== null && (form.key === '' || Buffer.byteLength(form.key) > UPLOAD_KEY_MAX_BYTES || hasControlCharacters(form.key))) {
      throw badRequest(`key must be 1 to ${UPLOAD_KEY_MAX_BYTES} bytes without control characters`)
    }
    const scope = checkScope(policy.scope, ctx.config.qiniu.bucket, form.key)
    if (!scope.allowed) throw httpError(403, "key doesn't match with scope")
    if (!form.file) throw badRequest('file is required')
    const { content, declaredType } = form.file
    if (content.length > Math.min(policy.fsizeLimit ?? maxBytes, maxBytes)) throw httpError(413, 'file exceeds the size limit (fsizeLimit)')
    const mime = detectMime(content, declaredType)
    if (!mimeAllowed(policy.mimeLimit, mime)) throw httpError(403, `file type ${mime} is not allowed (mimeLimit)`)
    if (!holdsImageClaim(content, mime)) throw httpError(415, `file claims to be ${mime} but does not read as one (no width and height)`)
    const key = scope.key ?? qiniuEtag(content)
    const result = await putWithinQuota(ctx, { uid: policy.endUser, ip: request.ip }, key, content, mime)
    if (result.status === 'exists') throw httpError(QINIU_FILE_EXISTS, 'file exists')
    const hash = result.file.hash
    return { code: SERVER_CODES.OK, msg: 'ok', data: { hash, key }, hash, key }
  })
}
