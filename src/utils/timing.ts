/** Throttle and debounce (SPEC §9: both default to 100 ms). */
import { THROTTLE_DEBOUNCE_MS } from '@/constants/ui'

/** A wrapped function that can drop its pending call. */
export type Cancelable<A extends unknown[]> = ((...args: A) => void) & { cancel: () => void }

/**
 * Calls `fn` once `wait` ms have passed without another call, with the last arguments.
 * SPEC §9: the wait defaults to 100 ms.
 */
export function debounce<A extends unknown[]> (fn: (...args: A) => void, wait: number = THROTTLE_DEBOUNCE_MS): Cancelable<A> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }
  const debounced = (...args: A): void => {
    cancel()
    timer = setTimeout(() => {
      timer = undefined
      fn(...args)
    }, wait)
  }
  return Object.assign(debounced, { cancel })
}

/**
 * Calls `fn` at once, then at most once per `wait` ms: calls inside the window are
 * folded into one trailing call with the last arguments. SPEC §9: 100 ms by default.
 */
export function throttle<A extends unknown[]> (fn: (...args: A) => void, wait: number = THROTTLE_DEBOUNCE_MS): Cancelable<A> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending: A | undefined
  const open = (): void => {
    timer = undefined
    if (pending === undefined) return
    const args = pending
    pending = undefined
    fire(args)
  }
  const fire = (args: A): void => {
    fn(...args)
    timer = setTimeout(open, wait)
  }
  const throttled = (...args: A): void => {
    if (timer === undefined) fire(args)
    else pending = args
  }
  const cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    pending = undefined
  }
  return Object.assign(throttled, { cancel })
}
