/**
 * Chat in a discussion channel, in real Chromium against the real product:
 * two guests in two browser contexts (a phone and a desktop) join server 832828 and talk
 * in its 大厅 channel (83282802) — each sees the other's message within a second, a
 * reply quotes its original, reactions, edits and deletions arrive live, typing shows,
 * and a phone that loses its network catches up with nothing lost or shown twice.
 * A picture goes up through the real upload host and shows as a thumbnail
 * that opens the viewer. A moderator (the demo servers' owner, signed in by a
 * session written into a product of this file's own) deletes a member's message and
 * the author's page drops it live; a timed-out member sees until when instead of the
 * composer. What a member was writing waits for them when they come back or reload.
 * Screenshots go to CHAT_SCREENSHOTS (a tmp folder) when it is set.
 */
import { mkdirSync } from 'fs'
import path from 'path'
import { deflateSync } from 'zlib'
import type { Page } from 'playwright-core'
import { withArtifacts } from './support/browser'
import { baseUrl, sharedBrowser } from './support/app'
import { CHAT_CHANNEL_PAGE, LIVE_WITHIN_MS, composer, joinedMember, loginOf, messagesWith, openActions, ownerPage, send } from './support/chat'
import { startProduct, stopProduct, type RunningProduct } from './support/product'

const browser = sharedBrowser()
/** An offline socket is noticed when a heartbeat goes unanswered: up to two 30 s beats. */
const DEAD_SOCKET_NOTICED_MS = 75_000

async function screenshot (page: Page, name: string): Promise<void> {
  const folder = process.env.CHAT_SCREENSHOTS
  if (!folder) return
  mkdirSync(folder, { recursive: true })
  await page.screenshot({ path: path.join(folder, `${name}.png`) })
}

/** Screenshots of the page at 390×844 and 1440×900, in Chinese and again under hl=en (the page is reloaded in English, then left so). */
async function screenshotsBothWays (page: Page, name: string, ready: string): Promise<void> {
  if (!process.env.CHAT_SCREENSHOTS) return
  for (const language of ['zh-CN', 'en']) {
    if (language === 'en') {
      const url = new URL(page.url())
      url.searchParams.set('hl', 'en')
      await page.goto(url.toString())
    }
    for (const [width, height] of [[390, 844], [1440, 900]]) {
      await page.setViewportSize({ width, height })
      await page.locator(ready).filter({ visible: true }).first().waitFor()
      await page.waitForTimeout(400) // the list settles its measured rows
      await screenshot(page, `${name}-${language}-${width}x${height}`)
    }
  }
}

/** Checksums of PNG chunks (CRC-32, the PNG specification's polynomial). */
function crc32 (bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return (crc ^ 0xffffffff) >>> 0
}

/** A real PNG of `width`×`height` with a colour gradient, so the thumbnail and the viewer show something. */
function gradientPng (width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1)
    for (let x = 0; x < width; x += 1) rows.set([Math.round(255 * x / width), Math.round(160 * y / height) + 60, 200], row + 1 + x * 3)
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))])
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

  it('keeps what a member was writing when they leave the channel, come back and reload; sending it clears it', async () => {
    const phone = await joinedMember(browser(), 'phone')
    await withArtifacts('chat-draft', phone.tracked, async () => {
      const text = `写到一半 ${Date.now().toString(36)}`
      await composer(phone.page).fill(text)
      await phone.page.locator('.page-header__back').filter({ visible: true }).first().click()
      await composer(phone.page).waitFor({ state: 'detached' })
      await phone.page.goto(`${baseUrl()}${CHAT_CHANNEL_PAGE}`)
      await composer(phone.page).waitFor()
      expect(await composer(phone.page).inputValue()).toBe(text)
      await phone.page.reload()
      await composer(phone.page).waitFor()
      expect(await composer(phone.page).inputValue()).toBe(text)
      await phone.page.locator('.chat-composer__send').filter({ visible: true }).click()
      await messagesWith(phone.page, text).locator('.chat-message__state').waitFor({ state: 'detached' })
      await phone.page.reload()
      await messagesWith(phone.page, text).waitFor()
      expect(await composer(phone.page).inputValue()).toBe('')
    })
  })
})

describe('pictures in chat messages', () => {
  it('sends a picture through the real upload host; the other member sees it sized before it loads and opens the viewer', async () => {
    const desktop = await joinedMember(browser(), 'desktop')
    const phone = await joinedMember(browser(), 'phone')
    try {
      await withArtifacts('chat-picture', phone.tracked, async () => {
        const caption = `看这张图 ${Date.now().toString(36)}`
        const chooser = phone.page.waitForEvent('filechooser')
        await phone.page.locator('.chat-composer__attach').filter({ visible: true }).click()
        await (await chooser).setFiles([{ name: 'sunset.png', mimeType: 'image/png', buffer: gradientPng(640, 400) }])
        await phone.page.locator('.chat-composer__image--done').waitFor({ timeout: 20000 })
        await screenshot(phone.page, 'chat-composer-picture-zh-CN-390x844')
        await send(phone.page, caption)
        const thumbnail = messagesWith(desktop.page, caption).locator('.chat-message__image')
        await thumbnail.waitFor({ timeout: 5000 })
        const box = await thumbnail.boundingBox()
        expect(box).not.toBeNull()
        expect(Math.round((box?.width ?? 0) / (box?.height ?? 1) * 10)).toBe(16) // 640×400 keeps its shape
        await messagesWith(phone.page, caption).locator('.chat-message__state').waitFor({ state: 'detached' })
        await screenshotsBothWays(desktop.page, 'chat-picture', '.chat-message__image')
        await messagesWith(phone.page, caption).locator('.chat-message__image').click()
        // the chat's own viewer (H5): the picture, its counter and a way to close it
        await phone.page.locator('.chat-image-viewer__image').waitFor()
        expect(await phone.page.locator('.chat-image-viewer__counter').textContent()).toBe('1 / 1')
        await phone.page.locator('.chat-image-viewer__close').click()
        await phone.page.locator('.chat-image-viewer').waitFor({ state: 'detached' })
      })
    } finally {
      await phone.context.close().catch(() => undefined)
      await desktop.context.close().catch(() => undefined)
    }
  })
})

describe('moderation in the chat', () => {
  let product: RunningProduct
  beforeAll(async () => { product = await startProduct() }, 90_000)
  afterAll(async () => { await stopProduct(product) })

  it('a moderator deletes a member\'s message and it leaves the author\'s page live; a timed-out member sees until when', async () => {
    const owner = await ownerPage(browser(), product)
    const author = await joinedMember(browser(), 'phone', product.url)
    try {
      await withArtifacts('chat-moderation', author.tracked, async () => {
        const text = `please remove ${Date.now().toString(36)}`
        await send(author.page, text)
        await messagesWith(owner.page, text).waitFor({ timeout: LIVE_WITHIN_MS * 5 })
        await openActions(owner.page, text)
        await owner.page.locator('.chat-message__action', { hasText: '删除' }).click()
        await owner.page.getByText('确定').filter({ visible: true }).first().click()
        await messagesWith(author.page, text).waitFor({ state: 'detached', timeout: LIVE_WITHIN_MS * 5 })
        await messagesWith(owner.page, text).waitFor({ state: 'detached' })

        // the owner times the author out through the API; the author's composer gives way to the notice, live
        const { uid } = await loginOf(author.page)
        const { token } = await loginOf(owner.page)
        const until = Math.floor(Date.now() / 1000) + 3600
        const response = await fetch(`${product.url}/servers/832828/members/${uid}/timeout`, {
          method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ until }),
        })
        expect(response.status).toBe(200)
        const notice = author.page.locator('.chat-view__notice--timeout').filter({ visible: true })
        await notice.waitFor({ timeout: 10000 })
        expect(await notice.textContent()).toMatch(/^你已被禁言至 (今天|明天) \d\d:\d\d$/)
        expect(await author.page.locator('.chat-composer').filter({ visible: true }).count()).toBe(0)
        await screenshotsBothWays(author.page, 'chat-timed-out', '.chat-view__notice--timeout')
        // the same notice in the link's language (hl=en), whether or not the screenshots were taken
        const english = new URL(author.page.url())
        english.searchParams.set('hl', 'en')
        await author.page.goto(english.toString())
        await notice.waitFor({ timeout: 10000 })
        expect(await notice.textContent()).toMatch(/^You are timed out until (Today|Tomorrow) \d\d:\d\d$/)
      })
    } finally {
      await owner.context.close().catch(() => undefined)
      await author.context.close().catch(() => undefined)
    }
  })
})
