/**
 * What a voice room needs of the browser, as one seam: its peer connections, its microphone,
 * its audio graph (a level meter per stream) and its audio outputs. The H5 build passes the
 * browser's own (./browser.h5.ts); the mini-program has none (./browser.ts: its runtime has
 * no WebRTC — a web-view hosts the H5 room there); tests pass fakes.
 */

/** The peer connection's parts a voice room uses (RTCPeerConnection; a fake in tests). */
export type VoicePeerConnection = Pick<RTCPeerConnection,
  'setRemoteDescription' | 'setLocalDescription' | 'createAnswer' | 'addIceCandidate' | 'getTransceivers' | 'addTrack' | 'getStats' | 'close' | 'restartIce'
  | 'iceConnectionState' | 'onicecandidate' | 'oniceconnectionstatechange' | 'ontrack'>

/** A level meter on one stream: an AnalyserNode's loudness, 0 (silence) to 1. */
export interface AudioLevelMeter {
  /** The stream's loudness now, 0…1 (root mean square of the last analysis window). */
  level (): number
  /** Disconnects the meter. */
  close (): void
}

/** One member's audio as it plays on this device. */
export interface AudioOutput {
  /** Loudness of this member for me, 0…1 (the listener's own slider). */
  setVolume (volume: number): void
  /** Silences it (deafened) or lets it play. */
  setMuted (muted: boolean): void
  /** Stops playing it. */
  close (): void
}

/** The browser's voice capabilities. */
export interface VoiceRuntime {
  /** A new peer connection (RTCPeerConnection). */
  createPeer (config: RTCConfiguration): VoicePeerConnection
  /** The microphone (navigator.mediaDevices.getUserMedia); rejects with the browser's DOMException (NotAllowedError, NotFoundError…). */
  getUserMedia (constraints: MediaStreamConstraints): Promise<MediaStream>
  /** Whether the page is a secure context (the microphone exists only there: https, localhost). */
  readonly secureContext: boolean
  /** Whether the browser has a microphone API at all (navigator.mediaDevices). */
  readonly hasMediaDevices: boolean
  /** The user agent (which browser's steps to allow the microphone, and WeChat's version). */
  readonly userAgent: string
  /** A level meter on a stream (an AnalyserNode on an AudioContext). */
  meter (stream: MediaStream): AudioLevelMeter
  /** Plays a remote member's audio track. */
  play (track: MediaStreamTrack): AudioOutput
}
