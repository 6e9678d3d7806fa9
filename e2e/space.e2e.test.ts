/**
 * The gather space in real Chromium against the real product: three seeded
 * members of server 832828 open the 3D showroom's space (channel 83282810). C walks far
 * off; A walks with a tap and B sees A's avatar arrive; B walks up to A and they talk — B
 * reads A's bubble in the talk log, C (far away) neither reads it nor receives it on its
 * socket. A tap on a hotspot opens its card; A, the server's owner, takes B out of the
 * space and B's page goes back. The live map's space (channel 83282811) plays
 * its broadcast on the screen object. What a member's canvas shows comes from what its own
 * socket received (the canvas is pixels); taps land where the page's camera puts a map
 * point (the same camera module the page draws with). Screenshots at 390×844 and
 * 1440×900 go to SPACE_SCREENSHOTS (a tmp folder) when it is set.
 */
import type { Page } from 'playwright-core'
import { applyTickPoses, bookOf, type PoseBook, type PosedAvatar, type TickPoses } from '@core/domain/space/poses'
import { cameraFollowing, mapToScreen, type Point } from '../src/components/space/camera'
import { openPage, screenshotsAtBothSizes, withArtifacts, type TrackedPage, type ViewportName } from './support/browser'
import { sharedBrowser } from './support/app'
import { startProduct, stopProduct, type RunningProduct } from './support/product'
import { signInSeeded, switchLogin } from './support/sessions'

const browser = sharedBrowser()
const SERVER = '832828'
const SHOWROOM_3D = '83282810'
const LIVE_MAP = '83282811'
/** The made map's size (server/src/space/map.ts: the 1600×900 showroom in 32-pixel tiles). */
const MAP = { width: 1600, height: 928 }
/** The product hotspot's counter (新品展台 at 0.5, 0.45 of the showroom: tiles 24–26 of row 12). */
const PRODUCT_COUNTER = { x: 768 + 48, y: 384 + 16 }
/** A point of the carpet running up to the middle counter (server/src/db/seed/space-map.ts): tile (25, 17), nobody's path. */
const CARPET = { x: 808, y: 552 }
/** Where C walks off to, far from the others (the middle of a floor tile up the map, left of the pillars). */
const FAR_OFF = { x: 464, y: 272 }
/** Where A walks to: a floor tile's middle beside the carpet, above the spawn area (in a phone's view from every tile of it). */
const BESIDE_THE_CARPET = { x: 752, y: 720 }
/** Close enough to a target to count as arrived (the server stands avatars on tile middles). */
const ARRIVED_WITHIN = 24

/** What one member's socket said about the space. */
interface SpaceWatch {
  selfId: number | null
  /** The poses it was told of the avatars in view. */
  positions: PoseBook
  said: string[]
}

interface SpaceMember {
  tracked: TrackedPage
  page: Page
  watch: SpaceWatch
}

/** Keeps what `page`'s gateway socket receives about the space (attached before the page opens its socket). */
function watchSpace (page: Page): SpaceWatch {
  const watch: SpaceWatch = { selfId: null, positions: new Map(), said: [] }
  page.on('websocket', socket => socket.on('framereceived', frame => {
    let parsed: { op?: string, d?: Record<string, unknown> }
    try { parsed = JSON.parse(String(frame.payload)) } catch { return }
    const d = parsed.d ?? {}
    if (parsed.op === 'space_ready') {
      watch.selfId = d.self as number
      watch.positions = bookOf(d.avatars as PosedAvatar[])
    }
    // moves are changes against the pose last told: core's one decoder applies them
    if (parsed.op === 'space_tick') applyTickPoses(watch.positions, d as unknown as TickPoses)
    if (parsed.op === 'space_said') watch.said.push(d.text as string)
  }))
  return watch
}

/** A seeded member standing in a space at a viewport (1440×900 for the desktop). */
async function memberInSpace (product: RunningProduct, uid: string, viewport: ViewportName, channelId: string): Promise<SpaceMember> {
  const tracked = await openPage(browser(), viewport)
  if (viewport === 'desktop') await tracked.page.setViewportSize({ width: 1440, height: 900 })
  const url = `${product.url}/pages/space/index?channel_id=${channelId}&server_id=${SERVER}`
  await tracked.page.goto(url)
  const watch = watchSpace(tracked.page)
  await switchLogin(tracked.page, signInSeeded(product, uid))
  await waitFor(() => watch.selfId !== null && watch.positions.has(watch.selfId), 'space_ready')
  await tracked.page.locator('.space-page__say').filter({ visible: true }).waitFor()
  return { tracked, page: tracked.page, watch }
}

async function waitFor (condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > until) throw new Error(`waited ${timeoutMs} ms for ${what}`)
    await new Promise(resolve => setTimeout(resolve, 50))
  }
}

/** Reads `read` until `holds` says yes (5 s at most); fails with what was last read. */
async function eventually (read: () => Promise<string>, holds: (text: string) => boolean, what: string): Promise<void> {
  let last = ''
  for (const until = Date.now() + 5000; Date.now() < until; await new Promise(resolve => setTimeout(resolve, 100))) {
    last = await read()
    if (holds(last)) return
  }
  throw new Error(`waited for ${what}; last read: ${JSON.stringify(last)}`)
}

function selfOf (member: SpaceMember): Point {
  const self = member.watch.selfId === null ? undefined : member.watch.positions.get(member.watch.selfId)
  if (!self) throw new Error('not in the space')
  return self
}

function near (a: Point | undefined, b: Point, within = ARRIVED_WITHIN): boolean {
  return a !== undefined && Math.hypot(a.x - b.x, a.y - b.y) <= within
}

/** Taps the canvas where the page's camera (on the member's own avatar, standing) shows map point `point`. */
async function tapMap (member: SpaceMember, point: Point): Promise<void> {
  const canvas = member.page.locator('[data-testid="space-canvas"]')
  const box = await canvas.boundingBox()
  if (!box) throw new Error('no canvas')
  const camera = cameraFollowing(selfOf(member), MAP, { width: box.width, height: box.height })
  const at = mapToScreen(camera, point)
  if (at.x < 0 || at.y < 0 || at.x > box.width || at.y > box.height) throw new Error(`(${point.x}, ${point.y}) is off the view`)
  await member.page.mouse.click(box.x + at.x, box.y + at.y)
}

/** Walks a member to a map point with a tap and waits until its own socket says it stands there. */
async function walkTo (member: SpaceMember, point: Point): Promise<void> {
  await tapMap(member, point)
  await waitFor(() => near(selfOf(member), point), `arriving at ${point.x}, ${point.y}`)
  await member.page.waitForTimeout(300) // the drawn avatar (and the camera) catch up, 100 ms behind
}

/** Waits until a member's avatar has not moved for half a second. */
async function standsStill (member: SpaceMember): Promise<void> {
  let last = selfOf(member)
  let since = Date.now()
  await waitFor(() => {
    const now = selfOf(member)
    if (now.x !== last.x || now.y !== last.y) {
      last = now
      since = Date.now()
    }
    return Date.now() - since >= 500
  }, 'standing still')
  await member.page.waitForTimeout(200)
}

/** The card played on entry stands in a corner of the map (top left on a phone, bottom right on a desktop) and covers little of it (a fifth at most). */
async function expectCornerCard (page: Page): Promise<void> {
  const card = page.locator('[data-testid="space-corner-card"]').filter({ visible: true })
  await card.waitFor({ timeout: 10_000 })
  const box = await card.boundingBox()
  const stage = await page.locator('.space-page__stage').filter({ visible: true }).boundingBox()
  if (!box || !stage) throw new Error('no card or no map')
  expect(box.width * box.height).toBeLessThan(stage.width * stage.height * 0.2)
  const near = (a: number, b: number) => Math.abs(a - b) < 24
  expect(near(box.x, stage.x) || near(box.x + box.width, stage.x + stage.width)).toBe(true)
  expect(near(box.y, stage.y) || near(box.y + box.height, stage.y + stage.height)).toBe(true)
}

/** The colour (r, g, b) the space's canvas shows at map point `point`, with the camera on `self`. */
async function colourAt (page: Page, self: Point, point: Point): Promise<[number, number, number]> {
  const canvas = page.locator('[data-testid="space-canvas"]')
  const box = await canvas.boundingBox()
  if (!box) throw new Error('no canvas')
  const at = mapToScreen(cameraFollowing(self, MAP, { width: box.width, height: box.height }), point)
  return await canvas.evaluate((element, { x, y }) => {
    const drawn = (element.tagName === 'CANVAS' ? element : element.querySelector('canvas')) as HTMLCanvasElement
    const ratio = drawn.width / drawn.getBoundingClientRect().width
    const [r, g, b] = Array.from(drawn.getContext('2d')?.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data ?? [])
    return [r, g, b] as [number, number, number]
  }, at)
}

/** Screenshots of the page at 390×844 and 1440×900 into SPACE_SCREENSHOTS as space-<name>-<w>x<h>.png. */
function screenshots (page: Page, name: string): Promise<void> {
  return screenshotsAtBothSizes(page, 'SPACE_SCREENSHOTS', 'space', name, 600)
}

describe('the gather space', () => {
  let product: RunningProduct
  beforeAll(async () => { product = await startProduct() }, 90_000)
  afterAll(async () => { await stopProduct(product) })

  it('A walks with a tap and B sees the avatar arrive; they talk in a bubble C far away neither sees nor receives; a hotspot opens its card; A, a moderator, removes B', async () => {
    const c = await memberInSpace(product, '100003', 'desktop', SHOWROOM_3D)
    const a = await memberInSpace(product, '100001', 'desktop', SHOWROOM_3D)
    const b = await memberInSpace(product, '100002', 'phone', SHOWROOM_3D)
    try {
      await withArtifacts('space-walk-talk', a.tracked, async () => {
        // the three came in on three spots of the spawn area, not one on top of another
        expect(new Set([a, b, c].map(member => `${selfOf(member).x},${selfOf(member).y}`)).size).toBe(3)
        // the welcome card played on entry (SPEC §7) is a small card in a corner, the map left to be seen
        for (const member of [a, b]) await expectCornerCard(member.page)
        // B and C close the welcome card that played as they came in; A keeps it for later
        for (const member of [b, c]) await member.page.locator('.interaction-card__close').filter({ visible: true }).first().click()
        // C walks far off, up the map
        await walkTo(c, FAR_OFF)

        // A walks with a tap; B's socket sees A's avatar arrive where A went
        const aId = a.watch.selfId as number
        const target = BESIDE_THE_CARPET
        await walkTo(a, target)
        const arrived = selfOf(a)
        await waitFor(() => near(b.watch.positions.get(aId), arrived, 1), `B seeing A arrive at ${arrived.x}, ${arrived.y} (B last saw ${JSON.stringify(b.watch.positions.get(aId))})`, 5000)

        // B walks up to A; A says something near, B reads it in the talk log, C does not
        await walkTo(b, { x: target.x + 40, y: target.y })
        const words = `你好 ${Date.now().toString(36)}`
        await a.page.locator('.space-page__input input').filter({ visible: true }).fill(words)
        await a.page.locator('.space-page__say').filter({ visible: true }).click()
        await b.page.locator('.space-page__log').filter({ hasText: words }).waitFor({ timeout: 3000 })
        expect(b.watch.said).toContain(words)
        await c.page.waitForTimeout(1500)
        expect(c.watch.said).not.toContain(words)
        expect(await c.page.locator('.space-page__log').filter({ hasText: words }).count()).toBe(0)
        await screenshots(b.page, 'talk')

        // the welcome card played on entry (SPEC §7); closed, a tap on the product counter opens its card
        await a.page.locator('.interaction-card__close').filter({ visible: true }).first().click()
        await tapMap(a, PRODUCT_COUNTER)
        await a.page.locator('.interaction-card').filter({ hasText: '星光手办' }).filter({ visible: true }).waitFor({ timeout: 5000 })
        await screenshots(a.page, 'hotspot')

        // A (the server's owner, a moderator) taps B's avatar, moves B next to A, then takes B out of the space: B is told and leaves the page
        await standsStill(a) // the tap on the counter also walked A up to it
        await a.page.locator('.interaction-card__close').filter({ visible: true }).first().click()
        const bId = b.watch.selfId as number
        const bAt = a.watch.positions.get(bId) as Point
        await tapMap(a, { x: bAt.x, y: bAt.y - 14 })
        await a.page.locator('[data-testid="space-picked"]').filter({ hasText: 'Alex' }).waitFor({ timeout: 5000 })
        await screenshots(a.page, 'picked')
        // 移到我身边 first: B's avatar stands by A's (a tile away, or the nearest walkable one)
        await a.page.locator('[data-testid="space-move"]').filter({ visible: true }).click()
        const aAt = a.watch.positions.get(a.watch.selfId as number) as Point
        await waitFor(() => { const at = a.watch.positions.get(bId); return at !== undefined && Math.hypot(at.x - aAt.x, at.y - aAt.y) <= 96 }, 'B moved next to A', 5000)
        await a.page.locator('[data-testid="space-remove"]').filter({ visible: true }).click()
        await waitFor(() => !a.watch.positions.has(bId), 'B gone from A\'s view', 5000)
        await b.page.waitForURL(url => !url.pathname.includes('/pages/space/'), { timeout: 5000 })
        expect(await a.page.locator('[data-testid="space-picked"]').count()).toBe(0)
      })
    } finally {
      for (const member of [a, b, c]) await member.tracked.context.close().catch(() => undefined)
    }
  }, 120_000)

  it('a guest who comes in while the owner stands there is not told they are alone, and the side count says what the header says', async () => {
    const owner = await memberInSpace(product, '100001', 'desktop', SHOWROOM_3D)
    const tracked = await openPage(browser(), 'desktop')
    try {
      await tracked.page.setViewportSize({ width: 1440, height: 900 })
      // a visitor: the app signs in as a guest by itself and looks
      const watch = watchSpace(tracked.page)
      await tracked.page.goto(`${product.url}/pages/space/index?channel_id=${SHOWROOM_3D}&server_id=${SERVER}`)
      await waitFor(() => watch.selfId !== null, 'the guest\'s space_ready')
      await tracked.page.locator('[data-testid="space-guest"]').filter({ visible: true }).waitFor()
      await withArtifacts('space-guest-presence', tracked, async () => {
        const header = tracked.page.locator('.page-header').filter({ visible: true }).first()
        await eventually(() => header.innerText(), text => text.includes('2 人在逛'), 'the header counting the owner and the guest')
        await tracked.page.waitForTimeout(1500) // a hint shown for a moment on entry would be there by now
        expect(await tracked.page.locator('[data-testid="space-alone"]').filter({ visible: true }).count()).toBe(0)
        // the channel list beside the map (a desktop's side column) reads the same count
        const row = tracked.page.locator('.channel-list__space').filter({ visible: true })
        await eventually(async () => (await row.allInnerTexts()).join(' '), text => text.includes('2 人在逛'), 'the side count saying what the header says')
        // the map has ground: the carpet up to the middle counter is drawn in its teal (the seed's tileset), not a bare grid
        const guestAt = watch.positions.get(watch.selfId as number) as Point
        const [r, g, b] = await colourAt(tracked.page, guestAt, CARPET)
        expect(g > r + 40 && g > b - 20 && b > r + 20).toBe(true)
        await screenshots(tracked.page, 'guest')
        // and the same page under hl=en (reloaded in English; the guest stands in the space again)
        if (process.env.SPACE_SCREENSHOTS) {
          const english = new URL(tracked.page.url())
          english.searchParams.set('hl', 'en')
          await tracked.page.goto(english.toString())
          await tracked.page.locator('[data-testid="space-guest"]').filter({ visible: true }).waitFor()
          await screenshots(tracked.page, 'guest-en')
        }
      })
    } finally {
      await tracked.context.close().catch(() => undefined)
      await owner.tracked.context.close().catch(() => undefined)
    }
  }, 60_000)

  it('a live map plays its broadcast on the screen', async () => {
    const member = await memberInSpace(product, '100004', 'desktop', LIVE_MAP)
    try {
      await withArtifacts('space-live-map', member.tracked, async () => {
        // the first interaction event's card plays on entry (SPEC §7) in a corner: the broadcast shows beside it
        await expectCornerCard(member.page)
        const screen = member.page.locator('[data-testid="space-screen"]')
        await screen.waitFor({ timeout: 10000 })
        const video = screen.locator('video')
        await video.waitFor({ state: 'attached', timeout: 10000 })
        // an HLS broadcast plays from a media source (blob:), given to the element a moment after it is attached
        await member.page.waitForFunction(element => Boolean((element as HTMLVideoElement | null)?.currentSrc || (element as HTMLVideoElement | null)?.src), await video.elementHandle(), { timeout: 10000 })
        expect(await video.evaluate(element => (element as HTMLVideoElement).currentSrc || (element as HTMLVideoElement).src)).toMatch(/^(https?|blob):/)
        await screenshots(member.page, 'live-map')
      })
    } finally {
      await member.tracked.context.close().catch(() => undefined)
    }
  }, 60_000)
})
