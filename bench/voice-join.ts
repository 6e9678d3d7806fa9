/**
 * Voice join time (bench/RESULTS.md "Voice join"): from the tap on Join to hearing the others,
 * in the real product on loopback — the H5 room page, the gateway's voice hub, the forked media
 * worker. The demo owner sits in server 832828's voice channel, their fake microphone playing
 * a steady tone (a WAV file, `--use-file-for-fake-audio-capture`, rather than the default
 * device's beep every half second, which would round each sample up to the next beep); Alex
 * opens the room page, VOICE_JOINS times in a fresh context, and taps Join. A sample is the
 * page's Date.now() at the tap to the first analysis window louder than silence on the audio
 * element the client plays for the owner: microphone asked, `voice_join`, `voice_ready`, the
 * worker's offer and the answer, ICE and DTLS on loopback, the first forwarded packets, the
 * jitter buffer. `npx tsx bench/voice-join.ts` runs it alone (it builds H5 when dist/h5 is
 * missing and starts a product of its own).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'fs'
import { tmpdir } from 'os'
import path from 'path'
import type { Page } from 'playwright-core'
import { launchBrowser, openPage, type TrackedPage } from '../e2e/support/browser'
import { ensureH5Bundle, startProduct, stopProduct, type RunningProduct } from '../e2e/support/product'
import { signInSeeded, switchLogin } from '../e2e/support/sessions'
import { SILENCE_RMS, VOICE_BROWSER_FLAGS } from '../e2e/support/voice'
import { verdict } from './results-table'

/** How many joins are timed. */
const VOICE_JOINS = Number(process.env.BENCH_VOICE_JOINS || 10)
/** Tap on join → hearing the others, budget (ms). */
const JOIN_BUDGET_MS = 1000
/** A join not heard within this is a failed sample. */
const HEAR_TIMEOUT_MS = 15_000
const ROOM = { serverId: '832828', channelId: '83282803' }
const OWNER = '100001'
const ALEX = '100002'

/** The joins' figures: each sample (ms) and their median. */
export interface VoiceJoinFigures {
  samples: number[]
  median: number
}

/** A 48 kHz 16-bit mono WAV of a steady 440 Hz tone at half scale, `seconds` long (Chromium loops a fake capture file). */
function toneWav (seconds: number): Buffer {
  const rate = 48_000
  const samples = rate * seconds
  const wav = Buffer.alloc(44 + samples * 2)
  wav.write('RIFF', 0)
  wav.writeUInt32LE(36 + samples * 2, 4)
  wav.write('WAVEfmt ', 8)
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20) // PCM
  wav.writeUInt16LE(1, 22) // mono
  wav.writeUInt32LE(rate, 24)
  wav.writeUInt32LE(rate * 2, 28)
  wav.writeUInt16LE(2, 32)
  wav.writeUInt16LE(16, 34)
  wav.write('data', 36)
  wav.writeUInt32LE(samples * 2, 40)
  for (let index = 0; index < samples; index++) wav.writeInt16LE(Math.round(16_000 * Math.sin(2 * Math.PI * 440 * index / rate)), 44 + index * 2)
  return wav
}

/**
 * Before the app runs: each <audio> element it plays (autoplay with a stream) gets an
 * AnalyserNode, and the first window louder than silence is noted as `__voiceHeardAt`.
 */
async function noteFirstSound (page: Page): Promise<void> {
  await page.addInitScript(silence => {
    const descriptor = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'srcObject')
    Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
      ...descriptor,
      set (this: HTMLMediaElement, value: MediaStream | null) {
        descriptor?.set?.call(this, value)
        if (value === null || !this.autoplay) return
        const context = new AudioContext()
        const analyser = context.createAnalyser()
        analyser.fftSize = 256
        context.createMediaStreamSource(value).connect(analyser)
        const samples = new Float32Array(analyser.fftSize)
        const poll = setInterval(() => {
          analyser.getFloatTimeDomainData(samples)
          const rms = Math.sqrt(samples.reduce((sum, sample) => sum + sample * sample, 0) / samples.length)
          if (rms < silence) return
          clearInterval(poll)
          const heard = window as unknown as { __voiceHeardAt?: number }
          heard.__voiceHeardAt ??= Date.now()
        }, 2)
      },
    })
  }, SILENCE_RMS)
}

/** A seeded member on the room page, its Join ready to tap (the room's code loaded). */
async function onRoomPage (product: RunningProduct, tracked: TrackedPage, uid: string): Promise<void> {
  await tracked.page.goto(`${product.url}/pages/voice/index?channel_id=${ROOM.channelId}&server_id=${ROOM.serverId}`)
  await switchLogin(tracked.page, signInSeeded(product, uid))
  await tracked.page.locator('[data-testid="voice-join"]:not([disabled])').filter({ visible: true }).waitFor({ timeout: 30_000 })
}

/** Taps Join in the page; resolves with the page's Date.now() at the tap. */
function tapJoin (page: Page): Promise<number> {
  return page.evaluate(() => {
    const join = [...document.querySelectorAll<HTMLElement>('[data-testid="voice-join"]')].find(element => element.offsetParent !== null)
    if (!join) throw new Error('no Join on screen')
    const tappedAt = Date.now()
    join.click()
    return tappedAt
  })
}

/** Times VOICE_JOINS joins of Alex into the room the owner talks in, on `product`. */
export async function measureVoiceJoin (product: RunningProduct): Promise<VoiceJoinFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'openrealm-voice-join-'))
  const wav = path.join(dir, 'tone.wav')
  writeFileSync(wav, toneWav(10))
  const browser = await launchBrowser([...VOICE_BROWSER_FLAGS, `--use-file-for-fake-audio-capture=${wav}`])
  try {
    const owner = await openPage(browser, 'phone')
    await onRoomPage(product, owner, OWNER)
    await tapJoin(owner.page)
    await owner.page.locator('[data-testid="voice-status"]', { hasText: '已连接' }).filter({ visible: true }).waitFor({ timeout: 30_000 })
    const samples: number[] = []
    for (let join = 0; join < VOICE_JOINS; join++) {
      const listener = await openPage(browser, 'phone')
      await noteFirstSound(listener.page)
      await onRoomPage(product, listener, ALEX)
      const tappedAt = await tapJoin(listener.page)
      const heard = await listener.page.waitForFunction(() => (window as unknown as { __voiceHeardAt?: number }).__voiceHeardAt ?? false, undefined, { timeout: HEAR_TIMEOUT_MS, polling: 10 })
      samples.push(Number(await heard.jsonValue()) - tappedAt)
      await listener.page.locator('[data-testid="voice-leave"]').filter({ visible: true }).click()
      await listener.context.close()
    }
    await owner.context.close()
    const sorted = [...samples].sort((a, b) => a - b)
    return { samples, median: sorted[Math.floor(sorted.length / 2)] ?? 0 }
  } finally {
    await browser.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The results table's row for the join time. */
export function voiceJoinRows ({ samples, median }: VoiceJoinFigures): string[][] {
  const sorted = [...samples].sort((a, b) => a - b)
  return [[
    `Voice: tap on Join → hearing the others, loopback (median of ${samples.length})`,
    `${median} ms (${sorted[0] ?? 0}–${sorted[sorted.length - 1] ?? 0} ms)`,
    '',
    '',
    `≤ ${JOIN_BUDGET_MS} ms: ${verdict(median > 0 && median <= JOIN_BUDGET_MS)}`,
  ]]
}

if (require.main === module) {
  void (async () => {
    ensureH5Bundle()
    const product = await startProduct()
    try {
      const figures = await measureVoiceJoin(product)
      console.log(`samples: ${figures.samples.join(', ')} ms`)
      for (const row of voiceJoinRows(figures)) console.log(`| ${row.join(' | ')} |`)
    } finally {
      await stopProduct(product)
    }
  })().catch(error => {
    console.error(error)
    process.exit(1)
  })
}
