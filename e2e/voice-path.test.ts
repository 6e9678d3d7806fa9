/**
 * The media path a voice channel stands on, proved in real Chromium without the SFU: two
 * pages on a loopback page joined by one RTCPeerConnection (the test carries the offer and
 * the answer), page A sending its fake microphone (Chromium's fake device beeps), page B
 * hearing that beep; then the same relayed by a real coturn on loopback with credentials
 * minted the coturn REST-API way, and a credential not minted with its secret refused.
 */
import type { Browser, Page } from 'playwright-core'
import { mintTurnCredential, startTurn, stopTurn, type RunningTurn } from './support/coturn'
import { connectPeers, detectTone, gatheredCandidateTypes, type HeardTone, inboundAudio, launchVoiceBrowser, microphone, openVoicePage, serveVoicePage, type VoicePageServer } from './support/voice'

let browser: Browser
let site: VoicePageServer
let turn: RunningTurn
const pages: Array<{ page: Page, errors: string[] }> = []

beforeAll(async () => {
  [browser, site, turn] = await Promise.all([launchVoiceBrowser(), serveVoicePage(), startTurn()])
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
  if (turn) await stopTurn(turn)
})

afterEach(async () => {
  for (const { page, errors } of pages.splice(0)) {
    await page.context().close()
    expect(errors).toEqual([])
  }
})

/** A fresh page on the loopback site. */
async function openPage (): Promise<Page> {
  const opened = await openVoicePage(browser, site.url)
  pages.push(opened)
  return opened.page
}

/** A's fake microphone sent to B with `options`; resolves with what B heard, what A's microphone itself carries, and the pair ICE chose. */
async function sendMicrophone (options: Parameters<typeof connectPeers>[3]) {
  const [sender, receiver] = await Promise.all([openPage(), openPage()])
  const mic = await microphone(sender)
  const spoken = await detectTone(sender, mic)
  const path = await connectPeers(sender, receiver, mic, options)
  const heard = await detectTone(receiver, path.received)
  return { spoken, heard, path, sender, receiver, mic }
}

/** Expects `heard` to be the tone `spoken` is, within two frequency bins (the codec shifts no pitch; a window's edges blur it by a bin). */
function expectSameTone (spoken: HeardTone | null, heard: HeardTone | null): void {
  expect(spoken).not.toBeNull()
  expect(heard).not.toBeNull()
  expect(Math.abs((heard?.frequencyHz ?? 0) - (spoken?.frequencyHz ?? 0))).toBeLessThanOrEqual(2 * (spoken?.binHz ?? 0))
}

describe('the voice media path in Chromium', () => {
  it('carries the fake microphone\'s beep from one page to another over a direct connection', async () => {
    const { spoken, heard, path, sender, receiver, mic } = await sendMicrophone({})
    expectSameTone(spoken, heard)
    expect(path.candidateTypes).toEqual({ sender: 'host', receiver: 'host' })
    expect((await inboundAudio(receiver)).packetsReceived).toBeGreaterThan(0)
    // and what B heard was A's microphone: with A's track disabled B hears silence
    await sender.evaluate(stream => { for (const track of stream.getAudioTracks()) track.enabled = false }, mic)
    await new Promise(resolve => setTimeout(resolve, 500))
    expect(await detectTone(receiver, path.received, 1500)).toBeNull()
  })

  it('carries it relayed by coturn when only relayed candidates may be used', async () => {
    const iceServers = [{ urls: [turn.url], ...mintTurnCredential(turn.secret, 'voice-path') }]
    const { spoken, heard, path } = await sendMicrophone({ iceServers, iceTransportPolicy: 'relay' })
    expectSameTone(spoken, heard)
    expect(path.candidateTypes).toEqual({ sender: 'relay', receiver: 'relay' })
  })

  it('gets no relay from coturn with a credential not minted with its secret, nor with one expired', async () => {
    const page = await openPage()
    const forged = { urls: [turn.url], ...mintTurnCredential('not-the-secret', 'voice-path') }
    const expired = { urls: [turn.url], ...mintTurnCredential(turn.secret, 'voice-path', -60) }
    expect(await gatheredCandidateTypes(page, { iceServers: [forged], iceTransportPolicy: 'relay' })).toEqual([])
    expect(await gatheredCandidateTypes(page, { iceServers: [expired], iceTransportPolicy: 'relay' })).toEqual([])
    const minted = await gatheredCandidateTypes(page, { iceServers: [{ urls: [turn.url], ...mintTurnCredential(turn.secret, 'voice-path') }], iceTransportPolicy: 'relay' })
    expect(minted.length).toBeGreaterThan(0)
    expect(new Set(minted)).toEqual(new Set(['relay']))
  })
})
