/**
 * Voice in real Chromium: a browser with fake media (its fake microphone plays a beep
 * tone; no permission prompt), a loopback page to run WebRTC on (`navigator.mediaDevices`
 * exists only on a secure origin, and http://127.0.0.1 is one), two pages joined by an
 * RTCPeerConnection with the signalling done by the test, and what a listener hears:
 * whether a tone arrives (AnalyserNode energy and its loudest frequency) and when each
 * burst of a tone begins (mouth-to-ear latency). e2e/voice-path.test.ts and
 * bench/voice-latency.ts use it; the SFU's end-to-end test reuses the listening half
 * (`detectTone`, `listenForOnsets`) on the audio the media worker forwards.
 */
import { createServer, type Server } from 'http'
import type { Browser, JSHandle, Page } from 'playwright-core'
import { launchBrowser } from './browser'

/**
 * What a voice test adds to the machine's Chromium flags: fake capture devices (the
 * microphone beeps), no permission prompt, host candidates on loopback (Chromium gathers
 * none there without it), and audio that plays without a user gesture.
 */
export const VOICE_BROWSER_FLAGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
  '--autoplay-policy=no-user-gesture-required',
] as const

/** Launches headless Chromium with fake media and loopback ICE (VOICE_BROWSER_FLAGS). */
export function launchVoiceBrowser (): Promise<Browser> {
  return launchBrowser(VOICE_BROWSER_FLAGS)
}

/** A blank page served on loopback, for pages that need a secure origin and nothing else. */
export interface VoicePageServer {
  /** e.g. http://127.0.0.1:40123/ */
  url: string
  close: () => Promise<void>
}

/** Serves an empty HTML page on a free 127.0.0.1 port. */
export async function serveVoicePage (): Promise<VoicePageServer> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end('<!doctype html><meta charset="utf-8"><title>voice</title>')
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise(resolve => server.close(() => resolve())) }
}

/** A page of its own (a fresh context: no shared media or storage) at `url`, its errors failing the caller's checks. */
export async function openVoicePage (browser: Browser, url: string): Promise<{ page: Page, errors: string[] }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', error => errors.push(error.message))
  await page.goto(url)
  return { page, errors }
}

/** The fake microphone's stream on `page` (getUserMedia, audio only, raw: no echo cancellation, noise suppression or gain control reshaping the beep). */
export function microphone (page: Page): Promise<JSHandle<MediaStream>> {
  return page.evaluateHandle(() => navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false }, video: false }))
}

/** A tone a listener heard: how loud, at which frequency, and when (the page's Date.now()). */
export interface HeardTone {
  /** Root mean square of the loudest window, full scale 1. */
  rms: number
  /** The loudest frequency of that window, Hz. */
  frequencyHz: number
  /** The width of one frequency bin, Hz: two tones this close are the same tone. */
  binHz: number
  /** When the first window louder than silence was heard. */
  heardAt: number
}

/** Below this RMS a window counts as silence (the fake beep and a test oscillator are far above it). */
export const SILENCE_RMS = 0.01

/** How long a tone is listened to after it is first heard, to find its loudest window: past one beep period of the fake microphone (500 ms). */
const TONE_LISTEN_MS = 1200

/**
 * Resolves with the first tone `stream` carries on `page` (a window louder than
 * SILENCE_RMS), listening for up to `timeoutMs`; null when only silence arrived. Its
 * frequency is the median pitch of the loud windows (at least half the loudest's RMS) in the
 * TONE_LISTEN_MS after it was first heard: one window across a beep's edge, or a codec's
 * concealment after a late packet, peaks elsewhere, and the loudest alone was sometimes that one.
 * The stream is also attached to a muted audio element: Chromium feeds a remote WebRTC
 * track to WebAudio only while a media element plays it.
 */
export async function detectTone (page: Page, stream: JSHandle<MediaStream>, timeoutMs = 10_000): Promise<HeardTone | null> {
  return page.evaluate(([source, limitMs, silence, listenMs]) => new Promise<HeardTone | null>(resolve => {
    const audio = new Audio()
    audio.muted = true
    audio.srcObject = source
    void audio.play()
    const context = new AudioContext()
    const analyser = context.createAnalyser()
    analyser.fftSize = 2048
    analyser.smoothingTimeConstant = 0
    context.createMediaStreamSource(source).connect(analyser)
    const samples = new Float32Array(analyser.fftSize)
    const spectrum = new Float32Array(analyser.frequencyBinCount)
    const binHz = context.sampleRate / analyser.fftSize
    let loudest: HeardTone | null = null
    /** Every window louder than silence: its RMS and its loudest frequency. */
    const windows: Array<{ rms: number, frequencyHz: number }> = []
    const finish = () => {
      clearInterval(poll)
      clearTimeout(limit)
      void context.close()
      audio.srcObject = null
      if (loudest) {
        const loud = windows.filter(window => window.rms >= loudest!.rms / 2).map(window => window.frequencyHz).sort((a, b) => a - b)
        loudest = { ...loudest, frequencyHz: loud[Math.floor(loud.length / 2)] }
      }
      resolve(loudest)
    }
    // a 2048-sample window is 43 ms at 48 kHz; polling every 10 ms sees even a 20 ms beep whole
    const poll = setInterval(() => {
      analyser.getFloatTimeDomainData(samples)
      const rms = Math.sqrt(samples.reduce((sum, sample) => sum + sample * sample, 0) / samples.length)
      if (rms < silence) return
      analyser.getFloatFrequencyData(spectrum)
      // the loudest bin of the voice band, from 100 Hz: below it lie the DC offset and a beep's on-off envelope, which Opus drops
      const lowest = Math.ceil(100 / binHz)
      let peak = lowest
      for (let bin = lowest + 1; bin < spectrum.length; bin++) if (spectrum[bin] > spectrum[peak]) peak = bin
      if (!loudest) setTimeout(finish, listenMs)
      windows.push({ rms, frequencyHz: peak * binHz })
      if (!loudest || rms > loudest.rms) loudest = { rms, frequencyHz: peak * binHz, binHz, heardAt: loudest?.heardAt ?? Date.now() }
    }, 10)
    const limit = setTimeout(() => { if (!loudest) finish() }, limitMs)
  }), [stream, timeoutMs, SILENCE_RMS, TONE_LISTEN_MS] as const)
}

/**
 * Starts noting on `page` when each tone burst on `stream` begins (a window that turns
 * loud after silence), polled every 2 ms over a 256-sample window (5 ms at 48 kHz): the
 * page's Date.now() of each onset, read with `onsetsHeard`.
 */
export async function listenForOnsets (page: Page, stream: JSHandle<MediaStream>): Promise<void> {
  await page.evaluate(([source, silence]) => {
    const audio = new Audio()
    audio.muted = true
    audio.srcObject = source
    void audio.play()
    const context = new AudioContext()
    const analyser = context.createAnalyser()
    analyser.fftSize = 256
    context.createMediaStreamSource(source).connect(analyser)
    const samples = new Float32Array(analyser.fftSize)
    const onsets: number[] = []
    let loud = false
    setInterval(() => {
      analyser.getFloatTimeDomainData(samples)
      const rms = Math.sqrt(samples.reduce((sum, sample) => sum + sample * sample, 0) / samples.length)
      if (!loud && rms >= silence) onsets.push(Date.now())
      loud = rms >= silence
    }, 2)
    Object.assign(window, { __voiceOnsets: onsets, __voiceListening: { audio, context } })
  }, [stream, SILENCE_RMS] as const)
}

/** The onsets `listenForOnsets` noted so far, the page's Date.now() of each. */
export function onsetsHeard (page: Page): Promise<number[]> {
  return page.evaluate(() => [...(window as unknown as { __voiceOnsets?: number[] }).__voiceOnsets ?? []])
}

/**
 * A tone `page` can send in bursts: an oscillator at `frequencyHz` behind a gain held at
 * silence, as a MediaStream (a WebAudio destination); `toneBurst` opens the gain.
 */
export function toneSource (page: Page, frequencyHz = 1000): Promise<JSHandle<MediaStream>> {
  return page.evaluateHandle(hz => {
    const context = new AudioContext()
    const oscillator = context.createOscillator()
    oscillator.frequency.value = hz
    const gain = context.createGain()
    gain.gain.value = 0
    const destination = context.createMediaStreamDestination()
    oscillator.connect(gain).connect(destination)
    oscillator.start()
    Object.assign(window, { __voiceTone: { context, gain } })
    return destination.stream
  }, frequencyHz)
}

/** Sounds one burst of `toneSource`'s tone for `durationMs`; resolves with the page's Date.now() when it began. */
export function toneBurst (page: Page, durationMs: number): Promise<number> {
  return page.evaluate(ms => {
    const { context, gain } = (window as unknown as { __voiceTone: { context: AudioContext, gain: GainNode } }).__voiceTone
    const start = context.currentTime
    gain.gain.setValueAtTime(1, start)
    gain.gain.setValueAtTime(0, start + ms / 1000)
    return Date.now()
  }, durationMs)
}

/** How two pages' peer connection is set up: ICE servers and policy, as RTCConfiguration takes them. */
export interface PeerPathOptions {
  iceServers?: RTCIceServer[]
  iceTransportPolicy?: RTCIceTransportPolicy
}

/** What the connected pair reports: the receiving page's stream and the kind of each end of the pair ICE chose. */
export interface PeerPath {
  /** The remote audio as the receiving page has it. */
  received: JSHandle<MediaStream>
  /** `host`, `srflx`, `prflx` or `relay`: the sender's and the receiver's candidate of the selected pair. */
  candidateTypes: { sender: string, receiver: string }
}

/** Creates `window.__voicePeer` on `page` with `options`; the sending side adds `send`'s audio tracks. */
async function createPeer (page: Page, options: PeerPathOptions, send: JSHandle<MediaStream> | null): Promise<void> {
  await page.evaluate(([config, stream]) => {
    const peer = new RTCPeerConnection(config)
    if (stream) for (const track of stream.getAudioTracks()) peer.addTrack(track, stream)
    else peer.addTransceiver('audio', { direction: 'recvonly' })
    const received = new Promise<MediaStream>(resolve => { peer.ontrack = event => resolve(event.streams[0] ?? new MediaStream([event.track])) })
    Object.assign(window, { __voicePeer: peer, __voiceReceived: received })
  }, [{ iceServers: options.iceServers ?? [], iceTransportPolicy: options.iceTransportPolicy ?? 'all' }, send] as const)
}

/** `page`'s local description once ICE gathering is complete (no trickling: the test carries one message each way). */
function describeWhenGathered (page: Page, kind: 'offer' | 'answer'): Promise<RTCSessionDescriptionInit> {
  return page.evaluate(async which => {
    const peer = (window as unknown as { __voicePeer: RTCPeerConnection }).__voicePeer
    await peer.setLocalDescription(which === 'offer' ? await peer.createOffer() : await peer.createAnswer())
    if (peer.iceGatheringState !== 'complete') {
      await new Promise<void>(resolve => peer.addEventListener('icegatheringstatechange', () => { if (peer.iceGatheringState === 'complete') resolve() }))
    }
    const description = peer.localDescription
    if (!description) throw new Error('no local description')
    return { type: description.type, sdp: description.sdp }
  }, kind)
}

/** Applies the other side's description on `page`. */
function applyRemote (page: Page, description: RTCSessionDescriptionInit): Promise<void> {
  return page.evaluate(remote => (window as unknown as { __voicePeer: RTCPeerConnection }).__voicePeer.setRemoteDescription(remote), description)
}

/** The type of the local candidate of `page`'s selected candidate pair, once ICE connected (within `timeoutMs`). */
function selectedCandidateType (page: Page, timeoutMs: number): Promise<string> {
  return page.evaluate(async limitMs => {
    const peer = (window as unknown as { __voicePeer: RTCPeerConnection }).__voicePeer
    const deadline = Date.now() + limitMs
    while (Date.now() < deadline) {
      const stats = await peer.getStats()
      for (const report of stats.values()) {
        if (report.type !== 'transport' || !report.selectedCandidatePairId) continue
        const pair = stats.get(report.selectedCandidatePairId)
        const local = pair && stats.get(pair.localCandidateId)
        if (local && pair.state === 'succeeded') return String(local.candidateType)
      }
      await new Promise(resolve => setTimeout(resolve, 50))
    }
    throw new Error(`ICE did not connect within ${limitMs} ms (state ${peer.iceConnectionState})`)
  }, timeoutMs)
}

/**
 * Connects `sender` (sending `stream`'s audio) to `receiver` with one offer and one answer
 * carried by the test, and waits until ICE has a working pair on both ends.
 */
export async function connectPeers (sender: Page, receiver: Page, stream: JSHandle<MediaStream>, options: PeerPathOptions = {}, timeoutMs = 15_000): Promise<PeerPath> {
  await createPeer(sender, options, stream)
  await createPeer(receiver, options, null)
  await applyRemote(receiver, await describeWhenGathered(sender, 'offer'))
  await applyRemote(sender, await describeWhenGathered(receiver, 'answer'))
  const [senderType, receiverType] = await Promise.all([selectedCandidateType(sender, timeoutMs), selectedCandidateType(receiver, timeoutMs)])
  const received = await receiver.evaluateHandle(() => (window as unknown as { __voiceReceived: Promise<MediaStream> }).__voiceReceived)
  return { received, candidateTypes: { sender: senderType, receiver: receiverType } }
}

/** The ICE candidate types `page` gathers with `options` (a fresh connection, an audio offer, gathering to the end). */
export function gatheredCandidateTypes (page: Page, options: PeerPathOptions): Promise<string[]> {
  return page.evaluate(async config => {
    const peer = new RTCPeerConnection(config)
    const types: string[] = []
    peer.onicecandidate = event => { if (event.candidate?.type) types.push(event.candidate.type) }
    peer.addTransceiver('audio')
    await peer.setLocalDescription(await peer.createOffer())
    if (peer.iceGatheringState !== 'complete') {
      await new Promise<void>(resolve => peer.addEventListener('icegatheringstatechange', () => { if (peer.iceGatheringState === 'complete') resolve() }))
    }
    peer.close()
    return types
  }, { iceServers: options.iceServers ?? [], iceTransportPolicy: options.iceTransportPolicy ?? 'all' })
}

/** Audio packets `page`'s peer connection received and lost so far (its inbound-rtp report). */
export function inboundAudio (page: Page): Promise<{ packetsReceived: number, packetsLost: number }> {
  return page.evaluate(async () => {
    const peer = (window as unknown as { __voicePeer: RTCPeerConnection }).__voicePeer
    for (const report of (await peer.getStats()).values()) {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') return { packetsReceived: Number(report.packetsReceived), packetsLost: Number(report.packetsLost) }
    }
    return { packetsReceived: 0, packetsLost: 0 }
  })
}
