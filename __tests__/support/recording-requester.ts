/**
 * A request function for the API-file tests (src/services/api/*): it records what each
 * call would send and answers with `data` (or fails with `error`), so a test reads the
 * paths, methods, queries and bodies the calls build without any transport.
 */
import type { Requester } from '@/services/api'
import type { RequestOptions } from '@/services/request/request'

/** The requester and what was sent through it, in order. */
export interface RecordingRequester {
  send: Requester
  sent: RequestOptions[]
}

/** A requester that records each call and answers `data` (an empty object by default), or rejects with `error`. */
export function recordingRequester (data: unknown = {}, error?: Error): RecordingRequester {
  const sent: RequestOptions[] = []
  const send = (<T>(options: RequestOptions): Promise<T> => {
    sent.push(options)
    return error ? Promise.reject(error) : Promise.resolve(data as T)
  }) as Requester
  return { send, sent }
}
