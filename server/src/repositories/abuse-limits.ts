/**
 * Per-account usage of limited actions (issue 13): bytes uploaded per day, channels
 * created per minute. A charge is one atomic statement (insert, or add to the window's
 * row only while the sum stays within the limit), so concurrent requests and several
 * processes on one database never overshoot a quota.
 */
import type { Db } from '../db/schema'

/** The actions counted per account. */
export type LimitedAction = 'upload_bytes' | 'channel_create' | 'post_write' | 'comment_write' | 'invite_create'

/** One use of a limited action. */
export interface UsageCharge {
  uid: string
  action: LimitedAction
  /** Unix seconds at which the counting window starts. */
  windowStart: number
  /** Bytes or times this use adds. */
  amount: number
  /** Most the window may hold. */
  limit: number
}

/** Reads and charges account usage. */
export interface UsageRepository {
  /** Adds the charge when the window stays within its limit; false (nothing written) otherwise. */
  charge (charge: UsageCharge): Promise<boolean>
  /** Takes back a charge whose action was refused after all (a window back at nothing leaves no row). */
  refund (charge: Omit<UsageCharge, 'limit'>): Promise<void>
  /** What the window holds so far. */
  used (uid: string, action: LimitedAction, windowStart: number): Promise<number>
}

/** The usage repository on `db`. */
export function createUsageRepository (db: Db): UsageRepository {
  return {
    async charge ({ uid, action, windowStart, amount, limit }) {
      if (amount > limit) return false
      const row = await db.insertInto('account_usage')
        .values({ uid, action, window_start: windowStart, amount })
        .onConflict(conflict => conflict.columns(['uid', 'action', 'window_start'])
          .doUpdateSet(eb => ({ amount: eb('account_usage.amount', '+', eb.ref('excluded.amount')) }))
          .where(eb => eb(eb('account_usage.amount', '+', eb.ref('excluded.amount')), '<=', limit)))
        .returning('amount')
        .executeTakeFirst()
      return row !== undefined
    },
    async refund ({ uid, action, windowStart, amount }) {
      // a window back at nothing is removed, so a refused request leaves no row behind
      await db.transaction().execute(async trx => {
        await trx.updateTable('account_usage')
          .set(eb => ({ amount: eb('amount', '-', amount) }))
          .where('uid', '=', uid).where('action', '=', action).where('window_start', '=', windowStart)
          .execute()
        await trx.deleteFrom('account_usage')
          .where('uid', '=', uid).where('action', '=', action).where('window_start', '=', windowStart).where('amount', '<=', 0)
          .execute()
      })
    },
    async used (uid, action, windowStart) {
      const row = await db.selectFrom('account_usage').select('amount')
        .where('uid', '=', uid).where('action', '=', action).where('window_start', '=', windowStart)
        .executeTakeFirst()
      return Number(row?.amount ?? 0)
    },
  }
}
