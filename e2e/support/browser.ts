/**
 * Debian's Chromium driven by playwright-core (no browser download works here), with
 * the flags this machine needs, phone and desktop viewports, and failure artifacts:
 * a screenshot and the page's console log under e2e/artifacts/.
 */
import { mkdirSync, writeFileSync } from 'fs'
import path from 'path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

/** A phone (390×844, touch) and a desktop viewport. */
export const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
} as const

/** The slow phone's network (a 400 ms round trip, 400 kbit/s each way), as Chromium's DevTools protocol emulates it. */
export const SLOW_PHONE_NETWORK = { latency: 400, downloadThroughput: 400 * 1024 / 8, uploadThroughput: 400 * 1024 / 8 } as const

/** How many times slower than this machine the slow phone's CPU runs. */
export const SLOW_PHONE_CPU_SLOWDOWN = 4

/** Makes `page` a slow phone from now on: its network (SLOW_PHONE_NETWORK, the cache off) and a CPU four times slower. */
export async function emulateSlowPhone (page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_PHONE_NETWORK })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE_CPU_SLOWDOWN })
}

/** Which viewport a test runs at. */
export type ViewportName = keyof typeof VIEWPORTS

const ARTIFACTS = path.resolve(__dirname, '..', 'artifacts')

/** Launches headless Chromium (CHROMIUM_PATH overrides /usr/bin/chromium), with `extraArgs` after the flags this machine needs. */
export function launchBrowser (extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--no-first-run', '--disable-quic', '--disable-sync', '--disable-dev-shm-usage', ...extraArgs],
  })
}

/** A page with its console log collected, opened at a viewport. */
export interface TrackedPage {
  context: BrowserContext
  page: Page
  consoleLog: string[]
}

/** Opens a fresh context and page at a viewport, recording console messages and page errors. */
export async function openPage (browser: Browser, viewport: ViewportName = 'phone'): Promise<TrackedPage> {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })
  const page = await context.newPage()
  const consoleLog: string[] = []
  page.on('console', message => consoleLog.push(`[${message.type()}] ${message.text()}`))
  page.on('pageerror', error => consoleLog.push(`[pageerror] ${error.message}`))
  return { context, page, consoleLog }
}

function safeName (name: string): string {
  return name.replace(/[^\w.-]+/g, '_').slice(0, 120)
}

/**
 * Runs a browser step; on failure writes a screenshot and the console log named after
 * the test to e2e/artifacts/, then rethrows so the test fails.
 */
export async function withArtifacts (name: string, tracked: TrackedPage, run: () => Promise<void>): Promise<void> {
  try {
    await run()
  } catch (error) {
    mkdirSync(ARTIFACTS, { recursive: true })
    const base = path.join(ARTIFACTS, safeName(name))
    await tracked.page.screenshot({ path: `${base}.png`, fullPage: true }).catch(() => undefined)
    writeFileSync(`${base}.console.log`, `${tracked.consoleLog.join('\n')}\n\nURL: ${tracked.page.url()}\n`)
    throw error
  } finally {
    await tracked.context.close()
  }
}

/**
 * Screenshots of `page` at 390×844 and 1440×900 into the folder named by environment
 * variable `folderVariable` (nothing when it is unset), as `<prefix>-<name>-<w>x<h>.png`,
 * each after `settleMs` for the layout to settle; the viewport is put back afterwards.
 */
export async function screenshotsAtBothSizes (page: Page, folderVariable: string, prefix: string, name: string, settleMs: number): Promise<void> {
  const folder = process.env[folderVariable]
  if (!folder) return
  mkdirSync(folder, { recursive: true })
  const original = page.viewportSize()
  for (const [width, height] of [[390, 844], [1440, 900]]) {
    await page.setViewportSize({ width, height })
    await page.waitForTimeout(settleMs)
    await page.screenshot({ path: path.join(folder, `${prefix}-${name}-${width}x${height}.png`) })
  }
  if (original) await page.setViewportSize(original)
}
