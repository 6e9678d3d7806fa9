/**
 * Search and the notification inbox, in real Chromium against the real product:
 * two guests of server 832828 — A writes in 大厅, B finds it with a Chinese search and opens it
 * in its channel at that message (highlighted); A mentions B through the @ picker, and the
 * mention lands in B's open inbox live, is still there after a reload, and opens the message.
 * B opens the inbox from Home's 通知 in one tap, and a reply to B that a moderator deletes turns
 * to 消息已删除 in B's open inbox, live. A member is found by pinyin initials from the member list. A newcomer whose first page is the inbox sees it load, not fail. Screenshots go to
 * SEARCH_INBOX_SCREENSHOTS (a folder) when it is set.
 */
import { mkdirSync } from 'fs'
import path from 'path'
import type { Page } from 'playwright-core'
import { DEMO_OWNER_UID } from '../server/src/db/seed/demo-data'
import { openPage, withArtifacts } from './support/browser'
import { baseUrl, seeText, sharedBrowser } from './support/app'
import { callAs, composer, joinedMember, loginOf, messagesWith, send } from './support/chat'
import { startProduct, stopProduct, type RunningProduct } from './support/product'
import { signInSeeded } from './support/sessions'

const browser = sharedBrowser()
const SEARCH_PAGE = '/pages/search/index?sid=832828'
const INBOX_PAGE = '/pages/inbox/index'
const LOBBY = '83282802'

/** Screenshots of the page at 390×844 and 1440×900 as `<name>-<width>x<height>.png`, when asked for. */
async function screenshots (page: Page, name: string, ready: string): Promise<void> {
  const folder = process.env.SEARCH_INBOX_SCREENSHOTS
  if (!folder) return
  mkdirSync(folder, { recursive: true })
  for (const [width, height] of [[390, 844], [1440, 900]]) {
    await page.setViewportSize({ width, height })
    await page.locator(ready).filter({ visible: true }).first().waitFor()
    await page.waitForTimeout(400) // the list settles its measured rows
    await page.screenshot({ path: path.join(folder, `${name}-${width}x${height}.png`) })
  }
  await page.setViewportSize({ width: 390, height: 844 })
}

/** Waits until the channel page shows the highlighted message (opened at it) with this text, on screen in the chat's viewport. */
async function seeFoundMessage (page: Page, text: string): Promise<void> {
  await page.locator('.chat-list__row--found').filter({ hasText: text }).filter({ visible: true }).first().waitFor({ timeout: 15000 })
  await page.waitForFunction(() => {
    const list = Array.from(document.querySelectorAll('.chat-list__scroll')).find(element => element.getBoundingClientRect().height > 0)
    const found = list?.querySelector('.chat-list__row--found')
    if (!list || !found) return false
    const box = list.getBoundingClientRect()
    const row = found.getBoundingClientRect()
    // at least half of it on screen (the list may settle a row's last pixels below the fold)
    return Math.min(row.bottom, box.bottom) - Math.max(row.top, box.top) >= row.height / 2
  }, undefined, { timeout: 15000 })
}

describe('search and the inbox', () => {
  it('a Chinese search finds a message and opens it in its channel, highlighted', async () => {
    const writer = await joinedMember(browser(), 'phone')
    const reader = await joinedMember(browser(), 'phone')
    await withArtifacts('search-opens-in-context', reader.tracked, async () => {
      const tag = `zt${Date.now().toString(36)}`
      await send(writer.page, `周末展厅开放 ${tag}`)
      await messagesWith(writer.page, tag).first().waitFor()
      await send(writer.page, `后面的一条 ${tag}b`) // a newer message: the found one is not simply the last

      const page = reader.page
      await page.goto(`${baseUrl()}${SEARCH_PAGE}`)
      const box = page.locator('.search-page__input input, input.search-page__input').filter({ visible: true }).first()
      await box.fill(`展厅 ${tag}`)
      await page.locator('.search-page__go').filter({ visible: true }).click()
      const hit = page.locator('[data-testid="search-hit"]').filter({ hasText: tag }).filter({ visible: true })
      await hit.first().waitFor()
      expect(await hit.count()).toBe(1)
      expect(await hit.first().locator('.search-hit__match').allTextContents()).toEqual(expect.arrayContaining(['展厅']))
      await screenshots(page, 'search-results', '[data-testid="search-hit"]')
      await hit.first().click()
      await seeFoundMessage(page, `周末展厅开放 ${tag}`)
      expect(new URL(page.url()).searchParams.get('around')).toMatch(/^\d+$/)
      await screenshots(page, 'search-opened-in-context', '.chat-list__row--found')
    })
    await writer.context.close()
    await reader.context.close()
  })

  it('a mention of B lands in B\'s inbox live and after a reload, and opens the message', async () => {
    const writer = await joinedMember(browser(), 'phone')
    const mentioned = await joinedMember(browser(), 'phone')
    await withArtifacts('inbox-mention', mentioned.tracked, async () => {
      const { nickname } = await loginOf(mentioned.page)
      const page = mentioned.page
      await page.goto(`${baseUrl()}${INBOX_PAGE}`)
      await page.locator('.inbox').filter({ visible: true }).waitFor()
      await seeText(page, '还没有通知')

      // A picks B in the @ picker and sends
      const tag = `mn${Date.now().toString(36)}`
      await composer(writer.page).fill(`@${nickname}`)
      await writer.page.locator('.chat-composer__candidate').filter({ hasText: nickname }).filter({ visible: true }).first().click()
      await composer(writer.page).pressSequentially(`看这里 ${tag}`)
      await writer.page.locator('.chat-composer__send').filter({ visible: true }).click()

      const row = page.locator('.inbox__row').filter({ hasText: tag }).filter({ visible: true })
      await row.first().waitFor({ timeout: 15000 }) // live, with no reload (the wait is for a loaded CI machine)
      expect(await row.first().locator('.inbox__headline').textContent()).toContain('提到了你')
      expect(await row.first().getAttribute('class')).toContain('inbox__row--unread')
      await page.reload()
      await row.first().waitFor()
      await screenshots(page, 'inbox-mention', '.inbox__row')
      await row.first().click()
      await seeFoundMessage(page, tag)
    })
    await writer.context.close()
    await mentioned.context.close()
  })

  it('finds a member of the server by pinyin initials from the member list', async () => {
    const tracked = await openPage(browser(), 'phone')
    await withArtifacts('search-members', tracked, async () => {
      const page = tracked.page
      await page.goto(`${baseUrl()}/pages/members/index?sid=832828`)
      await seeText(page, '林晓')
      await page.locator('.members-page__search-input input, input.members-page__search-input').filter({ visible: true }).first().fill('lx')
      await page.locator('[data-testid="members-found"]').filter({ visible: true }).waitFor()
      expect(await page.locator('[data-testid="members-found"] .member-row__name').filter({ visible: true }).allTextContents()).toEqual(['林晓'])
      await screenshots(page, 'search-members', '[data-testid="members-found"]')
    })
    await tracked.context.close()
  })

  it('opened as the first page by a brand-new guest, the inbox loads instead of failing', async () => {
    const tracked = await openPage(browser(), 'phone')
    await withArtifacts('inbox-first-page', tracked, async () => {
      await tracked.page.goto(`${baseUrl()}${INBOX_PAGE}`)
      await seeText(tracked.page, '还没有通知')
      expect(await tracked.page.locator('.state-view--error').filter({ visible: true }).count()).toBe(0)
      await screenshots(tracked.page, 'inbox-empty', '.inbox')
    })
    await tracked.context.close()
  })

  describe('with the demo owner as the moderator', () => {
    let product: RunningProduct
    beforeAll(async () => { product = await startProduct() }, 90_000)
    afterAll(async () => { await stopProduct(product) })

    it('B opens the inbox from Home in one tap, and a reply there that a moderator deletes turns to 消息已删除 live', async () => {
      const writer = await joinedMember(browser(), 'phone', product.url)
      const replied = await joinedMember(browser(), 'phone', product.url)
      try {
        await withArtifacts('inbox-live-deletion', replied.tracked, async () => {
          const [writerLogin, repliedLogin] = await Promise.all([loginOf(writer.page), loginOf(replied.page)])
          const stamp = Date.now().toString(36)
          const question = await callAs<{ message_id: string }>(product.url, repliedLogin.token, 'POST', `/channels/${LOBBY}/messages`, { content: `有人去展厅吗 ${stamp}`, nonce: `${stamp}-q` })
          const page = replied.page
          await page.goto(`${product.url}/index.html?sid=832828`)
          await page.locator('.inbox-entries__button--inbox').filter({ visible: true }).click()
          await page.waitForURL(/\/pages\/inbox\/index/)
          await seeText(page, '还没有通知')

          const reply = await callAs<{ message_id: string }>(product.url, writerLogin.token, 'POST', `/channels/${LOBBY}/messages`, { content: `难听的话 ${stamp}`, nonce: `${stamp}-r`, reply_to: question.message_id })
          const row = page.locator('.inbox__row').filter({ visible: true }).first()
          await row.filter({ hasText: stamp }).waitFor({ timeout: 15000 })
          const owner = signInSeeded(product, DEMO_OWNER_UID)
          await callAs(product.url, owner.token, 'DELETE', `/channels/${LOBBY}/messages/${reply.message_id}`)
          // no reload: the open inbox hears of it
          await row.locator('.inbox__excerpt--deleted').waitFor({ timeout: 15000 })
          expect(await row.locator('.inbox__excerpt').textContent()).toBe('消息已删除')
          expect(await page.getByText(`难听的话 ${stamp}`).count()).toBe(0)
        })
      } finally {
        await writer.context.close().catch(() => undefined)
      }
    }, 120_000)
  })
})
