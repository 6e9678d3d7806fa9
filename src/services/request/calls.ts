/**
 * What the request chains carry: one API call or one file upload on its way, and the raw
 * answer coming back. Shared by the final steps (transport.ts) and the interceptors that
 * look at calls (interceptors/page-answer.ts), so neither imports the other.
 */
import type { ChainParams, ChainResponse } from './chain'

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
  /** The answer's headers as the platform delivered them (names in any case), when it did. */
  header?: Record<string, unknown>
}
