/**
 * Chat in a discussion channel (issue 16), in real Chromium against the real product:
 * two guests in two browser contexts (a phone and a desktop) join server 832828 and talk
 * in its 大厅 channel (83282802) — each sees the other's message within a second, a
 * reply quotes its original, reactions, edits and deletions arrive live, typing shows,
 * and a phone that loses its network catches up with nothing lost or shown twice.
 * Screenshots of both layouts go to CHAT_SCREENSHOTS (a tmp folder) when it is set.
 */
import { mkdirSync } from 'fs'
import path from 'path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { openPage, withArtifacts, type TrackedPage } from './support/browser'
import { sharedBrowser, urlOf } from './support/app'

const browser = sharedBrowser()
const CHANNEL = '/pages/channel/index?sid=832828&channel_id=83282802'
/** The promise: a message reaches the other member within a second. */
const LIVE_WITHIN_MS = 1000
/** An offline socket is noticed when a heartbeat goes unanswered: up to two 30 s beats. */
const DEAD_SOCKET_NOTICED_MS = 75_000

/** A member's chat page. */
interface Member {
  tracked: TrackedPage
  page: Page
  context: BrowserContext
}

/** Opens the channel as a fresh guest and joins the server through the join bar. */
async function joinedMember (browser: Browser, viewport: 'phone' | 'desktop'): Promise<Member> {
  const tracked = await openPage(browser, viewport)
  if (viewport === 'desktop') await tracked.page.setViewportSize({ width: 1440, height: 900 })
  await tracked.page.goto(urlOf(CHANNEL))
  const join = tracked.page.locator('.chat-view__join-button').filter({ visible: true })
  await join.waitFor()
  await join.click()
  await composer(tracked.page).waitFor()
  return { tracked, page: tracked.page, context: tracked.context }
}

function composer (page: Page) {
  return page.locator('.chat-composer__input textarea').filter({ visible: true }).first()
}

/** Writes and sends a message with the 发送 button. */
async function send (page: Page, text: string): Promise<void> {
  await composer(page).fill(text)
  await page.locator('.chat-composer__send').filter({ visible: true }).click()
}

/** The visible message rows whose text contains `text`. */
function messagesWith (page: Page, text: string) {
  return page.locator('.chat-message').filter({ hasText: text }).filter({ visible: true })
}

/** Opens a message's action bar on a desktop (the ⋯ of the hovered row). */
async function openActions (page: Page, text: string): Promise<void> {
  const row = messagesWith(page, text).first()
  await row.hover()
  await row.locator('.chat-message__more').click()
}

async function screenshot (page: Page, name: string): Promise<void> {
  const folder = process.env.CHAT_SCREENSHOTS
  if (!folder) return
  mkdirSync(folder, { recursive: true })
  await page.screenshot({ path: path.join(folder, `${name}.png`) })
}

describe('chat in a discussion channel', () => {
  it('two members talk live: messages within a second, reply, reactions, edit, delete, typing', async () => {
    const desktop = await joinedMember(browser(), 'desktop')
    const phone = await joinedMember(browser(), 'phone')
    try {
      await withArtifacts('chat-live', desktop.tracked, async () => {
        // typing shows on the other side (the server publishes one typing event per member every 3 s, so this comes first)
        await composer(phone.page).fill('正在写')
        await desktop.page.locator('.chat-view__typing').filter({ hasText: '正在输入' }).waitFor()
        await composer(phone.page).fill('')

        const stamp = Date.now().toString(36)
        const hello = `你好 from desktop ${stamp}`
        await send(desktop.page, hello)
        const start = Date.now()
        await messagesWith(phone.page, hello).waitFor({ timeout: LIVE_WITHIN_MS })
        expect(Date.now() - start).toBeLessThan(LIVE_WITHIN_MS)

        const answer = `phone answers ${stamp}`
        await send(phone.page, answer)
        await messagesWith(desktop.page, answer).waitFor({ timeout: LIVE_WITHIN_MS })

        // a reply quotes its original
        await openActions(desktop.page, answer)
        await desktop.page.locator('.chat-message__action', { hasText: '回复' }).click()
        const reply = `a reply ${stamp}`
        await send(desktop.page, reply)
        const quoted = messagesWith(phone.page, reply).locator('.chat-message__quote')
        await quoted.waitFor()
        expect(await quoted.textContent()).toContain(answer)

        // a reaction shows on both sides, mine highlighted
        await openActions(desktop.page, answer)
        await desktop.page.locator('.chat-message__action--emoji', { hasText: '👍' }).click()
        await messagesWith(desktop.page, answer).locator('.chat-message__reaction--mine', { hasText: '👍 1' }).waitFor()
        await messagesWith(phone.page, answer).locator('.chat-message__reaction', { hasText: '👍 1' }).waitFor()

        // an edit and a deletion arrive live
        await openActions(desktop.page, hello)
        await desktop.page.locator('.chat-message__action', { hasText: '编辑' }).click()
        await composer(desktop.page).fill(`${hello} (fixed)`)
        await desktop.page.locator('.chat-composer__send').click()
        await messagesWith(phone.page, `${hello} (fixed)`).locator('.chat-message__edited').waitFor()

        await openActions(desktop.page, reply)
        await desktop.page.locator('.chat-message__action', { hasText: '删除' }).click()
        await desktop.page.getByText('确定').filter({ visible: true }).first().click()
        await messagesWith(phone.page, reply).waitFor({ state: 'detached' })

        await screenshot(desktop.page, 'chat-1440x900')
        await screenshot(phone.page, 'chat-390x844')
      })
    } finally {
      await phone.context.close().catch(() => undefined)
    }
  })

  it('a phone that goes offline catches up with nothing lost or twice', async () => {
    const desktop = await joinedMember(browser(), 'desktop')
    const phone = await joinedMember(browser(), 'phone')
    try {
      await withArtifacts('chat-offline', phone.tracked, async () => {
        const stamp = Date.now().toString(36)
        await send(desktop.page, `before ${stamp}`)
        await messagesWith(phone.page, `before ${stamp}`).waitFor()
        await phone.context.setOffline(true)
        await phone.page.locator('.chat-view__connection').filter({ hasText: /重新连接|正在连接/ }).waitFor({ timeout: DEAD_SOCKET_NOTICED_MS })
        const missed = [1, 2, 3].map(n => `missed ${n} ${stamp}`)
        for (const text of missed) {
          await send(desktop.page, text)
          await messagesWith(desktop.page, text).locator('.chat-message__state').waitFor({ state: 'detached' })
        }
        await phone.context.setOffline(false)
        for (const text of missed) await messagesWith(phone.page, text).waitFor({ timeout: 30000 })
        await phone.page.waitForTimeout(500)
        for (const text of [`before ${stamp}`, ...missed]) expect(await messagesWith(phone.page, text).count()).toBe(1)
        await phone.page.locator('.chat-view__connection').waitFor({ state: 'detached' })
      })
    } finally {
      await desktop.context.close().catch(() => undefined)
    }
  }, 180_000)
})
