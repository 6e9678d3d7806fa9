/**
 * The voice runtime of the mini-program build: none. WeChat's mini-program runtime has no
 * WebRTC; its voice page hosts the H5 room in a web-view instead (./browser.h5.ts is the H5 one).
 */
import type { VoiceRuntime } from './runtime'

/** The platform's voice runtime, or null where there is none (here: always). */
export function browserVoiceRuntime (): VoiceRuntime | null {
  return null
}
