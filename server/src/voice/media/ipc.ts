/**
 * The messages between the API process (./worker-media.ts) and its media worker
 * (./worker.ts) over the fork's IPC channel: each call of the VoiceMedia contract by id,
 * its result or error back by the same id, and the worker's events as they happen.
 */
import type { VoiceMedia, VoiceMediaEvents } from './types'

/** A VoiceMedia method and its arguments, as they travel to the worker. */
export type WorkerCall = {
  [Method in keyof VoiceMedia]: { id: number, method: Method, args: Parameters<VoiceMedia[Method]> }
}[keyof VoiceMedia]

/** One of the worker's VoiceMediaEvents, as it travels to the API process. */
export type WorkerEvent = {
  [Name in keyof VoiceMediaEvents]: { name: Name, args: Parameters<VoiceMediaEvents[Name]> }
}[keyof VoiceMediaEvents]

/** What the worker sends: a call's outcome, an event, or a line for the API process's log. */
export type WorkerMessage =
  | { kind: 'result', id: number, value: unknown }
  | { kind: 'error', id: number, message: string }
  | { kind: 'event', event: WorkerEvent }
  | { kind: 'log', message: string }
