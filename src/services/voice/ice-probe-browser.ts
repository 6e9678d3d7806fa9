/**
 * The ICE probe of the mini-program build: none (its runtime has no WebRTC; the voice check
 * asks to be opened in a browser). ./ice-probe-browser.h5.ts is the H5 one.
 */
import type { IceProbeRuntime } from './ice-probe'

/** The platform's ICE probe, or null where there is none (here: always). */
export function browserIceProbe (): IceProbeRuntime | null {
  return null
}
