/**
 * What a visitor tapped on the server's first screen before the app took over (H5;
 * core/wire/page-answers.ts EARLY_JOIN_GLOBAL): taken once by the page that acts on it. The mini-program
 * draws no such screen, so nothing is ever there.
 */
import { EARLY_JOIN_GLOBAL } from '@core/wire/page-answers'

/** True, once, when the first screen's 加入 was tapped before the app rendered; the tap is forgotten either way. */
export function takeEarlyJoin (): boolean {
  if (typeof globalThis !== 'object') return false
  const scope = globalThis as Record<string, unknown>
  const tapped = scope[EARLY_JOIN_GLOBAL] === true
  delete scope[EARLY_JOIN_GLOBAL]
  return tapped
}
