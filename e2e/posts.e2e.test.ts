/**
 * Posts and live chat in real Chromium: a member writes a post with two
 * images uploaded through the storage token to the reference upload host, a second
 * member comments and the first sees it arrive without reloading, likes are highlighted,
 * images open in the full-screen viewer; on a broadcast on air two members chat, and a
 * broadcast whose comment flag is 2 has no composer and says why; the author edits a post
 * and a commenter their comment, and a channel and a post open from the
 * keyboard. Screenshots of each
 * page at 390×844 and 1440×900 land in e2e/artifacts/posts-*.png.
 */
import { mkdirSync } from 'fs'
import path from 'path'
import type { Browser, Page } from 'playwright-core'
import { openPage as openTrackedPage, withArtifacts, type TrackedPage } from './support/browser'
import { openAsMember, seeText, sharedBrowser, urlOf } from './support/app'

const SERVER = '832828'
const POST_CHANNEL = '83282804'
/** Seeded items of the busy server: on air taking comments, on air with comments off (flag 2), both in the live-banner channel. */
const LIVE_CHANNEL = '83282808'
const ON_AIR = '832828-live-02'
const COMMENTS_OFF = '832828-live-08'

/** A real 1×1 PNG (the upload host and the viewer both read it). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

const SHOTS = path.resolve(__dirname, 'artifacts')

/** A screenshot of the page as it is now, at its viewport and again at 1440×900. */
async function screenshots (page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, `posts-${name}-390x844.png`) })
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.waitForTimeout(300)
  await page.screenshot({ path: path.join(SHOTS, `posts-${name}-1440x900.png`) })
  await page.setViewportSize({ width: 390, height: 844 })
}

/** Opens `pagePath` as a fresh guest and makes that guest a member of the busy server. */
function asMember (tracked: TrackedPage, pagePath: string): Promise<void> {
  return openAsMember(tracked.page, pagePath, SERVER)
}

/** Two members, each in a page of their own, for one journey; artifacts on failure. */
async function twoMembers (browser: Browser, name: string, pagePath: string, run: (first: Page, second: Page) => Promise<void>): Promise<void> {
  const first = await openTrackedPage(browser, 'phone')
  const second = await openTrackedPage(browser, 'phone')
  await withArtifacts(`${name}-second`, second, () => withArtifacts(`${name}-first`, first, async () => {
    await asMember(first, pagePath)
    await asMember(second, pagePath)
    await run(first.page, second.page)
  }))
}

/** The busy server's post channel. */
const POST_CHANNEL_PAGE = `/pages/channel/index?sid=${SERVER}&channel_id=${POST_CHANNEL}`

/** Opens the post composer on the post channel's page and types a title and text. */
async function openComposer (page: Page, title: string, text: string): Promise<void> {
  await page.locator('.post-card').first().waitFor()
  await page.locator('.channel-page__write').click()
  await page.locator('.post-composer .post-fields__title input').fill(title)
  await page.locator('.post-composer .post-fields__content textarea').fill(text)
}

const browser = sharedBrowser()

/** The author writes a post, and both open its page (the reader through the live "new posts" bar). */
async function bothOpenNewPost (author: Page, reader: Page, title: string, text: string): Promise<void> {
  await openComposer(author, title, text)
  await author.locator('.post-composer__send').click()
  await author.locator('.post-card__title', { hasText: title }).click()
  await author.locator('.post-page__title', { hasText: title }).waitFor()
  await reader.locator('.channel-page__incoming').click()
  await reader.locator('.post-card__title', { hasText: title }).click()
  await reader.locator('.post-page__title', { hasText: title }).waitFor()
}

describe('posts', () => {
  it('writes a post with two uploaded images, gets a live comment from another member, likes it and opens the viewer', async () => {
    const title = `e2e 作品 ${Date.now()}`
    await twoMembers(browser(), 'posts-write', POST_CHANNEL_PAGE, async (author, reader) => {
      await openComposer(author, title, '两张图，一段话。')
      const chooser = author.waitForEvent('filechooser')
      await author.locator('.post-composer__add').click()
      await (await chooser).setFiles([
        { name: 'a.png', mimeType: 'image/png', buffer: PNG },
        { name: 'b.png', mimeType: 'image/png', buffer: PNG },
      ])
      await author.locator('.post-composer__image--done').nth(1).waitFor({ timeout: 20000 })
      await screenshots(author, 'composer')
      await author.locator('.post-composer__send').click()
      await author.locator('.post-card__title', { hasText: title }).waitFor()

      // the reader's list holds the new post behind the bar until it is tapped
      await reader.locator('.channel-page__incoming').waitFor()
      await reader.locator('.channel-page__incoming').click()
      await reader.locator('.post-card__title', { hasText: title }).click()
      await reader.locator('.post-page__title', { hasText: title }).waitFor()
      await author.locator('.post-card__title', { hasText: title }).click()
      await author.locator('.post-page__title', { hasText: title }).waitFor()
      expect(await author.locator('.post-page__image').count()).toBe(2)

      await reader.locator('.post-page .comment-bar__input input').fill('拍得真好')
      await reader.locator('.post-page .comment-bar__send').click()
      await author.locator('.post-page__comment-text', { hasText: '拍得真好' }).waitFor() // live, no reload

      await reader.locator('.post-page__like').click()
      await reader.locator('.post-page__like[aria-pressed="true"]').waitFor()
      await author.locator('.post-page__like', { hasText: '1 赞' }).waitFor()
      await screenshots(author, 'post')

      await author.locator('.post-page__image').first().click()
      await author.locator('.preview-image').waitFor()
      await screenshots(author, 'viewer')
    })
  })
})

describe('editing and the keyboard (19)', () => {
  it('lets the author edit a post in place: a refused title told under its field, the saved edit live on a reader\'s page', async () => {
    const title = `e2e 待改 ${Date.now()}`
    await twoMembers(browser(), 'posts-edit', POST_CHANNEL_PAGE, async (author, reader) => {
      await bothOpenNewPost(author, reader, title, '第一稿')
      expect(await reader.locator('.post-page__edit-open').count()).toBe(0) // only the author edits

      await author.locator('.post-page__edit-open').click()
      await author.locator('.post-page__edit .post-fields__title input').fill('违禁标题')
      await author.locator('.post-page__edit-save').click()
      await author.locator('.post-page__edit .post-fields__error', { hasText: '标题未通过审核' }).waitFor()
      expect(await author.locator('.post-page__edit .post-fields__title input').inputValue()).toBe('违禁标题') // nothing typed is lost
      await reader.locator('.post-page__title', { hasText: title }).waitFor() // nothing was written
      await screenshots(author, 'post-edit-refused')

      const edited = `${title} 改`
      await author.locator('.post-page__edit .post-fields__title input').fill(edited)
      await author.locator('.post-page__edit .post-fields__content textarea').fill('第二稿')
      await author.locator('.post-page__edit-save').click()
      await author.locator('.post-page__title', { hasText: edited }).waitFor()
      await reader.locator('.post-page__title', { hasText: edited }).waitFor() // POST_UPDATE, no reload
      await seeText(reader, '第二稿')
      await seeText(reader, '已编辑')
      await screenshots(author, 'post-edited')
    })
  })

  it("lets a commenter edit their own comment in the comment bar: a refusal told there with the text kept, the saved edit live on the author's page", async () => {
    const title = `e2e 评论待改 ${Date.now()}`
    await twoMembers(browser(), 'comment-edit', POST_CHANNEL_PAGE, async (author, reader) => {
      await bothOpenNewPost(author, reader, title, '请评论')
      await reader.locator('.post-page .comment-bar__input input').fill('第一句评论')
      await reader.locator('.post-page .comment-bar__send').click()
      await author.locator('.post-page__comment-text', { hasText: '第一句评论' }).waitFor()
      expect(await author.locator('.post-page__comment-edit').count()).toBe(0) // only its author edits a comment

      await reader.locator('.post-page__comment-edit').click()
      const input = reader.locator('.post-page .comment-bar__input input')
      expect(await input.inputValue()).toBe('第一句评论')
      await reader.locator('.post-page__editing').waitFor()
      await input.fill('来赌博吧')
      await reader.locator('.post-page .comment-bar__send', { hasText: '保存' }).click()
      await reader.locator('.post-page .comment-bar__error', { hasText: '未通过审核' }).waitFor()
      expect(await input.inputValue()).toBe('来赌博吧') // nothing typed is lost
      await author.locator('.post-page__comment-text', { hasText: '第一句评论' }).waitFor() // nothing was written
      await input.fill('改过的评论')
      await reader.locator(".post-page .comment-bar__send:is(:not([disabled]), [disabled='false'])").waitFor()
      await screenshots(reader, 'comment-editing')

      await reader.locator('.post-page .comment-bar__send', { hasText: '保存' }).click()
      await reader.locator('.post-page__comment-text', { hasText: '改过的评论' }).waitFor()
      // the bar empties for a new comment (the H5 input takes its new value a moment after the list shows the edit)
      await reader.waitForFunction(() => (document.querySelector('.post-page .comment-bar__input input') as HTMLInputElement | null)?.value === '')
      await author.locator('.post-page__comment-text', { hasText: '改过的评论' }).waitFor() // COMMENT_UPDATE, no reload
      await author.locator('.post-page__comment .post-page__edited').waitFor()
      expect(await author.locator('.post-page__comment-text', { hasText: '第一句评论' }).count()).toBe(0)
      await screenshots(author, 'comment-edited')
    })
  })

  it('opens a channel from the keyboard: Tab reaches its row, the row shows a focus ring, Enter opens it', async () => {
    const tracked = await openTrackedPage(browser(), 'phone')
    await withArtifacts('keyboard-channel', tracked, async () => {
      const { page } = tracked
      await page.goto(urlOf(`/index.html?sid=${SERVER}`))
      const row = page.locator('.channel-list__row', { hasText: '作品' }).first()
      await row.waitFor()
      let reached = false
      for (let presses = 0; presses < 60 && !reached; presses += 1) {
        await page.keyboard.press('Tab')
        reached = await row.evaluate(element => element === document.activeElement)
      }
      expect(reached).toBe(true)
      expect(await row.getAttribute('role')).toBe('button')
      expect(await row.evaluate(element => getComputedStyle(element).outlineStyle)).toBe('solid')
      await page.keyboard.press('Enter')
      await page.waitForURL(url => url.searchParams.get('channel_id') === POST_CHANNEL)
      await page.locator('.post-card').first().waitFor()
      // and a post from the keyboard too
      await page.locator('.post-card__open').first().focus()
      await page.keyboard.press('Enter')
      await page.locator('.post-page__title').waitFor()
    })
  })
})

describe('live chat', () => {
  it('carries a comment between two members on an item on air', async () => {
    await twoMembers(browser(), 'live-chat', `/pages/channel/index?sid=${SERVER}&channel_id=${LIVE_CHANNEL}&live_id=${ON_AIR}`, async (first, second) => {
      await first.locator('.live-chat .comment-bar').waitFor()
      await second.locator('.live-chat .comment-bar').waitFor()
      await first.locator('.live-chat .comment-bar__input input').fill('主播晚上好')
      await first.locator('.live-chat .comment-bar__send').click()
      await second.locator('.live-chat__text', { hasText: '主播晚上好' }).waitFor()
      await second.locator('.live-chat-overlay__line', { hasText: '主播晚上好' }).waitFor()
      await screenshots(second, 'live-chat')
    })
  })

  it('has no composer and says why on a broadcast whose comments are off', async () => {
    const tracked = await openTrackedPage(browser(), 'phone')
    await withArtifacts('live-chat-off', tracked, async () => {
      await asMember(tracked, `/pages/channel/index?sid=${SERVER}&channel_id=${LIVE_CHANNEL}&live_id=${COMMENTS_OFF}`)
      await seeText(tracked.page, '本场直播已关闭评论')
      expect(await tracked.page.locator('.live-chat .comment-bar').count()).toBe(0)
      await screenshots(tracked.page, 'live-chat-off')
    })
  })
})
