/**
 * The event bus over Redis (chosen when REDIS_URL is set): N server processes on one
 * database deliver every event to every gateway. One Lua script per publish takes the
 * next id (INCR), appends the event to a capped stream (the resume log, XADD with the id
 * as the entry id and MAXLEN ~ EVENT_LOG_MAX) and PUBLISHes it, so pub/sub order, id
 * order and log order are one order. Each process listens on its own subscriber
 * connection. Answer-cache invalidations travel on a second channel and are not logged.
 *
 * Keys (all under the configured prefix, `openrealm:` by default): `bus:seq` (the last id),
 * `bus:log` (the stream), channels `bus:events` and `bus:invalidate`.
 */
import Redis from 'ioredis'
import { busEvent, EVENT_LOG_MAX, listenerSet, type BusEvent, type EventBus, type LoggedEvent } from './index'

/** KEYS: seq, log stream, events channel. ARGV: event JSON, log cap. Returns the id. */
const PUBLISH_SCRIPT = `
local id = redis.call('INCR', KEYS[1])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], id .. '-0', 'e', ARGV[1])
redis.call('PUBLISH', KEYS[3], id .. ' ' .. ARGV[1])
return id`

/** Entries read per XRANGE call while replaying. */
const LOG_READ_BATCH = 1000

interface PublishingRedis extends Redis {
  publishEvent (seqKey: string, logKey: string, channel: string, event: string, cap: number): Promise<number>
}

/** Opens the Redis bus at `url` (connected and subscribed when the promise resolves); keys start with `prefix`. */
export async function createRedisBus (url: string, prefix = 'openrealm:', logMax = EVENT_LOG_MAX): Promise<EventBus> {
  const keys = { seq: `${prefix}bus:seq`, log: `${prefix}bus:log`, events: `${prefix}bus:events`, invalidate: `${prefix}bus:invalidate` }
  const commands = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 }) as PublishingRedis
  const subscriber = new Redis(url, { lazyConnect: true })
  commands.defineCommand('publishEvent', { numberOfKeys: 3, lua: PUBLISH_SCRIPT })
  const events = listenerSet<[BusEvent, number]>()
  const invalidations = listenerSet<[string]>()
  try {
    await Promise.all([commands.connect(), subscriber.connect()])
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === keys.invalidate) {
        invalidations.emit(message)
        return
      }
      const space = message.indexOf(' ')
      events.emit(JSON.parse(message.slice(space + 1)) as BusEvent, Number(message.slice(0, space)))
    })
    await subscriber.subscribe(keys.events, keys.invalidate)
  } catch (error) {
    commands.disconnect()
    subscriber.disconnect()
    throw error
  }

  const lastId = async (): Promise<number> => Number(await commands.get(keys.seq) ?? 0)
  return {
    async publish (t, target, d) {
      await commands.publishEvent(keys.seq, keys.log, keys.events, JSON.stringify(busEvent(t, target, d)), logMax)
    },
    subscribe: listener => events.add(listener),
    lastId,
    async eventsAfter (id) {
      const last = await lastId()
      if (!Number.isSafeInteger(id) || id < 0 || id > last) return null
      const found: LoggedEvent[] = []
      let from = `(${id}-0`
      for (;;) {
        const entries = await commands.xrange(keys.log, from, '+', 'COUNT', LOG_READ_BATCH)
        for (const [entryId, fields] of entries) {
          found.push({ id: Number(entryId.split('-')[0]), event: JSON.parse(fields[1]) as BusEvent })
        }
        if (entries.length < LOG_READ_BATCH) break
        from = `(${entries[entries.length - 1][0]}`
      }
      // the log was trimmed past id (or Redis lost it): the first event after id is gone
      const expectedFirst = id + 1
      if (id < last && (found.length === 0 || found[0].id !== expectedFirst)) return null
      return found
    },
    async publishInvalidation (scope) {
      await commands.publish(keys.invalidate, scope)
    },
    subscribeInvalidations: listener => invalidations.add(listener),
    async close () {
      events.clear()
      invalidations.clear()
      await Promise.all([commands.quit().catch(() => undefined), subscriber.quit().catch(() => undefined)])
    },
  }
}
