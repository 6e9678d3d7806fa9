import { timeIdAt } from '@core/domain/ids'
import type { Paged } from '@core/wire/api'
import type { ChannelGroup, Message } from '@core/wire/entities'
import type { ChatMessage, MessageHistory, ReadState } from '@core/wire/messages'
import { createInProcessBus, type BusEvent } from '../../src/bus'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

const SERVER = '832828'
/** The busy server's lobby: 30 seeded messages. */
const LOBBY = '83282802'
/** A second discussion channel of the same server (no seeded messages). */
const ANNOUNCEMENTS = '83282800'
/** A post channel: no chat there. */
const POSTS = '83282804'

type Session = { headers: Record<string, string>, uid: string }

let test: TestApp
let db: Db
const events: BusEvent[] = []
const bus = createInProcessBus()
bus.subscribe(event => { events.push(event) })
let nonceCounter = 0

beforeAll(async () => {
  test = await startTestApp({}, { bus })
  db = (await openDatabase(test.config)).db
})

afterAll(async () => {
  await db.destroy()
  await test.close()
})

beforeEach(() => { events.length = 0 })

/** A new guest who has joined `serverId` (membership written directly: joining is the gateway work's route). */
async function member (serverId = SERVER): Promise<Session> {
  const guest = await signInAsGuest(test)
  await db.insertInto('server_members').values({ server_id: serverId, uid: guest.uid, joined_at: 1 }).execute()
  return guest
}

/** A new member holding the training role, who sees the (empty) training channel 83282805 (SPEC §6). */
async function trainee (): Promise<Session> {
  const session = await member()
  await db.insertInto('member_roles').values({ server_id: SERVER, uid: session.uid, role_id: `${SERVER}-trainee` }).execute()
  return session
}

function nonce (): string {
  nonceCounter += 1
  return `n-${process.pid}-${nonceCounter}`
}

async function messageCount (): Promise<number> {
  const row = await db.selectFrom('messages').select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

function send (session: Session, channelId: string, payload: object) {
  return test.inject({ method: 'POST', url: `/channels/${channelId}/messages`, headers: session.headers, payload })
}

async function sent (session: Session, channelId: string, content: string, extra: object = {}): Promise<ChatMessage> {
  const response = await send(session, channelId, { content, nonce: nonce(), ...extra })
  expect(response.statusCode).toBe(200)
  return envelope<ChatMessage>(response).data
}

async function history (channelId: string, query = '', headers: Record<string, string> = {}): Promise<MessageHistory> {
  const response = await test.inject({ url: `/channels/${channelId}/messages${query}`, headers })
  expect(response.statusCode).toBe(200)
  return envelope<MessageHistory>(response).data
}

function reactionUrl (channelId: string, messageId: string, emoji: string): string {
  return `/channels/${channelId}/messages/${messageId}/reactions/${encodeURIComponent(emoji)}/me`
}

async function channelList (headers: Record<string, string> = {}) {
  const response = await test.inject({ url: `/servers/${SERVER}/channels`, headers })
  expect(response.statusCode).toBe(200)
  const channels = envelope<{ groups: ChannelGroup[] }>(response).data.groups.flatMap(group => group.channels)
  return new Map(channels.map(channel => [channel.channel_id, channel]))
}

describe('GET /channels/:channel_id/messages (history by cursor)', () => {
  it('answers the newest page oldest first, with has_more when older messages exist', async () => {
    const page = await history(LOBBY, '?limit=10')
    expect(page.items).toHaveLength(10)
    expect(page.has_more).toBe(true)
    const ids = page.items.map(item => item.message_id)
    expect([...ids].sort()).toEqual(ids)
    expect(ids.every(id => /^\d{19}$/.test(id))).toBe(true)
    expect(page.items[0]).toMatchObject({ channel_id: LOBBY, server_id: SERVER, reply_to: null, edited_at: null, reactions: [], attachments: [] })
    expect(page.items[0].author.avatar).toMatch(/^http:\/\/localhost:80\/files\//)
  })

  it('pages back with before and forward with after, without gaps or duplicates', async () => {
    const all = await history(LOBBY, '?limit=100')
    expect(all.has_more).toBe(false)
    const backwards: string[] = []
    let page = await history(LOBBY, '?limit=7')
    backwards.unshift(...page.items.map(item => item.message_id))
    while (page.has_more) {
      page = await history(LOBBY, `?limit=7&before=${backwards[0]}`)
      backwards.unshift(...page.items.map(item => item.message_id))
    }
    expect(backwards).toEqual(all.items.map(item => item.message_id))

    const forwards = [all.items[0].message_id]
    let next = await history(LOBBY, `?limit=4&after=${forwards[0]}`)
    forwards.push(...next.items.map(item => item.message_id))
    while (next.has_more) {
      next = await history(LOBBY, `?limit=4&after=${forwards[forwards.length - 1]}`)
      forwards.push(...next.items.map(item => item.message_id))
    }
    expect(forwards).toEqual(all.items.map(item => item.message_id))
  })

  it('answers 50 messages when no limit is named', async () => {
    const sender = await member()
    for (let index = 0; index < 25; index += 1) await sent(sender, ANNOUNCEMENTS, `announcement ${index}`)
    const lobby = await history(LOBBY)
    expect(lobby.items.length).toBeLessThanOrEqual(50)
    const announcements = await history(ANNOUNCEMENTS, '?limit=100')
    expect((await history(ANNOUNCEMENTS)).items).toEqual(announcements.items.slice(-50))
  })

  it('answers an empty page for a channel without messages', async () => {
    const trainee = await signInAsMember(test, '100004') // 83282805 is the training channel (SPEC §6): its role sees it
    expect(await history('83282805', '', trainee.headers)).toEqual({ items: [], has_more: false })
  })

  it('keeps answering the old page shape to page and page_size', async () => {
    const response = await test.inject(`/channels/${LOBBY}/messages?page=2&page_size=10`)
    const { data } = envelope<Paged<Message>>(response)
    expect(data).toMatchObject({ page: 2, page_size: 10, has_more: true })
    expect(data.total).toBeGreaterThanOrEqual(30)
    expect(data.list).toHaveLength(10)
    expect(data.list[0].message_id > data.list[9].message_id).toBe(true)
    expect(Object.keys(data.list[0]).sort()).toEqual(['author', 'channel_id', 'content', 'created_at', 'message_id'])
  })

  it.each([
    ['limit=0'], ['limit=101'], ['limit=Infinity'], ['limit=1e309'], ['limit=-0'], ['limit=abc'], ['limit=2.5'],
    ['before=1234567890123456789012345678901234567890'], ['after=12345'], ['before=abc'],
    ['before=1700000000000000000&after=1700000000000000000'], ['page=1&limit=5'], ['sort=asc'], ['page=Infinity'], ['page_size=1e309'],
  ])('refuses %s with a 400 envelope', async query => {
    const response = await test.inject(`/channels/${LOBBY}/messages?${query}`)
    expect(response.statusCode).toBe(400)
    expect(envelope(response)).toMatchObject({ code: 400000, data: null })
  })

  it('answers 404 for an unknown channel', async () => {
    const response = await test.inject('/channels/999999999/messages')
    expect(response.statusCode).toBe(404)
    expect(envelope(response).code).toBe(404000)
  })
})

describe('POST /channels/:channel_id/messages', () => {
  it('sends a member\'s message, answers it and publishes MESSAGE_CREATE once it is stored', async () => {
    const sender = await member()
    const message = await sent(sender, LOBBY, '  hello there  ')
    expect(message).toMatchObject({ channel_id: LOBBY, server_id: SERVER, content: 'hello there', author: { uid: sender.uid }, edited_at: null, reply_to: null })
    expect((await history(LOBBY, '?limit=1')).items[0].message_id).toBe(message.message_id)
    expect(events).toEqual([expect.objectContaining({ t: 'MESSAGE_CREATE', server_id: SERVER, channel_id: LOBBY, d: expect.objectContaining({ message_id: message.message_id, content: 'hello there' }) })])
  })

  it('answers the same message for the same nonce and writes it once', async () => {
    const sender = await member()
    const payload = { content: 'sent twice', nonce: nonce() }
    const before = await messageCount()
    const first = envelope<ChatMessage>(await send(sender, LOBBY, payload)).data
    const second = envelope<ChatMessage>(await send(sender, LOBBY, payload)).data
    expect(second.message_id).toBe(first.message_id)
    expect(second.nonce).toBe(payload.nonce)
    expect(await messageCount()).toBe(before + 1)
    expect(events.filter(event => event.t === 'MESSAGE_CREATE')).toHaveLength(1)
  })

  it('writes one message when the same nonce arrives twice at once', async () => {
    const sender = await member()
    const payload = { content: 'racing', nonce: nonce() }
    const before = await messageCount()
    const answers = await Promise.all([send(sender, LOBBY, payload), send(sender, LOBBY, payload)])
    expect(answers.map(answer => answer.statusCode)).toEqual([200, 200])
    expect(new Set(answers.map(answer => envelope<ChatMessage>(answer).data.message_id)).size).toBe(1)
    expect(await messageCount()).toBe(before + 1)
  })

  it('refuses a nonce already used in another channel', async () => {
    const sender = await member()
    const payload = { content: 'first', nonce: nonce() }
    await send(sender, LOBBY, payload)
    const response = await send(sender, ANNOUNCEMENTS, payload)
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toMatch(/^body\.nonce/)
  })

  it('refuses text the audit rejects with 104008 and writes nothing', async () => {
    const sender = await member()
    const before = await messageCount()
    const response = await send(sender, LOBBY, { content: 'this is ＦＯＲ bidden talk', nonce: nonce() })
    expect(response.statusCode).toBe(422)
    expect(envelope(response)).toMatchObject({ code: 104008, data: null })
    expect(await messageCount()).toBe(before)
    expect(events).toEqual([])
  })

  it('refuses non-members with 403 and writes nothing', async () => {
    const guest = await signInAsGuest(test)
    const before = await messageCount()
    const response = await send(guest, LOBBY, { content: 'let me in', nonce: nonce() })
    expect(response.statusCode).toBe(403)
    expect(envelope(response)).toMatchObject({ code: 403000, data: null })
    expect(await messageCount()).toBe(before)
  })

  it('refuses a member of another server', async () => {
    const outsider = await member('723658')
    expect((await send(outsider, LOBBY, { content: 'hi', nonce: nonce() })).statusCode).toBe(403)
  })

  it('answers 401 without a session', async () => {
    const response = await test.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, payload: { content: 'hi', nonce: nonce() } })
    expect(response.statusCode).toBe(401)
  })

  it('refuses channels that are not for chat', async () => {
    const sender = await member()
    const response = await send(sender, POSTS, { content: 'hi', nonce: nonce() })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toMatch(/not a discussion channel/)
  })

  it('takes 2000 characters (emoji count as one) and refuses 2001 or blank text', async () => {
    const sender = await member()
    const longest = await sent(sender, LOBBY, '😀'.repeat(2000))
    expect(Array.from(longest.content)).toHaveLength(2000)
    const before = await messageCount()
    for (const content of ['a'.repeat(2001), '   ', '', '\n\t ']) {
      const response = await send(sender, LOBBY, { content, nonce: nonce() })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).code).toBe(400000)
    }
    expect(await messageCount()).toBe(before)
  })

  it.each([
    ['an unknown field', { content: 'hi', nonce: 'x1', extra: true }],
    ['no nonce', { content: 'hi' }],
    ['a nonce with spaces', { content: 'hi', nonce: 'a b' }],
    ['a NUL character', { content: 'a\u0000b', nonce: 'x2' }],
    ['a 40-digit reply_to', { content: 'hi', nonce: 'x3', reply_to: '1'.repeat(40) }],
    ['an object as content', { content: { text: 'hi' }, nonce: 'x4' }],
    ['an attachment without a size', { content: 'hi', nonce: 'x5', attachments: [{ url: 'https://cdn.example/a.png', width: 1, height: 1, mime: 'image/png' }] }],
    ['an attachment of another type', { content: 'hi', nonce: 'x6', attachments: [{ url: 'https://cdn.example/a.exe', width: 1, height: 1, size: 3, mime: 'application/x-msdownload' }] }],
    ['an attachment that is not http(s)', { content: 'hi', nonce: 'x7', attachments: [{ url: 'javascript:alert(1)', width: 1, height: 1, size: 3, mime: 'image/png' }] }],
  ])('refuses %s with 400', async (_case, payload) => {
    const sender = await member()
    const before = await messageCount()
    const response = await send(sender, LOBBY, payload)
    expect(response.statusCode).toBe(400)
    expect(envelope(response)).toMatchObject({ code: 400000, data: null })
    expect(await messageCount()).toBe(before)
  })

  it('carries attachments', async () => {
    const sender = await member()
    const attachment = { url: 'http://localhost:80/files/cat.png', width: 640, height: 480, size: 12345, mime: 'image/png' }
    const message = await sent(sender, LOBBY, 'look', { attachments: [attachment] })
    expect(message.attachments).toEqual([attachment])
  })

  it('shows a picture uploaded at localhost on the origin each reader came to (127.0.0.1 too), live and in the history', async () => {
    const sender = await member()
    const attachment = { url: 'http://localhost:80/files/at-localhost.png', width: 10, height: 10, size: 100, mime: 'image/png' }
    const message = await sent(sender, LOBBY, 'from localhost', { attachments: [attachment] })
    const published = events.find(event => event.t === 'MESSAGE_CREATE' && event.d.message_id === message.message_id)
    expect(published?.t === 'MESSAGE_CREATE' && published.d.attachments[0].url).toBe('/files/at-localhost.png')
    const read = await history(LOBBY, '', { host: '127.0.0.1:8080' })
    expect(read.items.find(item => item.message_id === message.message_id)?.attachments[0].url).toBe('http://127.0.0.1:8080/files/at-localhost.png')
  })

  it('sends a picture without text, and still refuses a message with neither', async () => {
    const sender = await member()
    const attachment = { url: 'http://localhost:80/files/dog.png', width: 320, height: 200, size: 999, mime: 'image/png' }
    const message = await sent(sender, LOBBY, '  ', { attachments: [attachment] })
    expect([message.content, message.attachments]).toEqual(['', [attachment]])
    const before = await messageCount()
    const empty = await send(sender, LOBBY, { content: ' ', nonce: nonce(), attachments: [] })
    expect([empty.statusCode, envelope(empty).msg]).toEqual([400, 'body.content must hold 1 to 2000 characters after trimming (it may be empty only when the message carries attachments)'])
    expect(await messageCount()).toBe(before)
  })

  it('quotes the first 100 characters of the message it replies to', async () => {
    const sender = await member()
    const original = await sent(sender, LOBBY, `${'字'.repeat(100)}and more`)
    const reply = await sent(sender, LOBBY, 'agreed', { reply_to: original.message_id })
    expect(reply.reply_to).toEqual({ message_id: original.message_id, author: expect.objectContaining({ uid: sender.uid }), content: '字'.repeat(100) })
  })

  it('refuses a reply to a message of another channel', async () => {
    const sender = await member()
    const elsewhere = await sent(sender, ANNOUNCEMENTS, 'over here')
    const response = await send(sender, LOBBY, { content: 'reply', nonce: nonce(), reply_to: elsewhere.message_id })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toMatch(/^body\.reply_to/)
  })

  it('mentions members named as <@uid> and counts the mention for them', async () => {
    const sender = await member()
    const mentioned = await member()
    const outsider = await signInAsGuest(test)
    const message = await sent(sender, ANNOUNCEMENTS, `hey <@${mentioned.uid}> and <@${outsider.uid}> and <@${mentioned.uid}>`)
    expect(message.mentions).toEqual([mentioned.uid])
    expect((await channelList(mentioned.headers)).get(ANNOUNCEMENTS)?.mention_count).toBe(1)
    expect((await channelList(sender.headers)).get(ANNOUNCEMENTS)?.mention_count).toBe(0)
  })

  it('limits how many messages one account sends per window', async () => {
    const limited = await startTestApp({ RATE_LIMIT_ALLOW: 'none', MESSAGE_RATE_LIMIT_MAX: '2' })
    try {
      const guest = await signInAsGuest(limited)
      const { db: limitedDb } = await openDatabase(limited.config)
      await limitedDb.insertInto('server_members').values({ server_id: SERVER, uid: guest.uid, joined_at: 1 }).execute()
      await limitedDb.destroy()
      const statuses: number[] = []
      for (let index = 0; index < 3; index += 1) {
        statuses.push((await limited.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers: guest.headers, payload: { content: `m${index}`, nonce: `rl-${index}` } })).statusCode)
      }
      expect(statuses).toEqual([200, 200, 429])
      const other = await signInAsGuest(limited)
      const otherSend = await limited.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers: other.headers, payload: { content: 'x', nonce: 'rl-other' } })
      expect(otherSend.statusCode).toBe(403) // its own budget: refused for not being a member, not for the first account's sends
    } finally {
      await limited.close()
    }
  })
})

describe('PATCH (or POST) and DELETE /channels/:channel_id/messages/:message_id', () => {
  it.each(['PATCH', 'POST'] as const)('lets the author edit by %s, marks the edit time and publishes MESSAGE_UPDATE', async method => {
    const author = await member()
    const message = await sent(author, LOBBY, 'typo')
    events.length = 0
    const response = await test.inject({ method, url: `/channels/${LOBBY}/messages/${message.message_id}`, headers: author.headers, payload: { content: 'fixed' } })
    expect(response.statusCode).toBe(200)
    const edited = envelope<ChatMessage>(response).data
    expect(edited).toMatchObject({ message_id: message.message_id, content: 'fixed' })
    expect(typeof edited.edited_at).toBe('number')
    expect(events).toEqual([expect.objectContaining({ t: 'MESSAGE_UPDATE', d: expect.objectContaining({ content: 'fixed' }) })])
  })

  it('refuses edits and deletions by anyone but the author', async () => {
    const author = await member()
    const other = await member()
    const message = await sent(author, LOBBY, 'mine')
    const url = `/channels/${LOBBY}/messages/${message.message_id}`
    expect((await test.inject({ method: 'PATCH', url, headers: other.headers, payload: { content: 'yours now' } })).statusCode).toBe(403)
    expect((await test.inject({ method: 'POST', url, headers: other.headers, payload: { content: 'yours now' } })).statusCode).toBe(403)
    expect((await test.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(403)
    expect((await history(LOBBY, '?limit=100')).items.find(item => item.message_id === message.message_id)?.content).toBe('mine')
  })

  it('refuses an edit the audit rejects and keeps the old text', async () => {
    const author = await member()
    const message = await sent(author, LOBBY, 'clean')
    const response = await test.inject({ method: 'PATCH', url: `/channels/${LOBBY}/messages/${message.message_id}`, headers: author.headers, payload: { content: 'now forbidden' } })
    expect(response.statusCode).toBe(422)
    expect(envelope(response).code).toBe(104008)
    expect((await history(LOBBY, '?limit=100')).items.find(item => item.message_id === message.message_id)?.content).toBe('clean')
  })

  it('lets the author delete, removes it from history and publishes MESSAGE_DELETE', async () => {
    const author = await member()
    const message = await sent(author, LOBBY, 'oops')
    events.length = 0
    const url = `/channels/${LOBBY}/messages/${message.message_id}`
    const response = await test.inject({ method: 'DELETE', url, headers: author.headers })
    expect(response.statusCode).toBe(200)
    expect(envelope(response).data).toEqual({ channel_id: LOBBY, message_id: message.message_id })
    expect(events).toEqual([expect.objectContaining({ t: 'MESSAGE_DELETE', d: { channel_id: LOBBY, message_id: message.message_id } })])
    expect((await history(LOBBY, '?limit=100')).items.some(item => item.message_id === message.message_id)).toBe(false)
    expect((await test.inject({ method: 'DELETE', url, headers: author.headers })).statusCode).toBe(404)
  })

  it('quotes nothing once the replied-to message is deleted', async () => {
    const author = await member()
    const original = await sent(author, LOBBY, 'soon gone')
    const reply = await sent(author, LOBBY, 'reply', { reply_to: original.message_id })
    await test.inject({ method: 'DELETE', url: `/channels/${LOBBY}/messages/${original.message_id}`, headers: author.headers })
    expect((await history(LOBBY, '?limit=5')).items.find(item => item.message_id === reply.message_id)?.reply_to).toBeNull()
  })

  it.each([
    ['a 40-digit id', '1'.repeat(40), 400],
    ['an id of another shape', 'abc', 400],
    ['an unknown id', '1700000000000000001', 404],
  ])('answers %s with %d by PATCH and by POST', async (_case, id, status) => {
    const author = await member()
    for (const method of ['PATCH', 'POST'] as const) {
      const response = await test.inject({ method, url: `/channels/${LOBBY}/messages/${id}`, headers: author.headers, payload: { content: 'x' } })
      expect(response.statusCode).toBe(status)
    }
  })
})

describe('reactions', () => {
  it('adds my reaction once, counts it, marks it mine only for me and publishes REACTION_ADD once', async () => {
    const reactor = await member()
    const viewer = await member()
    const message = await sent(reactor, LOBBY, 'react to me')
    events.length = 0
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await test.inject({ method: 'PUT', url: reactionUrl(LOBBY, message.message_id, '👍'), headers: reactor.headers })
      expect(response.statusCode).toBe(200)
    }
    expect(events).toEqual([expect.objectContaining({ t: 'REACTION_ADD', d: { channel_id: LOBBY, message_id: message.message_id, emoji: '👍', uid: reactor.uid } })])
    const mine = (await history(LOBBY, '?limit=1', reactor.headers)).items[0]
    expect(mine.reactions).toEqual([{ emoji: '👍', count: 1, me: true }])
    expect((await history(LOBBY, '?limit=1', viewer.headers)).items[0].reactions).toEqual([{ emoji: '👍', count: 1, me: false }])
    await test.inject({ method: 'PUT', url: reactionUrl(LOBBY, message.message_id, '👍'), headers: viewer.headers })
    expect((await history(LOBBY, '?limit=1')).items[0].reactions).toEqual([{ emoji: '👍', count: 2, me: false }])
  })

  it('removes my reaction and publishes REACTION_REMOVE', async () => {
    const reactor = await member()
    const message = await sent(reactor, LOBBY, 'react and undo')
    await test.inject({ method: 'PUT', url: reactionUrl(LOBBY, message.message_id, '❤️'), headers: reactor.headers })
    events.length = 0
    const response = await test.inject({ method: 'DELETE', url: reactionUrl(LOBBY, message.message_id, '❤️'), headers: reactor.headers })
    expect(response.statusCode).toBe(200)
    expect(events).toEqual([expect.objectContaining({ t: 'REACTION_REMOVE', d: expect.objectContaining({ emoji: '❤️', uid: reactor.uid }) })])
    expect((await history(LOBBY, '?limit=1')).items[0].reactions).toEqual([])
  })

  it.each(['👍', '❤️', '👨‍👩‍👧', '🇨🇳', '1️⃣', '👋🏽'])('takes %s as a reaction', async emoji => {
    const reactor = await member()
    const message = await sent(reactor, LOBBY, 'emoji')
    expect((await test.inject({ method: 'PUT', url: reactionUrl(LOBBY, message.message_id, emoji), headers: reactor.headers })).statusCode).toBe(200)
  })

  it.each(['abc', '1', '<b>', '👍'.repeat(17), '%%', '👍 '])('refuses %j as a reaction', async emoji => {
    const reactor = await member()
    const message = await sent(reactor, LOBBY, 'emoji')
    const response = await test.inject({ method: 'PUT', url: reactionUrl(LOBBY, message.message_id, emoji), headers: reactor.headers })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).code).toBe(400000)
  })

  it('refuses reactions from non-members', async () => {
    const author = await member()
    const guest = await signInAsGuest(test)
    const message = await sent(author, LOBBY, 'members only')
    expect((await test.inject({ method: 'PUT', url: reactionUrl(LOBBY, message.message_id, '👍'), headers: guest.headers })).statusCode).toBe(403)
  })
})

describe('POST /channels/:channel_id/typing', () => {
  it('publishes TYPING_START to the channel at most once per throttle window and stores nothing', async () => {
    const typist = await member()
    const before = await messageCount()
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await test.inject({ method: 'POST', url: `/channels/${LOBBY}/typing`, headers: typist.headers })
      expect(response.statusCode).toBe(200)
    }
    expect(events).toEqual([expect.objectContaining({ t: 'TYPING_START', server_id: SERVER, channel_id: LOBBY, d: expect.objectContaining({ channel_id: LOBBY, uid: typist.uid, nickname: expect.any(String), at: expect.any(Number) }) })])
    expect(await messageCount()).toBe(before)
  })

  it('refuses non-members', async () => {
    const guest = await signInAsGuest(test)
    expect((await test.inject({ method: 'POST', url: `/channels/${LOBBY}/typing`, headers: guest.headers })).statusCode).toBe(403)
    expect(events).toEqual([])
  })
})

describe('read positions and unread counts', () => {
  it('counts others\' unread messages per channel in a member\'s channel list, and nothing for anyone else', async () => {
    const reader = await member()
    const counts = await channelList(reader.headers)
    expect(counts.get(LOBBY)?.unread_count).toBeGreaterThanOrEqual(30)
    expect(counts.get(POSTS)?.unread_count).toBeUndefined()
    const anonymous = await channelList()
    expect(anonymous.get(LOBBY)).not.toHaveProperty('unread_count')
    const guest = await signInAsGuest(test)
    expect((await channelList(guest.headers)).get(LOBBY)).not.toHaveProperty('unread_count')
  })

  it('counts nothing written before a member joined as unread: reading starts at the join', async () => {
    const writer = await member()
    const hourAgo = Date.now() - 3_600_000
    const before = {
      message_id: timeIdAt(hourAgo), channel_id: ANNOUNCEMENTS, server_id: SERVER, author_uid: writer.uid, content: 'before you came',
      nonce: null, reply_to: null, mentions: '[]', attachments: '[]', created_at: Math.floor(hourAgo / 1000), edited_at: null,
    }
    await db.insertInto('messages').values(before).execute()
    const newcomer = await signInAsGuest(test)
    const joined = await test.inject({ method: 'POST', url: `/servers/${SERVER}/members/me`, headers: newcomer.headers })
    expect(joined.statusCode).toBeLessThan(300)
    expect((await channelList(newcomer.headers)).get(ANNOUNCEMENTS)).toMatchObject({ unread_count: 0 })
    expect((await channelList(newcomer.headers)).get(LOBBY)).toMatchObject({ unread_count: 0 })
    await sent(writer, ANNOUNCEMENTS, 'welcome')
    expect((await channelList(newcomer.headers)).get(ANNOUNCEMENTS)).toMatchObject({ unread_count: 1 })
    await db.deleteFrom('messages').where('message_id', '=', before.message_id).execute()
  })

  it('stops counting unread messages at 100 (the list shows 99+)', async () => {
    const reader = await trainee()
    const channel = '83282805'
    const rows = Array.from({ length: 150 }, (_unused, index) => ({
      message_id: timeIdAt(Date.UTC(2021, 0, 1) + index), channel_id: channel, server_id: SERVER, author_uid: '100001', content: `bulk ${index}`,
      nonce: null, reply_to: null, mentions: '[]', attachments: '[]', created_at: 1_609_459_200, edited_at: null,
    }))
    await db.insertInto('messages').values(rows).execute()
    expect((await channelList(reader.headers)).get(channel)?.unread_count).toBe(100)
    await db.deleteFrom('messages').where('message_id', 'in', rows.map(row => row.message_id)).execute()
  })

  it('does not count my own messages as unread', async () => {
    const writer = await trainee()
    const channel = '83282805'
    await channelList(writer.headers)
    await sent(writer, channel, 'talking to myself')
    expect((await channelList(writer.headers)).get(channel)?.unread_count).toBe(0)
  })

  it('reads everything before my own message: what others wrote before it is not unread, what they wrote after is', async () => {
    const reader = await trainee()
    const writer = await trainee()
    const channel = '83282805'
    await sent(writer, channel, 'one')
    await sent(writer, channel, 'two')
    const mine = await sent(reader, channel, 'my answer')
    expect((await channelList(reader.headers)).get(channel)).toMatchObject({ unread_count: 0, mention_count: 0, last_read_id: mine.message_id, last_message_id: mine.message_id })
    const after = await sent(writer, channel, `after you <@${reader.uid}>`)
    expect((await channelList(reader.headers)).get(channel)).toMatchObject({ unread_count: 1, mention_count: 1, last_read_id: mine.message_id, last_message_id: after.message_id })
  })

  it('counts at most 100 of others\' messages after many of mine, from my newest one on', async () => {
    const reader = await trainee()
    const channel = '83282805'
    const at = Date.now() + 60_000
    const row = (index: number, author: string) => ({
      message_id: timeIdAt(at + index), channel_id: channel, server_id: SERVER, author_uid: author, content: `bulk ${index}`,
      nonce: null, reply_to: null, mentions: '[]', attachments: '[]', created_at: Math.floor(at / 1000), edited_at: null,
    })
    // 300 of mine, then 150 of others': only the 150 after my newest are unread, and those count as 100
    const rows = [...Array.from({ length: 300 }, (_unused, index) => row(index, reader.uid)), ...Array.from({ length: 150 }, (_unused, index) => row(300 + index, '100001'))]
    await db.insertInto('messages').values(rows).execute()
    expect((await channelList(reader.headers)).get(channel)).toMatchObject({ unread_count: 100, last_read_id: rows[299].message_id, last_message_id: rows[449].message_id })
    await db.deleteFrom('messages').where('message_id', 'in', rows.map(entry => entry.message_id)).execute()
  })

  it('tells the channel\'s newest message and my read position with the counts', async () => {
    const reader = await member()
    const writer = await member()
    const first = await sent(writer, ANNOUNCEMENTS, 'first')
    const second = await sent(writer, ANNOUNCEMENTS, 'second')
    await test.inject({ method: 'POST', url: `/channels/${ANNOUNCEMENTS}/read`, headers: reader.headers, payload: { message_id: first.message_id } })
    expect((await channelList(reader.headers)).get(ANNOUNCEMENTS)).toMatchObject({ unread_count: 1, last_read_id: first.message_id, last_message_id: second.message_id })
    expect((await channelList()).get(ANNOUNCEMENTS)).not.toHaveProperty('last_read_id')
  })

  it('moves the read position, clears the counts and tells only the reader', async () => {
    const reader = await member()
    const writer = await member()
    await sent(writer, ANNOUNCEMENTS, `ping <@${reader.uid}>`)
    const newest = await sent(writer, ANNOUNCEMENTS, 'latest')
    expect((await channelList(reader.headers)).get(ANNOUNCEMENTS)).toMatchObject({ mention_count: 1 })
    events.length = 0
    const response = await test.inject({ method: 'POST', url: `/channels/${ANNOUNCEMENTS}/read`, headers: reader.headers, payload: { message_id: newest.message_id } })
    expect(response.statusCode).toBe(200)
    expect(envelope<ReadState>(response).data).toEqual({ channel_id: ANNOUNCEMENTS, last_read_id: newest.message_id })
    expect(events).toEqual([expect.objectContaining({ t: 'READ_STATE_UPDATE', server_id: SERVER, uid: reader.uid, d: { channel_id: ANNOUNCEMENTS, last_read_id: newest.message_id } })])
    expect((await channelList(reader.headers)).get(ANNOUNCEMENTS)).toMatchObject({ unread_count: 0, mention_count: 0 })
    await sent(writer, ANNOUNCEMENTS, 'one more')
    expect((await channelList(reader.headers)).get(ANNOUNCEMENTS)).toMatchObject({ unread_count: 1, mention_count: 0 })
  })

  it('keeps the mentions after a read position that stops before them', async () => {
    const reader = await member()
    const writer = await member()
    const first = await sent(writer, ANNOUNCEMENTS, 'before the ping')
    await sent(writer, ANNOUNCEMENTS, `ping <@${reader.uid}>`)
    await test.inject({ method: 'POST', url: `/channels/${ANNOUNCEMENTS}/read`, headers: reader.headers, payload: { message_id: first.message_id } })
    expect((await channelList(reader.headers)).get(ANNOUNCEMENTS)).toMatchObject({ unread_count: 1, mention_count: 1 })
  })

  it('never moves back and never past the newest message', async () => {
    const reader = await member()
    const page = await history(LOBBY, '?limit=2')
    const read = (messageId: string) => test.inject({ method: 'POST', url: `/channels/${LOBBY}/read`, headers: reader.headers, payload: { message_id: messageId } })
    expect(envelope<ReadState>(await read('9'.repeat(19))).data.last_read_id).toBe(page.items[1].message_id)
    expect(envelope<ReadState>(await read(page.items[0].message_id)).data.last_read_id).toBe(page.items[1].message_id)
  })

  it.each([
    ['a 40-digit id', { message_id: '1'.repeat(40) }, 400],
    ['a number', { message_id: 1e309 }, 400],
    ['an unknown field', { message_id: '1700000000000000000', more: 1 }, 400],
    ['no body', undefined, 400],
  ])('refuses %s', async (_case, payload, status) => {
    const reader = await member()
    const response = await test.inject({ method: 'POST', url: `/channels/${LOBBY}/read`, headers: reader.headers, ...(payload ? { payload } : {}) })
    expect(response.statusCode).toBe(status)
    expect(envelope(response).data).toBeNull()
  })

  it('refuses non-members', async () => {
    const guest = await signInAsGuest(test)
    const response = await test.inject({ method: 'POST', url: `/channels/${LOBBY}/read`, headers: guest.headers, payload: { message_id: '1700000000000000000' } })
    expect(response.statusCode).toBe(403)
  })
})
