/**
 * What a user sees when the network fails them, in real Chromium against the real
 * product: a server slower than the 10 s time-out (its answers held back at the
 * network layer) and a server that refuses connections. The pages are served without
 * the answers the reference server carries in them (as another host would serve them),
 * so Home asks for its channel list over the network that fails.
 */
import { journey, seeText, urlOf, sharedBrowser, withoutCarriedAnswers } from './support/app'

const browser = sharedBrowser()
const CHANNELS = '**/servers/832828/channels'

describe('network failures', () => {
  it('shows the time-out toast when the server answers after more than 10 s', async () => {
    await journey(browser(), 'slow-server', 'phone', async page => {
      await withoutCarriedAnswers(page)
      await page.route(CHANNELS, async route => {
        // unref: a held answer must not keep jest alive after the page has closed
        await new Promise(resolve => setTimeout(resolve, 11000).unref())
        await route.continue().catch(() => undefined)
      })
      await page.goto(urlOf('/index.html?sid=832828'))
      await seeText(page, '网络连接超时，请稍后重试', 20000)
    })
  }, 60000)

  it('shows the error state when the server is down, and recovers on retry', async () => {
    await journey(browser(), 'server-down', 'phone', async page => {
      await withoutCarriedAnswers(page)
      await page.route(CHANNELS, route => route.abort('connectionrefused'))
      await page.goto(urlOf('/index.html?sid=832828'))
      const retry = page.locator('.state-view__retry').first()
      await retry.waitFor()
      await page.unroute(CHANNELS)
      await retry.click()
      await page.locator('.channel-list__row', { hasText: '大厅' }).first().waitFor()
    })
  })
})
