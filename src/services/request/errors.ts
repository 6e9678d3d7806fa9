/**
 * Typed request errors (SPEC §8). Callers branch on `kind` and `code`, never on text.
 * The message shown to users comes from the message table (src/i18n/).
 */
import { auditFieldOf, isAuditRejection, type AuditField } from '@core/domain/audit'
import { auditFieldName, t } from '@/i18n'

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

  constructor (init: { kind: RequestErrorKind, code: number, message: string, status?: number, field?: AuditField }) {
    super(init.message)
    this.name = 'RequestError'
    this.kind = init.kind
    this.code = init.code
    this.status = init.status
    this.field = init.field
  }
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
 * are audit rejections naming their field where known; any other code is a server
 * error that shows the envelope's own message (请求异常 when it has none).
 */
export function envelopeError (code: number, msg: unknown, status?: number): RequestError {
  if (isAuditRejection(code)) {
    const field = auditFieldOf(code)
    return new RequestError({ kind: 'audit', code, message: auditMessage(field), status, field: field ?? undefined })
  }
  const message = typeof msg === 'string' && msg.trim() !== '' ? msg : t('requestError')
  return new RequestError({ kind: 'server', code, message, status })
}
