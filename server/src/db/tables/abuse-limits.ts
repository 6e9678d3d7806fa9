/** Row types of the abuse-limit tables (migrations 0006-abuse-limits and 0010-shared-quotas). */

/** How much of a limited action an account used in one time window. */
export interface AccountUsageTable {
  uid: string
  /** What is counted, e.g. 'upload_bytes' or 'channel_create' (see repositories/abuse-limits.ts). */
  action: string
  /** Unix seconds at which the window starts (the day's or minute's first second). */
  window_start: number
  /** Bytes or times used in the window so far. */
  amount: number
}

/** How much of a limited action a pool of accounts (one client IP, all guests) used in one time window. */
export interface PoolUsageTable {
  /** Which pool: `ip:<address>` or `guests` (see services/quotas.ts). */
  pool: string
  /** What is counted, e.g. 'upload_bytes'. */
  action: string
  /** Unix seconds at which the window starts. */
  window_start: number
  /** Bytes or times used in the window so far. */
  amount: number
}
