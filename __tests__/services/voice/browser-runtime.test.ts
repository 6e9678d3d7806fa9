/**
 * The browser's voice runtime (src/services/voice/browser.h5.ts) and ICE probe
 * (ice-probe-browser.h5.ts) over fake browser globals: what each asks of the browser —
 * a peer connection with the given configuration, the microphone with the given
 * constraints (refused on an insecure page), a meter's loudness from its analyser, a
 * member's audio element with volume and mute — and null where the page has no WebRTC.
 * The mini-program's variants are none. Real WebRTC runs in e2e/voice.e2e.test.ts.
 */
import { browserVoiceRuntime } from '@/services/voice/browser.h5'
import { browserVoiceRuntime as miniProgramVoiceRuntime } from '@/services/voice/browser'
import { browserIceProbe } from '@/services/voice/ice-probe-browser.h5'
import { browserIceProbe as miniProgramIceProbe } from '@/services/voice/ice-probe-browser'

const made: RTCConfiguration[] = []
class FakePeerConnection { constructor (readonly config: RTCConfiguration) { made.push(config) } }

/** An analyser whose window holds `samples`, and a note of what was connected and disconnected. */
const graph = { connected: [] as string[], disconnected: [] as string[], samples: [0.5, -0.5, 0.5, -0.5], resumed: 0 }
class FakeAudioContext {
  state = 'suspended'
  resume (): Promise<void> { graph.resumed++; this.state = 'running'; return Promise.resolve() }
  createMediaStreamSource () { return { connect: () => graph.connected.push('source'), disconnect: () => graph.disconnected.push('source') } }
  createAnalyser () {
    return {
      fftSize: 0,
      getFloatTimeDomainData: (into: Float32Array) => { for (let i = 0; i < into.length; i++) into[i] = graph.samples[i % graph.samples.length] },
      disconnect: () => graph.disconnected.push('analyser'),
    }
  }
}

/** The audio elements made, as the runtime left them. */
const elements: Array<{ autoplay: boolean, srcObject: unknown, volume: number, muted: boolean, paused: boolean }> = []
class FakeAudio {
  autoplay = false
  srcObject: unknown = null
  volume = 1
  muted = false
  paused = true
  constructor () { elements.push(this) }
  play (): Promise<void> { this.paused = false; return Promise.resolve() }
  pause (): void { this.paused = true }
}
class FakeMediaStream { constructor (readonly tracks: unknown[]) {} }

const saved = { ...globalThis } as Record<string, unknown>
const asked: MediaStreamConstraints[] = []

/** Puts the fake browser in place: `secure` page or not, with or without navigator.mediaDevices. */
function fakeBrowser ({ secure = true, devices = true }: { secure?: boolean, devices?: boolean } = {}): void {
  Object.assign(window, { RTCPeerConnection: FakePeerConnection, isSecureContext: secure })
  Object.assign(globalThis, { RTCPeerConnection: FakePeerConnection, AudioContext: FakeAudioContext, Audio: FakeAudio, MediaStream: FakeMediaStream })
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: devices ? { getUserMedia: (constraints: MediaStreamConstraints) => { asked.push(constraints); return Promise.resolve('the microphone') } } : undefined,
  })
}

afterEach(() => {
  delete (window as { RTCPeerConnection?: unknown }).RTCPeerConnection
  for (const name of ['AudioContext', 'Audio', 'MediaStream']) (globalThis as Record<string, unknown>)[name] = saved[name]
  made.length = 0
  asked.length = 0
  elements.length = 0
})

describe('the browser voice runtime', () => {
  it('is null on a page without WebRTC, and in the mini-program build', () => {
    delete (window as { RTCPeerConnection?: unknown }).RTCPeerConnection
    expect(browserVoiceRuntime()).toBeNull()
    expect(miniProgramVoiceRuntime()).toBeNull()
  })

  it('makes peer connections with the configuration given and opens the microphone with the constraints given', async () => {
    fakeBrowser()
    const runtime = browserVoiceRuntime()!
    expect(runtime).toMatchObject({ secureContext: true, hasMediaDevices: true, userAgent: navigator.userAgent })
    const config: RTCConfiguration = { iceServers: [{ urls: ['turn:127.0.0.1:3478'] }], iceTransportPolicy: 'relay' }
    expect(runtime.createPeer(config)).toBeInstanceOf(FakePeerConnection)
    expect(made).toEqual([config])
    const constraints = { audio: { echoCancellation: false, noiseSuppression: true, autoGainControl: true } }
    await expect(runtime.getUserMedia(constraints)).resolves.toBe('the microphone')
    expect(asked).toEqual([constraints])
  })

  it('refuses the microphone with a SecurityError where the page has no microphone API (an insecure page)', async () => {
    fakeBrowser({ secure: false, devices: false })
    const runtime = browserVoiceRuntime()!
    expect(runtime).toMatchObject({ secureContext: false, hasMediaDevices: false })
    await expect(runtime.getUserMedia({ audio: true })).rejects.toMatchObject({ name: 'SecurityError' })
  })

  it('meters a stream as the root mean square of its analyser window, resumes a suspended context once, and disconnects on close', () => {
    fakeBrowser()
    const runtime = browserVoiceRuntime()!
    const meter = runtime.meter({} as MediaStream)
    expect(meter.level()).toBeCloseTo(0.5)
    graph.samples = [0]
    expect(meter.level()).toBe(0)
    runtime.meter({} as MediaStream)
    expect(graph.resumed).toBe(1)
    meter.close()
    expect(graph.disconnected).toEqual(['source', 'analyser'])
  })

  it('plays a member on an audio element of its own, with a volume held within 0…1, muting, and stopping', () => {
    fakeBrowser()
    const output = browserVoiceRuntime()!.play('track' as unknown as MediaStreamTrack)
    const [element] = elements
    expect(element).toMatchObject({ autoplay: true, paused: false })
    expect((element.srcObject as FakeMediaStream).tracks).toEqual(['track'])
    output.setVolume(1.7)
    expect(element.volume).toBe(1)
    output.setVolume(-1)
    expect(element.volume).toBe(0)
    output.setVolume(0.4)
    expect(element.volume).toBe(0.4)
    output.setMuted(true)
    expect(element.muted).toBe(true)
    output.close()
    expect(element).toMatchObject({ paused: true, srcObject: null })
  })
})

describe('the browser ICE probe', () => {
  it('makes a plain peer connection per gathering, and is null without WebRTC and in the mini-program build', () => {
    expect(browserIceProbe()).toBeNull()
    expect(miniProgramIceProbe()).toBeNull()
    fakeBrowser()
    const config: RTCConfiguration = { iceServers: [{ urls: ['stun:127.0.0.1:3478'] }] }
    expect(browserIceProbe()!.createProbe(config)).toBeInstanceOf(FakePeerConnection)
    expect(made).toEqual([config])
  })
})
