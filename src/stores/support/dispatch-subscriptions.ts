/**
 * Dispatches as a store takes them: from a source that registers handlers by dispatch
 * name (the GatewayStore's `on`, src/stores/gateway-store.ts; a fake in tests), and the
 * handlers a store has registered (each `on` answers a function that removes its
 * handler): attaching again replaces them, disposing removes them. Shared by the post
 * list, a post's page, a live item's chat and the audit log.
 */

/** Where dispatches come from, for the dispatches `D` (name → payload) a store applies. */
export interface DispatchSource<D> {
  on<T extends keyof D> (t: T, handler: (d: D[T]) => void): () => void
}

/** A store's current dispatch handlers, by the functions that remove them. */
export class DispatchSubscriptions {
  private stops: Array<() => void> = []

  /** Removes the current handlers and keeps `stops` as the new ones. */
  replace (stops: Array<() => void>): void {
    this.stop()
    this.stops = stops
  }

  /** Removes every handler. */
  stop (): void {
    for (const stop of this.stops) stop()
    this.stops = []
  }
}
