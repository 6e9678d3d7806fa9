/**
 * Home in real Chromium against the real product: each of the three servers, by `sid`
 * and by `server_id`, at a phone and a desktop viewport; the landing redirect; a
 * deep-link reload; languages; the desktop layout (three columns).
 */
import { CONFIGURED_SERVERS } from '@core/domain/servers'
import { journey, queryOf, seeChatRows, seeText, urlOf, sharedBrowser } from './support/app'

const browser = sharedBrowser()

/** How late the English table arrives in the slow-network test (Home's own chunk comes from the same local server at once). */
const ENGLISH_DELAY_MS = 1000

describe('Home', () => {
  for (const server of CONFIGURED_SERVERS) {
    for (const key of ['sid', 'server_id']) {
      it(`shows server ${server.server_id} (${server.name}) chosen by ${key} on a phone`, async () => {
        await journey(browser(), `home-${server.server_id}-${key}`, 'phone', async page => {
          await page.goto(urlOf(`/index.html?${key}=${server.server_id}`))
          await seeText(page, server.name)
          await page.locator('.channel-list__row').first().waitFor()
          expect(await page.locator('.server-header__name').innerText()).toBe(server.name)
        })
      })
    }
  }

  it('shows live items with a state badge and the company footer', async () => {
    await journey(browser(), 'home-lives-footer', 'phone', async page => {
      await page.goto(urlOf('/index.html?sid=832828'))
      await seeText(page, '直播中')
      await seeText(page, '用户协议')
      await seeText(page, '隐私政策')
    })
  })

  it('preloads the opened page\'s chunk beside the app chunk and receives the scripts gzipped', async () => {
    await journey(browser(), 'delivery', 'phone', async page => {
      const encodings: string[] = []
      page.on('response', response => { if (response.url().endsWith('.js')) encodings.push(response.headers()['content-encoding'] ?? 'none') })
      await page.goto(urlOf('/market/index.html?sid=832828&cid=83282810'))
      await seeText(page, '欢迎来到')
      const preloaded = await page.$$eval('link[rel=preload]', links => links.map(link => (link as HTMLLinkElement).href))
      expect(preloaded.some(href => href.endsWith('.js'))).toBe(true)
      expect(encodings.length).toBeGreaterThan(0)
      expect(encodings.every(encoding => encoding === 'gzip')).toBe(true)
    })
  })

  it('paints the server card and its lists from the answers its page carried, asking only for the member\'s own membership', async () => {
    await journey(browser(), 'carried-answer', 'phone', async page => {
      const asked: string[] = []
      const membershipAsks: boolean[] = []
      page.on('request', request => {
        const { pathname } = new URL(request.url())
        if (pathname === '/servers/832828') membershipAsks.push(Boolean(request.headers().authorization))
        else if (pathname.startsWith('/servers/')) asked.push(pathname)
      })
      await page.goto(urlOf('/index.html?sid=832828'))
      await page.locator('.server-header__intro', { hasText: 'OpenRealm 演示服务器' }).waitFor()
      await page.locator('.channel-list__row').first().waitFor()
      // The channel and live lists came with the page too (a visitor's channel list: nobody was signed in when it was asked for)
      expect(asked.filter(pathname => /\/(channels|lives)$/.test(pathname))).toEqual([])
      // the carried answer cannot know who is reading (the HTML request has no session):
      // the server is asked again only once signed in, for is_member, after the card is painted
      expect(membershipAsks.every(signedIn => signedIn)).toBe(true)
      expect(membershipAsks.length).toBeLessThanOrEqual(1)
    })
  })

  it('copies the community link with the share button and says so, with the toast fetched on first use', async () => {
    await journey(browser(), 'share-copy', 'phone', async page => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: urlOf('') })
      await page.goto(urlOf('/index.html?sid=832828'))
      await seeText(page, '云端集市')
      await page.locator('.share-button').click()
      await seeText(page, '链接已复制')
      const copied = await page.evaluate(() => navigator.clipboard.readText())
      expect(new URL(copied).pathname).toBe('/index.html')
      expect(new URL(copied).searchParams.get('server_id')).toBe('832828')
    })
  })

  it('lands `/` on `/index.html` keeping the query', async () => {
    await journey(browser(), 'root-redirect', 'phone', async page => {
      await page.goto(urlOf('/?sid=275902&scene=1001'))
      await seeText(page, '像素乐园')
      const url = new URL(page.url())
      expect(url.pathname).toBe('/index.html')
      expect(queryOf(page)).toMatchObject({ sid: '275902', scene: '1001' })
    })
  })

  it('reloads a deep link onto the same page and server', async () => {
    await journey(browser(), 'deep-link-reload', 'phone', async page => {
      await page.goto(urlOf('/index.html?sid=275902'))
      await seeText(page, '像素乐园')
      await page.reload()
      await seeText(page, '像素乐园')
      expect(new URL(page.url()).pathname).toBe('/index.html')
    })
  })

  it('speaks English with hl=en', async () => {
    await journey(browser(), 'hl-en', 'phone', async page => {
      await page.goto(urlOf('/index.html?sid=832828&hl=en'))
      await seeText(page, 'User Agreement')
      await seeText(page, 'Privacy Policy')
      expect(await page.getByText('用户协议').count()).toBe(0)
    })
  })

  // The English table is a chunk of its own, fetched only when hl asks for it
  it('fetches the English table only under hl=en, and shows no Chinese before it', async () => {
    await journey(browser(), 'hl-en-chunk', 'phone', async page => {
      const englishFetches: string[] = []
      page.on('request', request => { if (/\/messages-en\.[^/]*\.js$/.test(request.url())) englishFetches.push(request.url()) })
      await page.goto(urlOf('/index.html?sid=832828'))
      await seeText(page, '用户协议')
      expect(englishFetches).toEqual([])
      // every text the page ever shows, recorded from the first script on (a text replaced before anyone looked included)
      await page.addInitScript(() => {
        const shown: string[] = []
        Object.assign(window, { shownTexts: shown })
        new MutationObserver(mutations => {
          for (const mutation of mutations) {
            if (mutation.oldValue !== null) shown.push(mutation.oldValue)
            mutation.addedNodes.forEach(node => shown.push(node.textContent ?? ''))
          }
        }).observe(document, { subtree: true, childList: true, characterData: true, characterDataOldValue: true })
      })
      // a slow network: English arrives well after Home's own chunk
      await page.route(/\/messages-en\.[^/]*\.js$/, async route => {
        await new Promise(resolve => setTimeout(resolve, ENGLISH_DELAY_MS))
        await route.continue()
      })
      await page.goto(urlOf('/index.html?sid=832828&hl=en'))
      await seeText(page, 'User Agreement')
      expect(englishFetches).toHaveLength(1)
      const shown = await page.evaluate(() => (window as unknown as { shownTexts: string[] }).shownTexts.join('\n'))
      expect(shown).not.toContain('用户协议')
      expect(shown).not.toContain('userAgreement')
    })
  })

  it('shows Home in zh-CN, not a blank page, when the English table cannot be fetched', async () => {
    await journey(browser(), 'hl-en-offline', 'phone', async (page, tracked) => {
      await page.route(/\/messages-en\.[^/]*\.js$/, route => route.abort('internetdisconnected'))
      await page.goto(urlOf('/index.html?sid=832828&hl=en'))
      await seeText(page, '用户协议')
      await page.locator('.channel-list__row').first().waitFor()
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN')
      expect(tracked.consoleLog.some(line => line.includes('English did not load'))).toBe(true)
    })
  })

  it('shows the desktop layout with viewpc: servers rail, channel list, then the page', async () => {
    await journey(browser(), 'viewpc', 'desktop', async page => {
      await page.goto(urlOf('/index.html?sid=832828&viewpc=1'))
      await seeText(page, '云端集市')
      const rail = await page.locator('.desktop-columns__rail').boundingBox()
      const channels = await page.locator('.desktop-columns__channels').boundingBox()
      const card = await page.locator('.server-header').boundingBox()
      expect(rail && channels && card).toBeTruthy()
      expect(rail!.x).toBe(0)
      expect(channels!.x).toBeGreaterThanOrEqual(rail!.x + rail!.width - 1)
      expect(card!.x).toBeGreaterThanOrEqual(channels!.x + channels!.width - 1)
      await page.locator('.desktop-columns .channel-list__row', { hasText: '大厅' }).click()
      // the chat e2e talks in this channel too: its first message may be far above the newest ones
      await page.locator('.page-header__title', { hasText: '大厅' }).filter({ visible: true }).first().waitFor()
      await seeChatRows(page)
    })
  })

  it('shows the not-found page with a way home for an unknown path', async () => {
    await journey(browser(), 'not-found', 'phone', async page => {
      await page.goto(urlOf('/pages/nothing-here/index?sid=832828'))
      await seeText(page, '页面不存在')
      await page.getByText('返回首页').first().click()
      await seeText(page, '云端集市')
    })
  })
})
