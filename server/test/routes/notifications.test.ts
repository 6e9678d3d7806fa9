/**
 * The notification inbox: each write that tells a member something makes exactly one
 * notification for them (never for the actor), mutes silence what they should and not
 * direct mentions, read and unread follow the routes, and NOTIFICATION_CREATE reaches the
 * recipient's own sessions only, live.
 */
import type { DispatchFrame } from '@core/wire/gateway'
import type { ChatMessage } from '@core/wire/messages'
import type { Notification, NotificationPage, NotificationsReadEvent, UnreadCount } from '@core/wire/notifications'
import type { Comment, Post } from '@core/wire/posts'
import { createInProcessBus, type BusEvent } from '../../src/bus'
import { isDispatch } from '../gateway/audience-walk'
import { listeningApp, type TestAccount } from '../gateway/listening-app'
import { envelope, signInAsGuest, signInAsMember } from '../helper'

const SERVER = '832828'
const LOBBY = '83282802'
/** SPEC §6: readable only with the training role. */
const TRAINING = '83282805'
const POSTS = '83282804'

const events: BusEvent[] = []
const bus = createInProcessBus()
bus.subscribe(event => { events.push(event) })
const gateway = listeningApp({ GATEWAY_HEARTBEAT_MS: '10000' }, { bus })
let nonceCounter = 0

beforeEach(() => { events.length = 0 })

const inject = (...args: Parameters<typeof gateway.test.inject>): ReturnType<typeof gateway.test.inject> => gateway.test.inject(...args)
const member = (): Promise<TestAccount> => gateway.guestMember(SERVER)
const nonce = (): string => `notify-${process.pid}-${++nonceCounter}`

async function send (from: TestAccount, content: string, extra: Record<string, unknown> = {}, channelId = LOBBY): Promise<ChatMessage> {
  const response = await inject({ method: 'POST', url: `/channels/${channelId}/messages`, headers: from.headers, payload: { content, nonce: nonce(), ...extra } })
  expect(response.statusCode).toBe(200)
  return envelope<ChatMessage>(response).data
}

/** How a mention of `account` reads in an inbox excerpt: `@nickname`. */
async function named (account: TestAccount): Promise<string> {
  return `@${envelope<{ nickname: string }>(await inject({ url: '/user/me', headers: account.headers })).data.nickname}`
}

async function inbox (of: TestAccount): Promise<NotificationPage> {
  return envelope<NotificationPage>(await inject({ url: '/notifications', headers: of.headers })).data
}

/** The NOTIFICATION_CREATE events published since the test began, for `uid`. */
const createdFor = (uid: string): Notification[] => events
  .filter(event => event.t === 'NOTIFICATION_CREATE' && event.uid === uid)
  .map(event => (event.d as { notification: Notification }).notification)

/** The ids of each NOTIFICATIONS_SUBJECT_DELETE published since the test began, for `uid`. */
const subjectDeletesFor = (uid: string): string[][] => events
  .filter(event => event.t === 'NOTIFICATIONS_SUBJECT_DELETE' && event.uid === uid)
  .map(event => (event.d as { ids: string[] }).ids)

describe('notifications made at the write points', () => {
  it('a mention notifies the mentioned member once, with what it opens and its words (a mention as @nickname), and an edit that mentions them again does not notify twice', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const message = await send(a, `hi <@${b.uid}>`)
    expect(createdFor(b.uid)).toEqual([expect.objectContaining({
      kind: 'mention', server_id: SERVER, channel_id: LOBBY, message_id: message.message_id, excerpt: `hi ${await named(b)}`, read: false,
      actor: expect.objectContaining({ uid: a.uid }),
    })])
    await inject({ method: 'PATCH', url: `/channels/${LOBBY}/messages/${message.message_id}`, headers: a.headers, payload: { content: 'hi' } })
    await inject({ method: 'PATCH', url: `/channels/${LOBBY}/messages/${message.message_id}`, headers: a.headers, payload: { content: `hi again <@${b.uid}>` } })
    expect(createdFor(b.uid)).toHaveLength(1)
    expect((await inbox(b)).items.map(item => item.kind)).toEqual(['mention'])
  })

  it('an edit that adds a mention notifies the newly mentioned member', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const message = await send(a, 'plain')
    await inject({ method: 'PATCH', url: `/channels/${LOBBY}/messages/${message.message_id}`, headers: a.headers, payload: { content: `now <@${b.uid}>` } })
    expect(createdFor(b.uid).map(item => [item.kind, item.message_id])).toEqual([['mention', message.message_id]])
  })

  it('never notifies a member of their own mention, reply or reaction', async () => {
    const a = await member()
    const first = await send(a, `me <@${a.uid}>`)
    await send(a, 'answering myself', { reply_to: first.message_id })
    await inject({ method: 'PUT', url: `/channels/${LOBBY}/messages/${first.message_id}/reactions/${encodeURIComponent('👍')}/me`, headers: a.headers })
    expect(createdFor(a.uid)).toEqual([])
    expect((await inbox(a)).items).toEqual([])
  })

  it('a reply notifies the replied-to author once (a reply that also mentions them is one mention)', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const original = await send(b, 'question')
    const reply = await send(a, 'answer', { reply_to: original.message_id })
    await send(a, `answer <@${b.uid}>`, { reply_to: original.message_id })
    expect(createdFor(b.uid).map(item => [item.kind, item.message_id === reply.message_id])).toEqual([['reply', true], ['mention', false]])
  })

  it('a reply a moderator deleted stays in the inbox as deleted, without its words, and still says where it was', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const owner = await signInAsMember(gateway.test, '100001') as TestAccount
    const original = await send(b, 'question')
    const reply = await send(a, 'answer with rude words', { reply_to: original.message_id })
    expect((await inbox(b)).items[0]).toMatchObject({ kind: 'reply', excerpt: 'answer with rude words', deleted: false })
    const removal = await inject({ method: 'DELETE', url: `/channels/${LOBBY}/messages/${reply.message_id}`, headers: owner.headers })
    expect(removal.statusCode).toBe(200)
    expect((await inbox(b)).items[0]).toMatchObject({ kind: 'reply', excerpt: '', deleted: true, channel_id: LOBBY, message_id: reply.message_id })
  })

  it("a moderator's deletion of a reply tells the replied-to member's sessions which notification lost its subject, and no one else", async () => {
    const [a, b] = await Promise.all([member(), member()])
    const owner = await signInAsMember(gateway.test, '100001') as TestAccount
    const original = await send(b, 'question')
    const reply = await send(a, 'answer to hide', { reply_to: original.message_id })
    const [told] = createdFor(b.uid)
    await inject({ method: 'DELETE', url: `/channels/${LOBBY}/messages/${reply.message_id}`, headers: owner.headers })
    expect(subjectDeletesFor(b.uid)).toEqual([[told.notification_id]])
    expect(events.filter(event => event.t === 'NOTIFICATIONS_SUBJECT_DELETE' && event.uid !== b.uid)).toEqual([])
  })

  it('deleting a comment tells the owners of the notifications of the comment and of its replies, which go with it', async () => {
    const author = await signInAsMember(gateway.test, '100002')
    const owner = await signInAsMember(gateway.test, '100001')
    const [commenter, third] = await Promise.all([member(), member()])
    const post = envelope<Post>(await inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: author.headers, payload: { title: 'thread', content: 'body' } })).data
    const comment = envelope<Comment>(await inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: commenter.headers, payload: { content: 'first' } })).data
    await inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: third.headers, payload: { content: 'an answer', reply_to: comment.comment_id } })
    const toAuthor = createdFor(author.uid).map(item => item.notification_id)
    const toCommenter = createdFor(commenter.uid).map(item => item.notification_id)
    const removal = await inject({ method: 'DELETE', url: `/posts/${post.post_id}/comments/${comment.comment_id}`, headers: owner.headers })
    expect(removal.statusCode).toBe(200)
    expect(subjectDeletesFor(author.uid)).toEqual([toAuthor])
    expect(subjectDeletesFor(commenter.uid)).toEqual([toCommenter])
    expect((await inbox(commenter)).items[0]).toMatchObject({ kind: 'reply', deleted: true, excerpt: '' })
  })

  it('a reaction notifies the message author with the emoji, once per new reaction', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const message = await send(b, 'react to me')
    const url = `/channels/${LOBBY}/messages/${message.message_id}/reactions/${encodeURIComponent('🎉')}/me`
    await inject({ method: 'PUT', url, headers: a.headers })
    await inject({ method: 'PUT', url, headers: a.headers })
    expect(createdFor(b.uid)).toEqual([expect.objectContaining({ kind: 'reaction', message_id: message.message_id, excerpt: '🎉 react to me' })])
  })

  it("a comment notifies the post's author, an answer to a comment notifies its author, and a like notifies the post's author", async () => {
    const author = await signInAsMember(gateway.test, '100002')
    const commenter = await signInAsMember(gateway.test, '100004')
    const third = await member()
    const post = envelope<Post>(await inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: author.headers, payload: { title: 'notify me', content: 'body text' } })).data
    const comment = envelope<Comment>(await inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: commenter.headers, payload: { content: 'first!' } })).data
    await inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: third.headers, payload: { content: 'agreed', reply_to: comment.comment_id } })
    await inject({ method: 'PUT', url: `/posts/${post.post_id}/likes/me`, headers: commenter.headers })
    expect(createdFor(author.uid).map(item => [item.kind, item.post_id, item.excerpt])).toEqual([
      ['comment', post.post_id, 'first!'], ['comment', post.post_id, 'agreed'], ['reaction', post.post_id, 'notify me'],
    ])
    expect(createdFor(commenter.uid).map(item => [item.kind, item.post_id, item.excerpt])).toEqual([['reply', post.post_id, 'agreed']])
  })

  it('timeouts, role changes, kicks and bans notify the member acted on, naming the act and the server', async () => {
    const owner = await signInAsMember(gateway.test, '100001')
    const [timedOut, kicked, banned] = await Promise.all([member(), member(), member()])
    const until = Math.floor(Date.now() / 1000) + 600
    await inject({ method: 'PUT', url: `/servers/${SERVER}/members/${timedOut.uid}/timeout`, headers: owner.headers, payload: { until, reason: 'calm down' } })
    await inject({ method: 'PUT', url: `/servers/${SERVER}/members/${timedOut.uid}/roles/${SERVER}-trainee`, headers: owner.headers })
    await inject({ method: 'DELETE', url: `/servers/${SERVER}/members/${kicked.uid}`, headers: owner.headers })
    await inject({ method: 'PUT', url: `/servers/${SERVER}/bans/${banned.uid}`, headers: owner.headers, payload: {} })
    expect(createdFor(timedOut.uid).map(item => [item.kind, item.act, item.server_id])).toEqual([['moderation', 'timeout', SERVER], ['moderation', 'roles', SERVER]])
    expect(createdFor(timedOut.uid)[0].excerpt).toContain('calm down')
    expect(createdFor(kicked.uid).map(item => item.act)).toEqual(['kick'])
    expect(createdFor(banned.uid).map(item => item.act)).toEqual(['ban'])
    // the kicked member still reads their inbox
    expect((await inbox(kicked)).items.map(item => item.act)).toEqual(['kick'])
  })
})

describe('only what the recipient may read', () => {
  /** Hides (deny ViewChannel) or shows again `channelId` to one member. */
  async function hideFrom (channelId: string, uid: string, hidden: boolean): Promise<void> {
    const owner = await signInAsMember(gateway.test, '100001')
    const url = `/channels/${channelId}/overrides/member/${uid}`
    const answer = hidden
      ? await inject({ method: 'PUT', url, headers: owner.headers, payload: { allow: 0, deny: 1 } })
      : await inject({ method: 'DELETE', url, headers: owner.headers })
    expect(answer.statusCode).toBe(200)
  }

  it('tells a guest mentioned in the training channel nothing, on their socket or in their inbox, and counts no mention, while a trainee is told', async () => {
    const owner = await signInAsMember(gateway.test, '100001')
    const trainee = await signInAsMember(gateway.test, '100004')
    const guest = await member()
    const guestSocket = await gateway.session(guest.token)
    const message = await send(owner as TestAccount, `学员 <@${guest.uid}> <@${trainee.uid}> 看这里`, {}, TRAINING)
    expect(message.mentions).toEqual([trainee.uid])
    expect(createdFor(trainee.uid).map(item => [item.kind, item.channel_id])).toEqual([['mention', TRAINING]])
    // a marker after it: the guest's socket has heard everything published before, and no notification
    await bus.publish('PRESENCE_UPDATE', { server_id: SERVER }, { server_id: SERVER, uid: 'marker-training', status: 'online', online_count: 0 })
    await guestSocket.next(isDispatch('PRESENCE_UPDATE', (d: { uid: string }) => d.uid === 'marker-training'))
    expect(guestSocket.frames.filter(frame => frame.op === 'dispatch' && frame.t === 'NOTIFICATION_CREATE')).toEqual([])
    expect(createdFor(guest.uid)).toEqual([])
    expect(await inbox(guest)).toMatchObject({ items: [], unread: 0 })
  })

  it('tells nobody of a reply, a reaction or a mention in a channel an override hides from them', async () => {
    const owner = await signInAsMember(gateway.test, '100001') as TestAccount
    const author = await member()
    const theirs = await send(author, 'mine, before the door closed')
    await hideFrom(LOBBY, author.uid, true)
    try {
      events.length = 0
      await send(owner, `a reply to <@${author.uid}>`, { reply_to: theirs.message_id })
      await inject({ method: 'PUT', url: `/channels/${LOBBY}/messages/${theirs.message_id}/reactions/${encodeURIComponent('👍')}/me`, headers: owner.headers })
      expect(createdFor(author.uid)).toEqual([])
      expect((await inbox(author)).items).toEqual([])
    } finally {
      await hideFrom(LOBBY, author.uid, false)
    }
  })

  it('tells nobody of a comment, an answer or a like in a post channel an override hides from them', async () => {
    const owner = await signInAsMember(gateway.test, '100001') as TestAccount
    const author = await member()
    const post = envelope<Post>(await inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: author.headers, payload: { title: 'hidden later', content: 'body' } })).data
    const comment = envelope<Comment>(await inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: author.headers, payload: { content: 'my comment' } })).data
    await hideFrom(POSTS, author.uid, true)
    try {
      events.length = 0
      expect((await inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: owner.headers, payload: { content: 'a comment' } })).statusCode).toBe(200)
      expect((await inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: owner.headers, payload: { content: 'an answer', reply_to: comment.comment_id } })).statusCode).toBe(200)
      expect((await inject({ method: 'PUT', url: `/posts/${post.post_id}/likes/me`, headers: owner.headers })).statusCode).toBe(200)
      expect(createdFor(author.uid)).toEqual([])
    } finally {
      await hideFrom(POSTS, author.uid, false)
    }
  })

  it('keeps the kind and the actor of an inbox item from a channel the reader can no longer read, but not its text or what it opens', async () => {
    const owner = await signInAsMember(gateway.test, '100001') as TestAccount
    const reader = await member()
    await send(owner, `secret plans <@${reader.uid}>`)
    expect((await inbox(reader)).items.map(item => [item.excerpt, item.channel_id])).toEqual([[`secret plans ${await named(reader)}`, LOBBY]])
    await hideFrom(LOBBY, reader.uid, true)
    try {
      const page = await inbox(reader)
      expect(page.unread).toBe(1)
      expect(page.items).toEqual([expect.objectContaining({
        kind: 'mention', server_id: SERVER, actor: expect.objectContaining({ uid: owner.uid }), excerpt: '', channel_id: null, message_id: null, post_id: null, comment_id: null,
      })])
    } finally {
      await hideFrom(LOBBY, reader.uid, false)
    }
    expect((await inbox(reader)).items[0]).toMatchObject({ excerpt: `secret plans ${await named(reader)}`, channel_id: LOBBY })
  })
})

describe('mutes', () => {
  it('a muted channel silences replies and reactions there but still counts direct mentions', async () => {
    const [a, b] = await Promise.all([member(), member()])
    expect((await inject({ method: 'PUT', url: `/channels/${LOBBY}/notification-settings`, headers: b.headers, payload: { muted: true } })).statusCode).toBe(200)
    const mine = await send(b, 'mine')
    await send(a, 'reply', { reply_to: mine.message_id })
    await inject({ method: 'PUT', url: `/channels/${LOBBY}/messages/${mine.message_id}/reactions/${encodeURIComponent('👍')}/me`, headers: a.headers })
    await send(a, `ping <@${b.uid}>`)
    expect(createdFor(b.uid).map(item => item.kind)).toEqual(['mention'])
  })

  it('a muted server silences what happens in it but not direct mentions or moderation acts', async () => {
    const owner = await signInAsMember(gateway.test, '100001')
    const [a, b] = await Promise.all([member(), member()])
    expect((await inject({ method: 'PUT', url: `/servers/${SERVER}/notification-settings`, headers: b.headers, payload: { muted: true, suppress_everyone: true } })).statusCode).toBe(200)
    const mine = await send(b, 'mine')
    await send(a, 'reply', { reply_to: mine.message_id })
    await send(a, `ping <@${b.uid}>`)
    await inject({ method: 'PUT', url: `/servers/${SERVER}/members/${b.uid}/timeout`, headers: owner.headers, payload: { until: Math.floor(Date.now() / 1000) + 60 } })
    expect(createdFor(b.uid).map(item => item.kind)).toEqual(['mention', 'moderation'])
    const settings = envelope<{ items: unknown[] }>(await inject({ url: '/notifications/settings', headers: b.headers })).data
    expect(settings.items).toEqual([{ scope: 'server', id: SERVER, muted: true, suppress_everyone: true }])
  })

  it('@全体成员 by one who may mention everyone tells each member who may read the channel once, never its author, a guest outside the training channel, or one who blocks the author', async () => {
    const owner = await signInAsMember(gateway.test, '100001') as TestAccount
    const trainee = await signInAsMember(gateway.test, '100004')
    const [reader, named, blocker] = await Promise.all([member(), member(), member()])
    expect((await inject({ method: 'PUT', url: `/users/me/blocks/${owner.uid}`, headers: blocker.headers })).statusCode).toBe(200)
    events.length = 0
    const lobby = await send(owner, `@全体成员 今晚八点 <@${named.uid}>`)
    expect(createdFor(reader.uid).map(item => [item.kind, item.channel_id, item.message_id])).toEqual([['mention', LOBBY, lobby.message_id]])
    expect(createdFor(named.uid).map(item => item.kind)).toEqual(['mention']) // named and @全体成员: one notification
    expect([createdFor(owner.uid), createdFor(blocker.uid)]).toEqual([[], []])
    events.length = 0
    await send(owner, '@全体成员 学员集合', {}, TRAINING)
    expect(createdFor(trainee.uid).map(item => [item.kind, item.channel_id])).toEqual([['mention', TRAINING]])
    expect(createdFor(reader.uid)).toEqual([]) // a guest may not read the training channel
  })

  it('@全体成员 by a member without MentionEveryone is plain text and tells nobody', async () => {
    const [a, b] = await Promise.all([member(), member()])
    events.length = 0
    await send(a, '@全体成员 看我')
    expect(createdFor(b.uid)).toEqual([])
    expect(events.filter(event => event.t === 'NOTIFICATION_CREATE')).toEqual([])
  })

  it('suppressing @全体成员 for a server, or muting it or the channel, silences an @全体成员 but not a direct mention', async () => {
    const owner = await signInAsMember(gateway.test, '100001') as TestAccount
    const [suppressing, serverMuted, channelMuted, open] = await Promise.all([member(), member(), member(), member()])
    const put = async (url: string, account: TestAccount, payload: Record<string, boolean>) => expect((await inject({ method: 'PUT', url, headers: account.headers, payload })).statusCode).toBe(200)
    await put(`/servers/${SERVER}/notification-settings`, suppressing, { muted: false, suppress_everyone: true })
    await put(`/servers/${SERVER}/notification-settings`, serverMuted, { muted: true, suppress_everyone: false })
    await put(`/channels/${LOBBY}/notification-settings`, channelMuted, { muted: true })
    events.length = 0
    await send(owner, '@全体成员 周会')
    expect([suppressing, serverMuted, channelMuted, open].map(account => createdFor(account.uid).length)).toEqual([0, 0, 0, 1])
    await send(owner, `<@${suppressing.uid}> <@${serverMuted.uid}> <@${channelMuted.uid}> 你们三位呢`)
    expect([suppressing, serverMuted, channelMuted].map(account => createdFor(account.uid).map(item => item.kind))).toEqual([['mention'], ['mention'], ['mention']])
  })

  it('refuses settings for a server one is not a member of, or a channel one cannot read, writing nothing', async () => {
    const { headers } = await signInAsGuest(gateway.test)
    expect((await inject({ method: 'PUT', url: `/servers/${SERVER}/notification-settings`, headers, payload: { muted: true, suppress_everyone: false } })).statusCode).toBe(404)
    expect((await inject({ method: 'PUT', url: `/channels/${TRAINING}/notification-settings`, headers, payload: { muted: true } })).statusCode).toBe(404)
    expect((await inject({ method: 'PUT', url: `/channels/${LOBBY}/notification-settings`, headers, payload: { muted: 'yes' } })).statusCode).toBe(400)
    expect(envelope<{ items: unknown[] }>(await inject({ url: '/notifications/settings', headers })).data.items).toEqual([])
  })
})

describe('read and unread', () => {
  it('counts unread, pages newest first by cursor, marks one and then all read, and tells the other devices', async () => {
    const [a, b] = await Promise.all([member(), member()])
    for (let index = 0; index < 3; index++) await send(a, `n${index} <@${b.uid}>`)
    expect(envelope<UnreadCount>(await inject({ url: '/notifications/unread', headers: b.headers })).data.unread).toBe(3)
    const first = envelope<NotificationPage>(await inject({ url: '/notifications?limit=2', headers: b.headers })).data
    expect(first.items.map(item => item.excerpt)).toEqual([`n2 ${await named(b)}`, `n1 ${await named(b)}`])
    expect(first.next_cursor).toBe(first.items[1].notification_id)
    const second = envelope<NotificationPage>(await inject({ url: `/notifications?limit=2&cursor=${first.next_cursor ?? ''}`, headers: b.headers })).data
    expect(second.items.map(item => item.excerpt)).toEqual([`n0 ${await named(b)}`])
    expect(second.next_cursor).toBeNull()

    events.length = 0
    const one = envelope<NotificationsReadEvent>(await inject({ method: 'POST', url: '/notifications/read', headers: b.headers, payload: { ids: [first.items[0].notification_id] } })).data
    expect(one).toEqual({ ids: [first.items[0].notification_id], all: false, unread: 2 })
    // someone else's ids mark nothing
    const foreign = envelope<NotificationsReadEvent>(await inject({ method: 'POST', url: '/notifications/read', headers: a.headers, payload: { all: true } })).data
    expect(foreign.ids).toEqual([])
    const all = envelope<NotificationsReadEvent>(await inject({ method: 'POST', url: '/notifications/read', headers: b.headers, payload: { all: true } })).data
    expect(all).toMatchObject({ all: true, unread: 0 })
    expect(all.ids).toHaveLength(2)
    expect(events.filter(event => event.t === 'NOTIFICATIONS_READ').map(event => event.uid)).toEqual([b.uid, b.uid])
    expect((await inbox(b)).items.every(item => item.read)).toBe(true)
  })

  it('refuses a bad read body or cursor with 400 and needs a signed-in member', async () => {
    const b = await member()
    for (const payload of [{}, { ids: [] }, { ids: ['x'] }, { all: false }, { all: true, ids: ['1234567890123456789'] }]) {
      expect((await inject({ method: 'POST', url: '/notifications/read', headers: b.headers, payload })).statusCode).toBe(400)
    }
    expect((await inject({ url: '/notifications?cursor=abc', headers: b.headers })).statusCode).toBe(400)
    expect((await inject({ url: '/notifications' })).statusCode).toBe(401)
  })
})

describe('live delivery', () => {
  it("NOTIFICATION_CREATE reaches every session of the recipient and no one else's", async () => {
    const [a, b] = await Promise.all([member(), member()])
    const [aSocket, bPhone, bDesktop] = await Promise.all([gateway.session(a.token), gateway.session(b.token), gateway.session(b.token)])
    const message = await send(a, `live <@${b.uid}>`)
    const matches = isDispatch('NOTIFICATION_CREATE', (d: { notification: Notification }) => d.notification.message_id === message.message_id)
    const [onPhone, onDesktop] = await Promise.all([bPhone.next<DispatchFrame>(matches), bDesktop.next<DispatchFrame>(matches)])
    expect(onPhone.d).toMatchObject({ unread: 1, notification: { kind: 'mention' } })
    expect(onDesktop.d).toEqual(onPhone.d)
    // a marker after it: a's socket has heard everything published before, and no notification
    await bus.publish('PRESENCE_UPDATE', { server_id: SERVER }, { server_id: SERVER, uid: 'marker', status: 'online', online_count: 0 })
    await aSocket.next(isDispatch('PRESENCE_UPDATE', (d: { uid: string }) => d.uid === 'marker'))
    expect(aSocket.frames.some(frame => frame.op === 'dispatch' && frame.t === 'NOTIFICATION_CREATE')).toBe(false)
  })

  it('a notification after a kick still reaches the kicked member\'s inbox, though their sockets close', async () => {
    const owner = await signInAsMember(gateway.test, '100001')
    const target = await member()
    await inject({ method: 'DELETE', url: `/servers/${SERVER}/members/${target.uid}`, headers: owner.headers })
    expect(envelope<UnreadCount>(await inject({ url: '/notifications/unread', headers: target.headers })).data.unread).toBe(1)
  })
})
