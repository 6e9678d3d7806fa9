/**
 * Pins (精华): a member holding ManageMessages pins a message of a discussion channel, at
 * most 50 per channel; the pin puts a system line in the chat, is audited, and every reader
 * hears it; anyone who may see the channel reads the list; a deleted message leaves it.
 * Refusals are 4xx envelopes that write nothing.
 */
import { PINS_PER_CHANNEL_MAX } from '@core/domain/pins'
import { Permission } from '@core/domain/permissions'
import type { ChatMessage, MessageHistory } from '@core/wire/messages'
import { PIN_CODES, type ChannelPinsUpdate, type Pin, type PinList } from '@core/wire/pins'
import { createInProcessBus, type BusEvent } from '../../src/bus'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { envelope, rowCounter, signInAsGuest, signInAsJoinedGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

const SERVER = '832828'
/** The busy server's lobby: 30 seeded messages. */
const LOBBY = '83282802'
/** A second discussion channel of the same server (no seeded messages). */
const ANNOUNCEMENTS = '83282800'
/** The seeded moderator (ManageMessages) and owner of the busy server. */
const MODERATOR = '100003'
const OWNER = '100001'

type Session = { headers: Record<string, string>, uid: string }

let test: TestApp
let db: Db
let rows: () => Promise<Record<string, number>>
const events: BusEvent[] = []
const bus = createInProcessBus()
bus.subscribe(event => { events.push(event) })
let moderator: Session
let member: Session
let sent = 0

beforeAll(async () => {
  test = await startTestApp({}, { bus })
  db = (await openDatabase(test.config)).db
  rows = await rowCounter(db)
  moderator = await signInAsMember(test, MODERATOR)
  member = await joinedGuest()
})

afterAll(async () => {
  await db.destroy()
  await test.close()
})

beforeEach(() => { events.length = 0 })

/** The events of type `t` the bus carried since the last reset. */
function heard<T extends BusEvent['t']> (t: T): Array<Extract<BusEvent, { t: T }>> {
  return events.filter((event): event is Extract<BusEvent, { t: T }> => event.t === t)
}

/** A new guest who has joined the server (membership written directly). */
const joinedGuest = (): Promise<Session> => signInAsJoinedGuest(test, db, SERVER)

async function send (who: Session, channelId: string, content: string): Promise<ChatMessage> {
  sent += 1
  return envelope<ChatMessage>(await test.inject({ method: 'POST', url: `/channels/${channelId}/messages`, headers: who.headers, payload: { content, nonce: `pin-test-${sent}` } })).data
}

const pinUrl = (channelId: string, messageId: string) => `/channels/${channelId}/pins/${messageId}`
const pin = (who: Session | null, channelId: string, messageId: string) => test.inject({ method: 'PUT', url: pinUrl(channelId, messageId), headers: who?.headers ?? {} })
const unpin = (who: Session, channelId: string, messageId: string) => test.inject({ method: 'DELETE', url: pinUrl(channelId, messageId), headers: who.headers })
const list = async (who: Session | null, channelId: string) => envelope<PinList>(await test.inject({ url: `/channels/${channelId}/pins`, headers: who?.headers ?? {} }))

/**
 * A new discussion channel `channelId` (a copy of 公告) holding `messages` messages of the
 * member, the first `pinned` of them pinned by the moderator; resolves the messages' ids.
 */
async function channelWithPins (channelId: string, messages: number, pinned: number): Promise<string[]> {
  const announcements = await db.selectFrom('channels').selectAll().where('channel_id', '=', ANNOUNCEMENTS).executeTakeFirstOrThrow()
  await db.insertInto('channels').values({ ...announcements, channel_id: channelId, name: `pins ${channelId}` }).execute()
  const created = Math.floor(Date.now() / 1000)
  const messageIds = Array.from({ length: messages }, (_, i) => `1900000${channelId}${String(1000 + i)}`)
  await db.insertInto('messages').values(messageIds.map(messageId => ({
    message_id: messageId, channel_id: channelId, server_id: SERVER, author_uid: member.uid, content: messageId, nonce: `pins-${messageId}`, reply_to: null, mentions: '[]', attachments: '[]', created_at: created, edited_at: null,
  }))).execute()
  await db.insertInto('pins').values(messageIds.slice(0, pinned).map(messageId => ({ message_id: messageId, channel_id: channelId, server_id: SERVER, pinned_by: MODERATOR, pinned_at: created }))).execute()
  return messageIds
}

describe('pinning', () => {
  it('pins a message for a moderator, says so in the chat as a system line, audits it and tells the readers', async () => {
    const message = await send(member, LOBBY, 'the rules are in the topic')
    events.length = 0
    const response = await pin(moderator, LOBBY, message.message_id)
    expect(response.statusCode).toBe(200)
    const pinned = envelope<Pin>(response).data
    expect([pinned.message.message_id, pinned.message.content, pinned.pinned_by.uid]).toEqual([message.message_id, 'the rules are in the topic', MODERATOR])

    const [update] = heard('CHANNEL_PINS_UPDATE')
    expect([update.server_id, update.channel_id, update.d.pin?.message.message_id]).toEqual([SERVER, LOBBY, message.message_id])
    const [{ d: line }] = heard('MESSAGE_CREATE')
    expect([line.author.uid, line.content, line.notice]).toEqual([MODERATOR, '', { kind: 'pin', message_id: message.message_id }])

    const history = envelope<MessageHistory>(await test.inject(`/channels/${LOBBY}/messages?limit=1`)).data.items
    expect(history.map(item => item.notice)).toEqual([{ kind: 'pin', message_id: message.message_id }])
    const audit = await db.selectFrom('audit_log').select(['actor_uid', 'target_id']).where('action', '=', 'message_pin').execute()
    expect(audit).toEqual([{ actor_uid: MODERATOR, target_id: message.message_id }])
  })

  it('lists the pins newest first to anyone who may see the channel, signed in or not', async () => {
    const first = await send(member, ANNOUNCEMENTS, 'first')
    const second = await send(member, ANNOUNCEMENTS, 'second')
    await pin(moderator, ANNOUNCEMENTS, first.message_id)
    await pin(moderator, ANNOUNCEMENTS, second.message_id)
    const anonymous = await list(null, ANNOUNCEMENTS)
    expect(anonymous.code).toBe(0)
    expect(anonymous.data.list.map(item => item.message.content).slice(0, 2).sort()).toEqual(['first', 'second'])
    expect((await list(member, ANNOUNCEMENTS)).data.list.map(item => item.pinned_by.uid)).toEqual([MODERATOR, MODERATOR])
  })

  it('changes nothing and tells nobody when the message is pinned again', async () => {
    const message = await send(member, LOBBY, 'twice')
    await pin(moderator, LOBBY, message.message_id)
    const before = await rows()
    events.length = 0
    const again = await pin(moderator, LOBBY, message.message_id)
    expect([again.statusCode, envelope<Pin>(again).data.message.message_id]).toEqual([200, message.message_id])
    expect(await rows()).toEqual(before)
    expect(events).toEqual([])
  })

  it('refuses a member without ManageMessages (403), a guest who is no member (403) and nobody signed in (401), writing nothing', async () => {
    const message = await send(member, LOBBY, 'not yours to pin')
    const outsider = await signInAsGuest(test)
    const before = await rows()
    events.length = 0
    expect([(await pin(member, LOBBY, message.message_id)).statusCode, (await pin(outsider, LOBBY, message.message_id)).statusCode, (await pin(null, LOBBY, message.message_id)).statusCode])
      .toEqual([403, 403, 401])
    expect(await rows()).toEqual(before)
    expect(events).toEqual([])
  })

  it('answers 404 for a channel the caller may not see, for the list and for a pin, as for no channel at all', async () => {
    const message = await send(member, LOBBY, 'hidden soon')
    const hidden = await joinedGuest()
    const owner = await signInAsMember(test, OWNER)
    const override = await test.inject({ method: 'PUT', url: `/channels/${LOBBY}/overrides/member/${hidden.uid}`, headers: owner.headers, payload: { allow: Permission.ManageMessages, deny: Permission.ViewChannel } })
    expect(override.statusCode).toBe(200)
    const before = await rows()
    expect([(await list(hidden, LOBBY)).code, envelope(await pin(hidden, LOBBY, message.message_id)).code, envelope(await pin(moderator, '99999999', message.message_id)).code])
      .toEqual([404000, 404000, 404000])
    expect(await rows()).toEqual(before)
  })

  it('answers 404 for a message the channel does not hold, and refuses to pin a system line (400, its own code)', async () => {
    const message = await send(member, LOBBY, 'elsewhere')
    expect(envelope(await pin(moderator, ANNOUNCEMENTS, message.message_id)).code).toBe(404000)
    events.length = 0
    await pin(moderator, LOBBY, message.message_id)
    const [{ d: line }] = heard('MESSAGE_CREATE')
    const before = await rows()
    const refused = await pin(moderator, LOBBY, line.message_id)
    expect([refused.statusCode, envelope(refused).code]).toEqual([400, PIN_CODES.NOT_PINNABLE])
    expect(await rows()).toEqual(before)
  })

  it(`refuses a pin beyond ${PINS_PER_CHANNEL_MAX} in a channel (409, its own code, in the member's language), writing nothing`, async () => {
    const channel = '83282899'
    const messageIds = await channelWithPins(channel, PINS_PER_CHANNEL_MAX + 1, PINS_PER_CHANNEL_MAX)
    const before = await rows()
    events.length = 0
    const refused = await test.inject({ method: 'PUT', url: pinUrl(channel, messageIds[PINS_PER_CHANNEL_MAX]), headers: { ...moderator.headers, 'accept-language': 'en' } })
    expect([refused.statusCode, envelope(refused).code, envelope(refused).msg]).toEqual([409, PIN_CODES.CHANNEL_FULL, `this channel holds ${PINS_PER_CHANNEL_MAX} pinned messages; unpin one first`])
    expect(envelope(await test.inject({ method: 'PUT', url: pinUrl(channel, messageIds[PINS_PER_CHANNEL_MAX]), headers: { ...moderator.headers, 'accept-language': 'zh-CN' } })).msg).toBe(`本频道的精华消息已满 ${PINS_PER_CHANNEL_MAX} 条，请先取消一条`)
    expect(await rows()).toEqual(before)
    expect(events).toEqual([])
    expect((await list(member, channel)).data.list).toHaveLength(PINS_PER_CHANNEL_MAX)
    // a pinned message is never "full": pinning it again still answers it
    expect((await pin(moderator, channel, messageIds[0])).statusCode).toBe(200)
    await unpin(moderator, channel, messageIds[0])
    expect((await pin(moderator, channel, messageIds[PINS_PER_CHANNEL_MAX])).statusCode).toBe(200)
  })

  it('lets only one of several pins racing for a channel\'s last place in, on PostgreSQL as on SQLite', async () => {
    const channel = '83282898'
    const messageIds = await channelWithPins(channel, PINS_PER_CHANNEL_MAX + 3, PINS_PER_CHANNEL_MAX - 1)
    const answers = await Promise.all(messageIds.slice(PINS_PER_CHANNEL_MAX - 1).map(messageId => pin(moderator, channel, messageId)))
    expect(answers.map(answer => answer.statusCode).sort()).toEqual([200, 409, 409, 409])
    expect((await list(member, channel)).data.list).toHaveLength(PINS_PER_CHANNEL_MAX)
  })

  it('refuses a pin in a channel that is no discussion channel (400)', async () => {
    const voice = '83282803'
    const message = await send(member, LOBBY, 'moved')
    // a message stored in a voice channel (none can be sent there) stands for any channel without chat
    await db.updateTable('messages').set({ channel_id: voice }).where('message_id', '=', message.message_id).execute()
    const before = await rows()
    expect((await pin(moderator, voice, message.message_id)).statusCode).toBe(400)
    expect(await rows()).toEqual(before)
  })
})

describe('unpinning', () => {
  it('takes a pin off for a moderator, audits it, tells the readers, and changes nothing for one not pinned', async () => {
    const message = await send(member, LOBBY, 'for now')
    await pin(moderator, LOBBY, message.message_id)
    events.length = 0
    expect(envelope(await unpin(member, LOBBY, message.message_id)).code).toBe(403000)
    const response = await unpin(moderator, LOBBY, message.message_id)
    expect(envelope<ChannelPinsUpdate>(response).data).toEqual({ channel_id: LOBBY, message_id: message.message_id, pin: null })
    expect(events.map(event => event.t)).toEqual(['CHANNEL_PINS_UPDATE'])
    expect((await list(member, LOBBY)).data.list.map(item => item.message.message_id)).not.toContain(message.message_id)
    expect(await db.selectFrom('audit_log').select('target_id').where('action', '=', 'message_unpin').where('target_id', '=', message.message_id).execute()).toHaveLength(1)
    const before = await rows()
    events.length = 0
    expect((await unpin(moderator, LOBBY, message.message_id)).statusCode).toBe(200)
    expect(await rows()).toEqual(before)
    expect(events).toEqual([])
  })

  it('takes a deleted message off the list and tells the readers', async () => {
    const message = await send(member, LOBBY, 'soon gone')
    await pin(moderator, LOBBY, message.message_id)
    events.length = 0
    expect((await test.inject({ method: 'DELETE', url: `/channels/${LOBBY}/messages/${message.message_id}`, headers: member.headers })).statusCode).toBe(200)
    expect(events.map(event => event.t)).toEqual(['MESSAGE_DELETE', 'CHANNEL_PINS_UPDATE'])
    expect(heard('CHANNEL_PINS_UPDATE')[0].d).toEqual({ channel_id: LOBBY, message_id: message.message_id, pin: null })
    expect(await db.selectFrom('pins').select('message_id').where('message_id', '=', message.message_id).execute()).toEqual([])
  })
})

describe('the rate limit', () => {
  it('counts a pin against the message allowance, refusing past it (429) with nothing written', async () => {
    const limited = await startTestApp({ RATE_LIMIT_ALLOW: 'none', MESSAGE_RATE_LIMIT_MAX: '1' })
    const limitedDb = (await openDatabase(limited.config)).db
    try {
      const mod = await signInAsMember(limited, MODERATOR)
      const ids = await limitedDb.selectFrom('messages').select('message_id').where('channel_id', '=', LOBBY).orderBy('message_id').limit(2).execute()
      expect((await limited.inject({ method: 'PUT', url: pinUrl(LOBBY, ids[0].message_id), headers: mod.headers })).statusCode).toBe(200)
      const count = await rowCounter(limitedDb)
      const before = await count()
      const refused = await limited.inject({ method: 'PUT', url: pinUrl(LOBBY, ids[1].message_id), headers: mod.headers })
      expect([refused.statusCode, envelope(refused).code]).toEqual([429, 429000])
      expect(await count()).toEqual(before)
    } finally {
      await limitedDb.destroy()
      await limited.close()
    }
  })
})
