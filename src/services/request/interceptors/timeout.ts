/**
 * The time-out step (SPEC §7, §8): a call that has not answered within its time-out
 * fails with a `timeout` RequestError (999996), and every time-out — this step's own
 * or one the transport reports — shows the toast 网络连接超时，请稍后重试.
 */
import { t } from '@/i18n'
import { toast } from '@/utils/feedback'
import { isRequestError, timeoutError } from '../errors'
import type { Chain, ChainParams, ChainResponse } from '../chain'

/** Rejects with a time-out error when the rest of the chain takes longer than `params.timeout`. */
export function timeoutStep<P extends ChainParams, R extends ChainResponse> (chain: Chain<P, R>): Promise<R> {
  const answer = new Promise<R>((resolve, reject) => {
    const timer = setTimeout(() => reject(timeoutError()), chain.params.timeout)
    chain.proceed(chain.params).then(
      response => { clearTimeout(timer); resolve(response) },
      (error: unknown) => { clearTimeout(timer); reject(error) },
    )
  })
  return answer.catch((error: unknown) => {
    if (isRequestError(error) && error.kind === 'timeout') {
      toast(t('requestTimeout')).catch(() => undefined) // SPEC §8: the time-out toast
    }
    throw error
  })
}
