/**
 * The owner's server settings in real Chromium: the owner opens them from
 * Home's Settings button, makes a role and a post channel; a visitor gets no Settings
 * button. Runs its own product instance, so the owner's session can be written into its
 * database (no API signs seeded members in).
 */
import path from 'path'
import Database from 'better-sqlite3'
import type { Page } from 'playwright-core'
import { newSession } from '../server/src/repositories/users'
import { journey, seeText, sharedBrowser } from './support/app'
import { startProduct, stopProduct, type RunningProduct } from './support/product'

const browser = sharedBrowser()
let product: RunningProduct

beforeAll(async () => { product = await startProduct() }, 90_000)
afterAll(async () => { await stopProduct(product) })

/** Signs the seeded member `uid` in on `page`: a session written to the product's database, then kept as the app keeps its login. */
async function signIn (page: Page, uid: string): Promise<void> {
  const { token, row } = newSession(uid, Math.floor(Date.now() / 1000))
  const db = new Database(path.join(product.dataDir, 'openrealm.sqlite'))
  let user: unknown
  try {
    db.pragma('busy_timeout = 5000')
    const columns = Object.keys(row)
    db.prepare(`insert into sessions (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`).run(...Object.values(row))
    user = db.prepare('select uid, user_type, addtime, nickname, avatar, signature, gender from users where uid = ?').get(uid)
  } finally {
    db.close()
  }
  await page.waitForFunction(() => Object.keys(localStorage).some(key => key.endsWith(':login')))
  const login = JSON.stringify({ data: JSON.stringify({ user, token }) })
  await page.evaluate(text => { for (const key of Object.keys(localStorage)) if (key.endsWith(':login')) localStorage.setItem(key, text) }, login)
  await page.reload()
}

describe('the server settings', () => {
  it('lets the owner open them from Home, make a role and a post channel', async () => {
    await journey(browser(), 'settings-owner', 'phone', async page => {
      await page.goto(`${product.url}/index.html?sid=832828`)
      await signIn(page, '100001')
      await page.locator('.settings-entry__button--settings').filter({ visible: true }).click()
      await seeText(page, '审计日志')
      await page.locator('.server-settings__tabs .settings-choice__chip', { hasText: '身份组' }).click()
      await page.locator('.server-settings__role').first().waitFor()
      await page.locator('.server-settings__roles .server-settings__create input').fill('活动组')
      await page.locator('.server-settings__roles .server-settings__primary').click()
      await page.locator('.server-settings__role', { hasText: '活动组' }).waitFor()
      await page.locator('.server-settings__tabs .settings-choice__chip', { hasText: '频道' }).click()
      await page.locator('.server-settings__channel').first().waitFor()
      await page.locator('.server-settings__channels .settings-choice__chip', { hasText: '帖子' }).click()
      await page.locator('.server-settings__channels .server-settings__create input').fill('活动海报')
      await page.locator('.server-settings__channels .server-settings__primary').click()
      await page.locator('.server-settings__channel', { hasText: '活动海报' }).waitFor()
      expect(await page.locator('.server-settings__channel', { hasText: '活动海报' }).innerText()).toContain('帖子')
    })
  })

  it('refuses a channel title that fails the audit with the field message', async () => {
    await journey(browser(), 'settings-audit', 'phone', async page => {
      await page.goto(`${product.url}/pages/server-settings/index?sid=832828`)
      await signIn(page, '100001')
      await page.locator('.server-settings__tabs .settings-choice__chip', { hasText: '频道' }).click()
      await page.locator('.server-settings__channel').first().waitFor()
      await page.locator('.server-settings__channels .server-settings__create input').fill('违禁频道')
      await page.locator('.server-settings__channels .server-settings__primary').click()
      await seeText(page, '标题未通过审核')
    })
  })

  it('gives a visitor no Settings button', async () => {
    await journey(browser(), 'settings-visitor', 'phone', async page => {
      await page.goto(`${product.url}/index.html?sid=832828`)
      await page.locator('.server-header').waitFor()
      await page.waitForLoadState('networkidle')
      expect(await page.locator('.settings-entry__button--settings').count()).toBe(0)
    })
  })
})
