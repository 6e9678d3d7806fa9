import { gunzipSync } from 'zlib'
import { PAGE_ANSWERS_GLOBAL, type PageAnswers } from '@core/wire/api'
import { encodeNwp } from '@core/query/nwp'
import { answerPathsOf, answersFor, bannerCoverOf, CARRYING_PAGES, carryingPageHtml, withPageAnswers, type PageAssets } from '../../src/plugins/page-answers'
import { withFirstScreen } from '../../src/plugins/first-screen'
import { FAKE_INDEX_HTML, startTestApp, type TestApp } from '../helper'

const [HOME, MARKET] = CARRYING_PAGES
let test: TestApp
// the carried answers are what these tests read: pages wait for them as long as a loaded machine needs (PAGE_ANSWER_WAIT_MS; the wait itself is tested below with answersFor's own)
beforeAll(async () => { test = await startTestApp({ PAGE_ANSWER_WAIT_MS: '5000' }) })
afterAll(async () => { await test.close() })

const CARRIED = new RegExp(`<script>window\\["${PAGE_ANSWERS_GLOBAL}"\\]=(.*?)</script>`)

/** The answers a served page carries, read back as the browser would. */
function carriedBy (html: string): PageAnswers {
  const match = CARRIED.exec(html)
  if (!match) throw new Error(`the page carries no answers: ${html}`)
  return JSON.parse(match[1]) as PageAnswers
}

describe('Home\'s page carries its server card\'s, channel list\'s and live list\'s answers', () => {
  it.each([
    ['/index.html?sid=832828', '832828'],
    ['/pages/index/index?server_id=275902&sid=832828', '275902'],
    [`/index.html?nwp=${encodeNwp({ server_id: '832828' })}`, '832828'],
    ['/index.html', '723658'],
    ['/index.html?sid=999', '723658'],
  ])('%s carries the detail and lists of server %s, as the API answers them, the channel list as a visitor\'s', async (url, serverId) => {
    const page = await test.inject(url)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers['cache-control']).toBe('no-cache')
    const [detail, channels, lives] = await Promise.all([`/servers/${serverId}`, `/servers/${serverId}/channels`, `/servers/${serverId}/lives?page=1&page_size=20`].map(apiPath => test.inject(apiPath)))
    expect(carriedBy(page.body)).toEqual({
      [`/servers/${serverId}`]: { statusCode: 200, body: detail.body },
      [`/servers/${serverId}/channels`]: { statusCode: 200, body: channels.body, visitorOnly: true },
      [`/servers/${serverId}/lives?page=1&page_size=20`]: { statusCode: 200, body: lives.body },
    })
  })

  it('chooses by the host\'s sub-domain like the client, and preloads the icon on the page\'s own origin', async () => {
    const page = await test.inject({ url: '/index.html', headers: { host: 'pixel.example.com:8080' } })
    expect(Object.keys(carriedBy(page.body)).sort()).toEqual(['/servers/275902', '/servers/275902/channels', '/servers/275902/lives?page=1&page_size=20'])
    expect(page.body).toContain('<link rel="preload" as="image" fetchpriority="high" href="http://pixel.example.com:8080/files/seed/server-275902.svg">')
    expect(page.body).toMatch(/<\/script>(<link rel="preload"[^>]*>)+<style>[^<]*<\/style><\/head><body><div id="first-screen"[^>]*>.*<\/script><div id="app">openrealm test shell<\/div>/)
  })

  it('preloads the live banner\'s cover (Home\'s largest paint) chosen as the page chooses it', async () => {
    const page = await test.inject('/index.html?sid=832828')
    const [channels, lives] = await Promise.all(['/servers/832828/channels', '/servers/832828/lives'].map(async apiPath => (JSON.parse((await test.inject(apiPath)).body) as { data: unknown }).data))
    const cover = bannerCoverOf(channels, lives, Date.now() / 1000)
    expect(cover).toMatch(/\/files\/seed\/cover-\d\.svg$/)
    expect(page.body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${String(cover)}">`)
  })

  it('is gzipped for a browser that accepts gzip', async () => {
    const page = await test.inject({ url: '/index.html?sid=832828', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(page.headers['content-encoding']).toBe('gzip')
    expect(page.headers.vary).toBe('accept-encoding')
    expect(Object.keys(carriedBy(gunzipSync(page.rawPayload).toString()))).toContain('/servers/832828')
  })

  it('gives every other page only a skeleton of its first screen (plugins/first-screen.ts), no answers', async () => {
    expect((await test.inject('/pages/me/index?sid=832828')).body).toBe(withFirstScreen(FAKE_INDEX_HTML, null, '', ''))
  })
})

describe('Market\'s page carries its showroom\'s answer', () => {
  it.each([
    '/market/index.html?sid=832828&cid=83282810',
    `/pages/market/index?nwp=${encodeNwp({ server_id: '832828', channel_id: '83282810' })}`,
  ])('%s carries the showroom as the API answers it, and preloads its map', async url => {
    const page = await test.inject(url)
    const apiPath = '/channel/room/game/mapcfg?server_id=832828&channel_id=83282810'
    const showroom = await test.inject(apiPath)
    expect(carriedBy(page.body)).toEqual({ [apiPath]: { statusCode: 200, body: showroom.body } })
    const background = (JSON.parse(showroom.body) as { data: { map: { background: string } } }).data.map.background
    expect(page.body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${background}">`)
  })

  it('carries, without a channel, the server\'s channel list (a visitor\'s) and the showroom of its first metaverse channel, which the page opens', async () => {
    const page = await test.inject('/market/index.html?sid=832828')
    const [channels, showroom] = await Promise.all(['/servers/832828/channels', '/channel/room/game/mapcfg?server_id=832828&channel_id=83282810'].map(apiPath => test.inject(apiPath)))
    expect(carriedBy(page.body)).toEqual({
      '/servers/832828/channels': { statusCode: 200, body: channels.body, visitorOnly: true },
      '/channel/room/game/mapcfg?server_id=832828&channel_id=83282810': { statusCode: 200, body: showroom.body },
    })
  })

  it('carries nothing for a channel that has no showroom (the page shows that itself; its first screen is a skeleton)', async () => {
    expect((await test.inject('/market/index.html?sid=832828&cid=832828')).body).toBe(withFirstScreen(FAKE_INDEX_HTML, null, '', ''))
  })
})

describe('the build\'s files a drawn page names', () => {
  /** A build whose every route has one script and one stylesheet named after it, and CSS that says which route's it is. */
  const assets: PageAssets = { stylesOf: route => `.route-${route}{}`, filesOf: route => [`/js/${route}.js`, `/css/${route}.css`] }
  const served = (search: string) => carryingPageHtml(test.app, { headers: {}, ip: '127.0.0.1' }, HOME, FAKE_INDEX_HTML, search, '', Date.now(), assets, 5000)

  it('lays Home\'s drawing out by Home\'s CSS, and preloads nothing more', async () => {
    const html = await served('?sid=832828')
    expect(html).toContain('.route-index{}</style>')
    expect(html).not.toContain('as="script"')
  })

  it('lays a shared chat link\'s drawing out by the chat page\'s CSS, and preloads that page\'s files, which take it over', async () => {
    const html = await served('?server_id=832828&channel_id=83282802')
    expect(html).toContain('.route-channel{}</style>')
    expect(html).toContain('<link rel="preload" as="script" fetchpriority="low" href="/js/channel.js"><link rel="preload" as="style" fetchpriority="low" href="/css/channel.css">')
  })
})

describe('what a page can carry', () => {
  it('reads the parameters and host like the client, without throwing on a malformed query', () => {
    expect(answerPathsOf(HOME, 'sid=%E0%A4%A', 'starsea.example.com')).toEqual(['/servers/723658', '/servers/723658/channels', '/servers/723658/lives?page=1&page_size=20'])
    // a link naming a channel (its share button's) carries that chat's answers too
    expect(answerPathsOf(HOME, 'sid=%E0%A4%A&cid=1', 'starsea.example.com')).toEqual(['/servers/723658', '/servers/723658/channels', '/servers/723658/lives?page=1&page_size=20', '/channels/1', '/channels/1/messages?limit=50'])
    expect(answerPathsOf(HOME, '', 'cloudmart.example.com')[0]).toBe('/servers/832828')
    expect(answerPathsOf(MARKET, 'cid=%2083282810%20', 'cloudmart.example.com')).toEqual(['/channel/room/game/mapcfg?server_id=832828&channel_id=83282810'])
    expect(answerPathsOf(MARKET, 'sid=a%26b&cid=1', '')).toEqual(['/channel/room/game/mapcfg?server_id=a%26b&channel_id=1'])
    expect(answerPathsOf(MARKET, 'sid=832828', '')).toEqual(['/servers/832828/channels'])
  })

  it('carries only successful answers: a failure is left for the page to meet and retry', async () => {
    const answers = await answersFor(test.app, { headers: {}, ip: '127.0.0.1' }, ['/servers/999', '/servers/832828'], 5000)
    expect(Object.keys(answers)).toEqual(['/servers/832828'])
  })

  it('never holds the page up: an answer slower than the wait is left for the page to ask', async () => {
    // an inner answer that never comes: answersFor still returns (else this test would time out)
    const stalled = { inject: () => new Promise<never>(() => undefined) } as never
    expect(await answersFor(stalled, { headers: {}, ip: '127.0.0.1' }, ['/servers/832828'], 20)).toEqual({})
  })

  it('keeps the script closed whatever the answers hold', () => {
    const hostile = { statusCode: 200, body: '{"code":0,"msg":"</script><script>alert(1)</script>\u2028<!--","data":{"icon":"javascript:alert(1)"}}' }
    const html = withPageAnswers(FAKE_INDEX_HTML, HOME, { '/servers/1': hostile })
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    expect(html).not.toContain('<!--')
    expect(html).not.toContain('\u2028')
    expect(html).not.toContain('rel="preload"')
    expect(carriedBy(html)).toEqual({ '/servers/1': hostile })
  })

  it('escapes the icon URL it preloads', () => {
    const answer = { statusCode: 200, body: JSON.stringify({ code: 0, msg: '', data: { icon: '/files/a"b&c<d.svg' } }) }
    expect(withPageAnswers(FAKE_INDEX_HTML, HOME, { '/servers/1': answer })).toContain('href="/files/a&quot;b&amp;c&lt;d.svg"')
  })

  it('preloads an image chosen from several answers even when nothing is carried, once, and only a URL', () => {
    const html = withPageAnswers(FAKE_INDEX_HTML, HOME, {}, ['/files/seed/cover-1.svg', '/files/seed/cover-1.svg', 'javascript:alert(1)', null])
    expect(html.match(/rel="preload"/g)).toHaveLength(1)
    expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/files/seed/cover-1.svg"></head>')
    expect(html).not.toContain(PAGE_ANSWERS_GLOBAL)
  })

  it('chooses no banner cover from missing or malformed lists', () => {
    expect(bannerCoverOf(undefined, { list: [] }, 0)).toBeNull()
    expect(bannerCoverOf({ groups: [] }, 'x', 0)).toBeNull()
    // a server without a live banner channel
    expect(bannerCoverOf({ groups: [] }, { list: [{ channel_id: '1', type: 3, is_live: 1, play_url: '', started_at: 0, duration: 0, cover: '/c.svg' }] }, 0)).toBeNull()
  })

  it('returns a page without a head, or with nothing to carry, as it is', () => {
    const answer = { statusCode: 200, body: '{}' }
    expect(withPageAnswers('<html><body></body></html>', HOME, { '/servers/1': answer })).toBe('<html><body></body></html>')
    expect(withPageAnswers(FAKE_INDEX_HTML, HOME, {})).toBe(FAKE_INDEX_HTML)
  })
})
