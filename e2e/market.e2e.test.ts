/**
 * The Market showroom in real Chromium: the first interaction event plays on open,
 * hotspots open their cards, and a reload of the deep link comes back to it.
 */
import { journey, seeText, urlOf, sharedBrowser } from './support/app'

const browser = sharedBrowser()
const SHOWROOM = '/market/index.html?sid=832828&cid=83282810'

describe('Market', () => {
  it('plays the first interaction event when the showroom opens', async () => {
    await journey(browser(), 'market-first-event', 'phone', async page => {
      await page.goto(urlOf(SHOWROOM))
      await seeText(page, '欢迎来到')
    })
  })

  it('opens a hotspot card when its hotspot is tapped', async () => {
    await journey(browser(), 'market-hotspot', 'phone', async page => {
      await page.goto(urlOf(SHOWROOM))
      await seeText(page, '欢迎来到')
      await page.getByText('新品展台').first().click()
      await seeText(page, '¥')
    })
  })

  it('comes back to the same showroom after a reload', async () => {
    await journey(browser(), 'market-reload', 'desktop', async page => {
      await page.goto(urlOf(SHOWROOM))
      await seeText(page, '欢迎来到')
      await page.reload()
      await seeText(page, '欢迎来到')
      expect(new URL(page.url()).pathname).toBe('/market/index.html')
    })
  })
})
