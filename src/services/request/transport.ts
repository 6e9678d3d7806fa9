/**
 * The final steps of the two chains: the real HTTP call (Taro.request) and the file
 * upload (Taro.uploadFile). Both answer with the raw status and body; reading the
 * body is left to the caller. A transport failure becomes a typed RequestError here:
 * `timeout` when the framework reports a time-out or abort, `failed` otherwise.
 */
import Taro from '@tarojs/taro'
import { failedError, timeoutError, type RequestError } from './errors'
import { Link, type Chain, type ChainParams, type ChainResponse } from './chain'
import { logStep } from './interceptors/log'
import { pageAnswerStep } from './interceptors/page-answer'
import { timeoutStep } from './interceptors/timeout'

/** An HTTP method the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One API call as the chain carries it. */
export interface HttpCall extends ChainParams {
  method: HttpMethod
  /** Full URL including the query string. */
  url: string
  header: Record<string, string>
  data?: unknown
}

/** One file upload as the chain carries it. */
export interface UploadCall extends ChainParams {
  url: string
  /** Local path of the file (a blob URL on H5, a temp path in the mini-program). */
  filePath: string
  /** Form field that carries the file. */
  name: string
  formData: Record<string, string>
  /** Told the percentage sent so far (0..100) as the upload goes. */
  onProgress?: (percent: number) => void
}

/** The raw answer: status and body as the platform delivered it (text, or already parsed). */
export interface RawResponse extends ChainResponse {
  data: unknown
}

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
    response => ({ statusCode: response.statusCode, data: response.data }),
    (error: unknown) => { throw transportError(error) },
  )
}

/** Final step of uploads: Taro.uploadFile, multipart form, no cookies. */
function uploadStep (chain: Chain<UploadCall, RawResponse>): Promise<RawResponse> {
  const { url, filePath, name, formData, timeout, onProgress } = chain.params
  const task = Taro.uploadFile({ url, filePath, name, formData, timeout, withCredentials: false })
  if (onProgress) task.onProgressUpdate(update => onProgress(update.progress))
  return Promise.resolve(task).then(
    response => ({ statusCode: response.statusCode, data: response.data }),
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
