/**
 * Voice mouth-to-ear latency (bench/RESULTS.md "Voice latency"): page A sounds a 1 kHz tone
 * in bursts (a WebAudio oscillator behind a gain, sent as its microphone track), page B
 * notes when each burst begins to be heard (e2e/support/voice.ts listenForOnsets: a
 * 256-sample window polled every 2 ms); a burst's latency is the first onset on B after A
 * opened the gain, both read from Date.now() in one Chromium on one machine. Measured over
 * the floor — a direct RTCPeerConnection between the two pages on loopback, no server at
 * all — and, once the SFU exists, through it (`measureThroughSfu`), side by side in one run.
 * BENCH_VOICE_BURSTS (default 30) bursts of BURST_MS, one every BURST_EVERY_MS, after one
 * second of unmeasured warm-up. `npx tsx bench/voice-latency.ts` runs it alone.
 */
import type { Browser } from 'playwright-core'
import { connectPeers, launchVoiceBrowser, listenForOnsets, onsetsHeard, openVoicePage, serveVoicePage, toneBurst, toneSource } from '../e2e/support/voice'

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

/** The floor's figures and the SFU's (null until there is an SFU to measure). */
export interface VoiceLatency {
  direct: LatencyFigures
  sfu: LatencyFigures | null
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

/** Mouth-to-ear latency over a direct peer connection between two pages of `browser` on loopback. */
export async function measureDirect (browser: Browser): Promise<LatencyFigures> {
  const site = await serveVoicePage()
  const [speaker, listener] = await Promise.all([openVoicePage(browser, site.url), openVoicePage(browser, site.url)])
  try {
    const tone = await toneSource(speaker.page)
    const path = await connectPeers(speaker.page, listener.page, tone)
    await listenForOnsets(listener.page, path.received)
    await new Promise(resolve => setTimeout(resolve, WARM_UP_MS))
    const bursts: number[] = []
    for (let burst = 0; burst < BURSTS; burst++) {
      bursts.push(await toneBurst(speaker.page, BURST_MS))
      await new Promise(resolve => setTimeout(resolve, BURST_EVERY_MS))
    }
    return burstLatencies(bursts, await onsetsHeard(listener.page))
  } finally {
    await speaker.page.context().close()
    await listener.page.context().close()
    await site.close()
  }
}

/**
 * Mouth-to-ear latency through the SFU (server/src/voice/media): not measured yet — the
 * media worker is being built beside this bench, and a number is never made up. To fill
 * it in: start the product (e2e/support/product.ts), sign two members in, have each page
 * join one voice room over the gateway (`voice_join`, answering the worker's `voice_offer`
 * with the speaker sending `toneSource` and the listener `listenForOnsets` on the track the
 * offer's `tracks` names for the speaker), then time bursts exactly as `measureDirect` does.
 */
export async function measureThroughSfu (): Promise<LatencyFigures | null> {
  return null
}

/** Measures the floor and, where it exists, the SFU, in one browser. */
export async function measureVoiceLatency (): Promise<VoiceLatency> {
  const browser = await launchVoiceBrowser()
  try {
    return { direct: await measureDirect(browser), sfu: await measureThroughSfu() }
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
    sfu ? cell(sfu) : 'not measured: no SFU yet',
    cell(direct),
    sfu && direct.p50 > 0 ? `${(sfu.p50 / direct.p50).toFixed(2)}× p50` : 'n/a',
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
