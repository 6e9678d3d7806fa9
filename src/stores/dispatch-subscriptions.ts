/**
 * The gateway handlers a store has registered (each `on` answers a function that
 * removes its handler): attaching again replaces them, disposing removes them. Shared by
 * the post list, a post's page and a live item's chat (issue 17).
 */

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
