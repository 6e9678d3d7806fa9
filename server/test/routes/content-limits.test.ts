/**
 * The content write paths hold the rules their siblings hold: an edit passes the gates
 * and the limit of a send, a mention is told once, a stored nonce answers before any
 * limit, every 429 says when to retry, the server's own words and the normalised audit
 * hold for every free-text field, reactions and reports cannot be flooded by one member,
 * pictures come only from this product's storage, and names hide nothing and pass for
 * nobody's owner. The app limits loopback too
 * (RATE_LIMIT_ALLOW=none) with small limits, so each limit is reached in a few requests.
 */
import { REACTIONS_PER_MEMBER_ON_OTHERS_MAX } from '@core/domain/messages'
import type { ChannelGroup } from '@core/wire/entities'
import { MESSAGE_CODES, type ChatMessage, type MessageHistory } from '@core/wire/messages'
import { TRUST_CODES, type ReportList } from '@core/wire/trust'
import { createInProcessBus, type BusEvent } from '../../src/bus'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { DEMO_OWNER, envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

const SERVER = '832828'
/** Discussion channels of the busy server. */
const LOBBY = '83282802'
const ANNOUNCEMENTS = '83282800'
/** Its post channel and an item on air with comments on. */
const POSTS = '83282804'
const ON_AIR = '832828-live-02'
/** The Qiniu domain this app is configured with: its files are the product's own too. */
const QINIU_DOMAIN = 'https://cdn.realm.example'
/** A file of this app's own storage, as the upload answers name it. */
const OWN_FILE = 'http://localhost:80/files/upload/cat.png'
/** The per-account message limit of this app (MESSAGE_RATE_LIMIT_MAX). */
const MESSAGE_LIMIT = 6
/** The per-account report limit of this app (REPORT_PER_MINUTE). */
const REPORT_LIMIT = 3

type Session = { headers: Record<string, string>, uid: string }

let test: TestApp
let db: Db
const events: BusEvent[] = []
const bus = createInProcessBus()
bus.subscribe(event => { events.push(event) })
let nonceCounter = 0

beforeAll(async () => {
  test = await startTestApp({
    RATE_LIMIT_ALLOW: 'none',
    GUEST_SIGNUPS_PER_MINUTE: '10000',
    MESSAGE_RATE_LIMIT_MAX: String(MESSAGE_LIMIT),
    MESSAGE_RATE_LIMIT_WINDOW_MS: '60000',
    POST_WRITE_PER_MINUTE: '2',
    COMMENT_WRITE_PER_MINUTE: '2',
    REPORT_PER_MINUTE: String(REPORT_LIMIT),
    QINIU_DOMAIN,
  }, { bus })
  db = (await openDatabase(test.config)).db
})

afterAll(async () => {
  await db.destroy()
  await test.close()
})

beforeEach(() => { events.length = 0 })

function nonce (): string {
  nonceCounter += 1
  return `cl-${process.pid}-${nonceCounter}`
}

/** A new guest who has joined the busy server. */
async function member (): Promise<Session> {
  const guest = await signInAsGuest(test)
  await db.insertInto('server_members').values({ server_id: SERVER, uid: guest.uid, joined_at: 1 }).execute()
  return guest
}

function send (session: Session, content: string, extra: object = {}, channelId = LOBBY) {
  return test.inject({ method: 'POST', url: `/channels/${channelId}/messages`, headers: session.headers, payload: { content, nonce: nonce(), ...extra } })
}

async function sent (session: Session, content: string, channelId = LOBBY): Promise<ChatMessage> {
  const response = await send(session, content, {}, channelId)
  expect(response.statusCode).toBe(200)
  return envelope<ChatMessage>(response).data
}

function edit (session: Session, message: ChatMessage, content: string) {
  return test.inject({ method: 'PATCH', url: `/channels/${message.channel_id}/messages/${message.message_id}`, headers: session.headers, payload: { content } })
}

async function storedContent (message: ChatMessage): Promise<string | undefined> {
  const page = envelope<MessageHistory>(await test.inject({ url: `/channels/${message.channel_id}/messages?limit=100` })).data
  return page.items.find(item => item.message_id === message.message_id)?.content
}

async function mentionCount (session: Session, channelId: string): Promise<number | undefined> {
  const groups = envelope<{ groups: ChannelGroup[] }>(await test.inject({ url: `/servers/${SERVER}/channels`, headers: session.headers })).data.groups
  return groups.flatMap(group => group.channels).find(channel => channel.channel_id === channelId)?.mention_count
}

async function rowCount (table: 'reports' | 'posts' | 'post_comments' | 'live_comments' | 'messages' | 'reactions'): Promise<number> {
  return Number((await db.selectFrom(table).select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
}

function expectRetryAfter (response: { statusCode: number, headers: Record<string, unknown> }): void {
  expect(response.statusCode).toBe(429)
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1)
}

describe('an edit passes the gates a send passes', () => {
  const nowSeconds = (): number => Math.floor(Date.now() / 1000)

  it.each([
    ['timed out', async (session: Session) => {
      await db.insertInto('member_timeouts').values({ server_id: SERVER, uid: session.uid, until: nowSeconds() + 3600, set_by: DEMO_OWNER }).execute()
    }],
    ['kicked', async (session: Session) => {
      await db.deleteFrom('server_members').where('server_id', '=', SERVER).where('uid', '=', session.uid).execute()
    }],
    ['banned', async (session: Session) => {
      await db.deleteFrom('server_members').where('server_id', '=', SERVER).where('uid', '=', session.uid).execute()
      await db.insertInto('bans').values({ server_id: SERVER, uid: session.uid, reason: '', banned_by: DEMO_OWNER, created_at: nowSeconds() }).execute()
    }],
  ])('refuses the edit of a member who was %s: nothing stored, published or counted as a mention', async (_case, sanction) => {
    const author = await member()
    const target = await member()
    const message = await sent(author, 'harmless', ANNOUNCEMENTS)
    await sanction(author)
    events.length = 0
    const response = await edit(author, message, `now with <@${target.uid}>`)
    expect(response.statusCode).toBe(403)
    expect(await storedContent(message)).toBe('harmless')
    expect(events).toEqual([])
    expect(await mentionCount(target, ANNOUNCEMENTS)).toBe(0)
  })
})

describe('the per-account message limit', () => {
  it('counts edits as sends, and its 429 carries Retry-After', async () => {
    const author = await member()
    const message = await sent(author, 'draft 0')
    for (let index = 1; index < MESSAGE_LIMIT; index += 1) expect((await edit(author, message, `draft ${index}`)).statusCode).toBe(200)
    const over = await edit(author, message, 'one too many')
    expectRetryAfter(over)
    expect(await storedContent(message)).toBe(`draft ${MESSAGE_LIMIT - 1}`)
    expectRetryAfter(await send(author, 'and a send too'))
  })

  it('answers a resend of a stored nonce with the stored message even over the limit', async () => {
    const author = await member()
    const first = { content: 'first', nonce: nonce() }
    const stored = envelope<ChatMessage>(await send(author, first.content, { nonce: first.nonce })).data
    for (let index = 1; index < MESSAGE_LIMIT; index += 1) await sent(author, `filler ${index}`)
    expectRetryAfter(await send(author, 'a new one'))
    const before = await rowCount('messages')
    const resend = await send(author, first.content, { nonce: first.nonce })
    expect(resend.statusCode).toBe(200)
    expect(envelope<ChatMessage>(resend).data.message_id).toBe(stored.message_id)
    expect(await rowCount('messages')).toBe(before)
  })
})

describe('mentions', () => {
  it('tells a member of a mention once, however often edits take it out and put it back', async () => {
    const author = await member()
    const target = await member()
    const message = await sent(author, 'hello', ANNOUNCEMENTS)
    const texts = [`hi <@${target.uid}>`, 'hi', `hi <@${target.uid}>`, 'hi', `hi again <@${target.uid}>`]
    for (const text of texts) expect((await edit(author, message, text)).statusCode).toBe(200)
    expect(await mentionCount(target, ANNOUNCEMENTS)).toBe(1)
  })
})

describe("the server's own words and the normalised audit", () => {
  const word = 'kumquatzz'

  beforeAll(async () => {
    const owner = await signInAsMember(test, DEMO_OWNER)
    const response = await test.inject({ method: 'PUT', url: `/servers/${SERVER}/words`, headers: owner.headers, payload: { words: [word] } })
    expect(response.statusCode).toBe(200)
  })

  it("refuses a message, an edit, a post's title and text, a comment and a live comment holding the server's word, writing nothing", async () => {
    const writer = await member()
    const counts = await Promise.all((['messages', 'posts', 'post_comments', 'live_comments'] as const).map(rowCount))
    const message = await sent(writer, 'clean')
    const refusals = [
      [await send(writer, `buy ${word} now`), 104008],
      [await edit(writer, message, `buy ${word.toUpperCase()}`), 104008],
      [await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: writer.headers, payload: { title: `a ${word}`, content: 'ok' } }), 104001],
      [await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: writer.headers, payload: { title: 'ok', content: `a ${word}` } }), 104008],
      [await test.inject({ method: 'POST', url: `/lives/${ON_AIR}/comments`, headers: writer.headers, payload: { content: `a ${word}` } }), 104008],
    ] as const
    for (const [response, code] of refusals) {
      expect(response.statusCode).toBe(422)
      expect(envelope(response).code).toBe(code)
    }
    const post = await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: writer.headers, payload: { title: 'fine', content: 'fine' } })
    const postId = envelope<{ post_id: string }>(post).data.post_id
    const comment = await test.inject({ method: 'POST', url: `/posts/${postId}/comments`, headers: writer.headers, payload: { content: `a ${word}` } })
    expect(envelope(comment).code).toBe(104008)
    expect(await storedContent(message)).toBe('clean')
    expect(await Promise.all((['messages', 'posts', 'post_comments', 'live_comments'] as const).map(rowCount))).toEqual([counts[0] + 1, counts[1] + 1, counts[2], counts[3]])
  })

  it("refuses a post's title and text edits and a comment's edit holding the server's word, the stored ones unchanged", async () => {
    const writer = await member()
    const post = envelope<{ post_id: string }>(await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: writer.headers, payload: { title: 'clean title', content: 'clean text' } })).data
    const comment = envelope<{ comment_id: string }>(await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: writer.headers, payload: { content: 'clean comment' } })).data
    const refusals = [
      [await test.inject({ method: 'PATCH', url: `/posts/${post.post_id}`, headers: writer.headers, payload: { title: `a ${word}` } }), 104001],
      [await test.inject({ method: 'POST', url: `/posts/${post.post_id}`, headers: writer.headers, payload: { content: `a ${word.toUpperCase()}` } }), 104008],
      [await test.inject({ method: 'PATCH', url: `/posts/${post.post_id}/comments/${comment.comment_id}`, headers: writer.headers, payload: { content: `a ${word}` } }), 104008],
    ] as const
    for (const [response, code] of refusals) {
      expect(response.statusCode).toBe(422)
      expect(envelope(response).code).toBe(code)
    }
    const stored = await db.selectFrom('posts').select(['title', 'content', 'edited_at']).where('post_id', '=', post.post_id).executeTakeFirstOrThrow()
    expect(stored).toEqual({ title: 'clean title', content: 'clean text', edited_at: null })
    const storedComment = await db.selectFrom('post_comments').select(['content']).where('comment_id', '=', comment.comment_id).executeTakeFirstOrThrow()
    expect(storedComment.content).toBe('clean comment')
  })

  it("refuses a role's name holding the server's or the global word, created or renamed (422, 104001), writing nothing", async () => {
    const owner = await signInAsMember(test, DEMO_OWNER)
    const roles = async (): Promise<string[]> => (await db.selectFrom('roles').select('name').where('server_id', '=', SERVER).execute()).map(row => row.name).sort()
    const before = await roles()
    for (const name of [`${word} 组`, '违禁组']) {
      const created = await test.inject({ method: 'POST', url: `/servers/${SERVER}/roles`, headers: owner.headers, payload: { name } })
      expect(created.statusCode).toBe(422)
      expect(envelope(created).code).toBe(104001)
      const renamed = await test.inject({ method: 'PATCH', url: `/servers/${SERVER}/roles/${SERVER}-member`, headers: owner.headers, payload: { name } })
      expect(renamed.statusCode).toBe(422)
      expect(envelope(renamed).code).toBe(104001)
    }
    expect(await roles()).toEqual(before)
    const fine = await test.inject({ method: 'PATCH', url: `/servers/${SERVER}/roles/${SERVER}-member`, headers: owner.headers, payload: { color: '#123456' } })
    expect(fine.statusCode).toBe(200)
  })

  it.each([['U+00AD', '\u00ad'], ['U+034F', '\u034f'], ['U+2062', '\u2062'], ['U+180E', '\u180e'], ['U+FE00', '\ufe00'], ['U+200B', '\u200b']])('sees the word through %s hidden inside it', async (_name, hidden) => {
    const writer = await member()
    const response = await send(writer, `for${hidden}bid${hidden}den`)
    expect(response.statusCode).toBe(422)
    expect(envelope(response).code).toBe(104008)
  })
})

describe('reactions on someone else\'s message', () => {
  const emoji = ['👍', '❤️', '😂', '🎉', '🔥', '👀']
  const reactionUrl = (message: ChatMessage, item: string): string => `/channels/${message.channel_id}/messages/${message.message_id}/reactions/${encodeURIComponent(item)}/me`

  it(`lets one member put at most ${REACTIONS_PER_MEMBER_ON_OTHERS_MAX} distinct emoji there (409), while the author's own always fit`, async () => {
    const author = await member()
    const other = await member()
    const message = await sent(author, 'react away')
    for (const item of emoji.slice(0, REACTIONS_PER_MEMBER_ON_OTHERS_MAX)) {
      expect((await test.inject({ method: 'PUT', url: reactionUrl(message, item), headers: other.headers })).statusCode).toBe(200)
    }
    events.length = 0
    const over = await test.inject({ method: 'PUT', url: reactionUrl(message, emoji[REACTIONS_PER_MEMBER_ON_OTHERS_MAX]), headers: other.headers })
    expect(over.statusCode).toBe(409)
    expect(envelope(over).code).toBe(MESSAGE_CODES.REACTIONS_PER_MEMBER)
    expect(events).toEqual([])
    for (const item of emoji) expect((await test.inject({ method: 'PUT', url: reactionUrl(message, item), headers: author.headers })).statusCode).toBe(200)
    const reactions = await db.selectFrom('reactions').select(['uid', 'emoji']).where('message_id', '=', message.message_id).execute()
    expect(reactions.filter(row => row.uid === other.uid)).toHaveLength(REACTIONS_PER_MEMBER_ON_OTHERS_MAX)
    expect(reactions.filter(row => row.uid === author.uid)).toHaveLength(emoji.length)
  })
})

describe('reports', () => {
  it('queues one report per reporter and target: a second identical one answers done, queues and pushes nothing', async () => {
    const author = await member()
    const reporter = await member()
    const message = await sent(author, 'report me')
    const report = { target_type: 'message', target_id: message.message_id, reason: 'spam' }
    expect((await test.inject({ method: 'POST', url: '/reports', headers: reporter.headers, payload: report })).statusCode).toBe(200)
    expect(events.filter(event => event.t === 'REPORT_CREATE')).toHaveLength(1)
    const before = await rowCount('reports')
    events.length = 0
    const again = await test.inject({ method: 'POST', url: '/reports', headers: reporter.headers, payload: { ...report, reason: 'abuse' } })
    expect(again.statusCode).toBe(200)
    expect(await rowCount('reports')).toBe(before)
    expect(events).toEqual([])
    const owner = await signInAsMember(test, DEMO_OWNER)
    const queue = envelope<ReportList>(await test.inject({ url: `/servers/${SERVER}/reports?limit=100`, headers: owner.headers })).data
    expect(queue.items.filter(item => item.target_id === message.message_id)).toHaveLength(1)
  })

  it('refuses a report from someone who is not a member of the server (403), writing nothing', async () => {
    const author = await member()
    const message = await sent(author, 'visible to visitors')
    const visitor = await signInAsGuest(test)
    const before = await rowCount('reports')
    const onMessage = await test.inject({ method: 'POST', url: '/reports', headers: visitor.headers, payload: { target_type: 'message', target_id: message.message_id, reason: 'spam' } })
    expect(onMessage.statusCode).toBe(403)
    const onMember = await test.inject({ method: 'POST', url: '/reports', headers: visitor.headers, payload: { target_type: 'member', target_id: author.uid, server_id: SERVER, reason: 'spam' } })
    expect(onMember.statusCode).toBe(403)
    expect(await rowCount('reports')).toBe(before)
  })

  it(`limits one account to ${REPORT_LIMIT} reports a minute, with Retry-After`, async () => {
    const reporter = await member()
    const messages: ChatMessage[] = []
    for (let index = 0; index <= REPORT_LIMIT; index += 1) messages.push(await sent(await member(), `spam ${index}`))
    for (const message of messages.slice(0, REPORT_LIMIT)) {
      expect((await test.inject({ method: 'POST', url: '/reports', headers: reporter.headers, payload: { target_type: 'message', target_id: message.message_id, reason: 'spam' } })).statusCode).toBe(200)
    }
    const before = await rowCount('reports')
    const over = await test.inject({ method: 'POST', url: '/reports', headers: reporter.headers, payload: { target_type: 'message', target_id: messages[REPORT_LIMIT].message_id, reason: 'spam' } })
    expectRetryAfter(over)
    expect(await rowCount('reports')).toBe(before)
    // a repeat of one already open is no new report: it still answers done, over the limit too
    const repeat = await test.inject({ method: 'POST', url: '/reports', headers: reporter.headers, payload: { target_type: 'message', target_id: messages[0].message_id, reason: 'spam' } })
    expect(repeat.statusCode).toBe(200)
    expect(await rowCount('reports')).toBe(before)
  })
})

describe('posts and comments over their limits', () => {
  /**
   * The answers to `write` until the first refusal, at most five: with a limit of 2 per
   * minute window a refusal comes by the fifth even when the writes straddle a window's end.
   */
  async function untilRefused<R extends { statusCode: number }> (write: (index: number) => Promise<R>): Promise<R[]> {
    const answers: R[] = []
    for (let index = 0; index < 5 && answers[answers.length - 1]?.statusCode !== 429; index += 1) answers.push(await write(index))
    return answers
  }

  it('answers the post and comment 429s with Retry-After, at most the rest of the minute', async () => {
    const writer = await member()
    const posts = await untilRefused(index => test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: writer.headers, payload: { title: `p${index}`, content: '' } }))
    const refusedPost = posts[posts.length - 1]
    expectRetryAfter(refusedPost)
    expect(Number(refusedPost.headers['retry-after'])).toBeLessThanOrEqual(60)
    const postId = envelope<{ post_id: string }>(posts[0]).data.post_id
    const comments = await untilRefused(index => test.inject({ method: 'POST', url: `/posts/${postId}/comments`, headers: writer.headers, payload: { content: `c${index}` } }))
    expectRetryAfter(comments[comments.length - 1])
  })
})

describe("pictures come only from the product's storage", () => {
  const picture = (url: string) => ({ url, width: 1, height: 1, size: 1, mime: 'image/png' })

  it.each([
    'https://tracker.example/cat.png',
    'http://tracker.example/cat.png',
    'http://cdn.realm.example/cat.png',
    'https://localhost:80/files/cat.png',
    'http://localhost:80/elsewhere/cat.png',
    'http://user@localhost:80/files/cat.png',
    'https://cdn.realm.example.tracker.example/cat.png',
  ])('refuses %s as an attachment, a post image and a cover, naming the field and writing nothing', async url => {
    const writer = await member()
    const before = await Promise.all((['messages', 'posts'] as const).map(rowCount))
    const message = await send(writer, 'look', { attachments: [picture(url)] })
    expect(message.statusCode).toBe(400)
    expect(envelope(message).msg).toMatch(/^body\.attachments\.0\.url /)
    const image = await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: writer.headers, payload: { title: 'look', content: '', images: [{ url, width: 1, height: 1 }] } })
    expect(image.statusCode).toBe(400)
    expect(envelope(image).msg).toMatch(/^body\.images\.0\.url /)
    const cover = await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: writer.headers, payload: { title: 'look', content: '', cover: url } })
    expect(cover.statusCode).toBe(400)
    expect(envelope(cover).msg).toMatch(/^body\.cover /)
    expect(await Promise.all((['messages', 'posts'] as const).map(rowCount))).toEqual(before)
  })

  it('refuses a foreign host named by a forged Host header: the request cannot make its own host count as this server', async () => {
    const writer = await member()
    const before = await rowCount('messages')
    const forged = { ...writer.headers, host: 'tracker.example' }
    const message = await test.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers: forged, payload: { content: 'look', nonce: nonce(), attachments: [picture('http://tracker.example/files/cat.png')] } })
    expect(message.statusCode).toBe(400)
    expect(envelope(message).msg).toMatch(/^body\.attachments\.0\.url /)
    expect(await rowCount('messages')).toBe(before)
  })

  it.each([OWN_FILE, `${QINIU_DOMAIN}/uploads/cat.png`])('takes %s', async url => {
    const writer = await member()
    const response = await send(writer, 'look', { attachments: [picture(url)] })
    expect(response.statusCode).toBe(200)
    expect(envelope<ChatMessage>(response).data.attachments[0].url).toBe(url)
  })
})

describe('names', () => {
  const hidden = '\u202e\u200b\u2066\u200f\ufeff'

  it('stores a nickname, a role name and a channel name without their bidi controls and zero-width characters', async () => {
    const someone = await member()
    const nickname = await test.inject({ method: 'PATCH', url: '/user/me', headers: someone.headers, payload: { nickname: `\u202eeviL${hidden}name\u2069` } })
    expect(nickname.statusCode).toBe(200)
    expect(envelope<{ nickname: string }>(nickname).data.nickname).toBe('eviLname')
    const owner = await signInAsMember(test, DEMO_OWNER)
    const role = await test.inject({ method: 'POST', url: `/servers/${SERVER}/roles`, headers: owner.headers, payload: { name: `\u2066mod${hidden}s\u2069` } })
    expect(envelope<{ name: string }>(role).data.name).toBe('mods')
    const channel = await test.inject({ method: 'POST', url: `/servers/${SERVER}/channels`, headers: owner.headers, payload: { title: `\u202adesk${hidden}\u202c`, channel_type: 1 } })
    const created = envelope<{ channel_id: string, name: string }>(channel).data
    expect(created.name).toBe('desk')
    const renamed = await test.inject({ method: 'PATCH', url: `/channels/${created.channel_id}`, headers: owner.headers, payload: { title: `lob${hidden}by` } })
    expect(envelope<{ name: string }>(renamed).data.name).toBe('lobby')
  })

  it('keeps the joiner that makes a family emoji, and refuses a name of nothing visible', async () => {
    const someone = await member()
    const family = await test.inject({ method: 'PATCH', url: '/user/me', headers: someone.headers, payload: { nickname: '👨‍👩‍👧 home' } })
    expect(envelope<{ nickname: string }>(family).data.nickname).toBe('👨‍👩‍👧 home')
    const empty = await test.inject({ method: 'PATCH', url: '/user/me', headers: someone.headers, payload: { nickname: `${hidden}\u200b` } })
    expect(empty.statusCode).toBe(400)
    expect(envelope(empty).msg).toMatch(/^body\.nickname /)
  })

  it("refuses a member's rename to the owner's nickname (409), however it is dressed up, and keeps the old name", async () => {
    const ownerName = envelope<{ nickname: string }>(await test.inject({ url: `/users/${DEMO_OWNER}` })).data.nickname
    const someone = await member()
    for (const disguise of [ownerName, `${[...ownerName].join('\u200b')}`, ` ${ownerName.normalize('NFKD')}\u00ad`]) {
      const response = await test.inject({ method: 'PATCH', url: '/user/me', headers: someone.headers, payload: { nickname: disguise } })
      expect(response.statusCode).toBe(409)
      expect(envelope(response).code).toBe(TRUST_CODES.OWNERS_NAME)
    }
    expect(envelope<{ nickname: string }>(await test.inject({ url: `/users/${someone.uid}` })).data.nickname).not.toBe(ownerName)
  })

  it("refuses the owner's rename to the exact name a member of their server goes by (409), keeping the owner's name", async () => {
    const owner = await signInAsMember(test, DEMO_OWNER)
    const ownerName = envelope<{ nickname: string }>(await test.inject({ url: `/users/${DEMO_OWNER}` })).data.nickname
    const memberName = envelope<{ nickname: string }>(await test.inject({ url: '/users/100004' })).data.nickname
    for (const name of [memberName, `\u202e${memberName}\u200b`]) {
      const response = await test.inject({ method: 'PATCH', url: '/user/me', headers: owner.headers, payload: { nickname: name } })
      expect(response.statusCode).toBe(409)
      expect(envelope(response)).toMatchObject({ code: TRUST_CODES.OWNERS_NAME, msg: expect.stringContaining('100004, a member of your server') })
    }
    expect(envelope<{ nickname: string }>(await test.inject({ url: `/users/${DEMO_OWNER}` })).data.nickname).toBe(ownerName)
    // a name nobody there goes by is the owner's to take
    const renamed = await test.inject({ method: 'PATCH', url: '/user/me', headers: owner.headers, payload: { nickname: `${ownerName}·新` } })
    expect(renamed.statusCode).toBe(200)
    await test.inject({ method: 'PATCH', url: '/user/me', headers: owner.headers, payload: { nickname: ownerName } })
  })

  it("refuses to let someone named like the owner join the owner's server (409), directly or by invite, writing nothing", async () => {
    const ownerName = envelope<{ nickname: string }>(await test.inject({ url: `/users/${DEMO_OWNER}` })).data.nickname
    const lookalike = await signInAsGuest(test)
    await db.updateTable('users').set({ nickname: ownerName.toUpperCase() }).where('uid', '=', lookalike.uid).execute()
    const owner = await signInAsMember(test, DEMO_OWNER)
    const invite = envelope<{ code: string }>(await test.inject({ method: 'POST', url: `/servers/${SERVER}/invites`, headers: owner.headers, payload: {} })).data
    const joins = [
      await test.inject({ method: 'POST', url: `/servers/${SERVER}/members/me`, headers: lookalike.headers }),
      await test.inject({ method: 'POST', url: `/invites/${invite.code}/accept`, headers: lookalike.headers }),
    ]
    for (const response of joins) {
      expect(response.statusCode).toBe(409)
      expect(envelope(response).code).toBe(TRUST_CODES.OWNERS_NAME)
    }
    expect(await db.selectFrom('server_members').select('uid').where('server_id', '=', SERVER).where('uid', '=', lookalike.uid).executeTakeFirst()).toBeUndefined()
  })
})
