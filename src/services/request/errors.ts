/**
 * Typed request errors (SPEC §8). Callers branch on `kind` and `code`, never on text.
 * The message shown to users comes from the message table (src/i18n/).
 */
import { auditFieldOf, isAuditRejection, type AuditField } from '@core/domain/audit'
import { SERVER_CODES } from '@core/wire/codes'
import { TRUST_CODES } from '@core/wire/trust-paths'
import { auditFieldName, currentLanguage, t, type MessageKey } from '@/i18n'

/** SPEC §8: the request succeeded but returned no data. */
export const CODE_NO_DATA = 999997
/** SPEC §8: the request failed (network, non-2xx without an envelope, bad JSON). */
export const CODE_REQUEST_FAILED = 999996

/**
 * What went wrong:
 * - `no-data`: 2xx but no data (999997);
 * - `failed`: network error, non-2xx without an envelope, unreadable body (999996);
 * - `timeout`: no answer within the time-out (999996, with the time-out toast);
 * - `audit`: an audit rejection, code 104xxx (SPEC §5), with the rejected field where known;
 * - `server`: the server answered with an envelope carrying another non-zero code.
 */
export type RequestErrorKind = 'no-data' | 'failed' | 'timeout' | 'audit' | 'server'

/** A failed call. `message` is user-facing text from the message table. */
export class RequestError extends Error {
  /** Envelope code, or 999996 / 999997 (SPEC §8). */
  readonly code: number
  readonly kind: RequestErrorKind
  /** HTTP status when an answer arrived. */
  readonly status?: number
  /** For `audit`: the audited field the rejection names. */
  readonly field?: AuditField
  /** The envelope's own `msg` as the server wrote it (for logs and for reading what a 403 names), whatever language it is in. */
  readonly serverMessage?: string

  constructor (init: { kind: RequestErrorKind, code: number, message: string, status?: number, field?: AuditField, serverMessage?: string }) {
    super(init.message)
    this.name = 'RequestError'
    this.kind = init.kind
    this.code = init.code
    this.status = init.status
    this.field = init.field
    this.serverMessage = init.serverMessage
  }

  /**
   * Whether sending the same request again may succeed: a failed or timed-out request, a
   * 5xx, 408 or 429 may; any other refusal (4xx, an audit rejection) answers the same again,
   * so no 重试 is offered for it.
   */
  get retryable (): boolean {
    if (this.kind !== 'server') return this.kind !== 'audit'
    const status = this.status ?? statusOfCode(this.code)
    return status >= 500 || status === 408 || status === 429
  }
}

/** The HTTP status a server code belongs to: its first three digits (403001 → 403). */
function statusOfCode (code: number): number {
  return Math.floor(code / 1000)
}

/** The message of each refusal a client tells apart by its own code. */
const CODE_MESSAGE_KEYS: Readonly<Record<number, MessageKey>> = {
  [TRUST_CODES.BANNED]: 'inviteBanned',
  [TRUST_CODES.OUTRANKED]: 'refusalOutranked',
  [TRUST_CODES.INVITE_EXPIRED]: 'inviteExpired',
  [TRUST_CODES.INVITE_USED_UP]: 'inviteUsedUp',
}

/** The message of every other refusal, by the HTTP status its code belongs to. */
const STATUS_MESSAGE_KEYS: Readonly<Record<number, MessageKey>> = {
  [statusOfCode(SERVER_CODES.BAD_REQUEST)]: 'errorBadRequest',
  [statusOfCode(SERVER_CODES.UNAUTHORIZED)]: 'errorUnauthorized',
  [statusOfCode(SERVER_CODES.FORBIDDEN)]: 'refusalForbidden',
  [statusOfCode(SERVER_CODES.NOT_FOUND)]: 'errorNotFound',
  408: 'requestTimeout',
  409: 'errorConflict',
  410: 'errorGone',
  [statusOfCode(SERVER_CODES.PAYLOAD_TOO_LARGE)]: 'errorTooLarge',
  [statusOfCode(SERVER_CODES.UNSUPPORTED_MEDIA)]: 'errorUnsupportedMedia',
  [statusOfCode(SERVER_CODES.RATE_LIMITED)]: 'errorRateLimited',
}

/**
 * The message key of a refusal's envelope code: its own where the client tells the code
 * apart, else its status's (400 请求有误 …, any 5xx 服务暂时不可用), else 请求异常 (SPEC §8).
 */
export function messageKeyOfCode (code: number): MessageKey {
  const own = CODE_MESSAGE_KEYS[code]
  if (own !== undefined) return own
  const status = statusOfCode(code)
  return STATUS_MESSAGE_KEYS[status] ?? (status >= 500 && status < 600 ? 'errorUnavailable' : 'requestError')
}

/** True when the server says (Content-Language) its `msg` is in the language the page speaks. */
function speaksMyLanguage (msgLanguage: string | undefined): boolean {
  return msgLanguage !== undefined && msgLanguage.trim().toLowerCase() === currentLanguage().toLowerCase()
}

/** True when `error` is a RequestError (narrowing helper for stores and pages). */
export function isRequestError (error: unknown): error is RequestError {
  return error instanceof RequestError
}

/** SPEC §8: 999997 — the request succeeded but returned no data (请求异常). */
export function noDataError (status?: number): RequestError {
  return new RequestError({ kind: 'no-data', code: CODE_NO_DATA, message: t('requestError'), status })
}

/** SPEC §8: 999996 — the request failed: network, non-2xx without an envelope, unreadable body (请求异常). */
export function failedError (status?: number): RequestError {
  return new RequestError({ kind: 'failed', code: CODE_REQUEST_FAILED, message: t('requestError'), status })
}

/** SPEC §8: a time-out is a failed request (999996) whose message is the time-out text. */
export function timeoutError (): RequestError {
  return new RequestError({ kind: 'timeout', code: CODE_REQUEST_FAILED, message: t('requestTimeout') })
}

/** SPEC §5, §8: the user-facing message of an audit rejection code. */
function auditMessage (field: AuditField | null): string {
  if (field === 'title') return t('auditTitle') // SPEC §8: 104001 title-specific
  if (field === 'icon') return t('auditIcon') // SPEC §8: 104004 icon-specific
  return field ? t('auditField', { field: auditFieldName(field) }) : t('auditGeneric')
}

/**
 * The error of an envelope carrying a non-zero code. SPEC §5: codes beginning with 104
 * are audit rejections naming their field where known. Any other code shows the
 * envelope's own message only when the server wrote it in the page's language
 * (`msgLanguage`, its Content-Language); else the client's own words for the code
 * ({@link messageKeyOfCode}), so a zh-CN screen never shows the server's English.
 */
export function envelopeError (code: number, msg: unknown, status?: number, msgLanguage?: string): RequestError {
  const serverMessage = typeof msg === 'string' && msg.trim() !== '' ? msg : undefined
  if (isAuditRejection(code)) {
    const field = auditFieldOf(code)
    return new RequestError({ kind: 'audit', code, message: auditMessage(field), status, field: field ?? undefined, serverMessage })
  }
  const message = serverMessage !== undefined && speaksMyLanguage(msgLanguage) ? serverMessage : t(messageKeyOfCode(code))
  return new RequestError({ kind: 'server', code, message, status, serverMessage })
}
