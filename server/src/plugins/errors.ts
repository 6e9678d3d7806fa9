/**
 * The envelope on every failure: the central error handler (validation → 400 naming the
 * field; Fastify's own 4xx errors keep their status; anything unexpected → 500 with no
 * stack and no SQL, logged), the answer to URLs Fastify cannot even route, and a JSON
 * parser that reads an empty JSON body as no body.
 */
import { STATUS_CODES } from 'http'
import type { Socket } from 'net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Envelope } from '@core/wire/api'
import { ApiError, httpError, spokenError, spokenLanguageOf, type SpokenMessage } from '../errors'

/** Route config flag: failures also carry Qiniu's `error` field (the upload host). */
export interface QiniuStyleConfig {
  qiniuErrors?: boolean
}

/** The failure answer: an envelope with data null (plus Qiniu's `error` on the upload host). */
export type ErrorBody = Envelope<null> & { error?: string }

interface ValidationIssue {
  keyword: string
  instancePath?: string
  message?: string
  params?: Record<string, unknown>
}

const CONTEXT_NAMES: Record<string, string> = { querystring: 'query', body: 'body', params: 'path', headers: 'header' }

/** A message naming the field a schema validation failed on, e.g. `body.title is required`. */
export function describeValidation (context: string | undefined, issues: ValidationIssue[]): string {
  const where = CONTEXT_NAMES[context ?? ''] ?? context ?? 'request'
  const issue = issues[0]
  if (!issue) return `${where} is invalid`
  const path = (issue.instancePath ?? '').split('/').filter(Boolean)
  if (issue.keyword === 'required' && typeof issue.params?.missingProperty === 'string') {
    return `${[where, ...path, issue.params.missingProperty].join('.')} is required`
  }
  if (issue.keyword === 'additionalProperties' && typeof issue.params?.additionalProperty === 'string') {
    return `${[where, ...path, issue.params.additionalProperty].join('.')} is not allowed`
  }
  return `${[where, ...path].join('.')} ${issue.message ?? 'is invalid'}`
}

/**
 * A schema validation failure as a member reads it: zh-CN names the field (as
 * `describeValidation` does) in a generic sentence — missing, not allowed, or not as it
 * must be; en keeps `describeValidation`'s words.
 */
export function spokenValidation (context: string | undefined, issues: ValidationIssue[]): SpokenMessage {
  const where = CONTEXT_NAMES[context ?? ''] ?? context ?? 'request'
  const issue = issues[0]
  const path = [where, ...(issue?.instancePath ?? '').split('/').filter(Boolean)]
  const missing = issue?.keyword === 'required' ? issue.params?.missingProperty : undefined
  const extra = issue?.keyword === 'additionalProperties' ? issue.params?.additionalProperty : undefined
  let zh = `${path.join('.')} 的值不符合要求`
  if (typeof missing === 'string') zh = `${[...path, missing].join('.')} 必须填写`
  else if (typeof extra === 'string') zh = `${[...path, extra].join('.')} 不能出现在请求中`
  return { 'zh-CN': zh, en: describeValidation(context, issues) }
}

/** The ApiError any thrown value stands for: 4xx errors keep their status, the rest is a bare 500. */
export function toApiError (error: unknown): ApiError {
  if (error instanceof ApiError) return error
  const fastifyError = error as Partial<FastifyError> & { validation?: ValidationIssue[] }
  if (Array.isArray(fastifyError?.validation)) {
    return spokenError(400, spokenValidation(fastifyError.validationContext, fastifyError.validation))
  }
  const status = fastifyError?.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return httpError(status, typeof fastifyError.message === 'string' && fastifyError.message ? fastifyError.message : 'bad request')
  }
  return httpError(500, 'internal server error')
}

/** Sends `error` as an envelope (statuses above 599, like Qiniu's 614, are set on the raw response). */
export function sendError (request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.statusCode > 599) reply.raw.statusCode = error.statusCode
  else reply.code(error.statusCode)
  if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', error.retryAfterSeconds)
  const hl = (request.query as { hl?: unknown } | undefined)?.hl
  const language = spokenLanguageOf(request.headers['accept-language'], typeof hl === 'string' ? hl : undefined)
  const msg = error.spoken ? error.spoken[language] : error.message
  // which language msg is in: the client shows it only when it is its own, else its own words for the code
  void reply.header('content-language', error.spoken ? language : 'en')
  const body: ErrorBody = { code: error.code, msg, data: null }
  if ((request.routeOptions.config as QiniuStyleConfig | undefined)?.qiniuErrors) body.error = error.message
  return reply.send(body)
}

/** Installs the error handler and the JSON parser on `fastify`. */
export function installErrorHandling (fastify: FastifyInstance): void {
  fastify.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error)
    if (apiError.statusCode >= 500) request.log.error({ err: error, method: request.method, url: request.url }, 'unhandled error')
    return sendError(request, reply, apiError)
  })

  const parseJson = fastify.getDefaultJsonParser('error', 'error')
  fastify.removeContentTypeParser('application/json')
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // an empty JSON body is no body (optional bodies, e.g. POST /v2/qn/upfiles)
    const text = body.toString()
    if (text.trim() === '') {
      done(null, undefined)
      return
    }
    parseJson(request, text, done)
  })
}

/**
 * Fastify's `frameworkErrors` option: URLs it cannot route (bad percent-encoding) get a
 * 400 envelope, and the connection is closed: the request's body was never read, so its
 * bytes must not be parsed as a next request on the same connection.
 */
export function frameworkErrors (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400
  const body: ErrorBody = { code: httpError(status, error.message).code, msg: error.message || 'bad request', data: null }
  reply.code(status).header('connection', 'close').send(body)
}

/** The status Node's HTTP parser failure stands for: 431 oversized headers, 408 a request too slow, else 400. */
function clientErrorStatus (code: unknown): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408
  return 400
}

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  431: 'request headers too large: send fewer or shorter headers (at most 16 KiB in all)',
  408: 'the request took too long to arrive',
  400: 'malformed HTTP request',
}

/**
 * Fastify's `clientErrorHandler` option: requests Node's HTTP parser refuses before
 * Fastify sees them (oversized headers, broken framing) are answered in the envelope
 * too, then the connection is closed (what the parser read cannot be trusted).
 */
export function clientErrorHandler (error: Error & { code?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  // as Node's own handler: no second answer where one is already on its way (a request
  // answered before its body was read, whose leftover bytes the parser then refused)
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage
  if (socket.writable && !answering?.headersSent) {
    const status = clientErrorStatus(error.code)
    const body = JSON.stringify({ code: httpError(status, '').code, msg: CLIENT_ERROR_MESSAGES[status], data: null } satisfies ErrorBody)
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`)
  }
  socket.destroy(error)
}
