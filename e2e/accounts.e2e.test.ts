/**
 * Accounts in real Chromium: a guest signs up with a passkey (Chromium's virtual
 * authenticator) and, in a second browser context holding the same passkey (another
 * device), signs in as the same account; signing out everywhere signs both out. And the
 * e-mail code, read from the mail a real SMTP server on loopback received, a wrong code
 * first; an expired code told under its field. The product runs on `localhost` (WebAuthn
 * takes no IP address as relying party).
 */
import path from 'path'
import Database from 'better-sqlite3'
import type { BrowserContext, Page } from 'playwright-core'
import { startSmtpInbox, type SmtpInbox } from '../server/test/services/smtp-inbox'
import { seeText, sharedBrowser } from './support/app'
import { openPage, withArtifacts, type TrackedPage } from './support/browser'
import { CHAT_CHANNEL_PAGE, composer, messagesWith, send } from './support/chat'
import { signInSeeded } from './support/sessions'
import { startProduct, stopProduct, type RunningProduct } from './support/product'

const browser = sharedBrowser()
let product: RunningProduct
let inbox: SmtpInbox
let base: string

beforeAll(async () => {
  inbox = await startSmtpInbox()
  product = await startProduct({ SMTP_URL: inbox.url })
  base = product.url.replace('127.0.0.1', 'localhost')
}, 90_000)
afterAll(async () => {
  await stopProduct(product)
  await inbox.close()
})

/** Gives the context's page a virtual platform authenticator (resident keys, user verification); resolves its id and the CDP session. */
async function virtualAuthenticator (context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  return { cdp, authenticatorId }
}

/** Opens Me on the busy server and waits for the 账号与安全 section. */
async function openMe (page: Page): Promise<void> {
  await page.goto(`${base}/pages/me/index?sid=832828`)
  await page.locator('[data-testid="account-section"]').waitFor({ timeout: 30_000 })
}

/** The uid Me shows (ID … · 注册于 …). */
async function shownUid (page: Page): Promise<string> {
  const meta = await page.locator('.me__meta').innerText()
  return /ID (\S+)/.exec(meta)?.[1] ?? ''
}

async function visible (page: Page, testId: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"]`).filter({ visible: true }).first().waitFor({ timeout: 20_000 })
}

async function tap (page: Page, testId: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"]`).filter({ visible: true }).first().click()
}

/** The seeded owner of 云端集市, its announcements channel (公告) and its moderator role (版主). */
const OWNER = '100001'
const ANNOUNCEMENTS = '83282800'
const MODERATOR_ROLE = '832828-moderator'

/** One API call on the product as the seeded owner; fails the test on a refusal. */
async function asOwner (method: string, apiPath: string, body?: unknown): Promise<void> {
  const owner = signInSeeded(product, OWNER)
  const response = await fetch(`${product.url}${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${owner.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect([apiPath, response.status]).toEqual([apiPath, 200])
}

describe('accounts', () => {
  it('signs a guest who joined and wrote up with a passkey, and in on a second device as the same account with the same membership, message, unread badge and role; signing out everywhere signs both out', async () => {
    const first: TrackedPage = await openPage(browser(), 'phone')
    const second: TrackedPage = await openPage(browser(), 'phone')
    const written = `换手机之前写的 ${Date.now().toString(36)}`
    // each journey closes its context when it ends: the second device's runs inside the first's
    await withArtifacts('accounts-passkey-first', first, async () => {
      const phone = await virtualAuthenticator(first.context, first.page)
      // a guest joins 云端集市 in its lobby and writes there
      await first.page.goto(`${base}${CHAT_CHANNEL_PAGE}`)
      await first.page.locator('.chat-view__join-button').filter({ visible: true }).click()
      await composer(first.page).waitFor()
      await send(first.page, written)
      await messagesWith(first.page, written).locator('.chat-message__state').waitFor({ state: 'detached' })
      await openMe(first.page)
      expect(await shownUid(first.page)).toMatch(/^B_/)
      await tap(first.page, 'account-sign-in')
      await tap(first.page, 'sign-up-passkey')
      await visible(first.page, 'sign-out-everywhere')
      const uid = await shownUid(first.page)
      expect(uid).toMatch(/^\d{12}$/)
      const { credentials } = await phone.cdp.send('WebAuthn.getCredentials', { authenticatorId: phone.authenticatorId })
      expect(credentials).toHaveLength(1)
      // while the member is away: the owner makes them 版主 and writes in 公告 (one unread message for them)
      await asOwner('PUT', `/servers/832828/members/${uid}/roles/${MODERATOR_ROLE}`)
      await asOwner('POST', `/channels/${ANNOUNCEMENTS}/messages`, { content: '公告：欢迎新版主', nonce: `announce-${uid}` })
      await withArtifacts('accounts-passkey-second', second, async () => {
        const laptop = await virtualAuthenticator(second.context, second.page)
        await laptop.cdp.send('WebAuthn.addCredential', { authenticatorId: laptop.authenticatorId, credential: credentials[0] })
        await openMe(second.page)
        await tap(second.page, 'account-sign-in')
        await tap(second.page, 'sign-in-passkey')
        await visible(second.page, 'sign-out-everywhere')
        expect(await shownUid(second.page)).toBe(uid)
        // the same account on the other device: 公告's unread badge on Home, the membership and the message in the lobby, the role in the member list
        await second.page.goto(`${base}/index.html?sid=832828`)
        const announcements = second.page.locator('.channel-list__row', { hasText: '公告' }).filter({ visible: true }).first()
        await announcements.locator('.channel-list__unread', { hasText: '1' }).waitFor({ timeout: 20_000 })
        await second.page.goto(`${base}${CHAT_CHANNEL_PAGE}`)
        await messagesWith(second.page, written).waitFor({ timeout: 20_000 })
        await composer(second.page).waitFor()
        // once the app has taken the page over (the server drew a visitor's first screen): a member, no join button
        await second.page.locator('.chat-view__join-button').filter({ visible: true }).first().waitFor({ state: 'detached', timeout: 10_000 })
        await composer(second.page).waitFor()
        await second.page.goto(`${base}/pages/members/index?sid=832828`)
        await second.page.locator(`[data-testid="member-row"][data-uid="${uid}"]`, { hasText: '版主' }).filter({ visible: true }).first().waitFor({ timeout: 20_000 })
        await openMe(second.page)
        await tap(second.page, 'sign-out-everywhere')
        await second.page.getByText('确定', { exact: true }).filter({ visible: true }).first().click()
        // signed out here, the app goes back to Home; Me then shows a fresh guest
        await second.page.waitForURL(url => !url.pathname.includes('/pages/me/'), { timeout: 20_000 })
        await openMe(second.page)
        await visible(second.page, 'account-sign-in')
        expect(await shownUid(second.page)).toMatch(/^B_/)
      })
      // the first device's token no longer works: reopening Me signs in afresh, as a guest
      await openMe(first.page)
      await visible(first.page, 'account-sign-in')
      expect(await shownUid(first.page)).toMatch(/^B_/)
    })
  }, 120_000)

  it('signs in with an e-mail code read from the mail, after a wrong code', async () => {
    const tracked = await openPage(browser(), 'phone')
    const email = `e2e-${Date.now().toString(36)}@mail.example`
    await withArtifacts('accounts-email', tracked, async () => {
      const { page } = tracked
      await openMe(page)
      await tap(page, 'account-sign-in')
      await page.locator('[data-testid="sign-in-email"] input, input[data-testid="sign-in-email"]').first().fill(email)
      await tap(page, 'sign-in-send')
      const code = await inbox.codeFor(email)
      const codeBox = page.locator('[data-testid="sign-in-code"] input, input[data-testid="sign-in-code"]').first()
      await codeBox.fill(code === '000000' ? '000001' : '000000')
      await tap(page, 'sign-in-verify')
      await seeText(page, '验证码不正确')
      await codeBox.fill(code)
      await tap(page, 'sign-in-verify')
      await visible(page, 'sign-out-everywhere')
      await seeText(page, email)
    })
  }, 90_000)

  it('tells an expired code under the code\'s field, in the one answer every dead code gets, and a fresh code signs in', async () => {
    const tracked = await openPage(browser(), 'phone')
    const email = `expired-${Date.now().toString(36)}@mail.example`
    await withArtifacts('accounts-email-expired', tracked, async () => {
      const { page } = tracked
      await openMe(page)
      await tap(page, 'account-sign-in')
      await page.locator('[data-testid="sign-in-email"] input, input[data-testid="sign-in-email"]').first().fill(email)
      await tap(page, 'sign-in-send')
      const stale = await inbox.codeFor(email)
      // ten minutes pass: the code's end is put behind now in the product's database
      const db = new Database(path.join(product.dataDir, 'openrealm.sqlite'))
      try {
        db.prepare('update email_codes set expires_at = 0 where email = ?').run(email)
      } finally {
        db.close()
      }
      const codeBox = page.locator('[data-testid="sign-in-code"] input, input[data-testid="sign-in-code"]').first()
      await codeBox.fill(stale)
      await tap(page, 'sign-in-verify')
      const error = page.locator('[data-testid="sign-in-code-error"]').filter({ visible: true }).first()
      await error.waitFor({ timeout: 20_000 })
      // one answer for a code never sent, expired or used: a check tells no registered address from a never-used one
      expect(await error.innerText()).toBe('验证码无效或已过期，请重新获取')
      // under the field: the message follows the code's box in the sheet
      const [box, message] = await Promise.all([codeBox.boundingBox(), error.boundingBox()])
      expect(message && box && message.y >= box.y + box.height).toBe(true)
      await tap(page, 'sign-in-send')
      let fresh = stale
      for (let waited = 0; fresh === stale && waited < 5000; waited += 50) {
        await new Promise(resolve => setTimeout(resolve, 50))
        fresh = await inbox.codeFor(email)
      }
      await codeBox.fill(fresh)
      await tap(page, 'sign-in-verify')
      await visible(page, 'sign-out-everywhere')
      await seeText(page, email)
    })
  }, 90_000)
})
