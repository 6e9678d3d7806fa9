/**
 * The event bus: every write that other members should see is published here after its
 * transaction commits (ARCHITECTURE.md "Data flow"), and every gateway on every server
 * process hears it. The embedded default is this in-process bus (one `npm start`, nothing
 * else to run); with REDIS_URL set the same interface runs over Redis pub/sub
 * (server/src/bus/redis.ts), so N processes deliver every event to every client.
 */

/** One event as it crosses the bus: who may see it (a server, optionally one channel), its dispatch name and payload. */
export interface BusEvent {
  /** Dispatch name (core/wire/gateway.ts), e.g. `MESSAGE_CREATE`. */
  t: string
  /** The server whose members receive it. */
  server_id: string
  /** The channel it belongs to, when it belongs to one (typing goes only to sessions looking at it). */
  channel_id?: string
  /** Only these members receive it (e.g. READ_STATE_UPDATE goes to the reader's own sessions); everyone allowed otherwise. */
  only_uids?: string[]
  /** The payload the clients receive as the dispatch's `d`. */
  d: unknown
}

/** Called with every event published on any process. */
export type BusListener = (event: BusEvent) => void

/** Publishes events and delivers them to every subscriber on every process. */
export interface EventBus {
  /** Sends `event` to every subscriber (call only after the write's transaction committed). */
  publish (event: BusEvent): Promise<void>
  /** Starts hearing every event; the returned function stops it. */
  subscribe (listener: BusListener): () => void
  /** Releases connections (Redis); the in-process bus has none. */
  close (): Promise<void>
}

/** The embedded bus: listeners of this process only. Delivery is synchronous and in publish order. */
export function createInProcessBus (): EventBus {
  const listeners = new Set<BusListener>()
  return {
    async publish (event) {
      for (const listener of [...listeners]) listener(event)
    },
    subscribe (listener) {
      listeners.add(listener)
      return () => { listeners.delete(listener) }
    },
    async close () {
      listeners.clear()
    },
  }
}
