/**
 * A small read-through cache of finished answers (the bytes of their serialized JSON)
 * of read routes whose data only changes when this server writes it, e.g. a server's channel
 * list. Entries live under a scope (one server's data); the write that changes a
 * scope's data invalidates the whole scope right after it is committed, so the next
 * read sees it. Bounded: past `maxEntries` the least recently used entry goes.
 *
 * Concurrent misses of one entry share one computation. A computation started before a
 * write may still answer the requests that were waiting for it, but is never kept: the
 * invalidation removes it, and later requests compute afresh. A failed computation
 * (e.g. a 404 for an unknown server) is not kept either.
 *
 * The entries are per process; {@link sharedAnswerCache} sends every invalidation through
 * the event bus, so a write on one process empties the scope on every process at once.
 */
import type { EventBus } from '../bus'

/** Entries kept by default (a few KB each). */
export const DEFAULT_ANSWER_CACHE_ENTRIES = 512

/** Cached answers, grouped by scope. */
export interface AnswerCache {
  /** The answer stored under `scope` and `variant`, computed by `compute` (and kept) when there is none. */
  answer (scope: string, variant: string, compute: () => Promise<Buffer>): Promise<Buffer>
  /**
   * Forgets every answer under `scope` (call after the write that changes its data is
   * committed). At once on this process; the promise resolves when every process was told.
   */
  invalidate (scope: string): void | Promise<void>
}

interface Entry {
  scope: string
  value: Promise<Buffer>
}

/** An empty cache holding at most `maxEntries` answers. */
export function createAnswerCache (maxEntries = DEFAULT_ANSWER_CACHE_ENTRIES): AnswerCache {
  // a Map iterates in insertion order: re-inserting on a hit keeps the least recently used first
  const entries = new Map<string, Entry>()
  return {
    answer (scope, variant, compute) {
      const key = `${scope}\n${variant}`
      const hit = entries.get(key)
      if (hit) {
        entries.delete(key)
        entries.set(key, hit)
        return hit.value
      }
      const entry: Entry = { scope, value: compute() }
      entries.set(key, entry)
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key)
      })
      return entry.value
    },
    invalidate (scope) {
      for (const [key, entry] of entries) {
        if (entry.scope === scope) entries.delete(key)
      }
    },
  }
}

/**
 * `cache` invalidated on every process: `invalidate` empties the scope here at once (the
 * next read on this process sees the write) and tells every other process through `bus`.
 */
export function sharedAnswerCache (cache: AnswerCache, bus: EventBus): AnswerCache {
  bus.subscribeInvalidations(scope => cache.invalidate(scope))
  return {
    answer: (scope, variant, compute) => cache.answer(scope, variant, compute),
    async invalidate (scope) {
      await cache.invalidate(scope)
      await bus.publishInvalidation(scope)
    },
  }
}
