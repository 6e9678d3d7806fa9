import { avatarTone } from '@core/domain/avatar-tone'
import { chatFirstScreen, homeFirstScreen, screenHtml } from '@core/view/first-screen'
import { FIRST_SCREEN_ID, pageStylesOf, TAKE_OVER_SCRIPT, withFirstScreen } from '../../src/plugins/first-screen'
import { inlineScriptSources } from '../../src/plugins/security-headers'
import { envelope, FAKE_INDEX_HTML, signInAsMember, startTestApp, type TestApp } from '../helper'

let test: TestApp
// the drawn screen is what these tests read: the pages wait for their answers as long as a loaded machine needs (PAGE_ANSWER_WAIT_MS)
beforeAll(async () => { test = await startTestApp({ PAGE_ANSWER_WAIT_MS: '5000' }) })
afterAll(async () => { await test.close() })

/** The first screen a served page carries (the holder's inner HTML), or null. */
function firstScreenOf (html: string): string | null {
  const match = new RegExp(`<div id="${FIRST_SCREEN_ID}" data-until="[^"]*">([\\s\\S]*?)</div><script>`).exec(html)
  return match ? match[1] : null
}

/** A planted text that would run if it reached the page as markup. */
const PLANTED = '<script>alert(1)</script><img src=x onerror=alert(2)>'

describe('The first screen in the HTML of Home, Market and a chat channel', () => {
  it('draws Home\'s server card, live banner and channel list as a visitor sees them', async () => {
    const screen = firstScreenOf((await test.inject('/index.html?sid=832828')).body) ?? ''
    expect(screen).toContain('<span class="server-header__name">云端集市</span>')
    expect(screen).toContain('class="live-card live-card--banner"')
    expect(screen).toContain('<span class="channel-list__name">大厅</span>')
    expect(screen).not.toContain('channel-list__unread') // a visitor has no unread counts
  })

  it('draws Market\'s header, showroom map with its hotspots and the first event\'s card, open', async () => {
    const screen = firstScreenOf((await test.inject('/market/index.html?sid=832828&cid=83282810')).body) ?? ''
    const showroom = envelope<{ interaction_events: Array<{ title: string }> }>(await test.inject('/channel/room/game/mapcfg?server_id=832828&channel_id=83282810')).data
    expect(screen).toMatch(/^<div class="market"><div class="page-header">.*<div class="showroom-map" style="padding-top: [\d.]+%">/)
    expect(screen).toContain('showroom-map__hotspot showroom-map__hotspot--active')
    expect(screen).toContain('<div class="market__card"><div class="interaction-card interaction-card--')
    expect(screen).toContain(`<span class="interaction-card__title">${showroom.interaction_events[0].title}</span>`)
  })

  it('draws the same visitor\'s screen for a signed-in member (a member\'s view arrives with the app)', async () => {
    const member = await signInAsMember(test, '100002')
    const anonymous = firstScreenOf((await test.inject('/index.html?sid=832828')).body)
    const signedIn = firstScreenOf((await test.inject({ url: '/index.html?sid=832828', headers: member.headers })).body)
    expect(signedIn).toBe(anonymous)
    const chatPage = '/pages/channel/index?sid=832828&channel_id=83282802'
    expect(firstScreenOf((await test.inject({ url: chatPage, headers: member.headers })).body)).toBe(firstScreenOf((await test.inject(chatPage)).body))
  })

  it('draws a chat channel\'s header and newest messages, and carries their answers (the history as a visitor\'s)', async () => {
    const html = (await test.inject('/pages/channel/index?sid=832828&channel_id=83282802')).body
    const screen = firstScreenOf(html) ?? ''
    expect(screen).toContain('<span class="page-header__title">大厅</span>')
    expect(screen.match(/class="chat-message chat-message--sent"/g)?.length).toBeGreaterThan(0)
    const carried = JSON.parse(/<script>window\["[^"]+"\]=(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as Record<string, { statusCode: number, visitorOnly?: boolean }>
    expect(carried['/channels/83282802']).toMatchObject({ statusCode: 200 })
    expect(carried['/channels/83282802/messages?limit=50']).toMatchObject({ statusCode: 200, visitorOnly: true })
  })

  it('draws, for Home opened by a chat\'s shared link, that chat\'s header and newest messages, not Home, and carries both pages\' answers', async () => {
    const link = '/index.html?server_id=832828&channel_id=83282802'
    const html = (await test.inject(link)).body
    const screen = firstScreenOf(html) ?? ''
    expect(screen).toBe(firstScreenOf((await test.inject('/pages/channel/index?sid=832828&channel_id=83282802')).body))
    expect(screen).not.toContain('server-header')
    // the app takes it away once its chat shows, or Home's content where Home does not go on to the channel
    expect(/data-until="([^"]*)"/.exec(html)?.[1]).toBe('.chat-message, .home__content, .state-view--error, .state-view--empty')
    const carried = JSON.parse(/<script>window\["[^"]+"\]=(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as Record<string, { statusCode: number, visitorOnly?: boolean }>
    expect(Object.keys(carried).sort()).toEqual(['/channels/83282802', '/channels/83282802/messages?limit=50', '/servers/832828', '/servers/832828/channels', '/servers/832828/lives?page=1&page_size=20'])
  })

  it('draws Home for Home opened with a channel that is no chat (its page draws it with the app)', async () => {
    const screen = firstScreenOf((await test.inject('/index.html?server_id=832828&channel_id=83282810')).body) ?? ''
    expect(screen).toContain('<span class="server-header__name">云端集市</span>')
  })

  it('draws Market\'s first showroom for a Market link that names no channel', async () => {
    expect(firstScreenOf((await test.inject('/market/index.html?sid=832828')).body)).toBe(firstScreenOf((await test.inject('/market/index.html?sid=832828&cid=83282810')).body))
  })

  it('draws a chat\'s avatars as the app\'s: a picture sized by its width and height before any stylesheet, or the initial on the member\'s tone', () => {
    const history = { items: [{ author: { uid: '7', nickname: '林晓', avatar: '/files/a.svg' }, content: 'a', created_at: 0 }, { author: { uid: '8', nickname: '周末', avatar: '' }, content: 'b', created_at: 999 }] }
    const html = screenHtml(chatFirstScreen({ name: 'x', channel_type: 1, kind: 0 }, history)!)
    expect(html).toContain('<img class="chat-avatar" style="object-fit:cover" alt="" width="32" height="32" src="/files/a.svg">')
    expect(html).toContain(`<div class="chat-avatar chat-avatar--initial chat-avatar--tone-${avatarTone('8')}"><span>周</span></div>`)
  })

  it('draws no chat for a channel that is not a discussion (posts, live, showroom): its page gets the skeleton', async () => {
    const channels = envelope<{ groups: Array<{ channels: Array<{ channel_id: string, channel_type: number, kind: number }> }> }>(await test.inject('/servers/832828/channels')).data
    const others = channels.groups.flatMap(group => group.channels).filter(channel => channel.channel_type !== 1)
    expect(others.length).toBeGreaterThan(0)
    for (const channel of others) {
      const screen = firstScreenOf((await test.inject(`/pages/channel/index?sid=832828&channel_id=${channel.channel_id}`)).body)
      expect([channel.channel_id, screen?.startsWith('<div class="first-screen-skeleton">')]).toEqual([channel.channel_id, true])
    }
  })

  it('escapes a planted nickname and message: they show as text and never run', async () => {
    const member = await signInAsMember(test, '100002')
    expect((await test.inject({ method: 'PATCH', url: '/user/me', headers: member.headers, payload: { nickname: '<b>x</b>' } })).statusCode).toBe(200)
    const sent = await test.inject({ method: 'POST', url: '/channels/83282802/messages', headers: member.headers, payload: { content: PLANTED, nonce: `planted-${process.pid}` } })
    expect(envelope(sent).code).toBe(0)
    const html = (await test.inject('/pages/channel/index?sid=832828&channel_id=83282802')).body
    const screen = firstScreenOf(html) ?? ''
    expect(screen).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;')
    expect(screen).toContain('&lt;b&gt;x&lt;/b&gt;')
    expect(screen).not.toMatch(/<script|<img src=x|<b>/)
    // the only inline scripts the page runs are the build's, the carried answers and the take-over
    expect(html.match(/<script>/g)?.length).toBe(inlineScriptSources(html).length)
  })

  it('escapes what the description is given, text and URLs alike, and writes no picture from a script URL', () => {
    const html = screenHtml(homeFirstScreen({ server: { name: PLANTED, icon: 'javascript:alert(1)', introduction: '"><script>', member_count: 3 }, channels: undefined, lives: undefined, nowSeconds: 0 })!)
    expect(html).not.toMatch(/<script|javascript:|onerror=alert\(2\)>/)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(chatFirstScreen({ name: 'x', channel_type: 1, kind: 0 }, { items: [{ author: { uid: '1', nickname: PLANTED }, content: '<@1> hi', created_at: 0 }] }) && screenHtml(chatFirstScreen({ name: 'x', channel_type: 1, kind: 0 }, { items: [{ author: { uid: '1', nickname: PLANTED }, content: '<@1> hi', created_at: 0 }] })!))
      .toContain('@&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; hi')
  })

  it('is a skeleton for what it cannot fill: an unknown channel, a page without answers, another language', async () => {
    for (const url of ['/pages/channel/index?sid=832828&channel_id=999999999', '/pages/me/index?sid=832828', '/market/index.html?sid=832828&cid=832828', '/index.html?sid=832828&hl=en']) {
      const html = (await test.inject(url)).body
      expect([url, firstScreenOf(html)?.startsWith('<div class="first-screen-skeleton">')]).toEqual([url, true])
    }
  })

  it('takes the screen away by a script the page\'s policy allows by its hash', async () => {
    const page = await test.inject('/index.html?sid=832828')
    expect(page.body).toContain(`<script>${TAKE_OVER_SCRIPT}</script>`)
    expect(String(page.headers['content-security-policy'])).toContain(inlineScriptSources(`<script>${TAKE_OVER_SCRIPT}</script>`)[0])
  })

  it('inlines the page\'s own stylesheets named by the build\'s preload map, and nothing outside the build', () => {
    const html = '<head><script>!function(m){}({"/pages/index/index":["/css/none.css","/js/1.js"],"/x":["/../../etc/passwd.css"]})</script></head>'
    expect(pageStylesOf(html, '/pages/index/index', test.config.h5Dir)).toBe('')
    expect(pageStylesOf(html, '/x', test.config.h5Dir)).toBe('')
    expect(withFirstScreen(FAKE_INDEX_HTML, null, '', '.a{}')).toContain('.a{}</style></head>')
  })
})
