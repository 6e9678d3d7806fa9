/**
 * The Market showroom in real Chromium: the first interaction event plays on open (from
 * the answer the page carried), hotspots open their cards, and a reload of the deep link
 * comes back to it.
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

  it('opens the showroom from the answer its page carried, without asking for it', async () => {
    await journey(browser(), 'market-carried-answer', 'phone', async page => {
      const asked: string[] = []
      page.on('request', request => { if (new URL(request.url()).pathname.endsWith('/mapcfg')) asked.push(request.url()) })
      await page.goto(urlOf(SHOWROOM))
      await seeText(page, '欢迎来到')
      expect(asked).toEqual([])
    })
  })

  it('opens the server\'s first showroom for a link without a channel, from the answers its page carried: no request waits on another', async () => {
    await journey(browser(), 'market-no-channel', 'phone', async page => {
      const asked: string[] = []
      page.on('request', request => { if (/\/(mapcfg|channels)$/.test(new URL(request.url()).pathname)) asked.push(new URL(request.url()).pathname) })
      // the server's first screen is the showroom's already, not a skeleton
      expect(await (await fetch(urlOf('/market/index.html?sid=832828'))).text()).toMatch(/<div id="first-screen"[^>]*><div class="market">/)
      await page.goto(urlOf('/market/index.html?sid=832828'))
      await seeText(page, '欢迎来到')
      await page.locator('#first-screen').waitFor({ state: 'detached' })
      expect(asked).toEqual([])
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
