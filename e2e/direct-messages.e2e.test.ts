/**
 * Direct messages (私信) in real Chromium against the real product: three fresh
 * guests join server 832828. A starts a conversation with B from B's sheet on the member
 * list and writes; B sees it arrive live on the 私信 list and in the conversation. C, a
 * member of the same server, neither sees it (the conversation's link reads as not found
 * for C) nor receives it (no frame of C's socket carries it). B blocks A from A's sheet,
 * and A's next message is refused in words ("cannot send"), never reaching B.
 * On Home, B's header offers 私信 with its unread count; a message A writes while B is elsewhere
 * shows as one notice (a burst coalesces) with who and the first words, and a tap opens the
 * conversation, where A's next message brings no notice.
 * Screenshots of the 私信 list, the conversation page, Home's entry and the notice go to DM_SCREENSHOTS (a tmp folder) when it is set.
 */
import type { Page } from 'playwright-core'
import { screenshotsAtBothSizes, withArtifacts } from './support/browser'
import { baseUrl, sharedBrowser } from './support/app'
import { LIVE_WITHIN_MS, callAs, composer, joinedMember, loginOf, messagesWith, send, type ChatMember } from './support/chat'

const browser = sharedBrowser()
const SERVER = '832828'

/** The signed-in guest's uid and nickname as the app keeps them (Taro's storage: `{data: <JSON text>}` under `…:login`). */
function whoIs (page: Page): Promise<{ uid: string, nickname: string }> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find(name => name.endsWith(':login')) as string
    const login = JSON.parse(JSON.parse(localStorage.getItem(key) as string).data) as { user: { uid: string, nickname: string } }
    return { uid: login.user.uid, nickname: login.user.nickname }
  })
}

/** Opens `member`'s sheet on the server's member list. */
async function openSheetOf (page: Page, nickname: string): Promise<void> {
  await page.goto(`${baseUrl()}/pages/members/index?sid=${SERVER}`)
  await page.locator('.members-page .member-row').filter({ hasText: nickname }).filter({ visible: true }).first().click()
  await page.locator('[data-testid="member-sheet"]').filter({ visible: true }).waitFor()
}

/** Screenshots of the page at 390×844 and 1440×900 into DM_SCREENSHOTS as dm-<name>-<w>x<h>.png (the list settles its measured rows). */
function screenshots (page: Page, name: string): Promise<void> {
  return screenshotsAtBothSizes(page, 'DM_SCREENSHOTS', 'dm', name, 400)
}

describe('direct messages', () => {
  it('A messages B privately and B sees it live; C of the same server neither sees nor receives it; after B blocks A, A is told "cannot send"', async () => {
    const a = await joinedMember(browser(), 'phone')
    const b = await joinedMember(browser(), 'desktop')
    const c = await joinedMember(browser(), 'phone')
    const others: ChatMember[] = [b, c]
    try {
      await withArtifacts('direct-messages', a.tracked, async () => {
        const [who, bWho, cWho] = await Promise.all([whoIs(a.page), whoIs(b.page), whoIs(c.page)])
        expect(new Set([who.uid, bWho.uid, cWho.uid]).size).toBe(3)
        // everything C's socket receives from here on (the page is shown again to open a socket that is watched)
        const cFrames: string[] = []
        c.page.on('websocket', socket => socket.on('framereceived', frame => cFrames.push(String(frame.payload))))
        await c.page.reload()
        await composer(c.page).waitFor()

        // B looks at their 私信 list, empty so far
        await b.page.goto(`${baseUrl()}/pages/conversations/index?sid=${SERVER}`)
        await b.page.getByText('还没有私信').filter({ visible: true }).waitFor()

        // A starts the conversation from B's sheet and writes
        await openSheetOf(a.page, bWho.nickname)
        await a.page.locator('[data-testid="member-sheet-message"]').filter({ visible: true }).click()
        await a.page.waitForURL(/\/pages\/conversation\/index\?.*conversation_id=/)
        await a.page.locator('.page-header__title', { hasText: bWho.nickname }).filter({ visible: true }).waitFor()
        await composer(a.page).waitFor()
        const conversationId = new URL(a.page.url()).searchParams.get('conversation_id') as string
        const stamp = Date.now().toString(36)
        const first = `悄悄话 ${stamp}`
        await send(a.page, first)

        // B's list shows it live, counted unread; the conversation shows it
        const row = b.page.locator('[data-testid="conversation-row"]').filter({ hasText: first })
        await row.waitFor()
        expect(await row.locator('.conversations__badge').textContent()).toBe('1')
        await screenshots(b.page, 'list')
        await row.click()
        await messagesWith(b.page, first).waitFor()
        const second = `还在吗 ${stamp}`
        await send(a.page, second)
        const sent = Date.now()
        await messagesWith(b.page, second).waitFor({ timeout: LIVE_WITHIN_MS })
        expect(Date.now() - sent).toBeLessThan(LIVE_WITHIN_MS)
        // B answers; A sees it live
        const answer = `在的 ${stamp}`
        await send(b.page, answer)
        await messagesWith(a.page, answer).waitFor({ timeout: LIVE_WITHIN_MS })
        await screenshots(b.page, 'conversation')

        // C: nothing on the 私信 list, the conversation's own link is not found, and no frame carried the messages
        await c.page.goto(`${baseUrl()}/pages/conversations/index?sid=${SERVER}`)
        await c.page.getByText('还没有私信').filter({ visible: true }).waitFor()
        await c.page.goto(`${baseUrl()}/pages/conversation/index?conversation_id=${conversationId}`)
        await c.page.getByText('找不到这个私信').filter({ visible: true }).waitFor()
        expect(await c.page.getByText(first).count()).toBe(0)
        expect(cFrames.length).toBeGreaterThan(0)
        expect(cFrames.filter(frame => frame.includes(stamp) || frame.includes(conversationId))).toEqual([])

        // B blocks A from A's sheet
        await openSheetOf(b.page, who.nickname)
        await b.page.locator('[data-testid="member-sheet-block"]', { hasText: '屏蔽' }).filter({ visible: true }).click()
        await b.page.getByText('确定').filter({ visible: true }).first().click()
        await b.page.locator('[data-testid="member-sheet-block"]', { hasText: '取消屏蔽' }).filter({ visible: true }).waitFor()
        await b.page.goto(`${baseUrl()}/pages/conversation/index?conversation_id=${conversationId}`)
        await messagesWith(b.page, answer).waitFor()

        // A's next message is refused in words, and never reaches B
        const refused = `被拒绝 ${stamp}`
        await send(a.page, refused)
        const refusal = messagesWith(a.page, refused).locator('[data-testid="chat-message-refusal"]')
        await refusal.waitFor()
        expect(await refusal.textContent()).toBe('无法向对方发送私信')
        await screenshots(a.page, 'refused')
        await b.page.waitForTimeout(LIVE_WITHIN_MS)
        expect(await b.page.getByText(refused).count()).toBe(0)
      })
    } finally {
      await Promise.all(others.map(member => member.context.close().catch(() => undefined)))
    }
  }, 120_000)

  it('B on Home is told of A\'s direct messages in one notice with who and the first words, 私信 counts them, and the notice opens the conversation, where the next one brings none', async () => {
    const a = await joinedMember(browser(), 'phone')
    const b = await joinedMember(browser(), 'phone')
    try {
      await withArtifacts('direct-message-notice', b.tracked, async () => {
        const [aLogin, bLogin] = await Promise.all([loginOf(a.page), loginOf(b.page)])
        const page = b.page
        await page.goto(`${baseUrl()}/index.html?sid=${SERVER}`)
        const entry = page.locator('.inbox-entries__button--dm').filter({ visible: true })
        await entry.waitFor()
        expect(await entry.textContent()).toBe('私信')
        await page.locator('.inbox-entries__button--inbox').filter({ visible: true }).waitFor()
        await screenshots(page, 'home-entry')
        await page.goto(`${baseUrl()}/index.html?sid=${SERVER}&hl=en`)
        await page.locator('.inbox-entries__button--dm', { hasText: 'Messages' }).filter({ visible: true }).waitFor()
        await screenshots(page, 'home-entry-en')
        await page.goto(`${baseUrl()}/index.html?sid=${SERVER}`)
        await entry.waitFor()

        // A writes three messages in a row while B is on Home: one notice stands for them
        const conversation = await callAs<{ conversation_id: string }>(baseUrl(), aLogin.token, 'POST', '/conversations/direct', { uid: bLogin.uid })
        const stamp = Date.now().toString(36)
        const words = [`周末一起去展厅吗 ${stamp}`, `我买好票了 ${stamp}`, `下午两点见 ${stamp}`]
        for (const [index, content] of words.entries()) {
          await callAs(baseUrl(), aLogin.token, 'POST', `/conversations/${conversation.conversation_id}/messages`, { content, nonce: `${stamp}-${index}` })
        }
        const notice = page.locator('[data-testid="dm-notice"]').filter({ visible: true })
        await notice.filter({ hasText: words[2] }).waitFor({ timeout: LIVE_WITHIN_MS * 5 })
        expect(await notice.count()).toBe(1)
        expect(await notice.locator('.dm-notice__who').textContent()).toBe(`${aLogin.nickname} 发来 3 条私信`)
        expect(await entry.locator('[data-testid="dm-entry-badge"]').textContent()).toBe('3')
        await screenshots(page, 'notice')

        // a tap opens the conversation; there, A's next message shows in the chat and brings no notice
        await notice.locator('.dm-notice__body').click()
        await page.waitForURL(new RegExp(`conversation_id=${conversation.conversation_id}`))
        await messagesWith(page, words[2]).waitFor()
        expect(await notice.count()).toBe(0)
        const next = `到了吗 ${stamp}`
        await callAs(baseUrl(), aLogin.token, 'POST', `/conversations/${conversation.conversation_id}/messages`, { content: next, nonce: `${stamp}-next` })
        await messagesWith(page, next).waitFor({ timeout: LIVE_WITHIN_MS * 5 })
        await page.waitForTimeout(300)
        expect(await page.locator('[data-testid="dm-notice"]').count()).toBe(0)
      })
    } finally {
      await a.context.close().catch(() => undefined)
    }
  }, 120_000)
})
