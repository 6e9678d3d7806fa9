/**
 * The final steps of the two chains: the real HTTP call (Taro.request) and the file
 * upload (Taro.uploadFile). Both answer with the raw status and body; reading the
 * body is left to the caller. A transport failure becomes a typed RequestError here:
 * `timeout` when the framework reports a time-out or abort, `failed` otherwise.
 */
import Taro from '@tarojs/taro'
import { failedError, timeoutError, type RequestError } from './errors'
import type { HttpCall, RawResponse, UploadCall } from './calls'
import { Link, type Chain } from './chain'
import { logStep } from './interceptors/log'
import { pageAnswerStep } from './interceptors/page-answer'
import { timeoutStep } from './interceptors/timeout'

/** A failure reported by the platform (`request:fail timeout`, an AbortError …) as a RequestError. */
export function transportError (error: unknown): RequestError {
  const { errMsg, message, name } = (typeof error === 'object' && error !== null ? error : {}) as { errMsg?: unknown, message?: unknown, name?: unknown }
  const text = `${typeof errMsg === 'string' ? errMsg : ''} ${typeof message === 'string' ? message : ''}`
  return name === 'AbortError' || /time ?out|abort/i.test(text) ? timeoutError() : failedError()
}

/** Final step of API calls: Taro.request, JSON in, raw text out, cookies never sent (SPEC §7). */
function httpStep (chain: Chain<HttpCall, RawResponse>): Promise<RawResponse> {
  const { url, method, header, data, timeout } = chain.params
  return Promise.resolve(Taro.request({
    url,
    method,
    header,
    data,
    timeout,
    credentials: 'omit', // SPEC §7: credentials omitted
    dataType: 'text', // read the body ourselves, so unreadable JSON is told apart from no body
    responseType: 'text',
  })).then(
    response => ({ statusCode: response.statusCode, data: response.data, header: response.header as Record<string, unknown> | undefined }),
    (error: unknown) => { throw transportError(error) },
  )
}

/** Final step of uploads: Taro.uploadFile, multipart form, no cookies. */
function uploadStep (chain: Chain<UploadCall, RawResponse>): Promise<RawResponse> {
  const { url, filePath, name, formData, timeout, onProgress } = chain.params
  const task = Taro.uploadFile({ url, filePath, name, formData, timeout, withCredentials: false })
  if (onProgress) task.onProgressUpdate(update => onProgress(update.progress))
  return Promise.resolve(task).then(
    response => ({ statusCode: response.statusCode, data: response.data, header: (response as { header?: Record<string, unknown> }).header }),
    (error: unknown) => { throw transportError(error) },
  )
}

/**
 * SPEC §7: every API call runs log → time-out → Taro.request; between the last two, a
 * GET whose answer the H5 page carried is answered from it (interceptors/page-answer.ts).
 */
export const httpLink = new Link<HttpCall, RawResponse>(httpStep, [logStep, timeoutStep, pageAnswerStep])

/** Uploads run the same interceptors → Taro.uploadFile. */
export const uploadLink = new Link<UploadCall, RawResponse>(uploadStep, [logStep, timeoutStep])
