/**
 * Slow mode in real Chromium against the real product (a product of this file's own, so its
 * setting never reaches another file's chat): the demo server's owner (a moderator: ManageChannels)
 * turns slow mode on for 大厅 in the channel settings; a member's composer, open since
 * before, says so live; they send once and see the countdown with 发送 held; a second send
 * (straight to the API, as a second tab would) is refused in words, and after a reload the
 * countdown is still there; the owner, exempt, sends two messages in a row. Screenshots of
 * the member's composer at 390×844 and 1440×900 go to SLOW_MODE_SCREENSHOTS when it is set.
 */
import { SERVER_CODES } from '@core/wire/codes'
import { screenshotsAtBothSizes, withArtifacts } from './support/browser'
import { sharedBrowser } from './support/app'
import { CHAT_CHANNEL_PAGE, LIVE_WITHIN_MS, composer, joinedMember, loginOf, messagesWith, ownerPage, send } from './support/chat'
import { startProduct, stopProduct, type RunningProduct } from './support/product'

const browser = sharedBrowser()

describe('slow mode in a chat channel', () => {
  let product: RunningProduct
  beforeAll(async () => { product = await startProduct() }, 90_000)
  afterAll(async () => { await stopProduct(product) })

  it('a moderator turns it on, a member sees it live, sends once, waits out the countdown; a second send is refused; the moderator sends freely', async () => {
    const member = await joinedMember(browser(), 'phone', product.url)
    const owner = await ownerPage(browser(), product)
    try {
      await withArtifacts('slow-mode', member.tracked, async () => {
        const slowLine = member.page.locator('.chat-composer__slow-mode').filter({ visible: true })
        expect(await slowLine.count()).toBe(0)

        // the owner sets 30 秒 on 大厅 in the channel settings
        await owner.page.goto(`${product.url}/pages/server-settings/index?sid=832828`)
        await owner.page.locator('.server-settings__tabs .settings-choice__chip', { hasText: '频道' }).click()
        const lobby = owner.page.locator('.server-settings__channel').filter({ has: owner.page.locator('.server-settings__row-name', { hasText: /^大厅$/ }) }).first()
        await lobby.locator('.server-settings__row-head').click()
        await lobby.getByText('慢速模式', { exact: true }).waitFor()
        await lobby.locator('.settings-choice__chip', { hasText: /^30 秒$/ }).click()
        await lobby.locator('.settings-choice__chip--chosen', { hasText: /^30 秒$/ }).waitFor()
        await screenshotsAtBothSizes(owner.page, 'SLOW_MODE_SCREENSHOTS', 'slow-mode', 'settings', 400)

        // the member's composer, open since before, says so live
        await slowLine.waitFor({ timeout: LIVE_WITHIN_MS * 5 })
        expect(await slowLine.innerText()).toContain('慢速模式已开启：每 30 秒可发一条')

        // one message goes out, then the countdown holds 发送
        const first = `慢一点 ${Date.now().toString(36)}`
        await send(member.page, first)
        await messagesWith(member.page, first).waitFor()
        const wait = member.page.locator('.chat-composer__slow-mode-wait').filter({ visible: true })
        await wait.waitFor()
        expect(await wait.innerText()).toMatch(/^还需等待 (2\d|30) 秒$/)
        await composer(member.page).fill('第二条')
        const sendButton = member.page.locator('.chat-composer__send').filter({ visible: true })
        expect(await sendButton.getAttribute('disabled')).not.toBeNull()
        await screenshotsAtBothSizes(member.page, 'SLOW_MODE_SCREENSHOTS', 'slow-mode', 'countdown', 400)

        // a second send from elsewhere (another tab, a retry under a new nonce) is refused in words, writing nothing
        const { token } = await loginOf(member.page)
        const refused = await fetch(`${product.url}/channels/83282802/messages`, {
          method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ content: '第二条', nonce: `second-${Date.now()}` }),
        })
        expect(refused.status).toBe(429)
        const envelope = await refused.json() as { code: number, msg: string }
        expect(envelope.code).toBe(SERVER_CODES.SLOW_MODE_WAIT)
        expect(envelope.msg).toMatch(/^慢速模式已开启，还需等待 \d+ 秒才能再发言$/)
        expect(await messagesWith(owner.page, '第二条').count()).toBe(0)

        // a reload keeps the countdown: the wait is the server's
        await member.page.reload()
        await wait.waitFor({ timeout: 15000 })
        expect(await wait.innerText()).toMatch(/^还需等待 (1\d|2\d|30) 秒$/)

        // the owner is exempt: two messages in a row
        await owner.page.goto(`${product.url}${CHAT_CHANNEL_PAGE}`)
        const ownerLine = owner.page.locator('.chat-composer__slow-mode').filter({ visible: true })
        await ownerLine.waitFor()
        expect(await ownerLine.innerText()).toBe('慢速模式已开启（你不受限制）')
        for (const text of ['管理员一', '管理员二']) {
          await send(owner.page, text)
          await messagesWith(member.page, text).waitFor({ timeout: LIVE_WITHIN_MS * 5 })
        }
        expect(await owner.page.locator('.chat-composer__slow-mode-wait').filter({ visible: true }).count()).toBe(0)
        await screenshotsAtBothSizes(owner.page, 'SLOW_MODE_SCREENSHOTS', 'slow-mode', 'moderator', 400)
      })
    } finally {
      await owner.context.close().catch(() => undefined)
      await member.context.close().catch(() => undefined)
    }
  })
})
