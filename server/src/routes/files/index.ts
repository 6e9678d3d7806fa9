/**
 * GET /files/<key>: stored files (uploads, base64 images, seeded images) with their
 * stored type, size and etag. Answers are sandboxed (CSP) and never sniffed, so an
 * uploaded SVG or HTML file cannot run script on this origin; types other than image,
 * video and audio are downloads.
 */
import { createReadStream } from 'fs'
import { stat } from 'fs/promises'
import type { FastifyInstance } from 'fastify'
import { FILES_PATH, UPLOAD_KEY_MAX_BYTES } from '@core/wire/api'
import type { RouteOptions } from '../../context'
import { notFound } from '../../errors'
import { hasControlCharacters } from '../../rules/content'

const INLINE_TYPES = /^(image|video|audio)\//

/** Registers GET (and HEAD) /files/*. */
export default async function filesRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  fastify.get<{ Params: { '*': string } }>(`${FILES_PATH}/*`, {
    schema: { summary: 'A stored file', params: { type: 'object', properties: { '*': { type: 'string', maxLength: UPLOAD_KEY_MAX_BYTES * 3 } } } },
  }, async (request, reply) => {
    const key = request.params['*']
    const file = key && !hasControlCharacters(key) ? await ctx.files.get(key) : null
    const size = file ? await stat(file.path).then(info => info.size, () => null) : null
    if (!file || size === null) throw notFound(`no file ${FILES_PATH}/${encodeURI(key.slice(0, 200).replace(/[\ud800-\udfff]/g, ''))}`)
    const etag = `"${file.hash}"`
    reply
      .header('etag', etag)
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox")
    if (!INLINE_TYPES.test(file.mime)) reply.header('content-disposition', 'attachment')
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    return reply.type(file.mime).header('content-length', size).send(createReadStream(file.path))
  })
}
