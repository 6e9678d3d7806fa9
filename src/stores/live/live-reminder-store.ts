/**
 * "提醒我 / Remind me" in the app. Outside WeChat nothing can reach the member
 * at the start time, so the reminders they set are kept on this device, per member, and
 * the next time the member opens Home after a reminded item's start time, Home lists the
 * started ones, each opening its live; seen once (opened or dismissed), a reminder goes.
 * The server keeps the reminder as well (PUT /lives/:live_id/reminders/me), so a reminder
 * set elsewhere joins this list when the member next looks at that item here.
 */
import { makeAutoObservable } from 'mobx'
import type { LiveItem } from '@core/wire/entities'
import type { StoreLogger } from '../support/load-tracker'
import type { KeyValueStorage } from '../account/session-store'

/** What the store keeps of a reminded item: enough to list and open it. */
export interface LiveReminder {
  live_id: string
  server_id: string
  channel_id: string
  title: string
  /** Start time, unix seconds. */
  started_at: number
}

/** What the store needs: the device's storage, the time and whose reminders they are. */
export interface LiveReminderOptions {
  storage: KeyValueStorage
  /** Now, unix ms. */
  clock: () => number
  /** The signed-in member's uid, or null. */
  uid: () => string | null
  logger: StoreLogger
}

/** The storage key of a member's reminders. */
export function liveRemindersKey (uid: string): string {
  return `openrealm-live-reminders:${uid}`
}

/** True when `value` has the shape of a stored reminder (what storage holds may be old or hand-edited). */
function isReminder (value: unknown): value is LiveReminder {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return ['live_id', 'server_id', 'channel_id', 'title'].every(key => typeof entry[key] === 'string') && Number.isFinite(entry.started_at)
}

/** The member's reminders on this device and the ones due now. */
export class LiveReminderStore {
  /** Reminded items whose start time has passed, as of the last `check`, earliest first. */
  due: LiveReminder[] = []

  constructor (private readonly options: LiveReminderOptions) {
    makeAutoObservable<LiveReminderStore, 'options'>(this, { options: false })
  }

  /** Keeps (`on`) or forgets the reminder of `item`, as the server answered the toggle. */
  remember (item: LiveItem, on: boolean): void {
    const others = this.read().filter(entry => entry.live_id !== item.live_id)
    if (!on || item.started_at === null) {
      this.write(others)
      return
    }
    this.write([...others, { live_id: item.live_id, server_id: item.server_id, channel_id: item.channel_id, title: item.title, started_at: item.started_at }])
  }

  /** Looks again for reminders whose start time has passed (Home calls it each time it shows). */
  check (): void {
    const now = this.options.clock()
    this.due = this.read().filter(entry => entry.started_at * 1000 <= now).sort((a, b) => a.started_at - b.started_at)
  }

  /** The member saw `entry` (opened it): it goes. */
  seen (entry: LiveReminder): void {
    this.write(this.read().filter(item => item.live_id !== entry.live_id))
    this.due = this.due.filter(item => item.live_id !== entry.live_id)
  }

  /** The member dismissed the list: every due reminder goes. */
  dismiss (): void {
    const due = new Set(this.due.map(entry => entry.live_id))
    this.write(this.read().filter(entry => !due.has(entry.live_id)))
    this.due = []
  }

  private read (): LiveReminder[] {
    const uid = this.options.uid()
    if (uid === null) return []
    try {
      const parsed: unknown = JSON.parse(this.options.storage.get(liveRemindersKey(uid)) ?? '[]')
      return Array.isArray(parsed) ? parsed.filter(isReminder) : []
    } catch (error) {
      this.options.logger.warn('[live reminders] unreadable; starting afresh:', error)
      return []
    }
  }

  private write (entries: LiveReminder[]): void {
    const uid = this.options.uid()
    if (uid === null) return
    if (entries.length === 0) this.options.storage.remove(liveRemindersKey(uid))
    else this.options.storage.set(liveRemindersKey(uid), JSON.stringify(entries))
  }
}
