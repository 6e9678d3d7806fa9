/**
 * A rate budget of the gateway (a token bucket): it refills `perSecond` ops a second and banks
 * at most `burst` of them, so a client may catch up after a stall (a backlog arriving at once)
 * but not go on faster than the rate. Space ops and voice ops each spend one budget per
 * connection and one per account on the process ({@link OpLane}, ./session.ts).
 */
export class RateBudget {
  private tokens: number
  private at: number

  /** Full at `now` (ms). */
  constructor (readonly perSecond: number, readonly burst: number, now: number) {
    this.tokens = burst
    this.at = now
  }

  /** Spends one op at `now` (ms): false when the budget is spent (nothing is taken then). */
  take (now: number): boolean {
    // a clock that steps back refills nothing
    this.tokens = Math.min(this.burst, this.tokens + Math.max(0, now - this.at) * this.perSecond / 1000)
    this.at = now
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}

/** The limits of one lane of ops that have their own budgets (space ops, voice ops). */
export interface OpLaneLimits {
  /** What the refusals call the ops ('space', 'voice'). */
  noun: string
  /** Ops per second per connection, and how many it banks. */
  perSecond: number
  burst: number
  /** Ops per second one account may send from all its sockets on the process together. */
  perSecondPerAccount: number
  /** Ops over the budgets a connection may send per `windowMs` before it is closed (a flood, not a stall). */
  overPerWindow: number
  windowMs: number
}

/** What a lane says of one op: go on, refuse it (an error frame), drop it silently, or close the connection. */
export type OpLaneVerdict = { pass: true } | { pass: false, refuse?: string, close?: string }

/**
 * One connection's lane of ops with their own budgets: the connection's token bucket and its
 * account's (shared by the account's sockets on the process). One op over them is refused —
 * one error frame a second, the rest dropped — and more than `overPerWindow` over them in a
 * window close the connection.
 */
export class OpLane {
  private readonly budget: RateBudget
  private overWindowStart: number
  private over = 0
  private refusedAt = Number.NEGATIVE_INFINITY

  /** Full at `now` (ms). */
  constructor (readonly limits: OpLaneLimits, now: number) {
    this.budget = new RateBudget(limits.perSecond, limits.burst, now)
    this.overWindowStart = now
  }

  /** Spends op `op` at `now` against this connection's budget and `account`'s (null before identify). */
  take (op: string, now: number, account: RateBudget | null): OpLaneVerdict {
    const { noun, perSecond, perSecondPerAccount, overPerWindow, windowMs } = this.limits
    const over = !this.budget.take(now)
      ? `more than ${perSecond} ${noun} ops a second on one connection`
      : account !== null && !account.take(now)
        ? `more than ${perSecondPerAccount} ${noun} ops a second from one account (its sockets together)`
        : null
    if (over === null) return { pass: true }
    if (now - this.overWindowStart >= windowMs) {
      this.overWindowStart = now
      this.over = 0
    }
    if (++this.over > overPerWindow) return { pass: false, close: `${op}: ${over}, more than ${overPerWindow} times in ${windowMs / 1000} s` }
    if (now - this.refusedAt < 1000) return { pass: false }
    this.refusedAt = now
    return { pass: false, refuse: `${op}: ${over}` }
  }
}
