/** Row types of the abuse-limit tables (migration 0006-abuse-limits). */

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
