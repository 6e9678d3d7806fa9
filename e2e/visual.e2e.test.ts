/**
 * Every page as a member sees it, at a phone (390×844) and a desktop (1440×900) window,
 * in zh-CN and en: each screenshot is compared with its committed reference under
 * e2e/screenshots/ (pixel tolerance in support/visual.ts), so a layout regression fails
 * the pass; and an axe-core pass finds no serious or critical accessibility violation.
 *
 * A reference changes only by a reviewed commit. After a change to the pages, rewrite
 * the references, look at every changed image, and commit them:
 *   rm -rf dist/h5 && UPDATE_SCREENSHOTS=1 npx jest -c e2e/jest.config.js e2e/visual.e2e.test.ts
 * References are taken with Debian's fonts-noto-cjk and fonts-noto-color-emoji installed
 * (.ci/run installs them), so they match on every machine that runs the pass.
 *
 * What changes from run to run is masked (times: the demo is seeded relative to the
 * server's clock) or written the same (the guest's generated name); animations are stopped.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'fs'
import path from 'path'
import type { Browser, Page } from 'playwright-core'
import { sharedBrowser, urlOf } from './support/app'
import { CHANGED_PIXELS_TOLERANCE, compareImages } from './support/visual'

const browser = sharedBrowser()

const REFERENCES = path.resolve(__dirname, 'screenshots')
const ARTIFACTS = path.resolve(__dirname, 'artifacts')
const UPDATE = process.env.UPDATE_SCREENSHOTS === '1'

/** The pages, each with the element that shows it has finished loading. */
const PAGES = [
  { name: 'home', path: '/index.html?sid=832828', ready: '.live-card' },
  { name: 'channel', path: '/pages/channel/index?sid=832828&channel_id=83282802', ready: '.chat-message__text' },
  { name: 'market', path: '/market/index.html?sid=832828&cid=83282810', ready: '.interaction-card' },
  { name: 'me', path: '/pages/me/index?sid=832828', ready: '.me__nickname' },
  { name: 'not-found', path: '/pages/nothing-here/index?sid=832828', ready: '.not-found__title' },
  { name: 'demo', path: '/pages/demo/index?sid=832828', ready: '.demo__section' },
] as const

const WINDOWS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
} as const

const LANGUAGES = ['zh-CN', 'en'] as const

/**
 * What differs between runs of the same page, covered by a flat box in every screenshot:
 * times, and the chat's scrolled rows (the windowed list settles its scroll offset as it
 * measures rows, a few pixels apart from run to run; the chat's own e2e and store tests
 * cover what the rows say, this pass keeps the header, status line and composer).
 */
const MASKED = ['.live-card__meta', '.chat-list__scroll', '.channel-page__now-meta', '.profile-field__input']

/**
 * The guest's generated name and id, written the same in every run: a mask would not do,
 * the name's width moves what sits beside it (the chip on Home is right-aligned).
 */
const GUEST_TEXT: Readonly<Record<string, string>> = {
  '.server-header__nickname': '游客0000',
  '.me__nickname': '游客0000',
  '.me__meta': 'ID B_000000000000',
}

/** Stops everything that moves, so two runs paint the same frame. */
const STILL = `*, *::before, *::after {
  animation: none !important; transition: none !important; caret-color: transparent !important;
}
::-webkit-scrollbar { display: none; }`

async function openSettled (target: Browser, window: keyof typeof WINDOWS, language: typeof LANGUAGES[number], page: typeof PAGES[number]): Promise<Page> {
  const context = await target.newContext({ ...WINDOWS[window], deviceScaleFactor: 1, locale: language, timezoneId: 'Asia/Shanghai', reducedMotion: 'reduce' })
  const tab = await context.newPage()
  await tab.goto(urlOf(language === 'en' ? `${page.path}&hl=en` : page.path))
  await tab.locator(page.ready).filter({ visible: true }).first().waitFor({ timeout: 20000 })
  await tab.addStyleTag({ content: STILL })
  await tab.waitForLoadState('networkidle')
  await tab.evaluate(async () => {
    await document.fonts.ready
    await Promise.all(Array.from(document.images).filter(image => !image.complete).map(image => new Promise(resolve => { image.onload = image.onerror = resolve })))
  })
  await tab.evaluate(texts => {
    for (const [selector, text] of Object.entries(texts)) document.querySelectorAll(selector).forEach(node => { node.textContent = text })
  }, GUEST_TEXT)
  await tab.waitForTimeout(300) // one more frame after the last image
  return tab
}

/** axe-core's serious and critical violations on the page, one line each. */
async function seriousViolations (tab: Page): Promise<string[]> {
  // evaluated over the DevTools protocol, not as a <script>: the page's CSP (rightly) refuses inline scripts
  await tab.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'))
  return tab.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string, impact: string | null, nodes: Array<{ target: string[] }> }> }> } }).axe
    const { violations } = await axe.run(document, { resultTypes: ['violations'] })
    return violations
      .filter(violation => violation.impact === 'serious' || violation.impact === 'critical')
      .map(violation => `${violation.impact} ${violation.id}: ${violation.nodes.slice(0, 3).map(node => node.target.join(' ')).join(', ')}`)
  })
}

describe('every page, as a member sees it', () => {
  for (const page of PAGES) {
    for (const window of Object.keys(WINDOWS) as Array<keyof typeof WINDOWS>) {
      for (const language of LANGUAGES) {
        const name = `${page.name}-${window}-${language}`
        it(`${page.name} at the ${window} window in ${language} looks like its reference and has no serious accessibility violation`, async () => {
          const tab = await openSettled(browser(), window, language, page)
          try {
            const shot = await tab.screenshot({ mask: MASKED.map(selector => tab.locator(selector)), maskColor: '#d0d4dc', animations: 'disabled' })
            const reference = path.join(REFERENCES, `${name}.png`)
            if (UPDATE) {
              mkdirSync(REFERENCES, { recursive: true })
              writeFileSync(reference, shot)
            } else {
              if (!existsSync(reference)) throw new Error(`no reference ${path.relative(process.cwd(), reference)}: run the pass with UPDATE_SCREENSHOTS=1 and review the images`)
              const comparison = await compareImages(browser(), shot, readFileSync(reference))
              if (!comparison.sameSize || comparison.changedRatio > CHANGED_PIXELS_TOLERANCE) {
                mkdirSync(ARTIFACTS, { recursive: true })
                writeFileSync(path.join(ARTIFACTS, `visual-${name}.actual.png`), shot)
                if (comparison.sameSize) writeFileSync(path.join(ARTIFACTS, `visual-${name}.diff.png`), comparison.diffPng)
              }
              expect({ sameSize: comparison.sameSize, changedPixels: comparison.changedRatio <= CHANGED_PIXELS_TOLERANCE ? 'within tolerance' : `${(comparison.changedRatio * 100).toFixed(2)}% (see e2e/artifacts/visual-${name}.diff.png)` })
                .toEqual({ sameSize: true, changedPixels: 'within tolerance' })
            }
            expect(await seriousViolations(tab)).toEqual([])
          } finally {
            await tab.context().close()
          }
        })
      }
    }
  }
})
