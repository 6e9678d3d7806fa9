/**
 * Typed request errors (SPEC §8). Callers branch on `kind` and `code`, never on text.
 * The message shown to users comes from the message table (src/constants/messages.ts).
 */
import type { AuditField } from '@/domain/audit'

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
