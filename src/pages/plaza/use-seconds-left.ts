/**
 * A countdown a page draws (a turn timer, an away player's grace period): the whole seconds
 * left until a deadline, ticking once a second while one runs.
 */
import { useEffect, useState } from 'react'

/** The whole seconds left at `now` until `deadline` (unix milliseconds), never below 0. */
export function secondsLeft (deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000))
}

/** The current time, read again every second while `running` (the stores' clock). */
export function useTicking (clock: () => number, running: boolean): number {
  const [now, setNow] = useState(clock)
  useEffect(() => {
    setNow(clock())
    if (!running) return undefined
    const timer = setInterval(() => setNow(clock()), 1000)
    return () => clearInterval(timer)
  }, [clock, running])
  return now
}
