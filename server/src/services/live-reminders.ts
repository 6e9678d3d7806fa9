/**
 * The live reminders' WeChat subscribe messages (reserved live items): members who
 * turned on 提醒我 for a reserved item, and who accepted the one-time subscription in the
 * mini-program (their openid is in `wechat_accounts`), get WeChat's subscribe message
 * (cgi-bin/message/subscribe/send) when the item's start time has come. Members without an
 * openid (H5 only) are skipped: the app shows them the reminder the next time they open it.
 *
 * Each reminder is sent once: its row is claimed (`notified_at` set where it was null)
 * before the message goes out, so neither a second pass nor a second process sends it
 * again; when WeChat cannot be reached the claim is given back for the next pass. Of
 * several server processes one sends per pass: the pass first takes a lock (Redis SET NX
 * PX with REDIS_URL, ctx.limits.claim) that lapses after one interval.
 */
import type { HitCounter } from './rate-counter'
import type { WechatConfig } from '../config'
import type { Db } from '../db/schema'
import { thingValue, WechatRefusal, type SubscribeSend, type WechatApp } from './wechat'

/** The lock a sending pass holds (one process sends per interval). */
export const REMINDER_LOCK_KEY = 'live-reminders'

/** Reminders one pass reads at most; the rest wait for the next pass. */
export const REMINDER_BATCH = 100

/** SPEC §9: dates are shown in UTC+8. */
const UTC_PLUS_8_SECONDS = 8 * 3600

/** What one pass did. */
export interface ReminderPass {
  /** Subscribe messages WeChat took. */
  sent: number
  /** Due reminders of members with no openid (H5 only), marked without a message. */
  skipped: number
  /** Messages WeChat refused (the member withdrew the subscription, 43101; a bad template…), marked and logged. */
  refused: number
  /** Reminders given back because WeChat could not be reached; the next pass tries again. */
  retried: number
}

/** What the sender needs. */
export interface ReminderSenderOptions {
  db: Db
  wechat: WechatApp & { subscribeTemplateId: string, reminderIntervalMs: number }
  /** Holds the pass's lock across processes. */
  limits: HitCounter
  /** Unix seconds. */
  now: () => number
  /** The app's one subscribe-message sender (wechat.ts createSubscribeSender), shared with the away notifications: one cached access token. */
  send: SubscribeSend
  log?: { warn (object: object, message: string): void }
}

/** Sends the due reminders: `pass()` once (null when another process holds this interval's lock), or `start()` every interval until the returned stop. */
export interface ReminderSender {
  pass (): Promise<ReminderPass | null>
  start (): () => void
}

/** The sender's settings when the configuration asks for it (the mini-program's app id and secret, and the template id, set), else null. */
export function reminderSettingsOf (config: WechatConfig): ReminderSenderOptions['wechat'] | null {
  // subscribe messages are the mini-program's: sent with its access token to the openids its sign-in codes gave
  if (config.miniProgram === null || config.subscribeTemplateId === null) return null
  return { ...config.miniProgram, apiBase: config.apiBase, subscribeTemplateId: config.subscribeTemplateId, reminderIntervalMs: config.reminderIntervalMs }
}

/** `at` (unix seconds) as WeChat's `time` keyword shows it: 'YYYY-MM-DD HH:mm' in UTC+8. */
export function reminderTime (at: number): string {
  return new Date((at + UTC_PLUS_8_SECONDS) * 1000).toISOString().slice(0, 16).replace('T', ' ')
}

/** The sender of `options`. */
export function createReminderSender (options: ReminderSenderOptions): ReminderSender {
  const { db, wechat, limits, now, send } = options

  async function pass (): Promise<ReminderPass | null> {
    // the lock lapses a little before the next pass, whatever the timers' drift
    if (!await limits.claim(REMINDER_LOCK_KEY, Math.max(1, Math.floor(wechat.reminderIntervalMs * 0.9)))) return null
    const at = now()
    const due = await db.selectFrom('live_reminders')
      .innerJoin('lives', 'lives.live_id', 'live_reminders.live_id')
      .leftJoin('wechat_accounts', 'wechat_accounts.uid', 'live_reminders.uid')
      .select(['live_reminders.live_id', 'live_reminders.uid', 'lives.title', 'lives.started_at', 'lives.server_id', 'lives.channel_id', 'wechat_accounts.openid'])
      .where('live_reminders.notified_at', 'is', null)
      .where('lives.started_at', 'is not', null)
      .where('lives.started_at', '<=', at)
      .limit(REMINDER_BATCH)
      .execute()
    const result: ReminderPass = { sent: 0, skipped: 0, refused: 0, retried: 0 }
    for (const reminder of due) {
      const claimed = await db.updateTable('live_reminders').set({ notified_at: at })
        .where('live_id', '=', reminder.live_id).where('uid', '=', reminder.uid).where('notified_at', 'is', null)
        .executeTakeFirst()
      if (Number(claimed.numUpdatedRows) !== 1) continue // another pass took it
      if (reminder.openid === null) {
        result.skipped += 1
        continue
      }
      try {
        await send({
          touser: reminder.openid,
          template_id: wechat.subscribeTemplateId,
          // the channel page plays the item (carried keys: SPEC §2 sid, channel_id)
          page: `pages/channel/index?sid=${reminder.server_id}&channel_id=${reminder.channel_id}&live_id=${encodeURIComponent(reminder.live_id)}`,
          data: {
            thing1: { value: thingValue(reminder.title) },
            time2: { value: reminderTime(reminder.started_at ?? at) },
          },
        })
        result.sent += 1
      } catch (error) {
        if (error instanceof WechatRefusal) {
          result.refused += 1
          options.log?.warn({ err: error, live_id: reminder.live_id, uid: reminder.uid }, 'WeChat refused a live reminder')
        } else {
          result.retried += 1
          await db.updateTable('live_reminders').set({ notified_at: null }).where('live_id', '=', reminder.live_id).where('uid', '=', reminder.uid).execute()
          options.log?.warn({ err: error, live_id: reminder.live_id }, 'WeChat did not answer: the live reminder waits for the next pass')
        }
      }
    }
    return result
  }

  return {
    pass,
    start () {
      let running: Promise<unknown> = Promise.resolve()
      const timer = setInterval(() => {
        running = running.then(pass).catch(error => options.log?.warn({ err: error }, 'live reminder pass failed'))
      }, wechat.reminderIntervalMs)
      timer.unref()
      return () => clearInterval(timer)
    },
  }
}
