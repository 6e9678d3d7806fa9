/**
 * The shell around every page, in real Chromium: the header's title and way back, titles
 * in the link's language, the page paths SPEC §2 lists beside the custom paths, Market
 * without a channel, the diagnostics panel, and the desktop layout by width alone.
 */
import { journey, queryOf, seeChatRows, seeText, sharedBrowser, urlOf } from './support/app'

const browser = sharedBrowser()

describe('the shell', () => {
  it('leads a member who arrived by a shared channel link to the server\'s Home', async () => {
    await journey(browser(), 'header-home', 'phone', async page => {
      await page.goto(urlOf('/pages/channel/index?sid=832828&channel_id=83282802&hl=en'))
      await seeChatRows(page) // the chat e2e talks here too: which messages show depends on the order files run in
      expect(await page.title()).toBe('大厅')
      await page.locator('.page-header__back').filter({ visible: true }).click()
      await seeText(page, '云端集市')
      expect(new URL(page.url()).pathname).toBe('/index.html')
      expect(queryOf(page)).toMatchObject({ hl: 'en', sid: '832828' })
      expect(await page.title()).toBe('Home')
    })
  })

  it('goes back to the page behind, and titles every page in the link\'s language', async () => {
    await journey(browser(), 'header-back', 'phone', async page => {
      await page.goto(urlOf('/index.html?sid=832828&hl=en'))
      await page.locator('.server-header__me').click()
      await page.locator('.page-header__title', { hasText: 'Me' }).filter({ visible: true }).waitFor()
      expect(await page.title()).toBe('Me')
      await page.locator('.page-header__back').filter({ visible: true }).click()
      await page.waitForURL(url => url.pathname === '/index.html')
      await page.waitForFunction(() => document.title === 'Home') // after the page's slide-back animation
    })
  })

  it('opens the page paths as their custom paths do (links already shared use them)', async () => {
    await journey(browser(), 'page-paths', 'phone', async page => {
      await page.goto(urlOf('/pages/index/index?sid=832828'))
      await seeText(page, '云端集市')
      await page.goto(urlOf('/pages/market/index?sid=832828&cid=83282810'))
      await seeText(page, '欢迎来到')
    })
  })

  it('opens the server\'s first showroom when a Market link names no channel', async () => {
    await journey(browser(), 'market-first-showroom', 'phone', async page => {
      await page.goto(urlOf('/market/index.html?sid=832828'))
      await seeText(page, '欢迎来到3D 展厅')
      expect(await page.getByText('没有指定展厅频道').count()).toBe(0)
    })
  })

  it('shows a video card whole in Market: the video, then its title below it', async () => {
    await journey(browser(), 'market-video-card', 'phone', async page => {
      await page.goto(urlOf('/market/index.html?sid=832828&cid=83282810'))
      await page.locator('.showroom-map__hotspot', { hasText: '放映厅' }).click()
      const title = page.locator('.interaction-card__title', { hasText: '展厅宣传片' })
      await title.waitFor()
      // the video element itself, rendered (its <video> inside): until the element's module arrives a plain box with
      // its classes stands in its place, and React swaps it out — a box measured then is gone (no bounding box)
      const videoElement = page.locator('taro-video-core.interaction-card__video:has(video.taro-video-video)')
      await videoElement.waitFor()
      const video = await videoElement.boundingBox()
      const titleBox = await title.boundingBox()
      expect(video!.height).toBeGreaterThan(100)
      expect(titleBox!.y).toBeGreaterThanOrEqual(video!.y + video!.height - 1)
    })
  })

  it('lists every call the page made in the debug panel, with path, status and time', async () => {
    await journey(browser(), 'debug-panel', 'phone', async page => {
      await page.goto(urlOf('/index.html?sid=832828&debug=1'))
      await page.locator('.live-card').first().waitFor()
      const lines = page.locator('.debug-panel__request')
      await lines.filter({ hasText: '/servers/832828/lives' }).first().waitFor()
      const texts = await lines.allInnerTexts()
      for (const path of ['/servers/832828 ', '/servers/832828/channels', '/servers/832828/lives']) {
        expect(texts.some(text => text.includes(path) && / 200 \d+ms$/.test(text))).toBe(true)
      }
    })
  })

  it('follows the window\'s width: three columns from 1024 px, the phone layout below', async () => {
    await journey(browser(), 'layout-by-width', 'desktop', async page => {
      await page.setViewportSize({ width: 1024, height: 800 })
      await page.goto(urlOf('/index.html?sid=832828'))
      await page.locator('.desktop-columns__rail').waitFor()
      await page.setViewportSize({ width: 800, height: 800 })
      await page.locator('.desktop-columns').waitFor({ state: 'detached' })
      expect(await page.evaluate(() => document.documentElement.classList.contains('desktop-layout'))).toBe(false)
    })
  })
})
