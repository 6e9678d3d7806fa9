/**
 * The browser's voice runtime (H5): RTCPeerConnection, getUserMedia, an AnalyserNode per
 * metered stream on one AudioContext, and an <audio> element per remote member. Loaded only
 * with the voice room (a chunk of its own), never in the first load.
 */
import type { AudioLevelMeter, AudioOutput, VoiceRuntime } from './runtime'

/** Samples an AnalyserNode reads per window (a power of two; ~46 ms at 44.1 kHz). */
const ANALYSER_FFT_SIZE = 2048

let sharedContext: AudioContext | null = null

/** The page's one AudioContext, made at the first meter (after the tap that joined: autoplay rules). */
function audioContext (): AudioContext {
  sharedContext ??= new AudioContext()
  if (sharedContext.state === 'suspended') void sharedContext.resume()
  return sharedContext
}

function meterOf (stream: MediaStream): AudioLevelMeter {
  const context = audioContext()
  const source = context.createMediaStreamSource(stream)
  const analyser = context.createAnalyser()
  analyser.fftSize = ANALYSER_FFT_SIZE
  source.connect(analyser)
  const samples = new Float32Array(analyser.fftSize)
  return {
    level: () => {
      analyser.getFloatTimeDomainData(samples)
      let sum = 0
      for (const sample of samples) sum += sample * sample
      return Math.sqrt(sum / samples.length)
    },
    close: () => {
      source.disconnect()
      analyser.disconnect()
    },
  }
}

function playbackOf (track: MediaStreamTrack): AudioOutput {
  const element = new Audio()
  element.autoplay = true
  element.srcObject = new MediaStream([track])
  element.play().catch(error => console.warn('[voice] a member\'s audio could not start playing:', error))
  return {
    setVolume: volume => { element.volume = Math.min(1, Math.max(0, volume)) },
    setMuted: muted => { element.muted = muted },
    close: () => {
      element.pause()
      element.srcObject = null
    },
  }
}

/** The browser's voice runtime, or null where it has no WebRTC. */
export function browserVoiceRuntime (): VoiceRuntime | null {
  if (typeof window === 'undefined' || typeof window.RTCPeerConnection !== 'function') return null
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices
  return {
    createPeer: config => new RTCPeerConnection(config),
    getUserMedia: async constraints => {
      if (devices === undefined) throw new DOMException('no microphone API on an insecure page', 'SecurityError')
      return devices.getUserMedia(constraints)
    },
    secureContext: window.isSecureContext,
    hasMediaDevices: devices !== undefined,
    userAgent: navigator.userAgent,
    meter: meterOf,
    play: playbackOf,
  }
}
