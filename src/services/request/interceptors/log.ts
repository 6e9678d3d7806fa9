/**
 * The log step (SPEC §7): records method, path, status and duration of every call and
 * keeps the last REQUEST_LOG_LIMIT entries in memory (a debug panel shows them). It
 * never sees or records headers, bodies, query strings or upload data, so tokens and
 * files never reach the log.
 */
import { REQUEST_LOG_LIMIT } from '@/constants/request'
import { isRequestError, type RequestErrorKind } from '../errors'
import type { Chain, ChainParams, ChainResponse } from '../chain'

/** One finished call. */
export interface RequestLogEntry {
  method: string
  path: string
  /** HTTP status, or null when no answer arrived (network error, time-out). */
  status: number | null
  durationMs: number
  /** When the call started, epoch milliseconds. */
  startedAt: number
  /** Set when the chain failed. */
  error?: RequestErrorKind | 'error'
}

const entries: RequestLogEntry[] = []
const watchers = new Set<() => void>()

function record (entry: RequestLogEntry): void {
  entries.push(entry)
  if (entries.length > REQUEST_LOG_LIMIT) entries.splice(0, entries.length - REQUEST_LOG_LIMIT)
  for (const watcher of watchers) watcher()
}

/** Calls `watcher` after every recorded call (the debug panel stays current); returns the unsubscribe. */
export function watchRequestLog (watcher: () => void): () => void {
  watchers.add(watcher)
  return () => { watchers.delete(watcher) }
}

/** The last finished calls, oldest first (a copy). */
export function recentRequests (): RequestLogEntry[] {
  return entries.map(entry => ({ ...entry }))
}

/** Empties the in-memory log. */
export function clearRequestLog (): void {
  entries.length = 0
}

/** Records the call when the rest of the chain settles. */
export function logStep<P extends ChainParams, R extends ChainResponse> (chain: Chain<P, R>): Promise<R> {
  const { method, path } = chain.params
  const startedAt = Date.now()
  const base = () => ({ method, path, startedAt, durationMs: Math.max(0, Date.now() - startedAt) })
  return chain.proceed(chain.params).then(
    response => {
      record({ ...base(), status: response.statusCode })
      return response
    },
    (error: unknown) => {
      const requestError = isRequestError(error) ? error : null
      record({ ...base(), status: requestError?.status ?? null, error: requestError?.kind ?? 'error' })
      throw error
    },
  )
}
