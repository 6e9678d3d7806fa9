/**
 * The loading state every store exposes: a status and a user-facing error message,
 * and one way to run a request so that a slower, older request never overwrites the
 * answer of a newer one.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { t } from '@/i18n'
import { rejectedFieldOf, type AuditField } from '@core/domain/audit'
import { isRequestError } from '@/services/request/errors'

/**
 * Where a store's data stands: nothing asked yet, a request under way, data to show,
 * an answer with nothing to show, or a failure (see `error`).
 */
export type StoreStatus = 'idle' | 'loading' | 'ready' | 'empty' | 'error'

/** Where stores write diagnostics (the console in the app, a spy in tests). */
export type StoreLogger = Pick<Console, 'info' | 'warn' | 'error'>

/**
 * The user-facing message of a failure: a RequestError carries its own (from the
 * message table, or the server's for a validation error); anything else is logged and
 * shown as the SPEC §8 request error text (请求异常).
 */
export function failureMessage (error: unknown, logger: StoreLogger): string {
  if (isRequestError(error)) return error.message
  logger.error('[store] unexpected failure:', error)
  return t('requestError') // SPEC §8: 请求异常
}

/**
 * Whether trying the same request again may help: a RequestError says so itself (a
 * refusal, 4xx other than 408/429, would be answered the same); anything else may.
 */
export function mayRetry (error: unknown): boolean {
  return !isRequestError(error) || error.retryable
}

/**
 * SPEC §5: when `error` is an audit rejection (a RequestError with a 104xxx code), the
 * submitted field it applies to and its message (from the RequestError); else null.
 */
export function auditRejectionOf<F extends AuditField> (error: unknown, submitted: readonly F[]): { field: F, message: string } | null {
  if (!isRequestError(error)) return null
  const field = rejectedFieldOf(error, submitted)
  return field === null ? null : { field, message: error.message }
}

/** Status and error of one kind of request of a store, with the run that keeps them right. */
export class LoadTracker {
  /** Where the data stands. */
  status: StoreStatus = 'idle'
  /** The user-facing message of the last failure; null unless status is 'error'. */
  error: string | null = null
  /** Whether a retry of the last failure may help (false for a refusal the same request gets again): pages offer 重试 only then. */
  retryable = true
  private generation = 0

  constructor (private readonly logger: StoreLogger) {
    makeAutoObservable<LoadTracker, 'logger'>(this, { logger: false })
  }

  /** True while a request is under way. */
  get isLoading (): boolean {
    return this.status === 'loading'
  }

  /**
   * Runs one request: status 'loading', then what `apply` decides ('ready' or 'empty')
   * or 'error' with the failure's message (after `onError`, which may record more). A
   * run overtaken by a later run or a reset changes nothing. Resolves true when this
   * run's answer was applied.
   */
  async run<T> (fetch: () => Promise<T>, apply: (value: T) => 'ready' | 'empty', onError?: (error: unknown) => void): Promise<boolean> {
    return this.answer(this.begin(), fetch, apply, error => {
      onError?.(error)
      this.fail(failureMessage(error, this.logger), mayRetry(error))
    })
  }

  /**
   * Runs the request again without taking away what is shown (a live event's
   * reload must not unmount a form someone is typing in): the status stays until the
   * answer is applied, and a failure keeps the shown data (logged). Before any answer
   * was shown it is {@link run}.
   */
  async refresh<T> (fetch: () => Promise<T>, apply: (value: T) => 'ready' | 'empty'): Promise<boolean> {
    if (this.status !== 'ready' && this.status !== 'empty') return this.run(fetch, apply)
    this.generation += 1
    return this.answer(this.generation, fetch, apply, error => this.logger.warn('[store] a refresh failed; what is shown stays:', error))
  }

  /** Ends in 'error' with this message without a request (a request refused before it is sent); `retryable` says whether 重试 may help. */
  fail (message: string, retryable = true): void {
    this.generation += 1
    this.status = 'error'
    this.error = message
    this.retryable = retryable
  }

  /** Ends in 'ready' or 'empty' without a request (data already at hand); a run under way is ignored. */
  settle (status: 'ready' | 'empty'): void {
    this.generation += 1
    this.status = status
    this.error = null
  }

  /** Back to 'idle'; a run under way is ignored when it answers. */
  reset (): void {
    this.generation += 1
    this.status = 'idle'
    this.error = null
  }

  private begin (): number {
    this.generation += 1
    this.status = 'loading'
    this.error = null
    return this.generation
  }

  /** Applies the answer of run `ticket`, or hands its failure to `onFailure`, unless a later run or a reset overtook it. */
  private async answer<T> (ticket: number, fetch: () => Promise<T>, apply: (value: T) => 'ready' | 'empty', onFailure: (error: unknown) => void): Promise<boolean> {
    try {
      const value = await fetch()
      return runInAction(() => {
        if (ticket !== this.generation) return false
        this.status = apply(value)
        return true
      })
    } catch (error) {
      runInAction(() => { if (ticket === this.generation) onFailure(error) })
      return false
    }
  }
}
