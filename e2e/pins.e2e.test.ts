/**
 * Pins (精华) in a discussion channel, in real Chromium against the real product: the demo
 * servers' owner (a moderator, on a desktop) pins a member's message from its action bar;
 * the member (a fresh guest on a phone) has the 精华消息 panel open and sees the pin arrive
 * live, then the system line in the chat; a tap on the pin opens the channel at the message;
 * when the owner deletes the message it leaves the member's list live. Screenshots go to
 * PINS_SCREENSHOTS (a tmp folder) when it is set, at 390×844 and 1440×900.
 */
import { screenshotsAtBothSizes, withArtifacts } from './support/browser'
import { sharedBrowser } from './support/app'
import { LIVE_WITHIN_MS, joinedMember, messagesWith, openActions, ownerPage, send } from './support/chat'
import { startProduct, stopProduct, type RunningProduct } from './support/product'

const browser = sharedBrowser()

describe('pins in the chat', () => {
  let product: RunningProduct
  beforeAll(async () => { product = await startProduct() }, 90_000)
  afterAll(async () => { await stopProduct(product) })

  it('a moderator pins a message: another member sees it in 精华消息 and the system line live, and it leaves the list when deleted', async () => {
    const owner = await ownerPage(browser(), product)
    const member = await joinedMember(browser(), 'phone', product.url)
    try {
      await withArtifacts('pins-live', member.tracked, async () => {
        const text = `今晚八点集合 ${Date.now().toString(36)}`
        await send(member.page, text)
        await messagesWith(owner.page, text).waitFor({ timeout: LIVE_WITHIN_MS * 5 })

        // the member opens the list first: nothing pinned yet
        await member.page.locator('[data-testid="chat-pins-open"]').filter({ visible: true }).click()
        const panel = member.page.locator('.chat-pins').filter({ visible: true })
        await panel.locator('.state-view__text', { hasText: '还没有精华消息' }).waitFor()

        // a member without ManageMessages is offered no 设为精华
        await member.page.locator('.chat-pins__close').click()
        await openActions(member.page, text, 'long-press')
        expect(await member.page.locator('[data-testid="chat-pin-action"]').filter({ visible: true }).count()).toBe(0)
        await member.page.locator('[data-testid="chat-pins-open"]').filter({ visible: true }).click()

        await openActions(owner.page, text)
        await owner.page.locator('[data-testid="chat-pin-action"]', { hasText: '设为精华' }).filter({ visible: true }).click()
        const pinned = panel.locator('[data-testid="pin"]').filter({ hasText: text })
        await pinned.waitFor({ timeout: LIVE_WITHIN_MS * 5 })
        expect(await pinned.locator('.chat-pins__by').textContent()).toMatch(/设为精华$/)
        await screenshotsAtBothSizes(member.page, 'PINS_SCREENSHOTS', 'pins', 'list', 400)

        // the chat says so as a system line, for the member and the owner alike
        await member.page.locator('.chat-pins__close').click()
        const line = (page: typeof member.page) => page.locator('[data-testid="chat-notice"]').filter({ hasText: '将一条消息设为精华' }).filter({ visible: true })
        await line(member.page).waitFor({ timeout: LIVE_WITHIN_MS * 5 })
        await line(owner.page).waitFor({ timeout: LIVE_WITHIN_MS * 5 })
        await screenshotsAtBothSizes(member.page, 'PINS_SCREENSHOTS', 'pins', 'notice', 400)

        // the owner's action bar now offers 取消精华
        await openActions(owner.page, text)
        await owner.page.locator('[data-testid="chat-pin-action"]', { hasText: '取消精华' }).filter({ visible: true }).waitFor()

        // a tap on the pin opens the channel at the message
        await member.page.locator('[data-testid="chat-pins-open"]').filter({ visible: true }).click()
        await pinned.click()
        await member.page.waitForURL(url => url.searchParams.get('around') !== null)
        await messagesWith(member.page, text).waitFor()

        // deleted, it leaves the list live
        await member.page.locator('[data-testid="chat-pins-open"]').filter({ visible: true }).click()
        const reopened = member.page.locator('.chat-pins').filter({ visible: true }).locator('[data-testid="pin"]').filter({ hasText: text })
        await reopened.waitFor()
        await owner.page.locator('.chat-message__action', { hasText: '删除' }).filter({ visible: true }).click()
        await owner.page.getByText('确定').filter({ visible: true }).first().click()
        await reopened.waitFor({ state: 'detached', timeout: LIVE_WITHIN_MS * 5 })
        await member.page.locator('.chat-pins').filter({ visible: true }).locator('.state-view__text', { hasText: '还没有精华消息' }).waitFor()
      })
    } finally {
      await owner.context.close().catch(() => undefined)
      await member.context.close().catch(() => undefined)
    }
  })
})
