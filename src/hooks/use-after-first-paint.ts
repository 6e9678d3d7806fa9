/**
 * What a page shows below its first screen is rendered after that screen has
 * painted. Home's largest paint is the live banner; rendering its twenty live cards in the
 * same commit held that paint back by the cards' own work (about 150–300 ms at the
 * bench's 4× slower CPU). The cards now follow one frame later.
 */
import { useEffect, useState } from 'react'

/**
 * Runs `run` once the browser has painted the frame being prepared now (the next
 * animation frame, then a task after it); where there is no `requestAnimationFrame` (the
 * mini-program), after a task. Returns a function that cancels it.
 */
export function afterNextPaint (run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(run, 0)
    return () => clearTimeout(timer)
  }
  const frame = requestAnimationFrame(() => { timer = setTimeout(run, 0) })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/** False until the frame after `ready` first became true has painted; true from then on. */
export function useAfterFirstPaint (ready: boolean): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (!ready || painted) return undefined
    return afterNextPaint(() => setPainted(true))
  }, [ready, painted])
  return painted
}
