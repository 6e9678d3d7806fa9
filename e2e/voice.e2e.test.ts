/**
 * Voice channels in real Chromium against the real product (docs/voice.md): the H5 room
 * page, the gateway's voice hub and the forked media worker, with Chromium's fake
 * microphone (it beeps). Seeded members of server 832828 open its voice channel 语音茶室
 * and tap Join; each hears the other — the tone is listened for on the stream the client
 * plays for that member (the <audio> element it made for the transceiver the worker's offer
 * names for them). Mute, a moderator's server mute and deafen silence what they should; the
 * owner moves a member into a second voice channel; a member on Home who has not joined
 * sees the faces on the channel row come and go; and a second product with coturn and
 * VOICE_RELAY_ONLY=1 carries the same voices relayed. Screenshots go to VOICE_SCREENSHOTS
 * (a tmp folder) when it is set.
 */
import Database from 'better-sqlite3'
import { mkdirSync } from 'fs'
import path from 'path'
import type { Browser, JSHandle, Page } from 'playwright-core'
import { openPage, type TrackedPage, type ViewportName } from './support/browser'
import { startTurn, stopTurn, type RunningTurn } from './support/coturn'
import { startProduct, stopProduct, type RunningProduct } from './support/product'
import { signInSeeded, switchLogin } from './support/sessions'
import { detectTone, launchVoiceBrowser } from './support/voice'

const SERVER = '832828'
/** The seeded voice channel of server 832828 (语音茶室). */
const TEA_ROOM = { id: '83282803', name: '语音茶室' }
/** A second voice channel the test adds (members cannot create voice channels: SPEC §4). */
const SIDE_ROOM = { id: '83282899', name: '语音小间' }
/** 林晓, the demo servers' owner (moderates everyone), Alex (an administrator), 周末 (a moderator, on Home). */
const OWNER = '100001'
const ALEX = '100002'
const WATCHER = '100003'
/** How long a listener waits for a tone that should arrive (the fake microphone beeps every half second). */
const HEAR_MS = 8000
/** How long a listener listens for a tone that should not arrive. */
const SILENT_MS = 2000

/** What a member's gateway socket said about voice. */
interface VoiceWatch {
  /** The last `voice_offer`'s tracks: which member's audio each transceiver mid carries. */
  midOf: Map<string, string>
  /** The channels of each `voice_ready`, in order. */
  readyIn: string[]
}

interface Member {
  uid: string
  tracked: TrackedPage
  page: Page
  watch: VoiceWatch
}

/**
 * Before the app runs: notes each RTCPeerConnection it makes and each <audio> element it
 * plays (autoplay with a stream), so the test can find the stream the client plays for a
 * member. Nothing of the product changes; detectTone's own elements do not autoplay.
 */
async function recordVoiceMedia (page: Page): Promise<void> {
  await page.addInitScript(() => {
    const peers: RTCPeerConnection[] = []
    const played: HTMLMediaElement[] = []
    Object.assign(window, { __voicePeers: peers, __voicePlayed: played })
    const Native = window.RTCPeerConnection
    window.RTCPeerConnection = class extends Native {
      constructor (...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args)
        peers.push(this)
      }
    }
    const descriptor = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'srcObject')
    Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
      ...descriptor,
      set (this: HTMLMediaElement, value: MediaStream | null) {
        if (value !== null && this.autoplay) played.push(this)
        descriptor?.set?.call(this, value)
      },
    })
  })
}

/** Keeps what `page`'s gateway socket receives about voice (attached before the page opens its socket). */
function watchVoice (page: Page): VoiceWatch {
  const watch: VoiceWatch = { midOf: new Map(), readyIn: [] }
  page.on('websocket', socket => socket.on('framereceived', frame => {
    let parsed: { op?: string, d?: Record<string, unknown> }
    try { parsed = JSON.parse(String(frame.payload)) } catch { return }
    if (parsed.op === 'voice_offer') watch.midOf = new Map((parsed.d?.tracks as Array<{ mid: string, uid: string }>).map(track => [track.mid, track.uid]))
    if (parsed.op === 'voice_ready') watch.readyIn.push(String(parsed.d?.channel_id))
  }))
  return watch
}

async function waitFor (condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > until) throw new Error(`waited ${timeoutMs} ms for ${what}`)
    await new Promise(resolve => setTimeout(resolve, 50))
  }
}

/** Adds a second voice channel to server 832828 in `product`'s database, a copy of 语音茶室's row (before any page asks for the channel list). */
function addSideRoom (product: RunningProduct): void {
  const db = new Database(path.join(product.dataDir, 'openrealm.sqlite'))
  try {
    db.pragma('busy_timeout = 5000')
    const columns = (db.prepare('pragma table_info(channels)').all() as Array<{ name: string }>).map(column => column.name)
    const picked = columns.map(column => column === 'channel_id' ? '? as channel_id' : column === 'name' ? '? as name' : column === 'sort' ? '99 as sort' : column)
    db.prepare(`insert into channels (${columns.join(', ')}) select ${picked.join(', ')} from channels where channel_id = ?`).run(SIDE_ROOM.id, SIDE_ROOM.name, TEA_ROOM.id)
  } finally {
    db.close()
  }
}

/** The URL of a voice channel's room page on `product`. */
function roomUrl (product: RunningProduct, channelId: string): string {
  return `${product.url}/pages/voice/index?channel_id=${channelId}&server_id=${SERVER}`
}

/** A seeded member signed in on `url` (a page of its own at a viewport; 1440×900 for the desktop). */
async function openAs (browser: Browser, product: RunningProduct, uid: string, url: string, viewport: ViewportName = 'phone'): Promise<Member> {
  const tracked = await openPage(browser, viewport)
  if (viewport === 'desktop') await tracked.page.setViewportSize({ width: 1440, height: 900 })
  await recordVoiceMedia(tracked.page)
  const watch = watchVoice(tracked.page)
  await tracked.page.goto(url)
  await switchLogin(tracked.page, signInSeeded(product, uid))
  return { uid, tracked, page: tracked.page, watch }
}

/**
 * Taps Join on the room page once it is enabled (the room's code has loaded: a Taro button's
 * `disabled` is an attribute Playwright does not wait on) and waits until the client says 已连接.
 */
async function join (member: Member, timeoutMs = 20_000): Promise<void> {
  await member.page.locator('[data-testid="voice-join"]:not([disabled])').filter({ visible: true }).click({ timeout: timeoutMs })
  await member.page.locator('[data-testid="voice-status"]', { hasText: '已连接' }).filter({ visible: true }).waitFor({ timeout: timeoutMs })
}

/** The stream `listener`'s client plays for `speaker`: the autoplaying <audio> element whose track is the one on the transceiver the last offer names for them. */
async function playedStreamOf (listener: Member, speaker: Member): Promise<JSHandle<MediaStream>> {
  await waitFor(() => [...listener.watch.midOf.values()].includes(speaker.uid), `an offer to ${listener.uid} carrying ${speaker.uid}`)
  const mid = [...listener.watch.midOf].find(([, uid]) => uid === speaker.uid)?.[0]
  const found = await listener.page.waitForFunction(wanted => {
    const { __voicePeers: peers, __voicePlayed: played } = window as unknown as { __voicePeers: RTCPeerConnection[], __voicePlayed: HTMLMediaElement[] }
    const track = peers[peers.length - 1]?.getTransceivers().find(transceiver => transceiver.mid === wanted)?.receiver.track
    const element = played.find(candidate => candidate.srcObject instanceof MediaStream && candidate.srcObject.getAudioTracks()[0] === track && !candidate.paused)
    return element?.srcObject ?? false
  }, mid, { timeout: 15_000 })
  return found as JSHandle<MediaStream>
}

/** Whether `listener` hears `speaker`'s beep on what its client plays for them, within `timeoutMs`. */
async function hears (listener: Member, speaker: Member, timeoutMs = HEAR_MS): Promise<boolean> {
  return (await detectTone(listener.page, await playedStreamOf(listener, speaker), timeoutMs)) !== null
}

/** Waits until `listener` no longer hears `speaker` (a change takes a moment to reach the worker), failing after a few tries. */
async function stopsHearing (listener: Member, speaker: Member): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    if (!await hears(listener, speaker, SILENT_MS)) return
  }
  throw new Error(`${listener.uid} still hears ${speaker.uid}`)
}

/** The faces on a voice channel's row of Home, by uid. */
function facesOnRow (page: Page, channelName: string): Promise<string[]> {
  return page.locator('.channel-list__row', { hasText: channelName }).filter({ visible: true }).first().locator('[data-testid^="voice-face-"]')
    .evaluateAll(faces => faces.map(face => (face.getAttribute('data-testid') ?? '').replace('voice-face-', '')))
}

async function seeFaces (page: Page, channelName: string, uids: string[]): Promise<void> {
  const until = Date.now() + 15_000
  let seen: string[] = []
  while (Date.now() < until) {
    seen = await facesOnRow(page, channelName)
    if (seen.join() === uids.join()) return
    await page.waitForTimeout(100)
  }
  throw new Error(`the row of ${channelName} shows ${seen.join() || 'nobody'}, not ${uids.join() || 'nobody'}`)
}

/**
 * On Home with the voice bar: the bar stands at the page's top (no empty band above it where a page
 * header would be: Home has none) and Home's header card starts right below it, neither under it nor
 * further down than the gap between Home's cards.
 */
async function expectBarAtHomeTop (page: Page): Promise<void> {
  const barBox = await page.locator('[data-testid="voice-bar"]').filter({ visible: true }).boundingBox()
  const cardBox = await page.locator('.server-header').filter({ visible: true }).first().boundingBox()
  if (!barBox || !cardBox) throw new Error('no voice bar or no header card on Home')
  expect(barBox.y).toBeLessThanOrEqual(16)
  const gap = cardBox.y - (barBox.y + barBox.height)
  expect(gap).toBeGreaterThanOrEqual(0)
  expect(gap).toBeLessThanOrEqual(16)
}

/** A screenshot of `page` into VOICE_SCREENSHOTS as voice-<name>.png (nothing when it is unset). */
async function screenshot (page: Page, name: string): Promise<void> {
  const folder = process.env.VOICE_SCREENSHOTS
  if (!folder) return
  mkdirSync(folder, { recursive: true })
  await page.waitForTimeout(500)
  await page.screenshot({ path: path.join(folder, `voice-${name}.png`) })
}

/** Closes every member's page (their contexts). */
async function closeAll (members: Member[]): Promise<void> {
  for (const member of members.splice(0)) await member.tracked.context.close()
}

describe('voice channels', () => {
  let browser: Browser
  let product: RunningProduct
  const members: Member[] = []

  beforeAll(async () => {
    [browser, product] = await Promise.all([launchVoiceBrowser(), startProduct({ VOICE_UDP_PORT_MIN: '41000', VOICE_UDP_PORT_MAX: '41199' })])
    addSideRoom(product)
  }, 90_000)
  afterAll(async () => {
    await browser?.close()
    if (product) await stopProduct(product)
  })
  afterEach(async () => { await closeAll(members) })

  async function member (uid: string, url: string, viewport: ViewportName = 'phone'): Promise<Member> {
    const opened = await openAs(browser, product, uid, url, viewport)
    members.push(opened)
    return opened
  }

  it('two members who join hear each other; mute, a server mute and deafen silence what they should; a watcher on Home sees the faces come and go', async () => {
    const watcher = await member(WATCHER, `${product.url}/index.html?sid=${SERVER}`)
    await watcher.page.locator('.channel-list__row', { hasText: TEA_ROOM.name }).filter({ visible: true }).first().waitFor()
    await seeFaces(watcher.page, TEA_ROOM.name, [])

    const owner = await member(OWNER, roomUrl(product, TEA_ROOM.id), 'desktop')
    // Alex opens the room from Home's row, so that going back shows Home with the bar
    const alex = await member(ALEX, `${product.url}/index.html?sid=${SERVER}`)
    await alex.page.locator('.channel-list__row', { hasText: TEA_ROOM.name }).filter({ visible: true }).first().click()
    await join(owner)
    await seeFaces(watcher.page, TEA_ROOM.name, [OWNER])
    await join(alex)
    await seeFaces(watcher.page, TEA_ROOM.name, [OWNER, ALEX])

    expect(await hears(alex, owner)).toBe(true)
    expect(await hears(owner, alex)).toBe(true)
    await screenshot(owner.page, 'room-joined-1440x900')
    await screenshot(alex.page, 'room-joined-390x844')

    // Alex mutes himself: the owner hears nothing of him; unmuted, he is heard again
    await alex.page.locator('[data-testid="voice-mute"]').filter({ visible: true }).click()
    await stopsHearing(owner, alex)
    expect(await hears(alex, owner)).toBe(true)
    await alex.page.locator('[data-testid="voice-mute"]').filter({ visible: true }).click()
    expect(await hears(owner, alex)).toBe(true)

    // Alex is an administrator: the owner sits above him, so the owner's tile offers him no moderation (the server would refuse it)
    const ownerTile = alex.page.locator(`[data-testid="voice-tile-${OWNER}"]`).filter({ visible: true })
    await ownerTile.waitFor()
    expect(await ownerTile.locator('.voice-tile__action').count()).toBe(0)

    // the owner server-mutes Alex on his tile, and lifts it
    const alexTile = owner.page.locator(`[data-testid="voice-tile-${ALEX}"]`).filter({ visible: true })
    await alexTile.getByText('禁止发言', { exact: true }).click()
    await alexTile.getByText('被管理员静音').waitFor()
    await stopsHearing(owner, alex)
    await alexTile.getByText('允许发言', { exact: true }).click()
    await alexTile.getByText('被管理员静音').waitFor({ state: 'detached' })
    expect(await hears(owner, alex)).toBe(true)

    // Alex deafens himself: nothing reaches him (his downlink), while he is still heard
    await alex.page.locator('[data-testid="voice-deafen"]').filter({ visible: true }).click()
    await stopsHearing(alex, owner)
    expect(await hears(owner, alex)).toBe(true)
    await alex.page.locator('[data-testid="voice-deafen"]').filter({ visible: true }).click()
    expect(await hears(alex, owner)).toBe(true)

    // back on Home, still in the room: the row's faces and the bar
    await alex.page.goBack()
    const bar = alex.page.locator('[data-testid="voice-bar"]').filter({ visible: true })
    await bar.getByText('已连接').waitFor()
    await seeFaces(alex.page, TEA_ROOM.name, [OWNER, ALEX])
    expect(await hears(alex, owner)).toBe(true)
    await expectBarAtHomeTop(alex.page)
    await screenshot(alex.page, 'home-bar-390x844')

    await bar.getByText('离开', { exact: true }).click()
    await seeFaces(watcher.page, TEA_ROOM.name, [OWNER])
    // the owner goes Home from the room (its header's way back) on a wide window, and leaves from the bar there
    await owner.page.setViewportSize({ width: 1440, height: 900 })
    await owner.page.locator('.page-header__back').filter({ visible: true }).first().click()
    const ownerBar = owner.page.locator('[data-testid="voice-bar"]').filter({ visible: true })
    await ownerBar.getByText('已连接').waitFor()
    await expectBarAtHomeTop(owner.page)
    await screenshot(owner.page, 'home-bar-1440x900')
    await ownerBar.getByText('离开', { exact: true }).click()
    await seeFaces(watcher.page, TEA_ROOM.name, [])
  })

  it('the owner moves a member into another voice channel and the member lands in it', async () => {
    const watcher = await member(WATCHER, `${product.url}/index.html?sid=${SERVER}`)
    const owner = await member(OWNER, roomUrl(product, TEA_ROOM.id), 'desktop')
    const alex = await member(ALEX, roomUrl(product, TEA_ROOM.id))
    await join(owner)
    await join(alex)
    await seeFaces(watcher.page, TEA_ROOM.name, [OWNER, ALEX])

    await owner.page.locator(`[data-testid="voice-tile-${ALEX}"]`).filter({ visible: true }).getByText('移到…').click()
    await owner.page.locator('.taro__actionSheet').getByText(SIDE_ROOM.name, { exact: true }).click()

    await waitFor(() => alex.watch.readyIn.at(-1) === SIDE_ROOM.id, `${ALEX} joining ${SIDE_ROOM.id}`)
    await seeFaces(watcher.page, SIDE_ROOM.name, [ALEX])
    await seeFaces(watcher.page, TEA_ROOM.name, [OWNER])
    await owner.page.locator(`[data-testid="voice-tile-${ALEX}"]`).filter({ visible: true }).waitFor({ state: 'detached' })
    // Alex's page is still the tea room's: the bar names where he is now, connected
    const bar = alex.page.locator('[data-testid="voice-bar"]').filter({ visible: true })
    await bar.getByText(SIDE_ROOM.name).waitFor()
    await bar.getByText('已连接').waitFor({ timeout: 20_000 })
  })

  it('the room on a slow phone (400 ms, 400 kbit/s, a CPU four times slower)', async () => {
    const owner = await member(OWNER, roomUrl(product, TEA_ROOM.id), 'desktop')
    await join(owner)
    const tracked = await openPage(browser, 'phone')
    const slow = { uid: ALEX, tracked, page: tracked.page, watch: watchVoice(tracked.page) }
    members.push(slow)
    await recordVoiceMedia(slow.page)
    const cdp = await slow.page.context().newCDPSession(slow.page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await slow.page.goto(roomUrl(product, TEA_ROOM.id), { timeout: 60_000 })
    await switchLogin(slow.page, signInSeeded(product, ALEX))
    await join(slow, 60_000)
    expect(await hears(slow, owner)).toBe(true)
    await screenshot(slow.page, 'room-slow-phone-390x844')
  }, 180_000)
})

describe('voice relayed by TURN only (VOICE_RELAY_ONLY=1)', () => {
  let browser: Browser
  let turn: RunningTurn
  let product: RunningProduct
  const members: Member[] = []

  beforeAll(async () => {
    [browser, turn] = await Promise.all([launchVoiceBrowser(), startTurn()])
    product = await startProduct({ TURN_URLS: turn.url, TURN_SECRET: turn.secret, VOICE_RELAY_ONLY: '1', VOICE_UDP_PORT_MIN: '41200', VOICE_UDP_PORT_MAX: '41399' })
  }, 90_000)
  afterAll(async () => {
    await browser?.close()
    if (product) await stopProduct(product)
    if (turn) await stopTurn(turn)
  })
  afterEach(async () => { await closeAll(members) })

  it('two members hear each other over relayed candidates only', async () => {
    const owner = await openAs(browser, product, OWNER, roomUrl(product, TEA_ROOM.id))
    const alex = await openAs(browser, product, ALEX, roomUrl(product, TEA_ROOM.id))
    members.push(owner, alex)
    await join(owner)
    await join(alex)
    expect(await hears(alex, owner)).toBe(true)
    expect(await hears(owner, alex)).toBe(true)
    for (const listener of [owner, alex]) {
      const local = await listener.page.evaluate(async () => {
        const peers = (window as unknown as { __voicePeers: RTCPeerConnection[] }).__voicePeers
        const stats = await peers[peers.length - 1].getStats()
        for (const report of stats.values()) {
          if (report.type !== 'transport' || !report.selectedCandidatePairId) continue
          const pair = stats.get(report.selectedCandidatePairId)
          return String(stats.get(pair.localCandidateId)?.candidateType)
        }
        return 'none'
      })
      expect(local).toBe('relay')
    }
  })
})
