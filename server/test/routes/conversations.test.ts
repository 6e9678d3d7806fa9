/**
 * Direct messages over HTTP, on SQLite (and PostgreSQL with DATABASE_URL): conversations
 * only between members who share a server, seen and written by their participants only;
 * privacy and blocks refuse with "cannot send" and write nothing; groups hold ten people;
 * a nonce sends once; what each write publishes goes to the participants; an account's hourly
 * reach (conversations started, new people reached) is limited, lower for guests and new
 * accounts, across processes; a member leaves or blocks a group; a burst of messages is one
 * notification per conversation.
 */
import type { Conversation, ConversationList } from '@core/wire/direct-messages'
import { DM_CODES } from '@core/wire/direct-messages'
import type { ChatMessage, MessageHistory } from '@core/wire/messages'
import type { NotificationPage } from '@core/wire/notifications'
import { createInProcessBus, type BusEvent } from '../../src/bus'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { buildApp } from '../../src/app'
import { envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

const SERVER = '832828'

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

/** A new guest who is a member of the demo server. */
async function member (): Promise<Session> {
  const guest = await signInAsGuest(test)
  await db.insertInto('server_members').values({ server_id: SERVER, uid: guest.uid, joined_at: 1 }).execute()
  return guest
}

/** An ordinary account made long ago (older than a week: the established reach), member of the demo server. */
async function established (): Promise<Session> {
  nonceCounter += 1
  const uid = `7${process.pid}${nonceCounter}`
  await db.insertInto('users').values({ uid, user_type: 1, addtime: 1, nickname: `old ${uid}`, avatar: '', signature: '', gender: 0 }).execute()
  await db.insertInto('server_members').values({ server_id: SERVER, uid, joined_at: 1 }).execute()
  const { headers } = await signInAsMember(test, uid)
  return { headers, uid }
}

/** A new guest who is a member of no server: they share none with anybody. */
const stranger = (): Promise<Session> => signInAsGuest(test)

function nonce (): string {
  nonceCounter += 1
  return `dm-${process.pid}-${nonceCounter}`
}

async function count (table: 'conversations' | 'direct_messages'): Promise<number> {
  return Number((await db.selectFrom(table).select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
}

function startDirect (from: Session, to: Session) {
  return test.inject({ method: 'POST', url: '/conversations/direct', headers: from.headers, payload: { uid: to.uid } })
}

async function direct (from: Session, to: Session): Promise<Conversation> {
  const response = await startDirect(from, to)
  expect(response.statusCode).toBe(200)
  return envelope<Conversation>(response).data
}

function send (from: Session, conversationId: string, payload: object) {
  return test.inject({ method: 'POST', url: `/conversations/${conversationId}/messages`, headers: from.headers, payload })
}

async function sent (from: Session, conversationId: string, content: string): Promise<ChatMessage> {
  const response = await send(from, conversationId, { content, nonce: nonce() })
  expect(response.statusCode).toBe(200)
  return envelope<ChatMessage>(response).data
}

function block (blocker: Session, blocked: Session) {
  return test.inject({ method: 'PUT', url: `/users/me/blocks/${blocked.uid}`, headers: blocker.headers })
}

describe('direct conversations', () => {
  it('lets a member message another member of a shared server, and only the two of them read it', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()])
    const conversation = await direct(a, b)
    expect(conversation.kind).toBe('direct')
    expect(conversation.participants.map(user => user.uid).sort()).toEqual([a.uid, b.uid].sort())
    const message = await sent(a, conversation.conversation_id, '你好 B')
    expect(message).toMatchObject({ channel_id: conversation.conversation_id, server_id: '', content: '你好 B' })

    const history = await test.inject({ url: `/conversations/${conversation.conversation_id}/messages`, headers: b.headers })
    expect(envelope<MessageHistory>(history).data.items.map(item => item.content)).toEqual(['你好 B'])
    const outsider = await test.inject({ url: `/conversations/${conversation.conversation_id}/messages`, headers: c.headers })
    expect(outsider.statusCode).toBe(404)
    expect((await send(c, conversation.conversation_id, { content: 'me too', nonce: nonce() })).statusCode).toBe(404)
    const list = await test.inject({ url: '/conversations', headers: c.headers })
    expect(envelope<ConversationList>(list).data.items).toEqual([])
  })

  it('publishes each write to the participants only', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const conversation = await direct(a, b)
    const message = await sent(a, conversation.conversation_id, 'hello')
    await test.inject({ method: 'PUT', url: `/conversations/${conversation.conversation_id}/messages/${message.message_id}/reactions/${encodeURIComponent('👍')}/me`, headers: b.headers })
    const created = events.find(event => event.t === 'DM_MESSAGE_CREATE')
    expect(created).toMatchObject({ server_id: '', conversation_id: conversation.conversation_id })
    expect([...created?.uids ?? []].sort()).toEqual([a.uid, b.uid].sort())
    expect(events.map(event => event.t)).toEqual(['CONVERSATION_CREATE', 'DM_MESSAGE_CREATE', 'NOTIFICATION_CREATE', 'DM_REACTION_ADD'])
  })

  it('finds the same one-to-one conversation from either side', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const first = await direct(a, b)
    const again = await direct(b, a)
    expect(again.conversation_id).toBe(first.conversation_id)
    expect(events.filter(event => event.t === 'CONVERSATION_CREATE')).toHaveLength(1)
  })

  it('answers the same message for the same nonce and stores it once', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const conversation = await direct(a, b)
    const payload = { content: 'once', nonce: nonce() }
    const before = await count('direct_messages')
    const first = envelope<ChatMessage>(await send(a, conversation.conversation_id, payload)).data
    const second = envelope<ChatMessage>(await send(a, conversation.conversation_id, payload)).data
    expect(second.message_id).toBe(first.message_id)
    expect(await count('direct_messages')).toBe(before + 1)
    expect(events.filter(event => event.t === 'DM_MESSAGE_CREATE')).toHaveLength(1)
  })

  it('counts others\' messages as unread until the reader marks them read', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const conversation = await direct(a, b)
    await sent(a, conversation.conversation_id, 'one')
    const last = await sent(a, conversation.conversation_id, 'two')
    const unreadOf = async (session: Session): Promise<number> =>
      envelope<ConversationList>(await test.inject({ url: '/conversations', headers: session.headers })).data.items[0].unread_count
    expect(await unreadOf(b)).toBe(2)
    expect(await unreadOf(a)).toBe(0)
    const read = await test.inject({ method: 'POST', url: `/conversations/${conversation.conversation_id}/read`, headers: b.headers, payload: { message_id: last.message_id } })
    expect(read.statusCode).toBe(200)
    expect(await unreadOf(b)).toBe(0)
    expect(events.find(event => event.t === 'DM_READ')).toMatchObject({ uid: b.uid }) // the reader's own devices, nobody else's
  })

  it("puts a new direct message in the other participant's inbox, once, and never in the author's", async () => {
    const [a, b] = [await member(), await member()]
    const conversation = await direct(a, b)
    const message = await sent(a, conversation.conversation_id, '私信提醒')
    const inbox = async (who: Session) => envelope<NotificationPage>(await test.inject({ url: '/notifications', headers: who.headers })).data.items
    expect((await inbox(b)).filter(item => item.kind === 'direct_message')).toEqual([expect.objectContaining({ kind: 'direct_message', message_id: message.message_id })])
    expect((await inbox(a)).filter(item => item.kind === 'direct_message')).toEqual([])
  })

  it('tells the recipient which of their notifications lost its message when the author deletes a direct message, so an open inbox shows it deleted', async () => {
    const [a, b] = [await member(), await member()]
    const conversation = await direct(a, b)
    const message = await sent(a, conversation.conversation_id, '发错了')
    const [told] = (await test.inject({ url: '/notifications', headers: b.headers }).then(response => envelope<NotificationPage>(response).data.items)).filter(item => item.message_id === message.message_id)
    events.length = 0
    await test.inject({ method: 'DELETE', url: `/conversations/${conversation.conversation_id}/messages/${message.message_id}`, headers: a.headers })
    expect(events.filter(event => event.t === 'NOTIFICATIONS_SUBJECT_DELETE').map(event => [event.uid, event.d])).toEqual([[b.uid, { ids: [told.notification_id] }]])
  })

  it('lets only the author edit and delete a direct message', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const conversation = await direct(a, b)
    const message = await sent(a, conversation.conversation_id, 'draft')
    const url = `/conversations/${conversation.conversation_id}/messages/${message.message_id}`
    expect((await test.inject({ method: 'PATCH', url, headers: b.headers, payload: { content: 'mine now' } })).statusCode).toBe(403)
    const edited = await test.inject({ method: 'PATCH', url, headers: a.headers, payload: { content: 'final' } })
    expect(envelope<ChatMessage>(edited).data).toMatchObject({ content: 'final' })
    expect((await test.inject({ method: 'DELETE', url, headers: b.headers })).statusCode).toBe(403)
    expect((await test.inject({ method: 'DELETE', url, headers: a.headers })).statusCode).toBe(200)
    const list = envelope<ConversationList>(await test.inject({ url: '/conversations', headers: a.headers })).data
    expect(list.items[0].last_message).toBeNull()
  })
})

describe('who may message whom', () => {
  it('refuses a conversation with someone who shares no server, naming why, and writes nothing', async () => {
    const [a, outsider] = await Promise.all([member(), stranger()])
    const before = await count('conversations')
    const response = await startDirect(a, outsider)
    expect(response.statusCode).toBe(403)
    expect(envelope(response).code).toBe(DM_CODES.NO_SHARED_SERVER)
    expect(await count('conversations')).toBe(before)
  })

  it('refuses a blocked member with "cannot send" only, before and after a conversation exists, and writes nothing', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()])
    const conversation = await direct(a, b)
    expect((await block(b, a)).statusCode).toBe(200)
    const messagesBefore = await count('direct_messages')
    const refused = await send(a, conversation.conversation_id, { content: 'hi?', nonce: nonce() })
    expect(refused.statusCode).toBe(403)
    expect(envelope(refused).code).toBe(DM_CODES.CANNOT_SEND)
    expect(refused.body).not.toMatch(/block/i)
    expect(await count('direct_messages')).toBe(messagesBefore)
    // the blocker still writes to the member they block
    expect((await send(b, conversation.conversation_id, { content: 'I may', nonce: nonce() })).statusCode).toBe(200)
    // a member who takes messages from nobody answers c, who is not blocked, in the very same words
    await test.inject({ method: 'PUT', url: '/users/me/dm-privacy', headers: b.headers, payload: { dm_privacy: 'nobody' } })
    const nobody = await startDirect(c, b)
    expect(envelope(nobody).code).toBe(DM_CODES.CANNOT_SEND)
    expect(envelope(nobody).msg).toBe(envelope(refused).msg)
  })

  it('lets a member choose that nobody may start a conversation with them, and change it back', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const set = await test.inject({ method: 'PUT', url: '/users/me/dm-privacy', headers: b.headers, payload: { dm_privacy: 'nobody' } })
    expect(set.statusCode).toBe(200)
    expect(envelope(await test.inject({ url: '/users/me/dm-privacy', headers: b.headers })).data).toEqual({ dm_privacy: 'nobody' })
    expect((await startDirect(a, b)).statusCode).toBe(403)
    await test.inject({ method: 'PUT', url: '/users/me/dm-privacy', headers: b.headers, payload: { dm_privacy: 'server_members' } })
    expect((await startDirect(a, b)).statusCode).toBe(200)
  })

  it('keeps a blocked member\'s channel mention from naming the blocker', async () => {
    const [a, b] = await Promise.all([member(), member()])
    await block(b, a)
    const response = await test.inject({ method: 'POST', url: '/channels/83282802/messages', headers: a.headers, payload: { content: `hey <@${b.uid}>`, nonce: nonce() } })
    expect(response.statusCode).toBe(200)
    expect(envelope<ChatMessage>(response).data.mentions).toEqual([])
    const notice = await db.selectFrom('mention_notices').selectAll().where('uid', '=', b.uid).execute()
    expect(notice).toEqual([])
  })

  it('lists and lifts the blocks a member made', async () => {
    const [a, b] = await Promise.all([member(), member()])
    await block(b, a)
    const listed = envelope<{ items: Array<{ uid: string }> }>(await test.inject({ url: '/users/me/blocks', headers: b.headers })).data
    expect(listed.items.map(user => user.uid)).toEqual([a.uid])
    await test.inject({ method: 'DELETE', url: `/users/me/blocks/${a.uid}`, headers: b.headers })
    expect((await startDirect(a, b)).statusCode).toBe(200)
  })
})

describe('group conversations', () => {
  it('makes a group of up to ten people and refuses an eleventh, writing nothing', async () => {
    const others = await Promise.all(Array.from({ length: 10 }, () => member()))
    const creator = await established() // a guest reaches five new people an hour, an established account forty
    const before = await count('conversations')
    const over = await test.inject({ method: 'POST', url: '/conversations', headers: creator.headers, payload: { uids: others.map(other => other.uid) } })
    expect(over.statusCode).toBe(400)
    expect(envelope(over).code).toBe(DM_CODES.TOO_MANY_PARTICIPANTS)
    expect(await count('conversations')).toBe(before)
    const group = await test.inject({ method: 'POST', url: '/conversations', headers: creator.headers, payload: { uids: others.slice(0, 9).map(other => other.uid) } })
    expect(group.statusCode).toBe(200)
    expect(envelope<Conversation>(group).data.participants).toHaveLength(10)
  })

  it('refuses a group with someone who shares no server, saying so, and writes nothing', async () => {
    const [a, b, outsider] = await Promise.all([member(), member(), stranger()])
    const before = await count('conversations')
    const response = await test.inject({ method: 'POST', url: '/conversations', headers: a.headers, payload: { uids: [b.uid, outsider.uid] } })
    expect(response.statusCode).toBe(403)
    expect(envelope(response).code).toBe(DM_CODES.NO_SHARED_SERVER)
    expect(await count('conversations')).toBe(before)
  })
})

describe('how far one account reaches', () => {
  const group = (from: Session, uids: string[]) => test.inject({ method: 'POST', url: '/conversations', headers: from.headers, payload: { uids } })

  it('refuses a new guest who opens a dozen conversations and a group of nine in a second, in words, writing nothing past the limit', async () => {
    const attacker = await member()
    const targets = await Promise.all(Array.from({ length: 21 }, () => member()))
    const opened = await Promise.all(targets.slice(0, 12).map(target => startDirect(attacker, target)))
    expect(opened.filter(response => response.statusCode === 200)).toHaveLength(3)
    const refused = opened.filter(response => response.statusCode !== 200)
    expect(refused).toHaveLength(9)
    for (const response of refused) {
      expect(response.statusCode).toBe(429)
      expect(envelope(response).code).toBe(DM_CODES.TOO_MANY_NEW_CONVERSATIONS)
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
    }
    expect(envelope(refused[0]).msg).toContain('每小时最多发起 3 个新会话')
    const before = await count('conversations')
    const nine = await test.inject({ method: 'POST', url: '/conversations', headers: { ...attacker.headers, 'accept-language': 'en' }, payload: { uids: targets.slice(12).map(target => target.uid) } })
    expect(nine.statusCode).toBe(429)
    expect(envelope(nine).msg).toBe('too many new conversations: your account may start 3 an hour; try again later')
    expect(await count('conversations')).toBe(before)
    const list = envelope<ConversationList>(await test.inject({ url: '/conversations', headers: attacker.headers })).data
    expect(list.items).toHaveLength(3)
  })

  it('refuses a guest a group of nine people it never talked to, and counts nothing of the refused group', async () => {
    const [guest, ...targets] = await Promise.all(Array.from({ length: 10 }, () => member()))
    const before = await count('conversations')
    const nine = await group(guest, targets.map(target => target.uid))
    expect(nine.statusCode).toBe(429)
    expect(envelope(nine).code).toBe(DM_CODES.TOO_MANY_NEW_RECIPIENTS)
    expect(envelope(nine).msg).toContain('5 位尚未聊过的成员')
    expect(await count('conversations')).toBe(before)
    // the refused group took none of the hour's reach: five new people and three conversations are still there
    expect((await group(guest, targets.slice(0, 5).map(target => target.uid))).statusCode).toBe(200)
    expect((await startDirect(guest, targets[0])).statusCode).toBe(200) // found again: costs nothing
  })

  it('counts only people the account shares no conversation with yet as new', async () => {
    const [guest, ...targets] = await Promise.all(Array.from({ length: 9 }, () => member()))
    // two people start a conversation with the guest: the guest's reach pays nothing for it
    for (const target of targets.slice(0, 2)) await direct(target, guest)
    const uidsOf = (sessions: Session[]) => sessions.map(session => session.uid)
    expect((await group(guest, uidsOf(targets.slice(0, 5)))).statusCode).toBe(200) // three new people
    expect((await group(guest, uidsOf([targets[0], targets[5], targets[6]]))).statusCode).toBe(200) // two more: five
    const sixth = await startDirect(guest, targets[7])
    expect(sixth.statusCode).toBe(429)
    expect(envelope(sixth).code).toBe(DM_CODES.TOO_MANY_NEW_RECIPIENTS)
    // someone met in a group is no longer new
    expect((await startDirect(guest, targets[2])).statusCode).toBe(200)
  })

  it('lets a member open three conversations with server-mates and a group of them, as before', async () => {
    for (const opener of [await established(), await member()]) {
      const mates = await Promise.all([member(), member(), member()])
      for (const mate of mates) {
        const conversation = await direct(opener, mate)
        await sent(opener, conversation.conversation_id, 'hi')
      }
      expect(envelope<ConversationList>(await test.inject({ url: '/conversations', headers: opener.headers })).data.items).toHaveLength(3)
    }
    const owner = await established()
    const mates = await Promise.all(Array.from({ length: 9 }, () => member()))
    expect((await group(owner, mates.map(mate => mate.uid))).statusCode).toBe(200)
  })

  it('holds the limit across two server processes on one database', async () => {
    const second = await buildApp(test.config, { seed: false })
    try {
      const attacker = await member()
      const targets = await Promise.all(Array.from({ length: 4 }, () => member()))
      const on = (index: number) => (index % 2 === 0 ? test.inject : second.inject.bind(second))
      const answers = []
      for (const [index, target] of targets.entries()) {
        answers.push((await on(index)({ method: 'POST', url: '/conversations/direct', headers: attacker.headers, payload: { uid: target.uid } })).statusCode)
      }
      expect(answers).toEqual([200, 200, 200, 429])
    } finally {
      await second.close()
    }
  })
})

describe('leaving and blocking a group', () => {
  async function groupOf (owner: Session, others: Session[]): Promise<Conversation> {
    const response = await test.inject({ method: 'POST', url: '/conversations', headers: owner.headers, payload: { uids: others.map(other => other.uid) } })
    expect(response.statusCode).toBe(200)
    return envelope<Conversation>(response).data
  }
  const add = (from: Session, conversationId: string, uids: string[]) =>
    test.inject({ method: 'POST', url: `/conversations/${conversationId}/participants`, headers: from.headers, payload: { uids } })

  it('adds a server-mate to a group and refuses a stranger who shares no server with the adder, writing nothing', async () => {
    const [owner, a, b] = await Promise.all([member(), member(), member()])
    const outsider = await stranger()
    const conversation = await groupOf(owner, [a])
    const refused = await add(owner, conversation.conversation_id, [b.uid, outsider.uid])
    expect(refused.statusCode).toBe(403)
    expect(envelope(refused).code).toBe(DM_CODES.NO_SHARED_SERVER)
    expect((await test.inject({ url: `/conversations/${conversation.conversation_id}/messages`, headers: b.headers })).statusCode).toBe(404)
    const added = await add(owner, conversation.conversation_id, [b.uid])
    expect(envelope<Conversation>(added).data.participants.map(user => user.uid).sort()).toEqual([owner.uid, a.uid, b.uid].sort())
    expect(events.filter(event => event.t === 'CONVERSATION_CREATE').at(-1)?.uids).toEqual([b.uid])
  })

  it('lets a member leave a group, after which its messages no longer reach them', async () => {
    const [owner, a] = await Promise.all([member(), member()])
    const conversation = await groupOf(owner, [a])
    expect((await test.inject({ method: 'POST', url: `/conversations/${conversation.conversation_id}/leave`, headers: a.headers })).statusCode).toBe(200)
    await sent(owner, conversation.conversation_id, 'still there?')
    expect((await test.inject({ url: `/conversations/${conversation.conversation_id}/messages`, headers: a.headers })).statusCode).toBe(404)
    const inbox = envelope<NotificationPage>(await test.inject({ url: '/notifications', headers: a.headers })).data.items
    expect(inbox.filter(item => item.kind === 'direct_message')).toEqual([])
  })

  it('never adds a member who blocked a group back to it, and refuses to leave a one-to-one conversation', async () => {
    const [owner, a, b] = await Promise.all([member(), member(), member()])
    const conversation = await groupOf(owner, [a, b])
    expect((await test.inject({ method: 'PUT', url: `/conversations/${conversation.conversation_id}/block`, headers: a.headers })).statusCode).toBe(200)
    for (const adder of [owner, b]) {
      const again = await add(adder, conversation.conversation_id, [a.uid])
      expect(again.statusCode).toBe(403)
      expect(envelope(again).code).toBe(DM_CODES.CANNOT_SEND)
    }
    expect((await test.inject({ url: `/conversations/${conversation.conversation_id}/messages`, headers: a.headers })).statusCode).toBe(404)
    const pair = await direct(owner, a)
    const leave = await test.inject({ method: 'POST', url: `/conversations/${pair.conversation_id}/leave`, headers: a.headers })
    expect(leave.statusCode).toBe(400)
    expect(envelope(leave).code).toBe(DM_CODES.NOT_A_GROUP)
  })
})

describe('a burst of direct messages', () => {
  it('is one notification per conversation until the recipient reads it', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const conversation = await direct(a, b)
    for (let index = 0; index < 10; index += 1) await sent(a, conversation.conversation_id, `burst ${index}`)
    const dms = async () => envelope<NotificationPage>(await test.inject({ url: '/notifications', headers: b.headers })).data.items.filter(item => item.kind === 'direct_message')
    const first = await dms()
    expect(first).toHaveLength(1)
    expect(first[0].excerpt).toBe('burst 0')
    expect(events.filter(event => event.t === 'NOTIFICATION_CREATE')).toHaveLength(1)
    await test.inject({ method: 'POST', url: '/notifications/read', headers: b.headers, payload: { ids: [first[0].notification_id] } })
    await sent(a, conversation.conversation_id, 'after reading')
    expect((await dms()).map(item => item.excerpt)).toEqual(['after reading', 'burst 0'])
  })

  it('notifies again once the recipient has read the conversation itself, and again after the burst window', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const conversation = await direct(a, b)
    const first = await sent(a, conversation.conversation_id, 'one')
    await sent(a, conversation.conversation_id, 'two')
    const dms = async () => envelope<NotificationPage>(await test.inject({ url: '/notifications', headers: b.headers })).data.items
      .filter(item => item.kind === 'direct_message').map(item => item.excerpt)
    expect(await dms()).toEqual(['one'])
    await test.inject({ method: 'POST', url: `/conversations/${conversation.conversation_id}/read`, headers: b.headers, payload: { message_id: first.message_id } })
    await sent(a, conversation.conversation_id, 'three')
    expect(await dms()).toEqual(['three', 'one'])
    await db.updateTable('notifications').set({ created_at: 1 }).where('uid', '=', b.uid).execute() // the burst window is over
    await sent(a, conversation.conversation_id, 'four')
    expect(await dms()).toEqual(['four', 'three', 'one'])
  })
})
