/**
 * Where the chat opens and what it counts, in real Chromium against the real product: a
 * member with unread messages reopens 大厅 from the channel list and by a link and sees
 * the 新消息 divider with the first unread message on screen (390×844 and 1440×900);
 * a member whose network goes away (CDP offline) is told 正在重新连接…, and when it is
 * back sees every message once and the bar that counts the new ones; a member kicked while
 * looking sees 你已被移出该社区 instead of the composer. Screenshots go to CHAT_SCREENSHOTS
 * when it is set.
 */
import { mkdirSync } from 'fs'
import path from 'path'
import type { Locator, Page } from 'playwright-core'
import { DEMO_OWNER_UID } from '../server/src/db/seed/demo-data'
import { openPage, withArtifacts, type ViewportName } from './support/browser'
import { baseUrl, sharedBrowser } from './support/app'
import { CHAT_CHANNEL_PAGE, joinedMember, loginOf, messagesWith, type ChatMember } from './support/chat'
import { startProduct, stopProduct, type RunningProduct } from './support/product'
import { signInSeeded, switchLogin } from './support/sessions'

const browser = sharedBrowser()
const LOBBY = '83282802'
const SIZES: Record<ViewportName, { width: number, height: number }> = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } }

async function screenshot (page: Page, name: string): Promise<void> {
  const folder = process.env.CHAT_SCREENSHOTS
  if (!folder) return
  mkdirSync(folder, { recursive: true })
  await page.screenshot({ path: path.join(folder, `${name}.png`) })
}

/** Sends `texts` to 大厅 through the API, one after another, as the member with `token`. */
async function sendAll (base: string, token: string, texts: readonly string[]): Promise<void> {
  for (const [index, content] of texts.entries()) {
    const response = await fetch(`${base}/channels/${LOBBY}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content, nonce: `${Date.now().toString(36)}-${index}-${Math.random().toString(36).slice(2)}` }),
    })
    expect(response.status).toBe(200)
  }
}

/** True when the element is inside the window (its whole height). */
async function onScreen (locator: Locator, page: Page): Promise<boolean> {
  const box = await locator.boundingBox()
  const height = page.viewportSize()?.height ?? 0
  return box !== null && box.y >= 0 && box.y + box.height <= height
}

/** Waits until the divider and the first unread message are both on screen (the list may still settle its measured rows). */
async function expectDividerAndFirstUnread (page: Page, firstUnread: string): Promise<void> {
  const divider = page.locator('.chat-list__unread').filter({ visible: true }).first()
  await divider.waitFor({ timeout: 15000 })
  const first = messagesWith(page, firstUnread).first()
  await first.waitFor()
  await page.waitForTimeout(600) // measured rows settle
  expect(await onScreen(divider, page)).toBe(true)
  expect(await onScreen(first, page)).toBe(true)
  // the row under the divider is the first unread one
  expect(await divider.locator('xpath=..').locator('.chat-message__text').first().textContent()).toBe(firstUnread)
}

/** Waits until the server counts nothing unread in 大厅 for the member signed in on `page`. */
async function waitUntilRead (page: Page): Promise<void> {
  const { token } = await loginOf(page)
  let unread = -1
  for (let tries = 0; tries < 30 && unread !== 0; tries += 1) {
    if (tries > 0) await page.waitForTimeout(500)
    const response = await fetch(`${baseUrl()}/servers/832828/channels`, { headers: { authorization: `Bearer ${token}` } })
    const text = await response.text()
    unread = Number(/"channel_id":"83282802"[^}]*"unread_count":(\d+)/.exec(text)?.[1] ?? -1)
  }
  expect(unread).toBe(0)
}

/** Leaves the chat for Home and waits until its channel list is in and its gateway has had time to connect (what comes after is counted live). */
async function leaveForHome (page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/pages/index/index?sid=832828`)
  await page.locator('.channel-list__row', { hasText: '大厅' }).filter({ visible: true }).first().waitFor()
  await page.waitForTimeout(2000)
}

/**
 * A member reading 大厅 at `viewport` and one writing there (a desktop), both joined: runs
 * `journey` with the reader and the writer's token, under the reader's artifacts `name`, and
 * closes both.
 */
async function readerAndWriter (viewport: ViewportName, name: string, journey: (reader: ChatMember, writerToken: string) => Promise<void>): Promise<void> {
  const reader = await joinedMember(browser(), viewport)
  const writer = await joinedMember(browser(), 'desktop')
  await reader.page.setViewportSize(SIZES[viewport])
  try {
    const { token } = await loginOf(writer.page)
    await withArtifacts(name, reader.tracked, () => journey(reader, token))
  } finally {
    await writer.context.close().catch(() => undefined)
    await reader.context.close().catch(() => undefined)
  }
}

/**
 * The reader (at the bottom of 大厅, all read) leaves for Home, the writer sends `count`
 * messages (`<label> <n>`), and the reader taps 大厅 once the channel list counts them: it
 * opens at the first of them under the divider. Resolves with the texts sent.
 */
async function reopenWithUnread (reader: ChatMember, writerToken: string, label: string, count: number): Promise<string[]> {
  await reader.page.waitForTimeout(800)
  await leaveForHome(reader.page)
  const unread = Array.from({ length: count }, (_, index) => `${label} ${index + 1}`)
  await sendAll(baseUrl(), writerToken, unread)
  const row = reader.page.locator('.channel-list__row', { hasText: '大厅' }).filter({ visible: true }).first()
  await row.locator('.channel-list__unread').waitFor({ timeout: 15000 })
  await row.click()
  await expectDividerAndFirstUnread(reader.page, unread[0])
  return unread
}

describe('the chat opens where the member left off', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`opens at the first unread message with the divider on screen, in-app and by a link (${SIZES[viewport].width}×${SIZES[viewport].height})`, async () => {
      await readerAndWriter(viewport, `chat-unread-${viewport}`, async (reader, token) => {
        const stamp = Date.now().toString(36)
        // the reader is at the bottom (all read), leaves for Home, and taps 大厅 once it counts what came
        const unread = await reopenWithUnread(reader, token, `unread ${stamp}`, 30)
        const bar = reader.page.locator('.chat-list__jump').filter({ visible: true })
        await bar.waitFor()
        expect(await bar.textContent()).toMatch(/^\d+ 条新消息 ↓$/)
        await screenshot(reader.page, `chat-unread-in-app-${viewport}`)
        // the bar takes the reader down to what is new (on a phone, the first of it), the reader
        // scrolls on to the bottom, and at the bottom everything is read
        await bar.click()
        await messagesWith(reader.page, unread[29]).waitFor()
        await reader.page.locator(`#chat-list-${LOBBY}`).evaluate(list => { list.scrollTop = list.scrollHeight })
        await waitUntilRead(reader.page)
        await reader.page.waitForTimeout(800)

        // by a link, in a fresh load
        await leaveForHome(reader.page)
        const more = Array.from({ length: 30 }, (_, index) => `link unread ${index + 1} ${stamp}`)
        await sendAll(baseUrl(), token, more)
        await reader.page.goto(`${baseUrl()}${CHAT_CHANNEL_PAGE}`)
        await expectDividerAndFirstUnread(reader.page, more[0])
        await screenshot(reader.page, `chat-unread-link-${viewport}`)
      })
    }, 120_000)
  }

  it('opens at the first unread message when more than a page of messages (50) is unread, in-app and by a link (390×844)', async () => {
    await readerAndWriter('phone', 'chat-unread-beyond-a-page-phone', async (reader, token) => {
      const stamp = Date.now().toString(36)
      const unread = await reopenWithUnread(reader, token, `many unread ${stamp}`, 70)
      await screenshot(reader.page, 'chat-unread-beyond-a-page-in-app-phone')
      await reader.page.locator(`#chat-list-${LOBBY}`).evaluate(list => { list.scrollTop = list.scrollHeight })
      await messagesWith(reader.page, unread[69]).waitFor()
      await waitUntilRead(reader.page)
      await reader.page.waitForTimeout(800)

      // by a link, in a fresh load (the count arrives after the newest page)
      await leaveForHome(reader.page)
      const more = Array.from({ length: 70 }, (_, index) => `many link unread ${index + 1} ${stamp}`)
      await sendAll(baseUrl(), token, more)
      await reader.page.goto(`${baseUrl()}${CHAT_CHANNEL_PAGE}`)
      await expectDividerAndFirstUnread(reader.page, more[0])
      await screenshot(reader.page, 'chat-unread-beyond-a-page-link-phone')
    })
  }, 150_000)

  it('a member who went back to Home with 返回 reopens 大厅 at the newest messages under the 新消息 divider, each once (390×844)', async () => {
    await readerAndWriter('phone', 'chat-reopen-after-back-phone', async (reader, token) => {
      const stamp = Date.now().toString(36)
      await sendAll(baseUrl(), token, Array.from({ length: 40 }, (_, index) => `before ${index + 1} ${stamp}`))
      // the reader opens 大厅 from Home, reads to the bottom, and goes back with 返回
      await leaveForHome(reader.page)
      const row = reader.page.locator('.channel-list__row', { hasText: '大厅' }).filter({ visible: true }).first()
      await row.click()
      await messagesWith(reader.page, `before 40 ${stamp}`).waitFor({ timeout: 15000 })
      // it opened at the first of the 40 (a phone shows about ten): the reader scrolls down to the newest
      await reader.page.locator(`#chat-list-${LOBBY}`).evaluate(list => { list.scrollTop = list.scrollHeight })
      await waitUntilRead(reader.page)
      await reader.page.locator('.page-header__back').filter({ visible: true }).click()
      await row.waitFor()
      await reader.page.waitForTimeout(2000)
      const unread = Array.from({ length: 4 }, (_, index) => `after back ${index + 1} ${stamp}`)
      await sendAll(baseUrl(), token, unread)
      await row.locator('.channel-list__unread').waitFor({ timeout: 15000 })
      await row.click()
      await expectDividerAndFirstUnread(reader.page, unread[0])
      expect(await onScreen(messagesWith(reader.page, unread[3]).first(), reader.page)).toBe(true)
      // nothing new is below: no bar counts new messages
      expect(await reader.page.locator('.chat-list__jump--new').filter({ visible: true }).count()).toBe(0)
      const texts = await reader.page.locator('.chat-message__text').filter({ visible: true }).allTextContents()
      for (const text of unread) expect(texts.filter(shown => shown === text)).toHaveLength(1)
      await screenshot(reader.page, 'chat-reopen-after-back-phone')
    })
  }, 120_000)

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`opening a channel with more unread than a screen reads what was shown, and Home counts what is still below (${SIZES[viewport].width}×${SIZES[viewport].height})`, async () => {
      await readerAndWriter(viewport, `chat-partly-read-${viewport}`, async (reader, token) => {
        await reopenWithUnread(reader, token, `screenful ${Date.now().toString(36)}`, 30)
        await reader.page.waitForTimeout(1500) // the read position is told
        // the server counts what was not shown yet: fewer than 30, more than none
        const { token: readerToken } = await loginOf(reader.page)
        const counted = await fetch(`${baseUrl()}/servers/832828/channels`, { headers: { authorization: `Bearer ${readerToken}` } }).then(response => response.text())
        const left = Number(/"channel_id":"83282802"[^}]*"unread_count":(\d+)/.exec(counted)?.[1] ?? -1)
        expect(left).toBeGreaterThan(0)
        expect(left).toBeLessThan(30)
        if (viewport === 'desktop') {
          // the channel list beside the chat says so too, while the channel is open
          const beside = reader.page.locator('.channel-list__row', { hasText: '大厅' }).filter({ visible: true }).first().locator('.channel-list__unread')
          await beside.waitFor({ timeout: 5000 })
          expect(await beside.textContent()).toBe(String(left))
        }
        // Home says the same, and it does not come back to 30
        await leaveForHome(reader.page)
        const badge = reader.page.locator('.channel-list__row', { hasText: '大厅' }).filter({ visible: true }).first().locator('.channel-list__unread')
        await badge.waitFor({ timeout: 15000 })
        expect(await badge.textContent()).toBe(String(left))
        await screenshot(reader.page, `chat-partly-read-home-${viewport}`)
      })
    }, 120_000)
  }

  it('a search hit opens the channel at the message with no new-messages bar for what was already read (390×844)', async () => {
    await readerAndWriter('phone', 'chat-search-hit-read-phone', async (reader, token) => {
      const tag = `zr${Date.now().toString(36)}`
      await sendAll(baseUrl(), token, [`周末展厅开放 ${tag}`, ...Array.from({ length: 60 }, (_, index) => `read after ${index + 1} ${tag}`)])
      await messagesWith(reader.page, `read after 60 ${tag}`).waitFor({ timeout: 15000 })
      await waitUntilRead(reader.page)
      await reader.page.goto(`${baseUrl()}/pages/search/index?sid=832828`)
      await reader.page.locator('.search-page__input input, input.search-page__input').filter({ visible: true }).first().fill(`展厅 ${tag}`)
      await reader.page.locator('.search-page__go').filter({ visible: true }).click()
      const hit = reader.page.locator('[data-testid="search-hit"]').filter({ hasText: tag }).filter({ visible: true }).first()
      await hit.waitFor({ timeout: 15000 })
      await hit.click()
      await reader.page.locator('.chat-list__row--found').filter({ visible: true }).first().waitFor({ timeout: 15000 })
      await reader.page.waitForTimeout(1000) // measured rows settle
      // every message below was read: no bar counts new messages, there nor once the newer ones load on scrolling down
      const counting = reader.page.locator('.chat-list__jump--new').filter({ visible: true })
      expect(await counting.count()).toBe(0)
      await reader.page.locator(`#chat-list-${LOBBY}`).evaluate(list => { list.scrollTop = list.scrollHeight })
      await messagesWith(reader.page, `read after 60 ${tag}`).waitFor({ timeout: 15000 })
      await reader.page.waitForTimeout(1000)
      expect(await counting.count()).toBe(0)
      await screenshot(reader.page, 'chat-search-hit-read-phone')
    })
  }, 120_000)

  it('a member who is offline and comes back sees every message, once, and the new-messages bar that jumps to them (390×844)', async () => {
    await readerAndWriter('phone', 'chat-offline-phone', async (reader, token) => {
      const stamp = Date.now().toString(36)
      // enough conversation to read back in, then the reader scrolls up to read it
      const earlier = Array.from({ length: 20 }, (_, index) => `earlier ${index + 1} ${stamp}`)
      await sendAll(baseUrl(), token, earlier)
      await messagesWith(reader.page, earlier[19]).waitFor({ timeout: 10000 })
      await reader.page.waitForTimeout(800)
      const list = reader.page.locator(`#chat-list-${LOBBY}`)
      await list.evaluate(element => { element.scrollTop -= 400 })
      await reader.page.waitForTimeout(600)
      expect(await list.evaluate(element => element.scrollHeight - element.scrollTop - element.clientHeight)).toBeGreaterThan(300)
      // the network goes away: the page says so by itself
      await reader.context.setOffline(true)
      const notice = reader.page.locator('.chat-view__connection').filter({ visible: true })
      await notice.waitFor({ timeout: 10000 })
      expect(await notice.textContent()).toBe('正在重新连接…')
      const missed = Array.from({ length: 8 }, (_, index) => `missed ${index + 1} ${stamp}`)
      await sendAll(baseUrl(), token, missed)
      // back: the connection is restored, the bar counts what was missed and jumps to it
      await reader.context.setOffline(false)
      await notice.waitFor({ state: 'detached', timeout: 20000 })
      const bar = reader.page.locator('.chat-list__jump--new').filter({ visible: true })
      await bar.waitFor({ timeout: 15000 })
      expect(await bar.textContent()).toBe(`${missed.length} 条新消息 ↓`)
      await screenshot(reader.page, 'chat-offline-bar-phone')
      await bar.click()
      await messagesWith(reader.page, missed[0]).waitFor()
      await reader.page.waitForTimeout(600) // measured rows settle
      expect(await onScreen(messagesWith(reader.page, missed[0]).first(), reader.page)).toBe(true)
      // every missed message is there, each once
      const texts = await reader.page.locator('.chat-message__text').allTextContents()
      for (const text of missed) expect(texts.filter(shown => shown === text)).toHaveLength(1)
      await screenshot(reader.page, 'chat-offline-after-phone')
    })
  }, 120_000)

  it('a member who has just joined sees no unread counts on Home for what was written before the join', async () => {
    const member = await joinedMember(browser(), 'phone')
    try {
      await withArtifacts('chat-joined-home', member.tracked, async () => {
        await leaveForHome(member.page)
        expect(await member.page.locator('.channel-list__row').filter({ visible: true }).count()).toBeGreaterThan(1)
        expect(await member.page.locator('.channel-list__unread').filter({ visible: true }).count()).toBe(0)
      })
    } finally {
      await member.context.close().catch(() => undefined)
    }
  }, 60_000)

  describe('with the demo owner', () => {
    let product: RunningProduct
    beforeAll(async () => { product = await startProduct() }, 90_000)
    afterAll(async () => { await stopProduct(product) })

    it('a member kicked while looking sees 你已被移出该社区 and no composer, live', async () => {
      const member = await joinedMember(browser(), 'phone', product.url)
      const owner = await openPage(browser(), 'desktop')
      try {
        await withArtifacts('chat-kicked', member.tracked, async () => {
          await owner.page.goto(`${product.url}${CHAT_CHANNEL_PAGE}`)
          const login = signInSeeded(product, DEMO_OWNER_UID)
          await switchLogin(owner.page, login)
          const { uid } = await loginOf(member.page)
          const response = await fetch(`${product.url}/servers/832828/members/${uid}`, { method: 'DELETE', headers: { authorization: `Bearer ${login.token}` } })
          expect(response.status).toBe(200)
          const notice = member.page.locator('.chat-view__notice--removed').filter({ visible: true })
          await notice.waitFor({ timeout: 10000 })
          expect(await notice.textContent()).toBe('你已被移出该社区')
          expect(await member.page.locator('.chat-composer').filter({ visible: true }).count()).toBe(0)
          expect(await member.page.locator('.chat-view__join').filter({ visible: true }).count()).toBe(0)
          await screenshot(member.page, 'chat-kicked-390x844')
        })
      } finally {
        await owner.context.close().catch(() => undefined)
        await member.context.close().catch(() => undefined)
      }
    }, 120_000)
  })
})
