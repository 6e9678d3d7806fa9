/**
 * What every e2e test shares: the product's URL, one browser per file, and small
 * waits phrased as what a user sees.
 */
import type { Browser, Page } from 'playwright-core'
import { PAGE_ANSWERS_GLOBAL } from '@core/wire/page-answers'
import { launchBrowser, openPage, withArtifacts, type TrackedPage, type ViewportName } from './browser'

/** The running product's URL (set by global-setup). */
export function baseUrl (): string {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error('E2E_BASE_URL is not set: run through `npm run test:e2e`')
  return url
}

/** Absolute URL of a path on the product. */
export function urlOf (path: string): string {
  return `${baseUrl()}${path}`
}

/** One browser for a test file: call in the file's top level. */
export function sharedBrowser (): () => Browser {
  let browser: Browser | null = null
  beforeAll(async () => { browser = await launchBrowser() })
  afterAll(async () => { await browser?.close() })
  return () => {
    if (!browser) throw new Error('the browser has not started')
    return browser
  }
}

/**
 * Runs one user journey in a fresh page at a viewport; on failure a screenshot and the
 * console log land in e2e/artifacts/ named after the journey.
 */
export async function journey (browser: Browser, name: string, viewport: ViewportName, run: (page: Page, tracked: TrackedPage) => Promise<void>): Promise<void> {
  const tracked = await openPage(browser, viewport)
  await withArtifacts(`${viewport}-${name}`, tracked, () => run(tracked.page, tracked))
}

/**
 * Waits until a text is visible on the page. Taro keeps earlier pages of the stack in
 * the document, hidden, so only visible matches count.
 */
export async function seeText (page: Page, text: string, timeout = 15000): Promise<void> {
  await page.getByText(text, { exact: false }).filter({ visible: true }).first().waitFor({ state: 'visible', timeout })
}

/** The query of the page's current URL as a plain object. */
export function queryOf (page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams.entries())
}

/** Taps the channel row with this name on Home. */
export async function tapChannel (page: Page, name: string): Promise<void> {
  await page.locator('.channel-list__row', { hasText: name }).filter({ visible: true }).first().click()
}

/**
 * Waits until the open chat shows messages on screen: a rendered row inside the visible
 * part of the shown chat list (not merely in the document). Which messages depends on
 * what earlier tests wrote in the channel, so this asks only that the member sees some.
 */
export async function seeChatRows (page: Page, timeout = 15000): Promise<void> {
  await page.waitForFunction(() => {
    const list = Array.from(document.querySelectorAll('.chat-list__scroll')).find(element => element.getBoundingClientRect().height > 0)
    if (!list) return false
    const box = list.getBoundingClientRect()
    return Array.from(list.querySelectorAll('.chat-list__row')).some(row => {
      const rect = row.getBoundingClientRect()
      return rect.height > 0 && rect.bottom > box.top && rect.top < box.bottom
    })
  }, undefined, { timeout })
}

/**
 * Serves `page`'s HTML as a host other than the reference server would (a CDN, a proxy):
 * without the answers the reference server writes into Home and Market, so the
 * page asks the API for its server card, channels and lives as usual.
 */
export async function withoutCarriedAnswers (page: Page): Promise<void> {
  const carried = new RegExp(`<script>window\\[${JSON.stringify(PAGE_ANSWERS_GLOBAL)}\\]=[\\s\\S]*?</script>`)
  await page.route(url => url.pathname.endsWith('.html') || url.pathname.startsWith('/pages/'), async route => {
    if (route.request().resourceType() !== 'document') return route.continue()
    const response = await route.fetch()
    await route.fulfill({ response, body: (await response.text()).replace(carried, '') })
  })
}

/** Opens `url` (this product's page by default: a path) as a fresh guest and makes that guest a member of server `serverId` (the join route), then shows the page again as a member. */
export async function openAsMember (page: Page, url: string, serverId: string): Promise<void> {
  await page.goto(url.startsWith('/') ? urlOf(url) : url)
  await page.waitForFunction(() => Object.keys(localStorage).some(key => key.endsWith(':login')))
  const status = await page.evaluate(async id => {
    const key = Object.keys(localStorage).find(name => name.endsWith(':login')) as string
    const { token } = JSON.parse(JSON.parse(localStorage.getItem(key) as string).data) as { token: string }
    const response = await fetch(`/servers/${id}/members/me`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
    return response.status
  }, serverId)
  if (status !== 200) throw new Error(`joining server ${serverId} answered ${status}`)
  await page.reload()
}

