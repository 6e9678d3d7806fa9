/**
 * What looked unfinished to a member, each met as the member met it, at the phone (390×844)
 * and the desktop (1440×900) window: the sign-in sheet's buttons (one height, one line,
 * a disabled one readable), Me's 添加通行密钥 inside the section's margins and its 通知 /
 * 私信 rows with chevrons, a post's like as a toggle button with a heart and its authors'
 * avatars never blank, the Market with no black void under its map, and a replay that
 * says the length it plays and one state of its comments.
 */
import type { Browser, Page } from 'playwright-core'
import { openAsMember, sharedBrowser } from './support/app'
import { startProduct, stopProduct, type RunningProduct } from './support/product'
import { signInSeeded, switchLogin } from './support/sessions'

const browser = sharedBrowser()

const SERVER = '832828'
/** Mia, a seeded account (not a guest): Me shows her passkeys and 添加通行密钥. */
const MIA = '100004'
/** A seeded recording over (a replay) whose comment flag is 2, in the live channel. */
const QUIET_REPLAY = { channel: '83282807', live: '832828-live-04' }

const WINDOWS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
} as const

type WindowName = keyof typeof WINDOWS

let product: RunningProduct
beforeAll(async () => { product = await startProduct() }, 90000)
afterAll(async () => { if (product) await stopProduct(product) })

/** A fresh guest's page at a window, in the language of `hl` ('' is zh-CN). */
async function open (target: Browser, window: WindowName, pagePath: string, hl: '' | 'en' = ''): Promise<Page> {
  const context = await target.newContext({ ...WINDOWS[window], locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })
  const page = await context.newPage()
  await page.goto(`${product.url}${pagePath}${hl === 'en' ? '&hl=en' : ''}`)
  return page
}

/** The element's box on screen (it must be there). */
async function box (page: Page, selector: string): Promise<{ x: number, y: number, width: number, height: number }> {
  const found = await page.locator(selector).filter({ visible: true }).first().boundingBox()
  if (found === null) throw new Error(`${selector} is not on screen`)
  return found
}

/** The WCAG contrast ratio of an element's text on the first opaque background behind it. */
function textContrast (page: Page, selector: string): Promise<number> {
  return page.locator(selector).filter({ visible: true }).first().evaluate(element => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number)
    const luminance = ([r, g, b]: number[]) => {
      const linear = (channel: number) => { const c = channel / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4 }
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }
    let behind: Element | null = element
    let background = [255, 255, 255]
    while (behind !== null) {
      const colour = rgb(getComputedStyle(behind).backgroundColor)
      if (colour.length >= 3 && (colour[3] ?? 1) > 0.5) { background = colour; break }
      behind = behind.parentElement
    }
    const [text, ground] = [luminance(rgb(getComputedStyle(element).color)), luminance(background)]
    return (Math.max(text, ground) + 0.05) / (Math.min(text, ground) + 0.05)
  })
}

/** How light the page is at a point of the window: the luminance (0 black … 1 white) of the first opaque background there. */
function lightnessAt (page: Page, x: number, y: number): Promise<number> {
  return page.evaluate(([px, py]) => {
    let element: Element | null = document.elementFromPoint(px, py)
    while (element !== null) {
      const [r, g, b, a = 1] = (getComputedStyle(element).backgroundColor.match(/[\d.]+/g) ?? []).map(Number)
      if (a > 0.5) return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
      element = element.parentElement
    }
    return 1 // nothing painted: the browser's white
  }, [x, y])
}

describe('the sign-in sheet', () => {
  for (const window of Object.keys(WINDOWS) as WindowName[]) {
    for (const hl of ['', 'en'] as const) {
      it(`has its buttons at one height, each on one line, and a readable disabled 发送验证码 (${window}, ${hl || 'zh-CN'})`, async () => {
        const page = await open(browser(), window, `/pages/me/index?sid=${SERVER}`, hl)
        try {
          await page.locator('[data-testid="account-sign-in"]').click()
          await page.locator('[data-testid="sign-in-sheet"]').waitFor()
          const later = await box(page, '[data-testid="sign-in-later"]')
          const heights: Record<string, number> = {}
          for (const id of ['sign-in-passkey', 'sign-up-passkey', 'sign-in-send', 'sign-in-later']) heights[id] = Math.round((await box(page, `[data-testid="${id}"]`)).height)
          heights['sign-in-email'] = Math.round((await box(page, '[data-testid="sign-in-email"]')).height)
          expect(new Set(Object.values(heights))).toEqual(new Set([Math.round(later.height)]))
          // the passkey buttons side by side stand level; none cuts or wraps its words
          const [signIn, signUp] = [await box(page, '[data-testid="sign-in-passkey"]'), await box(page, '[data-testid="sign-up-passkey"]')]
          if (Math.abs(signIn.y - signUp.y) < signIn.height) expect(Math.round(signIn.y)).toBe(Math.round(signUp.y))
          for (const id of ['sign-in-passkey', 'sign-up-passkey', 'sign-in-send']) {
            expect(await page.locator(`[data-testid="${id}"]`).evaluate(element => element.scrollWidth <= element.clientWidth)).toBe(true)
          }
          // nothing typed yet: 发送验证码 is disabled, and still readable
          expect(await page.locator('[data-testid="sign-in-send"]').getAttribute('disabled')).not.toBeNull()
          expect(await textContrast(page, '[data-testid="sign-in-send"]')).toBeGreaterThanOrEqual(3)
        } finally {
          await page.context().close()
        }
      })
    }
  }
})

describe('Me', () => {
  for (const window of Object.keys(WINDOWS) as WindowName[]) {
    it(`keeps 添加通行密钥 inside the section's margins and gives 通知 and 私信 a chevron (${window})`, async () => {
      const page = await open(browser(), window, `/pages/me/index?sid=${SERVER}`)
      try {
        await switchLogin(page, signInSeeded(product, MIA))
        const add = page.locator('[data-testid="passkey-add"]')
        await add.waitFor()
        const [button, panel, heading] = [await box(page, '[data-testid="passkey-add"]'), await box(page, '.me'), await box(page, '[data-testid="account-section"] .me__section-heading')]
        const headingText = heading.x + await page.locator('[data-testid="account-section"] .me__section-heading').evaluate(element => parseFloat(getComputedStyle(element).paddingLeft))
        expect(Math.round(button.x)).toBe(Math.round(headingText)) // on the section's left margin, as its heading
        expect(button.x + button.width).toBeLessThanOrEqual(panel.x + panel.width)
        for (const entry of ['.me__inbox', '.me__dm']) {
          const row = await box(page, entry)
          const chevron = await box(page, `${entry} .me__entry-chevron`)
          expect(await page.locator(`${entry} .me__entry-chevron`).innerText()).toBe('›')
          expect(chevron.x + chevron.width).toBeGreaterThan(row.x + row.width * 0.8) // at the row's right end
        }
      } finally {
        await page.context().close()
      }
    })
  }
})

describe('a post', () => {
  it('likes with a heart button that says its state, and shows a new member\'s comment with their initial, not a blank circle', async () => {
    const page = await open(browser(), 'phone', `/pages/channel/index?sid=${SERVER}&channel_id=83282804`)
    try {
      await openAsMember(page, `${product.url}/pages/channel/index?sid=${SERVER}&channel_id=83282804`, SERVER) // a member of the server may comment
      await page.locator('.post-card__open').first().click()
      await page.locator('.post-page__title').waitFor()
      const like = page.locator('.post-page__like')
      await like.waitFor()
      expect(await like.getAttribute('role')).toBe('button')
      expect(await like.getAttribute('aria-pressed')).toBe('false')
      expect(await like.locator('.like-button__icon').innerText()).toBe('♡')
      const before = Number((await like.locator('.like-button__count').innerText()).match(/\d+/)?.[0])
      await like.click()
      await page.locator('.post-page__like[aria-pressed="true"]').waitFor()
      expect(await like.locator('.like-button__icon').innerText()).toBe('♥')
      expect(await like.locator('.like-button__count').innerText()).toBe(`${before + 1} 赞`)
      // the seeded author's avatar is their picture, loaded
      const authorPicture = page.locator('.post-page__post .post-page__avatar img')
      await authorPicture.waitFor()
      expect(await authorPicture.evaluate(image => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
      // the guest (no picture of their own) comments: their row shows their initial on their colour
      await page.locator('.post-page__composer .comment-bar__input input').fill('好看！')
      await page.locator('.post-page__composer .comment-bar__send').click()
      const mine = page.locator('.post-page__comment', { hasText: '好看！' })
      await mine.waitFor()
      const nickname = await mine.locator('.post-page__nickname').innerText()
      expect(await mine.locator('.post-page__avatar').innerText()).toBe(Array.from(nickname)[0])
      expect(await lightnessAt(page, ...(await mine.locator('.post-page__avatar').boundingBox().then(found => [found!.x + 4, found!.y + found!.height / 2] as [number, number])))).toBeLessThan(0.6)
    } finally {
      await page.context().close()
    }
  })
})

describe('the Market', () => {
  for (const window of Object.keys(WINDOWS) as WindowName[]) {
    it(`has no black void under its map and card (${window})`, async () => {
      const page = await open(browser(), window, `/market/index.html?sid=${SERVER}&cid=83282810`)
      try {
        await page.locator('.interaction-card').waitFor()
        const map = await box(page, '.showroom-map')
        const card = await box(page, '.market__card')
        const { width, height } = WINDOWS[window].viewport
        // below the card, and (desktop) beside the map in the content column: the page's light grey
        const probes: Array<[number, number]> = [[map.x + map.width / 2, Math.min(height - 4, card.y + card.height + 8)], [map.x + map.width / 2, height - 4]]
        if (window === 'desktop') probes.push([map.x + map.width - 4, map.y + map.height + 8])
        for (const [x, y] of probes) expect({ x, y, light: await lightnessAt(page, x, y) > 0.8 }).toEqual({ x, y, light: true })
        expect(map.width).toBeGreaterThan(width * (window === 'phone' ? 0.9 : 0.5)) // the map across the content column
      } finally {
        await page.context().close()
      }
    })
  }
})

describe('a replay', () => {
  it('says the length it plays and one state of its comments', async () => {
    const page = await open(browser(), 'phone', `/pages/channel/index?sid=${SERVER}&channel_id=${QUIET_REPLAY.channel}&live_id=${QUIET_REPLAY.live}`)
    try {
      await page.locator('.live-chat__state').waitFor()
      expect(await page.locator('.channel-page__now-duration').innerText()).toBe('时长 00:04')
      const video = page.locator('.channel-page video').first()
      await video.waitFor({ state: 'attached' })
      await page.waitForFunction(() => Array.from(document.querySelectorAll('video')).some(element => Number.isFinite(element.duration) && element.duration > 0), undefined, { timeout: 15000 })
      expect(Math.round(await page.evaluate(() => Array.from(document.querySelectorAll('video')).find(element => element.duration > 0)?.duration ?? 0))).toBe(4)
      const body = await page.locator('.live-chat').innerText()
      expect(body).toContain('回放评论（只读）')
      expect(body).not.toContain('本场直播已关闭评论')
    } finally {
      await page.context().close()
    }
  })
})
