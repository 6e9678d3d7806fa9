/**
 * What a member reads, in real Chromium against the real product: a refusal on a Chinese
 * screen is Chinese and offers no 重试 a retry cannot help; a visitor of a post channel is
 * offered to join where 写帖子 would be; a reply deleted since it reached the inbox shows as
 * 消息已删除 and still opens its channel where it was.
 */
import { baseUrl, seeText, sharedBrowser } from './support/app'
import { openPage, withArtifacts } from './support/browser'
import { joinedMember, loginOf, messagesWith, send } from './support/chat'

const browser = sharedBrowser()
const SERVER = '832828'
const LOBBY = '83282802'
const POSTS = '83282804'

/** Calls the product's API as the holder of `token`; resolves the envelope's data. */
async function api<T> (token: string, method: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const envelope = await response.json() as { code: number, data: T }
  expect(envelope.code).toBe(0)
  return envelope.data
}

describe('the member\'s words', () => {
  it('a search refused on a Chinese screen says why in Chinese, without a 重试 that cannot help', async () => {
    const member = await joinedMember(browser(), 'phone')
    await withArtifacts('search-refusal-in-chinese', member.tracked, async () => {
      const page = member.page
      await page.goto(`${baseUrl()}/pages/search/index?sid=${SERVER}`)
      await page.locator('.search-page__input input, input.search-page__input').filter({ visible: true }).first().fill('桌子 from:nobody-here')
      await page.locator('.search-page__go').filter({ visible: true }).click()
      await seeText(page, '这个社区没有成员「nobody-here」')
      expect(await page.locator('.state-view__retry').filter({ visible: true }).count()).toBe(0)
      expect(await page.locator('body').innerText()).not.toContain('no member')
    })
  })

  it('a visitor of a post channel is offered to join where 写帖子 would be, and joining brings 写帖子', async () => {
    const tracked = await openPage(browser(), 'phone')
    await withArtifacts('visitor-join-prompt', tracked, async () => {
      const page = tracked.page
      await page.goto(`${baseUrl()}/pages/channel/index?sid=${SERVER}&channel_id=${POSTS}`)
      const prompt = page.locator('[data-testid="join-prompt"]').filter({ visible: true })
      await prompt.waitFor({ timeout: 15000 })
      expect(await prompt.textContent()).toContain('加入社区后即可发帖')
      expect(await page.locator('.channel-page__write').filter({ visible: true }).count()).toBe(0)
      await prompt.locator('.join-prompt__button').click()
      await page.locator('.channel-page__write').filter({ visible: true }).waitFor({ timeout: 15000 })
      expect(await prompt.count()).toBe(0)
    })
  })

  it('a reply deleted since it reached the inbox shows as 消息已删除, not its words, and opens its channel where it was', async () => {
    const asker = await joinedMember(browser(), 'phone')
    const replier = await joinedMember(browser(), 'phone')
    await withArtifacts('inbox-deleted-reply', asker.tracked, async () => {
      const tag = `dr${Date.now().toString(36)}`
      await send(asker.page, `谁来搬桌子 ${tag}`)
      await messagesWith(asker.page, tag).first().waitFor()
      const { token } = await loginOf(replier.page)
      const history = await api<{ items: Array<{ message_id: string, content: string }> }>(token, 'GET', `/channels/${LOBBY}/messages?limit=50`)
      const question = history.items.find(item => item.content.includes(tag))
      expect(question).toBeDefined()
      const reply = await api<{ message_id: string }>(token, 'POST', `/channels/${LOBBY}/messages`, { content: `我来 rudeword ${tag}`, nonce: `e2e-${tag}`, reply_to: question?.message_id })
      await api(token, 'DELETE', `/channels/${LOBBY}/messages/${reply.message_id}`)

      const page = asker.page
      await page.goto(`${baseUrl()}/pages/inbox/index`)
      const row = page.locator('.inbox__row').filter({ hasText: '消息已删除' }).filter({ visible: true })
      await row.first().waitFor({ timeout: 15000 })
      expect(await page.locator('.inbox').innerText()).not.toContain('rudeword')
      await row.first().click()
      await page.waitForURL(url => new URL(url).searchParams.get('around') === reply.message_id, { timeout: 15000 })
      await messagesWith(page, `谁来搬桌子 ${tag}`).first().waitFor({ timeout: 15000 })
    })
    await replier.context.close()
  })
})
