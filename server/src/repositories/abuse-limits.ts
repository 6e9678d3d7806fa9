/**
 * Usage of limited actions: bytes uploaded per day, channels created per
 * minute, conversations started and new direct-message recipients per hour, per account (`account_usage`), and per pool of accounts (`pool_usage`: one
 * client IP, all guest accounts together). A charge is one atomic statement (insert, or
 * add to the window's row only while the sum stays within the limit), so concurrent
 * requests and several processes on one database never overshoot a quota.
 */
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../db/schema'

/** The actions counted. */
export type LimitedAction = 'upload_bytes' | 'text_bytes' | 'channel_create' | 'post_write' | 'comment_write' | 'invite_create' | 'dm_conversation_start' | 'dm_new_recipient'

/** Whose usage a charge counts: one account, or a pool many accounts share (`ip:<address>`, `guests`). */
export type UsageHolder = { uid: string } | { pool: string }

/** One use of a limited action. */
export interface UsageCharge {
  holder: UsageHolder
  action: LimitedAction
  /** Unix seconds at which the counting window starts. */
  windowStart: number
  /** Bytes or times this use adds. */
  amount: number
  /** Most the window may hold. */
  limit: number
}

/** Reads and charges usage. */
export interface UsageRepository {
  /** Adds the charge when the window stays within its limit; false (nothing written) otherwise. */
  charge (charge: UsageCharge): Promise<boolean>
  /** Takes back a charge whose action was refused after all (a window back at nothing leaves no row). */
  refund (charge: Omit<UsageCharge, 'limit'>): Promise<void>
  /** What the window holds so far. */
  used (holder: UsageHolder, action: LimitedAction, windowStart: number): Promise<number>
}

/** The table, key column and key of a holder's rows. */
function rowsOf (holder: UsageHolder): { table: RawBuilder<unknown>, key: RawBuilder<unknown>, value: string } {
  return 'uid' in holder
    ? { table: sql.table('account_usage'), key: sql.ref('uid'), value: holder.uid }
    : { table: sql.table('pool_usage'), key: sql.ref('pool'), value: holder.pool }
}

/** The usage repository on `db`. */
export function createUsageRepository (db: Db): UsageRepository {
  return {
    async charge ({ holder, action, windowStart, amount, limit }) {
      if (amount > limit) return false
      const { table, key, value } = rowsOf(holder)
      const result = await sql<{ amount: number }>`
        insert into ${table} (${key}, action, window_start, amount) values (${value}, ${action}, ${windowStart}, ${amount})
        on conflict (${key}, action, window_start) do update set amount = ${table}.amount + excluded.amount
        where ${table}.amount + excluded.amount <= ${limit}
        returning amount`.execute(db)
      return result.rows.length > 0
    },
    async refund ({ holder, action, windowStart, amount }) {
      const { table, key, value } = rowsOf(holder)
      // a window back at nothing is removed, so a refused request leaves no row behind
      await db.transaction().execute(async trx => {
        await sql`update ${table} set amount = amount - ${amount} where ${key} = ${value} and action = ${action} and window_start = ${windowStart}`.execute(trx)
        await sql`delete from ${table} where ${key} = ${value} and action = ${action} and window_start = ${windowStart} and amount <= 0`.execute(trx)
      })
    },
    async used (holder, action, windowStart) {
      const { table, key, value } = rowsOf(holder)
      const result = await sql<{ amount: number | string }>`select amount from ${table} where ${key} = ${value} and action = ${action} and window_start = ${windowStart}`.execute(db)
      return Number(result.rows[0]?.amount ?? 0)
    },
  }
}
