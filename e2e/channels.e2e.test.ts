/**
 * Each channel type's tap behaviour on Home, the carried query keys, the packed `nwp`
 * parameter and `cid` deep links — in real Chromium against the real product.
 * Server 832828's seed (server/README.md): 大厅 discussion, 作品分享 post, 直播间 live,
 * 3D 展厅 metaverse (83282810, its gather space), 官方网站 external link, 语音茶室 voice, 游戏广场 game plaza.
 */
import { encodeNwp } from '@core/query/nwp'
import { journey, queryOf, seeText, tapChannel, urlOf, sharedBrowser } from './support/app'

const browser = sharedBrowser()
const HOME = '/index.html?sid=832828'

describe('channel taps on Home', () => {
  it('opens a discussion channel on the channel page with its messages', async () => {
    await journey(browser(), 'tap-discussion', 'phone', async page => {
      await page.goto(urlOf(HOME))
      await tapChannel(page, '大厅')
      await page.waitForURL(/\/pages\/channel\/index/)
      expect(queryOf(page)).toMatchObject({ channel_id: '83282802', sid: '832828' })
      await page.getByTestId('message').first().waitFor()
    })
  })

  it('opens a post channel on the channel page with its posts', async () => {
    await journey(browser(), 'tap-post', 'phone', async page => {
      await page.goto(urlOf(HOME))
      await tapChannel(page, '作品分享')
      await page.waitForURL(/\/pages\/channel\/index/)
      expect(queryOf(page).channel_id).toBe('83282804')
      await page.getByTestId('post').first().waitFor()
    })
  })

  it('opens a live channel with a video player', async () => {
    await journey(browser(), 'tap-live', 'phone', async page => {
      await page.goto(urlOf(HOME))
      await tapChannel(page, '直播间')
      await page.waitForURL(/\/pages\/channel\/index/)
      await page.locator('video, taro-video-core').first().waitFor({ state: 'attached' })
    })
  })

  it('opens a metaverse channel as its gather space, keeping the carried keys and dropping others', async () => {
    await journey(browser(), 'tap-metaverse', 'phone', async page => {
      await page.goto(urlOf(`${HOME}&scene=1001&hl=zh-CN&foo=bar`))
      await tapChannel(page, '3D 展厅')
      await page.waitForURL(/\/pages\/space\/index/)
      const query = queryOf(page)
      expect(query).toMatchObject({ channel_id: '83282810', sid: '832828', scene: '1001', hl: 'zh-CN' })
      expect(query.foo).toBeUndefined()
      await seeText(page, '欢迎')
    })
  })

  it('asks before opening an external link, naming its host', async () => {
    await journey(browser(), 'tap-external', 'phone', async page => {
      await page.goto(urlOf(HOME))
      await tapChannel(page, '官方网站')
      await seeText(page, 'example.com')
      await page.getByText('取消').first().click()
      expect(new URL(page.url()).pathname).toBe('/index.html')
    })
  })

  it('opens a voice channel on its room page, keeping the carried keys', async () => {
    await journey(browser(), 'tap-voice', 'phone', async page => {
      await page.goto(urlOf(`${HOME}&hl=zh-CN`))
      await tapChannel(page, '语音茶室')
      await page.waitForURL(/\/pages\/voice\/index/)
      expect(queryOf(page)).toMatchObject({ channel_id: '83282803', sid: '832828', hl: 'zh-CN' })
      await page.getByTestId('voice-page').waitFor()
    })
  })

  it('opens 游戏广场 on its lobby page', async () => {
    await journey(browser(), 'tap-plaza', 'phone', async page => {
      await page.goto(urlOf(HOME))
      await tapChannel(page, '游戏广场')
      await page.waitForURL(/\/pages\/plaza\/index/)
      await page.getByTestId('plaza-page').waitFor()
    })
  })
})

describe('links into the app', () => {
  it('opens the channel named by cid directly', async () => {
    await journey(browser(), 'cid-deep-link', 'phone', async page => {
      await page.goto(urlOf('/index.html?sid=832828&cid=83282810'))
      await page.waitForURL(/\/pages\/space\/index/)
      expect(queryOf(page).channel_id ?? queryOf(page).cid).toBe('83282810')
    })
  })

  it('reads packed parameters from nwp', async () => {
    await journey(browser(), 'nwp', 'phone', async page => {
      await page.goto(urlOf(`/index.html?nwp=${encodeURIComponent(encodeNwp({ sid: '275902' }))}`))
      await seeText(page, '像素乐园')
    })
  })

  it('ignores a hostile nwp and still shows Home', async () => {
    await journey(browser(), 'nwp-hostile', 'phone', async page => {
      await page.goto(urlOf(`/index.html?sid=832828&nwp=${encodeURIComponent('%%%{"__proto__":1}')}`))
      await seeText(page, '云端集市')
    })
  })
})
