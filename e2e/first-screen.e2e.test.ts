/**
 * The first screen the reference server draws into Home's, Market's and a chat channel's
 * HTML (plugins/first-screen.ts, core/view/first-screen.ts) against the app's own first
 * render after it takes over, in Chromium at a phone's viewport: the same texts in the
 * same order, and the same boxes within a few pixels, so taking over is not a visible
 * jump. The server's screen is read with the app's scripts refused (what paints before
 * they arrive); the app's once the server's screen has been taken away.
 */
import type { Page } from 'playwright-core'
import { loginKeyOf } from '@core/domain/login-key'
import { sharedBrowser } from './support/app'
import { CHAT_CHANNEL_PAGE } from './support/chat'
import { emulateSlowPhone, openPage, screenshotsAtBothSizes } from './support/browser'
import { startProduct, stopProduct, type RunningProduct } from './support/product'

const browser = sharedBrowser()

/**
 * Its own product, waiting up to 5 s for the answers a page carries (PAGE_ANSWER_WAIT_MS):
 * this file compares what the server draws with what the app draws, so the server must
 * draw it even when the machine is loaded (a production server waits 250 ms and leaves a
 * slower answer to the page), and no other file's messages change the chat's newest rows.
 */
let product: RunningProduct
beforeAll(async () => { product = await startProduct({ PAGE_ANSWER_WAIT_MS: '5000' }) }, 90000)
afterAll(async () => { if (product) await stopProduct(product) })

/** Absolute URL of a path on this file's product. */
function urlOf (path: string): string {
  return `${product.url}${path}`
}

/** A chat channel's shared link, as its share button makes it (Home's path naming the channel). */
const SHARED_CHAT_LINK = '/index.html?server_id=832828&channel_id=83282802'

/** How far (CSS px) an element may sit from where the server drew it. */
const BOX_TOLERANCE_PX = 4

/** One drawn element: its selector, text and box. */
interface Drawn { selector: string, text: string, x: number, y: number, height: number }

/** The visible elements matching each of `selectors` under `root`, in document order per selector. */
function drawnUnder (page: Page, root: string, selectors: readonly string[]): Promise<Drawn[]> {
  return page.evaluate(({ root, selectors }) => selectors.flatMap(selector => Array.from(document.querySelectorAll(`${root} ${selector}`))
    .filter(element => (element as HTMLElement).offsetParent !== null || getComputedStyle(element).position === 'fixed')
    .map(element => {
      const box = element.getBoundingClientRect()
      return { selector, text: (element.textContent ?? '').trim(), x: Math.round(box.x), y: Math.round(box.y + window.scrollY), height: Math.round(box.height) }
    })), { root, selectors })
}

/** The server's first screen of `path`, with the app's scripts refused. */
async function serverScreen (path: string, selectors: readonly string[]): Promise<Drawn[]> {
  const tracked = await openPage(browser(), 'phone')
  try {
    await tracked.page.route('**/js/**', route => route.abort())
    await tracked.page.goto(urlOf(path))
    await tracked.page.locator('#first-screen').waitFor()
    return await drawnUnder(tracked.page, '#first-screen', selectors)
  } finally {
    await tracked.context.close()
  }
}

/** The app's first screen of `path` once it took the server's away and shows `ready`. */
async function appScreen (path: string, ready: string, selectors: readonly string[]): Promise<Drawn[]> {
  const tracked = await openPage(browser(), 'phone')
  try {
    await tracked.page.goto(urlOf(path))
    await tracked.page.locator(`#app ${ready}`).filter({ visible: true }).first().waitFor({ timeout: 30000 })
    await tracked.page.locator('#first-screen').waitFor({ state: 'detached', timeout: 30000 })
    return await drawnUnder(tracked.page, '#app', selectors)
  } finally {
    await tracked.context.close()
  }
}

/**
 * Compares the two screens: per selector, the server's texts are the app's first ones in
 * the same order; for `boxed` selectors, each element's left edge and the middle of its
 * line (where its text is seen) are within the tolerance of the app's.
 */
function expectParity (server: Drawn[], app: Drawn[], boxed: readonly string[]): void {
  expect(server.length).toBeGreaterThan(0)
  const selectors = [...new Set(server.map(drawn => drawn.selector))]
  for (const selector of selectors) {
    const serverTexts = server.filter(drawn => drawn.selector === selector).map(drawn => drawn.text)
    expect([selector, app.filter(drawn => drawn.selector === selector).map(drawn => drawn.text).slice(0, serverTexts.length)]).toEqual([selector, serverTexts])
  }
  const far = server.filter(drawn => boxed.includes(drawn.selector)).flatMap(drawn => {
    const same = app.find(other => other.selector === drawn.selector && other.text === drawn.text)
    if (!same) return [`${drawn.selector} "${drawn.text}" missing`]
    const moved = Math.max(Math.abs(same.x - drawn.x), Math.abs((same.y + same.height / 2) - (drawn.y + drawn.height / 2)))
    return moved > BOX_TOLERANCE_PX ? [`${drawn.selector} "${drawn.text}": server ${drawn.x},${drawn.y} h${drawn.height} vs app ${same.x},${same.y} h${same.height}`] : []
  })
  expect(far).toEqual([])
}

describe('The first screen drawn by the server', () => {
  it('is Home\'s as the app renders it: server card, live banner and channel list, same texts, order and places', async () => {
    const selectors = ['.server-header__name', '.server-header__members', '.server-header__intro', '.home__banner .live-card__eyebrow', '.home__banner .live-card__title', '.home__channels .home__section-title', '.channel-list__header', '.channel-list__name']
    const path = '/index.html?sid=832828'
    const server = await serverScreen(path, selectors)
    const app = await appScreen(path, '.channel-list__row', selectors)
    expectParity(server, app, selectors)
  })

  it('is Market\'s as the app renders it: header, showroom map with its hotspots, and the first event\'s card', async () => {
    const channels = await (await fetch(urlOf('/servers/832828/channels'))).json() as { data: { groups: Array<{ channels: Array<{ channel_id: string, channel_type: number }> }> } }
    const showroom = channels.data.groups.flatMap(group => group.channels).find(channel => channel.channel_type === 8)
    const selectors = ['.page-header__title', '.showroom-map', '.showroom-map__label', '.interaction-card__title', '.interaction-card__price', '.interaction-card__text']
    const path = `/market/index.html?sid=832828&cid=${showroom?.channel_id ?? ''}`
    const server = await serverScreen(path, selectors)
    const app = await appScreen(path, '.showroom-map', selectors)
    expectParity(server, app, selectors)
  })

  it('is a chat channel\'s as the app renders it: header and the newest messages, same texts and order, the header in place', async () => {
    const selectors = ['.page-header__title', '.chat-message__author', '.chat-message__text']
    const server = await serverScreen(CHAT_CHANNEL_PAGE, selectors)
    const app = await appScreen(CHAT_CHANNEL_PAGE, '.chat-message', selectors)
    // the header stays in place; the newest messages are the app's last ones (it lists more above them, scrolled to the newest).
    // Their boxes are not compared: the app's rows are a measured, virtualised window with day separators and badges the
    // description does not draw yet (rows land up to ~100 px apart)
    expectParity(server.filter(drawn => drawn.selector === '.page-header__title'), app.filter(drawn => drawn.selector === '.page-header__title'), ['.page-header__title'])
    for (const selector of ['.chat-message__author', '.chat-message__text']) {
      const serverTexts = server.filter(drawn => drawn.selector === selector).map(drawn => drawn.text)
      expect(serverTexts.length).toBeGreaterThan(0)
      expect(app.filter(drawn => drawn.selector === selector).map(drawn => drawn.text).slice(-serverTexts.length)).toEqual(serverTexts)
    }
  })

  it('keeps a chat\'s 加入 bar out of sight, in its place, on a device that holds a login (a member never sees 加入 while the app takes over)', async () => {
    const joinBar = async (login: boolean): Promise<{ visible: boolean, top: number }> => {
      const tracked = await openPage(browser(), 'phone')
      try {
        if (login) await tracked.page.addInitScript(key => { localStorage.setItem(key, JSON.stringify({ data: '{}' })) }, loginKeyOf('test'))
        await tracked.page.route('**/js/**', route => route.abort())
        await tracked.page.goto(urlOf(CHAT_CHANNEL_PAGE))
        const bar = tracked.page.locator('#first-screen .chat-view__join')
        await bar.waitFor({ state: 'attached' })
        return { visible: await bar.isVisible(), top: Math.round(await bar.evaluate(element => element.getBoundingClientRect().top)) }
      } finally {
        await tracked.context.close()
      }
    }
    const visitor = await joinBar(false)
    const signedIn = await joinBar(true)
    expect([visitor.visible, signedIn.visible]).toEqual([true, false])
    expect(signedIn.top).toBe(visitor.top)
  })

  it('is the chat\'s for a channel\'s shared link on a slow phone, and the app takes over on the chat page without ever showing Home', async () => {
    const tracked = await openPage(browser(), 'phone')
    try {
      const { page } = tracked
      // every frame: was Home's own card on screen, the server's drawing of it or the app's (on top where it stands, not under the drawn chat)?
      await page.addInitScript(() => {
        const seen = { home: false, chatDrawn: false }
        ;(window as unknown as { __seen: typeof seen }).__seen = seen
        const onScreen = (element: Element) => {
          const box = element.getBoundingClientRect()
          const x = box.left + box.width / 2
          const y = box.top + box.height / 2
          return box.width > 0 && y >= 0 && y < window.innerHeight && element.contains(document.elementFromPoint(x, y))
        }
        const look = () => {
          if (Array.from(document.querySelectorAll('.server-header')).some(onScreen)) seen.home = true
          if (Array.from(document.querySelectorAll('#first-screen .chat-message__text')).some(onScreen)) seen.chatDrawn = true
          requestAnimationFrame(look)
        }
        requestAnimationFrame(look)
      })
      await emulateSlowPhone(page)
      await page.goto(urlOf(SHARED_CHAT_LINK), { timeout: 60000 })
      await screenshotsAtBothSizes(page, 'FIRST_SCREEN_SHOTS', 'slow-phone', 'shared-chat-link-first-screen', 0)
      await page.locator('#first-screen').waitFor({ state: 'detached', timeout: 90000 })
      await page.locator('.taro_page .chat-view__join-button').filter({ visible: true }).waitFor({ timeout: 60000 })
      expect(new URL(page.url()).pathname).toBe('/pages/channel/index')
      expect(await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen)).toEqual({ home: false, chatDrawn: true })
      await screenshotsAtBothSizes(page, 'FIRST_SCREEN_SHOTS', 'slow-phone', 'shared-chat-link-app', 500)
    } finally {
      await tracked.context.close()
    }
  }, 240000)

  it('joins a visitor who tapped the first screen\'s 加入 before the app took over', async () => {
    const tracked = await openPage(browser(), 'phone')
    try {
      const { page } = tracked
      // the app's scripts are held back until the tap: it lands on the server's drawing, as on a slow phone
      let release: () => void = () => undefined
      const tapped = new Promise<void>(resolve => { release = resolve })
      await page.route('**/js/**', async route => { await tapped; await route.continue() })
      await page.goto(urlOf(CHAT_CHANNEL_PAGE), { waitUntil: 'commit' })
      const drawnJoin = page.locator('#first-screen .chat-view__join-button')
      await drawnJoin.click()
      await screenshotsAtBothSizes(page, 'FIRST_SCREEN_SHOTS', 'early', 'join-tapped', 0)
      release()
      await page.locator('.chat-composer__input textarea').filter({ visible: true }).first().waitFor({ timeout: 60000 })
      await expect(page.locator('.taro_page .chat-view__join-button').filter({ visible: true }).count()).resolves.toBe(0)
      await screenshotsAtBothSizes(page, 'FIRST_SCREEN_SHOTS', 'early', 'joined', 500)
    } finally {
      await tracked.context.close()
    }
  }, 120000)

  it('sizes a chat\'s avatars in its first paint, before any script or stylesheet of the app runs', async () => {
    const tracked = await openPage(browser(), 'phone')
    try {
      await tracked.page.route('**/js/**', route => route.abort())
      await tracked.page.route('**/css/**', route => route.abort())
      await tracked.page.goto(urlOf(CHAT_CHANNEL_PAGE))
      // the avatar is what stands before a message's body (the gutter of a grouped message has no picture)
      const sizes = await tracked.page.locator('#first-screen .chat-message > :first-child:not(.chat-message__gutter)').evaluateAll(avatars => avatars.map(avatar => Math.round(avatar.getBoundingClientRect().width)))
      expect(sizes.length).toBeGreaterThan(0)
      expect(sizes.filter(size => size < 28 || size > 40)).toEqual([])
    } finally {
      await tracked.context.close()
    }
  })

  it('is a skeleton where the server cannot fill it (an unknown channel), never a blank page', async () => {
    const tracked = await openPage(browser(), 'phone')
    try {
      await tracked.page.route('**/js/**', route => route.abort())
      await tracked.page.goto(urlOf('/pages/channel/index?sid=832828&channel_id=999999999'))
      const box = await tracked.page.locator('#first-screen .first-screen-skeleton__header').boundingBox()
      expect(box?.height ?? 0).toBeGreaterThan(20)
    } finally {
      await tracked.context.close()
    }
  })
})
