/**
 * Every page as a member sees it (and the sign-in sheet, the door from guest to member),
 * at a phone (390×844) and a desktop (1440×900) window,
 * in zh-CN and en: each screenshot is compared with its committed reference under
 * e2e/screenshots/ (pixel tolerance in support/visual.ts), so a layout regression fails
 * the pass; and an axe-core pass finds no serious or critical accessibility violation.
 * The pages only a signed-in member reaches (server settings in each of its tabs, a post
 * channel and a post, the web view, an invite, members, the audit log, Me) are checked by
 * axe too, as the owner at the phone window in zh-CN (every page; one size and
 * one language keep the run short, the layout of these pages is the other passes' work).
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
import { sharedBrowser } from './support/app'
import { startProduct, stopProduct, type RunningProduct } from './support/product'
import { signInSeeded, switchLogin, type SeededLogin } from './support/sessions'
import { CHANGED_PIXELS_TOLERANCE, compareImages } from './support/visual'

const browser = sharedBrowser()

const REFERENCES = path.resolve(__dirname, 'screenshots')
const ARTIFACTS = path.resolve(__dirname, 'artifacts')
const UPDATE = process.env.UPDATE_SCREENSHOTS === '1'

/**
 * The pages, each with the element that shows it has finished loading; `tap`, what a
 * member taps first (then `ready` is what that opened: the sign-in sheet over Me);
 * `unmasked`, no mask (a mask is painted over everything, so it would cover the sheet: the
 * fields under it are written the same instead, GUEST_FIELDS).
 */
const PAGES: ReadonlyArray<{ name: string, path: string, ready: string, tap?: string, unmasked?: true }> = [
  { name: 'home', path: '/index.html?sid=832828', ready: '.live-card' },
  { name: 'channel', path: '/pages/channel/index?sid=832828&channel_id=83282802', ready: '.chat-message__text' },
  { name: 'market', path: '/market/index.html?sid=832828&cid=83282810', ready: '.interaction-card' },
  { name: 'me', path: '/pages/me/index?sid=832828', ready: '.me__nickname' },
  { name: 'not-found', path: '/pages/nothing-here/index?sid=832828', ready: '.not-found__title' },
  { name: 'demo', path: '/pages/demo/index?sid=832828', ready: '.demo__section' },
  { name: 'sign-in', path: '/pages/me/index?sid=832828', tap: '[data-testid="account-sign-in"]', ready: '[data-testid="sign-in-sheet"]', unmasked: true },
  { name: 'post', path: '/pages/post/index?sid=832828&post_id=832828-post-01', ready: '.post-page__like' },
]

const WINDOWS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
} as const

const LANGUAGES = ['zh-CN', 'en'] as const

/**
 * What differs between runs of the same page, covered by a flat box in every screenshot:
 * times (a session's last use and sign-in on Me too), and the chat's scrolled rows (the windowed list settles its scroll offset as it
 * measures rows, a few pixels apart from run to run; the chat's own e2e and store tests
 * cover what the rows say, this pass keeps the header, status line and composer).
 */
const MASKED = ['.live-card__meta', '.chat-list__scroll', '.channel-page__now-meta', '.profile-field__input', '.me__session-meta', '.post-page__time']

/**
 * The guest's generated name and id, written the same in every run: a mask would not do,
 * the name's width moves what sits beside it (the chip on Home is right-aligned).
 */
const GUEST_TEXT: Readonly<Record<string, string>> = {
  '.server-header__nickname': '游客0000',
  '.me__nickname': '游客0000',
  '.me__meta': 'ID B_000000000000',
}

/** Me's nickname field holds the guest's generated name too: written the same where the page is not masked. */
const GUEST_FIELDS = { selector: '.profile-field__input input', value: '游客0000' }

/** Stops everything that moves, so two runs paint the same frame. */
const STILL = `*, *::before, *::after {
  animation: none !important; transition: none !important; caret-color: transparent !important;
}
::-webkit-scrollbar { display: none; }`

async function openSettled (target: Browser, product: RunningProduct, window: keyof typeof WINDOWS, language: typeof LANGUAGES[number], page: typeof PAGES[number]): Promise<Page> {
  const context = await target.newContext({ ...WINDOWS[window], deviceScaleFactor: 1, locale: language, timezoneId: 'Asia/Shanghai', reducedMotion: 'reduce' })
  const tab = await context.newPage()
  await tab.goto(`${product.url}${language === 'en' ? `${page.path}&hl=en` : page.path}`)
  if (page.tap !== undefined) await tab.locator(page.tap).filter({ visible: true }).first().click({ timeout: 20000 })
  await tab.locator(page.ready).filter({ visible: true }).first().waitFor({ timeout: 20000 })
  await tab.addStyleTag({ content: STILL })
  await tab.waitForLoadState('networkidle')
  await tab.evaluate(async () => {
    await document.fonts.ready
    await Promise.all(Array.from(document.images).filter(image => !image.complete).map(image => new Promise(resolve => { image.onload = image.onerror = resolve })))
  })
  await tab.evaluate(({ texts, field }) => {
    for (const [selector, text] of Object.entries(texts)) document.querySelectorAll(selector).forEach(node => { node.textContent = text })
    document.querySelectorAll<HTMLInputElement>(field.selector).forEach(input => { input.value = field.value })
  }, { texts: GUEST_TEXT, field: GUEST_FIELDS })
  await tab.waitForTimeout(300) // one more frame after the last image
  return tab
}

/** axe-core's serious and critical violations on the page, one line each (with what axe measured on the first node: a contrast's colours and ratio). */
async function seriousViolations (tab: Page): Promise<string[]> {
  // evaluated over the DevTools protocol, not as a <script>: the page's CSP (rightly) refuses inline scripts
  await tab.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'))
  return tab.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string, impact: string | null, nodes: Array<{ target: string[], any: Array<{ message: string }> }> }> }> } }).axe
    // a web view's frame holds another document (checked where it is served): only its title is this page's
    const { violations } = await axe.run(document, { resultTypes: ['violations'], iframes: false })
    return violations
      .filter(violation => violation.impact === 'serious' || violation.impact === 'critical')
      .map(violation => `${violation.impact} ${violation.id}: ${violation.nodes.slice(0, 3).map(node => node.target.join(' ')).join(', ')} (${violation.nodes[0]?.any[0]?.message ?? ''})`)
  })
}

describe('every page, as a member sees it', () => {
  // its own fresh product: what the pages show (the desktop member column lists every
  // guest who joined) must not depend on which e2e files ran before this one
  let product: RunningProduct
  beforeAll(async () => { product = await startProduct() }, 90000)
  afterAll(async () => { if (product) await stopProduct(product) })

  for (const page of PAGES) {
    for (const window of Object.keys(WINDOWS) as Array<keyof typeof WINDOWS>) {
      for (const language of LANGUAGES) {
        const name = `${page.name}-${window}-${language}`
        it(`${page.name} at the ${window} window in ${language} looks like its reference and has no serious accessibility violation`, async () => {
          const tab = await openSettled(browser(), product, window, language, page)
          try {
            const shot = await tab.screenshot({ mask: page.unmasked ? [] : MASKED.map(selector => tab.locator(selector)), maskColor: '#d0d4dc', animations: 'disabled' })
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

/** The owner of the seeded server 832828, who reaches every page a member can. */
const OWNER = '100001'
/** Mia, a seeded member, and 版主, the seeded role (`<server>-moderator`) the owner gives her (so the audit log has an entry). */
const MIA = '100004'
const MODERATOR_ROLE = '832828-moderator'

/** The signed-in pages, each with the element that shows it has loaded (`invite` is filled in with a fresh code). */
const MEMBER_PAGES = [
  { name: 'post channel', path: '/pages/channel/index?sid=832828&channel_id=83282804', ready: '.post-card' },
  { name: 'web view', path: `/pages/webview/index?sid=832828&${new URLSearchParams({ url: '/rules/user-agreement.html', title: '用户协议' })}`, ready: '.webview__frame iframe[title]' },
  { name: 'members', path: '/pages/members/index?sid=832828', ready: '[data-testid="member-row"]' },
  { name: 'me', path: '/pages/me/index?sid=832828', ready: '.me__nickname' },
] as const

describe('the pages a signed-in member reaches, at the phone window', () => {
  let product: RunningProduct
  let owner: SeededLogin
  let tab: Page

  beforeAll(async () => {
    product = await startProduct()
    owner = signInSeeded(product, OWNER)
    await call('PUT', `/servers/832828/members/${MIA}/roles/${MODERATOR_ROLE}`)
    const context = await browser().newContext({ ...WINDOWS.phone, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', reducedMotion: 'reduce' })
    tab = await context.newPage()
    await tab.goto(`${product.url}/index.html?sid=832828`)
    await switchLogin(tab, owner)
  }, 90000)
  afterAll(async () => {
    await tab?.context().close()
    if (product) await stopProduct(product)
  })

  /** One API call as the owner; resolves the envelope's data. */
  async function call<T> (method: string, apiPath: string, body?: unknown): Promise<T> {
    const response = await fetch(`${product.url}${apiPath}`, {
      method,
      headers: { authorization: `Bearer ${owner.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const envelope = await response.json() as { code: number, msg: string, data: T }
    if (envelope.code !== 0) throw new Error(`${method} ${apiPath}: ${response.status} ${envelope.msg}`)
    return envelope.data
  }

  /** Opens `pagePath` in the owner's tab and waits for `ready` and the page's calls. */
  async function open (pagePath: string, ready: string): Promise<void> {
    await tab.goto(`${product.url}${pagePath}`)
    await tab.locator(ready).filter({ visible: true }).first().waitFor({ timeout: 20000 })
    await tab.waitForLoadState('networkidle')
  }

  for (const page of MEMBER_PAGES) {
    it(`${page.name} has no serious accessibility violation`, async () => {
      await open(page.path, page.ready)
      expect(await seriousViolations(tab)).toEqual([])
    })
  }

  it('the audit log has no serious accessibility violation and shows a given role as what changed', async () => {
    await open('/pages/audit-log/index?sid=832828', '[data-testid="audit-entry"]')
    const given = tab.locator('[data-testid="audit-entry"]', { hasText: '给成员授予了身份组' }).first()
    expect(await given.locator('[data-testid="audit-change"]').innerText()).toBe('身份组：版主')
    expect(await given.innerText()).not.toContain('原因')
    expect(await seriousViolations(tab)).toEqual([])
  })

  it('a post has no serious accessibility violation', async () => {
    await open('/pages/channel/index?sid=832828&channel_id=83282804', '.post-card__open')
    await tab.locator('.post-card__open').first().click()
    await tab.locator('.post-page__title').waitFor()
    await tab.waitForLoadState('networkidle')
    expect(await seriousViolations(tab)).toEqual([])
  })

  it('every tab of the server settings has no serious accessibility violation', async () => {
    await open('/pages/server-settings/index?sid=832828', '.server-settings__tabs')
    const chips = tab.locator('.server-settings__tabs .settings-choice__chip')
    const names = await chips.allInnerTexts()
    expect(names.length).toBeGreaterThan(1)
    const found: string[] = []
    for (const [index, name] of names.entries()) {
      await chips.nth(index).click()
      await tab.locator('.server-settings__section').filter({ visible: true }).first().waitFor()
      await tab.waitForLoadState('networkidle')
      await tab.waitForTimeout(300) // the section's own load answers from the loopback server
      found.push(...(await seriousViolations(tab)).map(line => `${name}: ${line}`))
    }
    expect(found).toEqual([])
  })

  it('an invite opened by a member has no serious accessibility violation and offers to open the server', async () => {
    const { code } = await call<{ code: string }>('POST', '/servers/832828/invites', { max_age_seconds: 1800, max_uses: 1 })
    await open(`/pages/invite/index?code=${code}`, '.invite__name')
    await tab.locator('.invite__member').waitFor()
    expect(await tab.locator('.invite__join[type="primary"]').filter({ visible: true }).innerText()).toBe('打开服务器')
    expect(await seriousViolations(tab)).toEqual([])
  })
})
