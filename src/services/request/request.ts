/**
 * The one request function every API call goes through (SPEC §7, §8): main API base
 * plus a path, a 10 s time-out, credentials omitted, a JSON body, the interceptor
 * chain (log → time-out → Taro.request), and the envelope {code, msg, data} read into
 * either the data or a typed RequestError:
 *
 * - 2xx, code 0, data present → the data;
 * - 2xx with no body, or code 0 with data null/absent → `no-data` 999997;
 * - an envelope with another code (any status; audit rejections come as 422) →
 *   `audit` for 104xxx, `server` otherwise (see envelopeError);
 * - network error, non-2xx without an envelope, a body that is not JSON or not an
 *   envelope → `failed` 999996; a time-out → `timeout` 999996 with the time-out toast.
 */
import { ENV_BASES } from '@/constants/env'
import { currentLanguage } from '@/i18n'
import { ENVELOPE_OK, REQUEST_TIMEOUT_MS } from '@/constants/request'
import { envelopeError, failedError, noDataError } from './errors'
import { joinUrl, queryString, type QueryInput } from '@core/query/url'
import type { HttpMethod, RawResponse } from './calls'
import { httpLink } from './transport'

/** One API call. */
export interface RequestOptions {
  /** Path under the main API base, starting with `/` (core/wire/api.ts API_PATHS). */
  path: string
  method?: HttpMethod
  query?: QueryInput
  /** JSON body (not sent with GET). */
  data?: unknown
  header?: Record<string, string>
  /** SPEC §9: 10000 ms unless given. */
  timeout?: number
}

/** What the session layer plugs into the request layer. */
export interface RequestConfig {
  /** The session's bearer token, or null/undefined when signed out. */
  getToken: () => string | null | undefined
  /** The main API base (SPEC §7); the build's environment by default. */
  baseUrl: () => string
  /** Told the token a 401 answered (unknown, expired or revoked: another device signed this one out). */
  onTokenRefused: (token: string) => void
}

const config: RequestConfig = {
  getToken: () => null,
  onTokenRefused: () => undefined,
  baseUrl: () => ENV_BASES.mainApi,
}

/**
 * Plugs the session into every later call: `getToken` supplies the bearer token sent
 * as `Authorization: Bearer <token>`; `baseUrl` overrides the main API base;
 * `onTokenRefused` hears of a sent token the server no longer honours (401).
 */
export function configureRequest (changes: Partial<RequestConfig>): void {
  Object.assign(config, changes)
}

type Body = { kind: 'empty' } | { kind: 'unreadable' } | { kind: 'value', value: unknown }

function readBody (data: unknown): Body {
  if (data === undefined || data === null || data === '') return { kind: 'empty' }
  if (typeof data !== 'string') return { kind: 'value', value: data }
  try {
    return { kind: 'value', value: JSON.parse(data) }
  } catch {
    return { kind: 'unreadable' } // SPEC §8: bad JSON is a failed request
  }
}

interface EnvelopeShape { code: number, msg?: unknown, data?: unknown }

function isEnvelope (value: unknown): value is EnvelopeShape {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Number.isInteger((value as { code?: unknown }).code)
}

/** The value of header `name` (any case) of a raw answer, when it is text. */
function headerOf (response: RawResponse, name: string): string | undefined {
  const entry = Object.entries(response.header ?? {}).find(([key]) => key.toLowerCase() === name)
  return typeof entry?.[1] === 'string' ? entry[1] : undefined
}

/** Reads a raw answer into its data, or throws the RequestError it amounts to. */
export function readEnvelope<T> (response: RawResponse): T {
  const { statusCode: status } = response
  const success = status >= 200 && status < 300
  const body = readBody(response.data)
  if (body.kind === 'empty') throw success ? noDataError(status) : failedError(status)
  if (body.kind === 'unreadable' || !isEnvelope(body.value)) throw failedError(status) // SPEC §8: 999996
  const { code, msg, data } = body.value
  // Content-Language says which language the envelope's msg is in (server/src/plugins/errors.ts)
  if (code !== ENVELOPE_OK) throw envelopeError(code, msg, status, headerOf(response, 'content-language'))
  if (!success) throw failedError(status)
  if (data === undefined || data === null) throw noDataError(status) // SPEC §8: 999997
  return data as T
}

/** Runs one API call through the chain and resolves with the envelope's data. */
export async function request<T> (options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET'
  // the server tells refusals in the language the page speaks (hl, SPEC §2)
  const header: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage(), ...options.header }
  const hasBody = method !== 'GET' && options.data !== undefined
  if (hasBody) header['Content-Type'] = 'application/json' // SPEC §7: JSON body
  const token = config.getToken()
  if (token) header.Authorization = `Bearer ${token}`
  const response = await httpLink.request({
    method,
    path: options.path,
    url: joinUrl(config.baseUrl(), options.path) + queryString(options.query), // SPEC §7: main API base plus a path
    header,
    data: hasBody ? options.data : undefined,
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS, // SPEC §9: 10000 ms
  })
  if (token && response.statusCode === 401) config.onTokenRefused(token)
  return readEnvelope<T>(response)
}
