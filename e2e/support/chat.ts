/**
 * A member in the chat of a discussion channel, as the chat e2e journeys drive
 * it: server 832828's 大厅 channel, a fresh guest who joins through the join bar, the
 * composer, the message rows and their action bar.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { DEMO_OWNER_UID } from '../../server/src/db/seed/demo-data'
import { baseUrl } from './app'
import { openPage, type TrackedPage, type ViewportName } from './browser'
import type { RunningProduct } from './product'
import { signInSeeded, switchLogin } from './sessions'

/** The demo server's 大厅 discussion channel (server 832828, channel 83282802). */
export const CHAT_CHANNEL_PAGE = '/pages/channel/index?sid=832828&channel_id=83282802'
/** The promise: a message reaches the other member within a second. */
export const LIVE_WITHIN_MS = 1000

/** A member's chat page. */
export interface ChatMember {
  tracked: TrackedPage
  page: Page
  context: BrowserContext
}

/** The composer's text field. */
export function composer (page: Page): Locator {
  return page.locator('.chat-composer__input textarea').filter({ visible: true }).first()
}

/**
 * Opens the channel on the product at `base` (the e2e pass's by default) as a fresh guest and
 * joins the server through the join bar; the desktop viewport is widened to 1440×900.
 */
export async function joinedMember (browser: Browser, viewport: ViewportName, base: string = baseUrl()): Promise<ChatMember> {
  const tracked = await openPage(browser, viewport)
  if (viewport === 'desktop') await tracked.page.setViewportSize({ width: 1440, height: 900 })
  await tracked.page.goto(`${base}${CHAT_CHANNEL_PAGE}`)
  // the app's own 加入, not the copy the server's first screen draws over the page until the app has rendered (a tap on that one does nothing)
  const join = tracked.page.locator('.taro_page .chat-view__join-button').filter({ visible: true })
  await join.waitFor()
  await join.click()
  await composer(tracked.page).waitFor()
  return { tracked, page: tracked.page, context: tracked.context }
}

/** Opens the channel on `product` signed in as its owner (the app's own guest login is replaced, then the page shown again). */
export async function ownerPage (browser: Browser, product: RunningProduct): Promise<ChatMember> {
  const tracked = await openPage(browser, 'desktop')
  await tracked.page.setViewportSize({ width: 1440, height: 900 })
  await tracked.page.goto(`${product.url}${CHAT_CHANNEL_PAGE}`)
  await switchLogin(tracked.page, signInSeeded(product, DEMO_OWNER_UID))
  await composer(tracked.page).waitFor()
  return { tracked, page: tracked.page, context: tracked.context }
}

/** The signed-in member as the app keeps them (Taro's storage: `{data: <JSON text>}` under `…:login`). */
export function loginOf (page: Page): Promise<{ token: string, uid: string, nickname: string }> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find(name => name.endsWith(':login')) as string
    const login = JSON.parse(JSON.parse(localStorage.getItem(key) as string).data) as { token: string, user: { uid: string, nickname: string } }
    return { token: login.token, uid: login.user.uid, nickname: login.user.nickname }
  })
}

/** Calls the API of the product at `base` as the member with `token` and answers the envelope's data; any other answer than a 200 throws, with its body. */
export async function callAs<T> (base: string, token: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`)
  return (await response.json() as { data: T }).data
}

/** Writes and sends a message with the 发送 button. */
export async function send (page: Page, text: string): Promise<void> {
  await composer(page).fill(text)
  await page.locator('.chat-composer__send').filter({ visible: true }).click()
}

/** The visible message rows whose text contains `text`. */
export function messagesWith (page: Page, text: string): Locator {
  return page.locator('.chat-message').filter({ hasText: text }).filter({ visible: true })
}

/**
 * Opens a message's action bar the way its member would: on a desktop the ⋯ of the hovered
 * row, on a phone a long press on the message (a real touch held past Taro's 350 ms).
 */
export async function openActions (page: Page, text: string, gesture: 'hover' | 'long-press' = 'hover'): Promise<void> {
  const row = messagesWith(page, text).first()
  if (gesture === 'hover') {
    await row.hover()
    await row.locator('.chat-message__more').click()
    return
  }
  const box = await row.locator('.chat-message__text').boundingBox()
  if (!box) throw new Error(`the message "${text}" is not on screen`)
  const touch = await page.context().newCDPSession(page)
  try {
    const point = { x: box.x + Math.min(box.width / 2, 40), y: box.y + box.height / 2 }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] })
    await page.waitForTimeout(600)
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  } finally {
    await touch.detach()
  }
  await row.locator('.chat-message__actions').waitFor()
}
