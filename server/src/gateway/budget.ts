/**
 * A rate budget of the gateway (a token bucket): it refills `perSecond` ops a second and banks
 * at most `burst` of them, so a client may catch up after a stall (a backlog arriving at once)
 * but not go on faster than the rate. Space ops spend one budget per connection and one per
 * account on the process (./session.ts).
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
