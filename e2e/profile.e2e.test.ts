/**
 * Me in real Chromium: a guest edits the profile through the server's audit; a refused
 * nickname shows the field's message and keeps the old one on screen and on the server.
 */
import { journey, seeText, urlOf, sharedBrowser } from './support/app'

const browser = sharedBrowser()

describe('Me', () => {
  it('refuses a nickname that fails the audit with the field message and keeps the old one', async () => {
    await journey(browser(), 'audit-rejection', 'phone', async page => {
      await page.goto(urlOf('/pages/me/index?sid=832828'))
      const nickname = page.locator('.me__nickname')
      await nickname.waitFor()
      const before = await nickname.innerText()
      const field = page.locator('.profile-field').first()
      await field.locator('input').fill('违禁昵称')
      await field.locator('.profile-field__save').click()
      await seeText(page, '昵称未通过审核')
      expect(await nickname.innerText()).toBe(before)
      await page.reload()
      await nickname.waitFor()
      expect(await nickname.innerText()).toBe(before)
    })
  })

  it('saves a nickname that passes the audit', async () => {
    await journey(browser(), 'profile-save', 'phone', async page => {
      await page.goto(urlOf('/pages/me/index?sid=832828'))
      await page.locator('.me__nickname').waitFor()
      const field = page.locator('.profile-field').first()
      await field.locator('input').fill('星海旅人')
      await field.locator('.profile-field__save').click()
      await page.locator('.me__nickname', { hasText: '星海旅人' }).waitFor()
    })
  })
})
