/**
 * The browser's ICE probe (H5): a plain RTCPeerConnection per gathering (./ice-probe.ts).
 * Loaded with the voice check page only.
 */
import type { IceProbeRuntime } from './ice-probe'

/** The browser's ICE probe, or null where it has no WebRTC. */
export function browserIceProbe (): IceProbeRuntime | null {
  if (typeof window === 'undefined' || typeof window.RTCPeerConnection !== 'function') return null
  return { createProbe: config => new RTCPeerConnection(config) }
}
