/**
 * Signing in and out as a member lives it, in real Chromium: a phone signed out from the
 * laptop (Me → devices → 退出) is told so in its own language (Chinese, and English under
 * hl=en) and stands as a guest, its draft kept; a launch with a development sign-in link that opens Me and the inbox mints
 * no guest; a passkey on a page opened by IP address says why it cannot work there.
 */
import type { Page } from 'playwright-core'
import { seeText, sharedBrowser } from './support/app'
import { openPage, screenshotsAtBothSizes, withArtifacts } from './support/browser'
import { CHAT_CHANNEL_PAGE, composer, loginOf } from './support/chat'
import { signInSeeded, switchLogin } from './support/sessions'
import { startProduct, stopProduct, type RunningProduct } from './support/product'

const browser = sharedBrowser()
let product: RunningProduct
let base: string

beforeAll(async () => {
  product = await startProduct()
  base = product.url.replace('127.0.0.1', 'localhost')
}, 90_000)
afterAll(async () => {
  await stopProduct(product)
})

/** The seeded owner of 云端集市. */
const OWNER = '100001'

/** The uid Me shows (ID … · 注册于 …). */
async function shownUid (page: Page): Promise<string> {
  const meta = await page.locator('.me__meta').filter({ visible: true }).first().innerText()
  return /ID (\S+)/.exec(meta)?.[1] ?? ''
}

/** Opens Me on the busy server and waits for its devices. */
async function openMe (page: Page, url = `${base}/pages/me/index?sid=832828`): Promise<void> {
  await page.goto(url)
  await page.locator('[data-testid="sessions"]').filter({ visible: true }).first().waitFor({ timeout: 30_000 })
}

/** The storage keys of the member's unsent texts on this device. */
function draftKeys (page: Page, uid: string): Promise<string[]> {
  return page.evaluate(prefix => Object.keys(localStorage).filter(key => key.includes(prefix)), `openrealm-draft:${uid}:`)
}

describe('signed out from elsewhere', () => {
  it('tells the phone the laptop signed it out, in Chinese, and leaves it a guest with its draft kept', async () => {
    const phone = await openPage(browser(), 'phone')
    const laptop = await openPage(browser(), 'phone')
    await withArtifacts('signed-out-phone', phone, async () => {
      await phone.page.goto(`${base}${CHAT_CHANNEL_PAGE}`)
      await switchLogin(phone.page, signInSeeded(product, OWNER))
      // the owner writes half a message on the phone, and leaves it
      await composer(phone.page).waitFor({ timeout: 30_000 })
      await composer(phone.page).fill('写到一半的草稿')
      await phone.page.waitForFunction(prefix => Object.keys(localStorage).some(key => key.includes(prefix)), `openrealm-draft:${OWNER}:`)
      await withArtifacts('signed-out-laptop', laptop, async () => {
        await laptop.page.goto(`${base}/index.html?sid=832828`)
        await switchLogin(laptop.page, signInSeeded(product, OWNER))
        await openMe(laptop.page)
        // the phone's row (not this device): 退出 it, and confirm
        const others = laptop.page.locator('[data-testid="session-row"]').filter({ visible: true }).filter({ has: laptop.page.locator('[data-testid="session-revoke"]') })
        await others.first().waitFor({ timeout: 20_000 })
        await others.first().locator('[data-testid="session-revoke"]').click()
        await laptop.page.getByText('确定', { exact: true }).filter({ visible: true }).first().click()
        await seeText(laptop.page, '已让该设备退出登录')
      })
      // the phone says so in its member's language, back on Home, and stands as a guest
      await seeText(phone.page, '此设备已退出登录', 20_000)
      await phone.page.waitForURL(url => !url.pathname.includes('/pages/channel/'), { timeout: 20_000 })
      await screenshotsAtBothSizes(phone.page, 'SIGNED_OUT_SCREENSHOTS', 'signed-out', 'zh-CN', 600)
      await phone.page.waitForFunction(() => {
        const key = Object.keys(localStorage).find(name => name.endsWith(':login'))
        return key !== undefined && (localStorage.getItem(key) ?? '').includes('B_')
      }, undefined, { timeout: 20_000 })
      expect(await draftKeys(phone.page, OWNER)).toHaveLength(1)
      await phone.page.locator('.home__join').filter({ visible: true }).first().waitFor({ timeout: 20_000 })
    })
  }, 120_000)
})

/** The phone's session of `phone` ended from another device of the account: the laptop's own login ends the others over the API (Me → devices → 退出 does the same). */
async function endOtherSessions (laptopToken: string): Promise<void> {
  const headers = { authorization: `Bearer ${laptopToken}` }
  const listed = await (await fetch(`${product.url}/auth/sessions`, { headers })).json() as { data: { list: Array<{ session_id: string, current: boolean }> } }
  for (const other of listed.data.list.filter(item => !item.current)) {
    const ended = await fetch(`${product.url}/auth/sessions/${other.session_id}`, { method: 'DELETE', headers })
    expect(ended.status).toBe(200)
  }
}

describe('signed out from elsewhere, in English', () => {
  it('tells a member reading under hl=en in English, on Home, as a guest (SIGNED_OUT_SCREENSHOTS: the notice at 390x844 and 1440x900)', async () => {
    const phone = await openPage(browser(), 'phone')
    await withArtifacts('signed-out-phone-en', phone, async () => {
      await phone.page.goto(`${base}${CHAT_CHANNEL_PAGE}&hl=en`)
      await switchLogin(phone.page, signInSeeded(product, OWNER))
      await composer(phone.page).waitFor({ timeout: 30_000 })
      await endOtherSessions(signInSeeded(product, OWNER).token)
      await seeText(phone.page, 'This device was signed out', 20_000)
      await phone.page.waitForURL(url => !url.pathname.includes('/pages/channel/'), { timeout: 20_000 })
      await screenshotsAtBothSizes(phone.page, 'SIGNED_OUT_SCREENSHOTS', 'signed-out', 'en', 600)
      // still there once the page has settled at both sizes: the member has not read it yet
      await seeText(phone.page, 'This device was signed out')
      await phone.page.getByText('OK', { exact: true }).filter({ visible: true }).first().click()
      await phone.page.getByText('This device was signed out').filter({ visible: true }).first().waitFor({ state: 'hidden', timeout: 10_000 })
      await phone.page.locator('.home__join').filter({ visible: true }).first().waitFor({ timeout: 20_000 })
    })
  }, 120_000)
})

describe('signed out while the app was closed', () => {
  it('opens the page asked for as a guest, with no notice and no way back to Home, when the stored login ended meanwhile', async () => {
    const tracked = await openPage(browser(), 'phone')
    await withArtifacts('signed-out-while-closed', tracked, async () => {
      await tracked.page.goto(`${base}/index.html?sid=832828`)
      await switchLogin(tracked.page, signInSeeded(product, OWNER))
      await openMe(tracked.page)
      expect(await shownUid(tracked.page)).toBe(OWNER)
      // the app is closed; another device ends this one's session; the member opens Me again
      await tracked.page.close()
      await endOtherSessions(signInSeeded(product, OWNER).token)
      tracked.page = await tracked.context.newPage()
      tracked.page.on('console', message => tracked.consoleLog.push(`[${message.type()}] ${message.text()}`))
      await openMe(tracked.page)
      await tracked.page.locator('[data-testid="account-sign-in"]').filter({ visible: true }).first().waitFor({ timeout: 20_000 })
      expect(await shownUid(tracked.page)).toMatch(/^B_/)
      // the launch's refusals (the stored token checked, the gateway, the page's first calls) have all been answered
      await tracked.page.waitForLoadState('networkidle')
      expect(new URL(tracked.page.url()).pathname).toContain('/pages/me/')
      expect(await tracked.page.getByText('此设备已退出登录').filter({ visible: true }).count()).toBe(0)
    })
  }, 90_000)
})

describe('one launch, one sign-in', () => {
  it('mints no guest on a launch with a development sign-in link that opens Me and then the inbox', async () => {
    const link = /owner: (\S+)/.exec(product.output())?.[1]
    expect(link).toBeDefined()
    const token = new URL(link as string).searchParams.get('dev_signin') as string
    const tracked = await openPage(browser(), 'phone')
    await withArtifacts('launch-one-sign-in', tracked, async () => {
      const { page } = tracked
      let guests = 0
      page.on('request', request => { if (request.method() === 'POST' && new URL(request.url()).pathname === '/auth/guest') guests += 1 })
      await openMe(page, `${base}/pages/me/index?sid=832828&dev_signin=${token}`)
      expect(await shownUid(page)).toMatch(/^\d+$/)
      await page.locator('.me__inbox').filter({ visible: true }).first().click()
      await page.waitForURL(url => url.pathname.includes('/pages/inbox/'), { timeout: 20_000 })
      await page.waitForLoadState('networkidle')
      expect([(await loginOf(page)).uid, guests]).toEqual([expect.stringMatching(/^\d+$/), 0])
    })
  }, 90_000)
})

describe('passkeys where they cannot work', () => {
  it('says a passkey cannot work on a page opened by IP address, and what to do, instead of 请求异常', async () => {
    const tracked = await openPage(browser(), 'phone')
    await withArtifacts('passkey-ip-origin', tracked, async () => {
      const { page } = tracked
      await page.goto(`${product.url}/pages/me/index?sid=832828`)
      await page.locator('[data-testid="account-sign-in"]').filter({ visible: true }).first().click()
      await page.locator('[data-testid="sign-up-passkey"]').filter({ visible: true }).first().click()
      await seeText(page, '通行密钥不能在以 IP 地址打开的页面上使用')
    })
  }, 90_000)
})
