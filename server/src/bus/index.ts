/**
 * The event bus: every write that other members should see is published here after its
 * transaction commits (ARCHITECTURE.md "Data flow"), and every gateway on every server
 * process hears it. The embedded default is this in-process bus (one `npm start`, nothing
 * else to run); with REDIS_URL set the same interface runs over Redis
 * (server/src/bus/redis.ts), so N processes deliver every event to every client.
 *
 * Every event gets an id, increasing by one across the whole bus (all processes), and the
 * bus keeps the newest {@link EVENT_LOG_MAX} events in a log. The gateway sends the id as a
 * dispatch's `s`, so a client that lost its connection resumes from its last `s` on any
 * process: the gateway replays the log after it (server/src/gateway).
 *
 * Only declared dispatches travel (core/wire/dispatches.ts: name, payload, audience), and
 * `publish` is typed from the declaration: a payload that is not the name's does not compile.
 *
 * A second lane carries answer-cache invalidations (services/answer-cache.ts): a write on
 * one process empties the scope on every process at once. It is not logged.
 */
import type { DispatchPayloads, DispatchTarget, PublishedDispatchName } from '@core/wire/dispatches'

/** Where a bus event goes: its server, and the channel, user or participants its audience names. */
export interface BusEventTarget {
  /** The server whose members (the audience decides which) receive it; '' for a user's own event outside any server (sign-out, audience `user`). */
  server_id: string
  /** Audience `channel`: the channel; only those who may read it receive the event. */
  channel_id?: string
  /** Audience `table`: the plaza table; only sessions watching it receive the event. */
  table_id?: string
  /** Audience `self` or `user`: the user whose sessions receive it. */
  uid?: string
  /** Audience `participants`: the conversation it belongs to. */
  conversation_id?: string
  /** Audience `participants`: the users whose sessions receive it (server_id is ''). */
  uids?: readonly string[]
}

/** The bus event of dispatch `T`: its name, where it goes and the payload the clients receive as the dispatch's `d`. */
export type BusEventOf<T extends PublishedDispatchName> = T extends PublishedDispatchName ? BusEventTarget & { t: T, d: DispatchPayloads[T] } : never

/**
 * One event as it crosses the bus: a declared dispatch (core/wire/dispatches.ts), where it
 * goes and its payload — one case per dispatch, so testing `t` gives `d` its declared type.
 */
export type BusEvent = BusEventOf<PublishedDispatchName>

/** The bus event of dispatch `t` to `target` with payload `d` (the one place a typed publish becomes a logged event). */
export function busEvent<T extends PublishedDispatchName> (t: T, target: DispatchTarget<T>, d: DispatchPayloads[T]): BusEvent {
  const event: BusEventTarget & { t: T, d: DispatchPayloads[T] } = { server_id: '', ...target, t, d }
  // `t` and `d` belong together by this signature; the compiler cannot pick BusEvent's case for an open T
  return event as BusEvent
}

/** An event with its bus-wide id. */
export interface LoggedEvent {
  id: number
  event: BusEvent
}

/** Called with every event published on any process, in id order. */
export type BusListener = (event: BusEvent, id: number) => void

/** Called with every answer-cache scope invalidated on any process. */
export type InvalidationListener = (scope: string) => void

/**
 * Events kept for resuming. At least 5 minutes of events (a dropped client resumes within 5 minutes)
 * as long as fewer than this many are published in 5 minutes (333 a second).
 */
export const EVENT_LOG_MAX = 100_000

/** Publishes events and delivers them to every subscriber on every process. */
export interface EventBus {
  /**
   * Sends dispatch `t` with payload `d` to every subscriber (call only after the write's
   * transaction committed); `target` names its server and what its audience needs (a channel, a user).
   */
  publish<T extends PublishedDispatchName> (t: T, target: DispatchTarget<T>, d: DispatchPayloads[T]): Promise<void>
  /** Starts hearing every event; the returned function stops it. */
  subscribe (listener: BusListener): () => void
  /** The id of the newest event published (0 before any). */
  lastId (): Promise<number>
  /** The events after `id` in order (none when `id` is the newest), or null when some are no longer kept or `id` was never issued. */
  eventsAfter (id: number): Promise<LoggedEvent[] | null>
  /** Tells every process (this one included) to forget the answers under `scope`. */
  publishInvalidation (scope: string): Promise<void>
  /** Starts hearing invalidations; the returned function stops it. */
  subscribeInvalidations (listener: InvalidationListener): () => void
  /** Releases connections (Redis); the in-process bus has none. */
  close (): Promise<void>
}

/** A set of listeners called in turn; what one throws never stops the others. */
export function listenerSet<A extends unknown[]> (): { add (listener: (...args: A) => void): () => void, emit (...args: A): void, clear (): void } {
  const listeners = new Set<(...args: A) => void>()
  return {
    add (listener) {
      listeners.add(listener)
      return () => { listeners.delete(listener) }
    },
    emit (...args) {
      for (const listener of [...listeners]) {
        try {
          listener(...args)
        } catch (error) {
          console.error('bus listener failed', error)
        }
      }
    },
    clear () { listeners.clear() },
  }
}

/** The embedded bus: listeners of this process only. Delivery is synchronous and in publish order. */
export function createInProcessBus (logMax = EVENT_LOG_MAX): EventBus {
  const events = listenerSet<[BusEvent, number]>()
  const invalidations = listenerSet<[string]>()
  // the newest logMax events; log[i] has id firstId + i
  let log: BusEvent[] = []
  let firstId = 1
  let nextId = 1
  return {
    async publish (t, target, d) {
      const event = busEvent(t, target, d)
      const id = nextId++
      log.push(event)
      if (log.length >= 2 * logMax) {
        firstId += log.length - logMax
        log = log.slice(log.length - logMax)
      }
      events.emit(event, id)
    },
    subscribe: listener => events.add(listener),
    async lastId () {
      return nextId - 1
    },
    async eventsAfter (id) {
      const oldestKept = Math.max(firstId, nextId - logMax)
      if (!Number.isSafeInteger(id) || id < oldestKept - 1 || id >= nextId) return null
      return log.slice(id + 1 - firstId).map((event, index) => ({ id: id + 1 + index, event }))
    },
    async publishInvalidation (scope) {
      invalidations.emit(scope)
    },
    subscribeInvalidations: listener => invalidations.add(listener),
    async close () {
      events.clear()
      invalidations.clear()
    },
  }
}
