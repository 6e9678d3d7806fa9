/**
 * Errors a route throws on purpose. The central error handler (plugins/errors.ts) turns
 * each into an envelope whose HTTP status and code agree (core/wire/api.ts SERVER_CODES);
 * anything else thrown becomes a 500 envelope without details.
 */
import { AUDIT_REJECT_STATUS, SERVER_CODES } from '@core/wire/api'
import type { AuditRejection } from './services/audit'

/** A refusal a member reads, in each language the client speaks (zh-CN is the default, SPEC §8). */
export interface SpokenMessage {
  'zh-CN': string
  en: string
}

/** An answer other than success: HTTP status, envelope code and a message for the caller. */
export class ApiError extends Error {
  readonly statusCode: number
  readonly code: number
  /** The message in the member's language, when the refusal is one a member meets in normal use. */
  readonly spoken?: SpokenMessage
  /** Whole seconds after which the same request may succeed: sent as `Retry-After` (every 429 carries one). */
  readonly retryAfterSeconds?: number
  constructor (statusCode: number, code: number, message: string, spoken?: SpokenMessage, retryAfterSeconds?: number) {
    super(message)
    this.name = 'ApiError'
    this.statusCode = statusCode
    this.code = code
    this.spoken = spoken
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** An error of `status` told to the member in their language (`en` is also the log's message), with `Retry-After` when given. */
export function spokenError (status: number, spoken: SpokenMessage, retryAfterSeconds?: number): ApiError {
  return new ApiError(status, codeForStatus(status), spoken.en, spoken, retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(retryAfterSeconds)))
}

/**
 * The language a refusal is told in: the request's `hl` (SPEC §2) when it names one,
 * else its Accept-Language (the client sends its `hl` language there); English when that
 * asks for English first, else zh-CN (SPEC §8's default).
 */
export function spokenLanguageOf (acceptLanguage: string | undefined, hl?: string): keyof SpokenMessage {
  return /^\s*en\b/i.test(hl !== undefined && hl.trim() !== '' ? hl : acceptLanguage ?? '') ? 'en' : 'zh-CN'
}

/** The envelope code of an HTTP status the server answers without a more specific code. */
export function codeForStatus (status: number): number {
  switch (status) {
    case 401: return SERVER_CODES.UNAUTHORIZED
    case 403: return SERVER_CODES.FORBIDDEN
    case 404: return SERVER_CODES.NOT_FOUND
    case 413: return SERVER_CODES.PAYLOAD_TOO_LARGE
    case 415: return SERVER_CODES.UNSUPPORTED_MEDIA
    case 429: return SERVER_CODES.RATE_LIMITED
    case 502: return SERVER_CODES.BAD_GATEWAY
    case 503: return SERVER_CODES.SERVICE_UNAVAILABLE
    default: return status >= 500 ? SERVER_CODES.INTERNAL : SERVER_CODES.BAD_REQUEST
  }
}

/** An error of `status` with the code that status carries. */
export function httpError (status: number, message: string): ApiError {
  return new ApiError(status, codeForStatus(status), message)
}

/** 400: the request names a field that holds an unusable value; `message` says which and why. */
export const badRequest = (message: string): ApiError => httpError(400, message)
/** 401: no valid session. */
export const unauthorized = (message: string): ApiError => httpError(401, message)
/** 403: the caller may not do this. */
export const forbidden = (message: string): ApiError => httpError(403, message)
/** 404: what the request names does not exist. */
export const notFound = (message: string): ApiError => httpError(404, message)

/** SPEC §5, §8: an audited field was refused (HTTP 422, code 104xxx naming the field). */
export function auditRejected (rejection: AuditRejection): ApiError {
  return new ApiError(AUDIT_REJECT_STATUS, rejection.code, `${rejection.field} did not pass the content audit`)
}
