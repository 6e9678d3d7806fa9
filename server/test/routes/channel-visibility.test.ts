import { Permission } from '@core/domain/permissions'
import type { Channel } from '@core/wire/entities'
import { envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

const SERVER = '832828'
/** SPEC §6: the training channel, seen only with the 新手学员 role. */
const TRAINING = '83282805'
/** The live channel, hidden from @全体成员 in one test below. */
const LIVE = '83282807'

let test: TestApp
beforeAll(async () => { test = await startTestApp() })
afterAll(async () => { await test.close() })

describe('a channel the caller may not see is not known to them', () => {
  it('answers GET /channels/:id and its lives 404 to a visitor and a guest member for the training channel, as for no channel', async () => {
    const guest = await signInAsGuest(test)
    await test.inject({ method: 'POST', url: `/servers/${SERVER}/members/me`, headers: guest.headers })
    for (const headers of [{}, guest.headers]) {
      for (const url of [`/channels/${TRAINING}`, `/channels/${TRAINING}/lives`]) {
        const response = await test.inject({ url, headers })
        expect(response.statusCode).toBe(404)
        expect(envelope(response).msg).toBe(`path.channel_id: no channel ${TRAINING}`)
      }
    }
  })

  it('answers the training channel to a member holding its role, and to the owner', async () => {
    for (const uid of ['100004', '100001']) {
      const { headers } = await signInAsMember(test, uid)
      expect(envelope<Channel>(await test.inject({ url: `/channels/${TRAINING}`, headers })).data).toMatchObject({ channel_id: TRAINING, name: '新手训练营' })
      expect((await test.inject({ url: `/channels/${TRAINING}/lives`, headers })).statusCode).toBe(200)
    }
  })

  it('answers 404 for a channel hidden from @全体成员 by an override, and 200 again once the override goes', async () => {
    const owner = (await signInAsMember(test)).headers
    const member = (await signInAsMember(test, '100004')).headers
    const override = `/channels/${LIVE}/overrides/role/${SERVER}`
    expect((await test.inject({ method: 'PUT', url: override, headers: owner, payload: { allow: 0, deny: Permission.ViewChannel } })).statusCode).toBe(200)
    expect((await test.inject({ url: `/channels/${LIVE}`, headers: member })).statusCode).toBe(404)
    expect((await test.inject({ url: `/channels/${LIVE}/lives`, headers: member })).statusCode).toBe(404)
    expect((await test.inject({ url: `/channels/${LIVE}`, headers: owner })).statusCode).toBe(200)
    expect((await test.inject({ method: 'DELETE', url: override, headers: owner })).statusCode).toBe(200)
    expect((await test.inject({ url: `/channels/${LIVE}/lives`, headers: member })).statusCode).toBe(200)
  })
})

/** The post channel and the live channel hidden from @全体成员 by an override in the walk below. */
const HIDDEN_POSTS = '83282804'
const HIDDEN_LIVES = '83282807'
/** A metaverse channel hidden the same way (its showroom is named by a query, not the path). */
const HIDDEN_SHOWROOM = '83282810'
/** A reserved live item of HIDDEN_LIVES (server/src/db/seed/demo-data.ts). */
const HIDDEN_LIVE = `${SERVER}-live-01`

/** A path parameter that names something inside a channel: a route carrying one must answer 404 for a hidden channel. */
const CHANNEL_BOUND = /:(channel_id|post_id|live_id|message_id|comment_id)\b/

/** A body the route's schema takes, so what answers is the handler and not validation (a route missing here fails with 400). */
const BODIES: Record<string, unknown> = {
  'POST /channels/:channel_id/messages': { content: 'hi', nonce: 'walk-1' },
  'PATCH /channels/:channel_id/messages/:message_id': { content: 'edited' },
  'POST /channels/:channel_id/messages/:message_id': { content: 'edited' },
  'POST /channels/:channel_id/read': { message_id: '1000000000000000001' },
  'PATCH /channels/:channel_id': { title: 'renamed' },
  'POST /channels/:channel_id': { title: 'renamed' },
  'PUT /channels/:channel_id/overrides/:target_type/:target_id': { allow: 0, deny: 0 },
  'PUT /channels/:channel_id/notification-settings': { muted: true },
  'POST /channels/:channel_id/posts': { title: 'a post', content: 'text' },
  'POST /channels/:channel_id/tables': { game: 'gomoku' },
  'PATCH /posts/:post_id': { title: 'edited' },
  'POST /posts/:post_id': { title: 'edited' },
  'POST /posts/:post_id/comments': { content: 'a comment' },
  'PATCH /posts/:post_id/comments/:comment_id': { content: 'edited' },
  'POST /posts/:post_id/comments/:comment_id': { content: 'edited' },
  'POST /lives/:live_id/comments': { content: 'a live comment' },
  'POST /channels/:channel_id/space/say': { text: 'hi' },
  'POST /channels/:channel_id/space/members/:uid/move': { x: 100, y: 100 },
}

/** Every route the app registers (method and URL pattern), read with an onRoute hook on an app of its own. */
async function registeredRoutes (): Promise<Array<{ method: string, url: string }>> {
  const { default: Fastify } = await import('fastify')
  const { default: openRealmApp } = await import('../../src/app')
  const { mkdtempSync, rmSync } = await import('fs')
  const { tmpdir } = await import('os')
  const path = await import('path')
  const { dropSchema, testConfig } = await import('../helper')
  const root = mkdtempSync(path.join(tmpdir(), 'openrealm-routes-'))
  const config = testConfig(root)
  const app = Fastify()
  const routes: Array<{ method: string, url: string }> = []
  app.addHook('onRoute', route => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) routes.push({ method, url: route.url })
  })
  try {
    await app.register(openRealmApp, { config, seed: false })
    await app.ready()
  } finally {
    await app.close()
    if (config.databaseUrl && config.databaseSchema) await dropSchema(config.databaseUrl, config.databaseSchema)
    rmSync(root, { recursive: true, force: true })
  }
  return routes.filter(route => route.method !== 'HEAD' && route.method !== 'OPTIONS')
}

describe('every route that names a channel, or something in one, answers 404 to a caller who may not see it', () => {
  it('answers a guest member and a visitor exactly as for a channel, post, message or live item that does not exist, before any other check', async () => {
    const owner = (await signInAsMember(test)).headers
    const guest = await signInAsGuest(test)
    expect((await test.inject({ method: 'POST', url: `/servers/${SERVER}/members/me`, headers: guest.headers })).statusCode).toBe(200)
    // what the hidden channels hold, written while they were open
    const message = envelope<{ message_id: string }>(await test.inject({ method: 'POST', url: `/channels/${TRAINING}/messages`, headers: owner, payload: { content: 'trainees only', nonce: 'walk-hidden' } })).data
    const post = envelope<{ post_id: string }>(await test.inject({ method: 'POST', url: `/channels/${HIDDEN_POSTS}/posts`, headers: owner, payload: { title: 'hidden', content: 'text' } })).data
    const comment = envelope<{ comment_id: string }>(await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: owner, payload: { content: 'hidden' } })).data
    for (const channelId of [HIDDEN_POSTS, HIDDEN_LIVES, HIDDEN_SHOWROOM]) {
      const hidden = await test.inject({ method: 'PUT', url: `/channels/${channelId}/overrides/role/${SERVER}`, headers: owner, payload: { allow: 0, deny: Permission.ViewChannel } })
      expect(hidden.statusCode).toBe(200)
    }
    const hiddenIds = { post_id: post.post_id, comment_id: comment.comment_id, live_id: HIDDEN_LIVE, message_id: message.message_id }
    const noneIds = { post_id: '7777777777777777771', comment_id: '7777777777777777772', live_id: 'no-such-live', message_id: '7777777777777777773' }
    /** What each id of nothing stands for in the hidden call. */
    const standsFor: Record<string, string> = {
      88888881: TRAINING,
      88888882: HIDDEN_POSTS,
      88888883: HIDDEN_SHOWROOM,
      '7777777777777777771': post.post_id,
      '7777777777777777772': comment.comment_id,
      '7777777777777777773': message.message_id,
      'no-such-live': HIDDEN_LIVE,
    }
    const fill = (pattern: string, ids: Record<string, string>): string => pattern.replace(/:([a-z_]+)/g, (_, name: string) => ({ emoji: encodeURIComponent('👍'), target_type: 'role', target_id: SERVER, ...ids })[name] ?? name)

    // a direct conversation is no channel: its own routes answer 404 to non-participants (conversations.test.ts)
    const routes = (await registeredRoutes()).filter(route => CHANNEL_BOUND.test(route.url) && !route.url.startsWith('/conversations'))
    expect(routes.length).toBeGreaterThan(30)
    const calls: Array<{ method: string, url: string, hidden: string, none: string }> = []
    for (const { method, url } of routes) {
      // a path under /channels/:channel_id is walked with the training channel and with a channel an override hides
      const channels = url.includes(':channel_id') ? [[TRAINING, '88888881'], [HIDDEN_POSTS, '88888882']] : [['', '']]
      for (const [hiddenChannel, noChannel] of channels) {
        calls.push({ method, url, hidden: fill(url, { ...hiddenIds, channel_id: hiddenChannel }), none: fill(url, { ...noneIds, channel_id: noChannel }) })
      }
    }
    // the routes that name a channel in their query or body
    calls.push({ method: 'GET', url: 'mapcfg', hidden: `/channel/room/game/mapcfg?server_id=${SERVER}&channel_id=${HIDDEN_SHOWROOM}`, none: `/channel/room/game/mapcfg?server_id=${SERVER}&channel_id=88888883` })
    calls.push({ method: 'POST', url: '/reports', hidden: '/reports', none: '/reports' })

    const answers: string[] = []
    const expected: string[] = []
    const ask = async (method: string, url: string, headers: Record<string, string>, route: string) => {
      const isReport = route === '/reports'
      const payload = isReport ? { target_type: 'message', target_id: url === 'hidden' ? message.message_id : noneIds.message_id, reason: 'spam' } : BODIES[`${method} ${route}`]
      const response = await test.inject({ method: method as 'GET', url: isReport ? '/reports' : url, headers, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: payload ?? {} }) })
      return `${response.statusCode} ${envelope(response).msg}`
    }
    for (const call of calls) {
      const callers = call.method === 'GET' ? [guest.headers, {}] : [guest.headers]
      for (const headers of callers) {
        const who = Object.keys(headers).length > 0 ? 'guest' : 'visitor'
        const hiddenAnswer = await ask(call.method, call.url === '/reports' ? 'hidden' : call.hidden, headers, call.url)
        const noneAnswer = await ask(call.method, call.url === '/reports' ? 'none' : call.none, headers, call.url)
        // the same answer, but for the id it names
        const asNone = noneAnswer.replace(/\b(777777777777777777[123]|8888888[123]|no-such-live)\b/g, id => standsFor[id])
        answers.push(`${who} ${call.method} ${call.hidden} → ${hiddenAnswer}`)
        expected.push(`${who} ${call.method} ${call.hidden} → ${asNone}`)
      }
    }
    for (const channelId of [HIDDEN_POSTS, HIDDEN_LIVES, HIDDEN_SHOWROOM]) await test.inject({ method: 'DELETE', url: `/channels/${channelId}/overrides/role/${SERVER}`, headers: owner })
    expect(answers).toEqual(expected)
    // 404 throughout, but for a visitor on a read that needs a signed-in user
    expect(answers.filter(answer => !answer.includes('→ 404 ') && !/^visitor .* → 401 /.test(answer))).toEqual([])
  })

  it('leaves out of GET /servers/:id/lives (the server\'s public list, one answer for everyone) the live items of a channel @全体成员 may not see, which its own list still gives those who see it', async () => {
    const owner = (await signInAsMember(test)).headers
    const member = (await signInAsMember(test, '100004')).headers
    const hidden = `/channels/${LIVE}/overrides/role/${SERVER}`
    const channelsOf = async (headers: Record<string, string>): Promise<Set<string>> =>
      new Set(envelope<{ list: Array<{ channel_id: string }> }>(await test.inject({ url: `/servers/${SERVER}/lives?page_size=50`, headers })).data.list.map(item => item.channel_id))
    for (const headers of [{}, member, owner]) expect(await channelsOf(headers)).toContain(LIVE)
    expect((await test.inject({ method: 'PUT', url: hidden, headers: owner, payload: { allow: 0, deny: Permission.ViewChannel } })).statusCode).toBe(200)
    try {
      for (const headers of [{}, member, owner]) {
        const channels = await channelsOf(headers)
        expect(channels).not.toContain(LIVE)
        expect(channels.size).toBeGreaterThan(0) // the others' live items stay
      }
      expect((await test.inject({ url: `/channels/${LIVE}/lives`, headers: owner })).statusCode).toBe(200)
    } finally {
      await test.inject({ method: 'DELETE', url: hidden, headers: owner })
    }
    expect(await channelsOf({})).toContain(LIVE)
  })

  it('lists in GET /servers/:id/permissions/me only the channels the caller may see', async () => {
    const guest = await signInAsGuest(test)
    await test.inject({ method: 'POST', url: `/servers/${SERVER}/members/me`, headers: guest.headers })
    const hidden = `/channels/${LIVE}/overrides/role/${SERVER}`
    const owner = (await signInAsMember(test)).headers
    expect((await test.inject({ method: 'PUT', url: hidden, headers: owner, payload: { allow: 0, deny: Permission.ViewChannel } })).statusCode).toBe(200)
    const channelsOf = async (headers: Record<string, string>): Promise<string[]> =>
      envelope<{ channels: Array<{ channel_id: string }> }>(await test.inject({ url: `/servers/${SERVER}/permissions/me`, headers })).data.channels.map(channel => channel.channel_id)
    for (const headers of [guest.headers, {}]) {
      const channels = await channelsOf(headers)
      expect(channels).toContain('83282802')
      expect(channels).not.toContain(TRAINING)
      expect(channels).not.toContain(LIVE)
    }
    expect(await channelsOf(owner)).toEqual(expect.arrayContaining([TRAINING, LIVE]))
    await test.inject({ method: 'DELETE', url: hidden, headers: owner })
  })
})
