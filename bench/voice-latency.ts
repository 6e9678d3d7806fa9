/**
 * Voice mouth-to-ear latency (bench/RESULTS.md "Voice latency"): page A sounds a 1 kHz tone
 * in bursts (a WebAudio oscillator behind a gain, sent as its microphone track), page B
 * notes when each burst begins to be heard (e2e/support/voice.ts listenForOnsets: a
 * 256-sample window polled every 2 ms); a burst's latency is the first onset on B after A
 * opened the gain, both read from Date.now() in one Chromium on one machine. Measured over
 * the floor — a direct RTCPeerConnection between the two pages on loopback, no server at
 * all — and through the SFU (`measureThroughSfu`: the media worker), side by side in one run.
 * BENCH_VOICE_BURSTS (default 30) bursts of BURST_MS, one every BURST_EVERY_MS, after one
 * second of unmeasured warm-up. `npx tsx bench/voice-latency.ts` runs it alone.
 */
import type { Browser, JSHandle, Page } from 'playwright-core'
import { connectPeers, launchVoiceBrowser, listenForOnsets, onsetsHeard, openVoicePage, serveVoicePage, toneBurst, toneSource } from '../e2e/support/voice'
import type { VoiceMedia } from '../server/src/voice/media/types'
import { createWorkerVoiceMedia } from '../server/src/voice/media/worker-media'

const BURSTS = Number(process.env.BENCH_VOICE_BURSTS || 30)
/** How long each burst sounds: longer than the listener's window, shorter than the gap. */
const BURST_MS = 120
/** One burst starts this often: the tail of one never reaches the next. */
const BURST_EVERY_MS = 500
/** An onset later than this after a burst belongs to no burst (the burst was lost). */
const LOST_AFTER_MS = 400
/** How long the path carries audio unmeasured first (the jitter buffer settles). */
const WARM_UP_MS = 1000

/** The latency of one path's bursts. */
export interface LatencyFigures {
  p50: number
  p95: number
  /** Bursts heard of those sounded. */
  heard: number
  sounded: number
}

/** The floor's figures and the SFU's. */
export interface VoiceLatency {
  direct: LatencyFigures
  sfu: LatencyFigures
}

/** The value at quantile `q` of sorted `values` (0 when empty). */
function quantile (sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0
}

/** Each burst's latency: the first onset in the LOST_AFTER_MS after it began; a burst without one was not heard. */
export function burstLatencies (bursts: number[], onsets: number[]): LatencyFigures {
  const latencies = bursts.flatMap(start => {
    const onset = onsets.find(heard => heard >= start && heard - start <= LOST_AFTER_MS)
    return onset === undefined ? [] : [onset - start]
  }).sort((a, b) => a - b)
  return { p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), heard: latencies.length, sounded: bursts.length }
}

/** Times BURSTS tone bursts from `speaker` as `listener` hears them on `received`, after the warm-up. */
async function timeBursts (speaker: Page, listener: Page, received: JSHandle<MediaStream>): Promise<LatencyFigures> {
  await listenForOnsets(listener, received)
  await new Promise(resolve => setTimeout(resolve, WARM_UP_MS))
  const bursts: number[] = []
  for (let burst = 0; burst < BURSTS; burst++) {
    bursts.push(await toneBurst(speaker, BURST_MS))
    await new Promise(resolve => setTimeout(resolve, BURST_EVERY_MS))
  }
  return burstLatencies(bursts, await onsetsHeard(listener))
}

/** Mouth-to-ear latency over a direct peer connection between two pages of `browser` on loopback. */
export async function measureDirect (browser: Browser): Promise<LatencyFigures> {
  const site = await serveVoicePage()
  const [speaker, listener] = await Promise.all([openVoicePage(browser, site.url), openVoicePage(browser, site.url)])
  try {
    const tone = await toneSource(speaker.page)
    const path = await connectPeers(speaker.page, listener.page, tone)
    return await timeBursts(speaker.page, listener.page, path.received)
  } finally {
    await speaker.page.context().close()
    await listener.page.context().close()
    await site.close()
  }
}

/**
 * Gives `page` a peer connection that answers the media worker's offers as the client
 * does: the first section (the worker's recvonly) sends `send`'s track, or nothing; every
 * section the offer's tracks name receives; the others stay inactive. Its candidates go to
 * the worker as it finds them.
 */
async function answerInPage (page: Page, media: VoiceMedia, peerId: string, send: JSHandle<MediaStream> | null): Promise<(sdp: string, mids: string[]) => Promise<void>> {
  await page.exposeFunction('__sfuCandidate', async (candidate: string) => { await media.addCandidate(peerId, JSON.parse(candidate)).catch(() => {}) })
  await page.evaluate(stream => {
    const peer = new RTCPeerConnection()
    peer.onicecandidate = event => {
      if (event.candidate) void (window as unknown as { __sfuCandidate: (candidate: string) => Promise<void> }).__sfuCandidate(JSON.stringify(event.candidate.toJSON()))
    }
    Object.assign(window, { __sfuPeer: peer, __sfuSend: stream })
  }, send)
  let answering = Promise.resolve()
  return async (sdp, mids) => {
    answering = answering.then(async () => {
      const answer = await page.evaluate(async ([offer, carried]) => {
        const { __sfuPeer: peer, __sfuSend: stream } = window as unknown as { __sfuPeer: RTCPeerConnection, __sfuSend: MediaStream | null }
        await peer.setRemoteDescription({ type: 'offer', sdp: offer })
        const [mic, ...others] = peer.getTransceivers()
        mic.direction = stream ? 'sendonly' : 'inactive'
        if (stream) await mic.sender.replaceTrack(stream.getAudioTracks()[0])
        for (const transceiver of others) transceiver.direction = carried.includes(transceiver.mid ?? '') ? 'recvonly' : 'inactive'
        await peer.setLocalDescription(await peer.createAnswer())
        return peer.localDescription?.sdp ?? ''
      }, [sdp, mids] as const)
      await media.answer(peerId, answer)
    })
    await answering
  }
}

/** Until `page`'s connection to the worker is up (within `timeoutMs`). */
async function connectedInPage (page: Page, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __sfuPeer: RTCPeerConnection }).__sfuPeer.connectionState === 'connected', undefined, { timeout: timeoutMs })
}

/**
 * Mouth-to-ear latency through the SFU: the two pages join one room of a media worker
 * (createWorkerVoiceMedia, the product's), the bench carrying its offers and the pages'
 * answers and candidates as the voice hub does over the gateway socket; the listener
 * hears the transceiver the offer's tracks name for the speaker. The signalling's path
 * does not touch the media's, so this is the latency a member hears through the product.
 */
export async function measureThroughSfu (browser: Browser): Promise<LatencyFigures> {
  const site = await serveVoicePage()
  const [speaker, listener] = await Promise.all([openVoicePage(browser, site.url), openVoicePage(browser, site.url)])
  const answerers = new Map<string, (sdp: string, mids: string[]) => Promise<void>>()
  const listenerTracks: Array<{ mid: string, uid: string }> = []
  const media = createWorkerVoiceMedia({
    events: {
      offer: (peerId, sdp, tracks) => {
        if (peerId === 'listener') listenerTracks.splice(0, listenerTracks.length, ...tracks)
        void answerers.get(peerId)?.(sdp, tracks.map(track => track.mid)).catch(error => { console.error(`voice bench: ${peerId} did not answer`, error) })
      },
      candidate: () => { /* the worker's candidates ride in its offers */ },
      state: () => {},
    },
    network: { publicIp: null, udpPortMin: 45_000, udpPortMax: 45_999 },
  })
  try {
    const tone = await toneSource(speaker.page)
    answerers.set('speaker', await answerInPage(speaker.page, media, 'speaker', tone))
    answerers.set('listener', await answerInPage(listener.page, media, 'listener', null))
    const join = { roomId: 'bench-latency', bitrate: 64_000, silenced: false, deafened: false, iceServers: [] }
    await media.join({ ...join, peerId: 'speaker', uid: 'speaker' })
    await media.join({ ...join, peerId: 'listener', uid: 'listener' })
    await Promise.all([connectedInPage(speaker.page), connectedInPage(listener.page)])
    await listener.page.waitForFunction(() => (window as unknown as { __sfuPeer: RTCPeerConnection }).__sfuPeer.getTransceivers().some(transceiver => transceiver.currentDirection === 'recvonly'), undefined, { timeout: 15_000 })
    const mid = listenerTracks.find(track => track.uid === 'speaker')?.mid
    if (mid === undefined) throw new Error('the listener was never offered the speaker\'s voice')
    const received = await listener.page.evaluateHandle(carried => {
      const peer = (window as unknown as { __sfuPeer: RTCPeerConnection }).__sfuPeer
      const transceiver = peer.getTransceivers().find(candidate => candidate.mid === carried)
      if (!transceiver) throw new Error(`no transceiver ${carried}`)
      return new MediaStream([transceiver.receiver.track])
    }, mid)
    return await timeBursts(speaker.page, listener.page, received)
  } finally {
    await media.close()
    await speaker.page.context().close()
    await listener.page.context().close()
    await site.close()
  }
}

/** Measures the floor and the SFU, in one browser. */
export async function measureVoiceLatency (): Promise<VoiceLatency> {
  const browser = await launchVoiceBrowser()
  try {
    return { direct: await measureDirect(browser), sfu: await measureThroughSfu(browser) }
  } finally {
    await browser.close()
  }
}

/** One path's cell: p50 / p95 and the bursts heard. */
function cell (figures: LatencyFigures): string {
  return `${figures.p50} / ${figures.p95} ms (${figures.heard}/${figures.sounded} heard)`
}

/** Table rows (measure, OpenRealm, floor, ratio, budget) for bench/run.ts's table: the SFU in the product's column, the direct connection as the floor. */
export function voiceLatencyRows ({ direct, sfu }: VoiceLatency): string[][] {
  return [[
    'Voice mouth-to-ear, tone bursts p50 / p95: through the SFU vs a direct peer connection',
    cell(sfu),
    cell(direct),
    direct.p50 > 0 ? `${(sfu.p50 / direct.p50).toFixed(2)}× p50` : 'n/a',
    '',
  ]]
}

if (require.main === module) {
  measureVoiceLatency().then(figures => {
    for (const row of voiceLatencyRows(figures)) console.log(`| ${row.join(' | ')} |`)
  }).catch(error => {
    console.error(error)
    process.exit(1)
  })
}
