import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { bytesInWords } from '../../src/services/quotas'
import { envelope, signInAsGuest, startTestApp, type TestApp } from '../helper'
import { LOBBY, POSTS, SERVER } from '../routes/account-fixtures'

describe('sizes in the words a quota refusal uses', () => {
  it.each([
    [0, '0 B'], [512, '512 B'], [1024, '1 KiB'], [1536, '1.5 KiB'], [100 * 1024 * 1024, '100 MiB'], [3 * 1024 ** 4, '3 TiB'], [5 * 1024 ** 5, '5120 TiB'],
  ])('writes %i bytes as %s', (bytes, words) => {
    expect(bytesInWords(bytes)).toBe(words)
  })
})

/** A live item on air in the busy demo server. */
const ON_AIR = '832828-live-02'
/** A client IP the rate limits exempt in this app. */
const ALLOWED_IP = '10.8.0.1'
const ACCOUNT_TEXT_BYTES = 1000
const IP_TEXT_BYTES = 3000
/** 400 bytes of text: 100 characters of three bytes and 100 of one. */
const TEXT_400 = `${'字'.repeat(100)}${'a'.repeat(100)}`

describe('the daily quota of stored chat text', () => {
  let test: TestApp
  let db: Db
  let nonces = 0

  beforeAll(async () => {
    test = await startTestApp({
      RATE_LIMIT_ALLOW: ALLOWED_IP,
      GUEST_SIGNUPS_PER_MINUTE: '10000',
      MESSAGE_RATE_LIMIT_MAX: '1000',
      POST_WRITE_PER_MINUTE: '100',
      COMMENT_WRITE_PER_MINUTE: '100',
      TEXT_DAILY_BYTES: String(ACCOUNT_TEXT_BYTES),
      TEXT_DAILY_BYTES_PER_IP: String(IP_TEXT_BYTES),
    })
    db = (await openDatabase(test.config)).db
  }, 30_000) // a fresh PostgreSQL schema migrates and seeds slowly on a busy machine
  afterAll(async () => {
    await db.destroy()
    await test.close()
  })

  /** A guest who is a member of the busy server, signed in from `ip`. */
  async function member (ip: string): Promise<{ headers: Record<string, string>, uid: string, ip: string }> {
    const guest = await signInAsGuest(test)
    await db.insertInto('server_members').values({ server_id: SERVER, uid: guest.uid, joined_at: 1 }).execute()
    return { ...guest, ip }
  }
  const send = (writer: { headers: Record<string, string>, ip: string }, content: string, headers: Record<string, string> = {}) =>
    test.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers: { ...writer.headers, ...headers }, remoteAddress: writer.ip, payload: { content, nonce: `text-${++nonces}` } })
  const rows = async (table: 'messages' | 'posts' | 'post_comments' | 'live_comments' | 'direct_messages') =>
    Number((await db.selectFrom(table).select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

  it("refuses the message past an account's daily text bytes with a 429 told in zh-CN and en, writing nothing", async () => {
    const writer = await member('10.1.0.1')
    for (let index = 0; index < 2; index += 1) expect((await send(writer, TEXT_400)).statusCode).toBe(200)
    const before = await rows('messages')
    const refused = await send(writer, TEXT_400)
    expect(refused.statusCode).toBe(429)
    expect(envelope(refused).msg).toMatch(/^今日发言额度已用完：每个账号每天可发送文字 1000 B，今天还剩 200 B，这次发送 400 B/)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    const english = await send(writer, TEXT_400, { 'accept-language': 'en' })
    expect(english.statusCode).toBe(429)
    expect(envelope(english).msg).toMatch(/^daily text quota reached: each account may store text of 1000 B a day, 200 B are left today and this text is 400 B/)
    expect(await rows('messages')).toBe(before)
    // what is left still takes a shorter message
    expect((await send(writer, 'a'.repeat(200))).statusCode).toBe(200)
  })

  it('counts posts, comments, live comments and direct messages on the same quota, refusing each past it and writing nothing', async () => {
    const writer = await member('10.2.0.1')
    const post = envelope<{ post_id: string }>(await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: writer.headers, remoteAddress: writer.ip, payload: { title: 't', content: TEXT_400 } }))
    expect(post.code).toBe(0)
    expect((await test.inject({ method: 'POST', url: `/posts/${post.data.post_id}/comments`, headers: writer.headers, remoteAddress: writer.ip, payload: { content: TEXT_400 } })).statusCode).toBe(200)
    const conversation = envelope<{ conversation_id: string }>(await test.inject({ method: 'POST', url: '/conversations/direct', headers: writer.headers, remoteAddress: writer.ip, payload: { uid: '100002' } })).data
    const before = await Promise.all((['messages', 'posts', 'post_comments', 'live_comments', 'direct_messages'] as const).map(rows))
    const refusals = [
      await send(writer, TEXT_400),
      await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: writer.headers, remoteAddress: writer.ip, payload: { title: 't', content: TEXT_400 } }),
      await test.inject({ method: 'POST', url: `/posts/${post.data.post_id}/comments`, headers: writer.headers, remoteAddress: writer.ip, payload: { content: TEXT_400 } }),
      await test.inject({ method: 'POST', url: `/lives/${ON_AIR}/comments`, headers: writer.headers, remoteAddress: writer.ip, payload: { content: TEXT_400 } }),
      await test.inject({ method: 'POST', url: `/conversations/${conversation.conversation_id}/messages`, headers: writer.headers, remoteAddress: writer.ip, payload: { content: TEXT_400, nonce: `dm-${++nonces}` } }),
    ]
    expect(refusals.map(response => response.statusCode)).toEqual([429, 429, 429, 429, 429])
    expect(await Promise.all((['messages', 'posts', 'post_comments', 'live_comments', 'direct_messages'] as const).map(rows))).toEqual(before)
  })

  it("refuses the message past a client IP's daily text bytes, whatever the account; another IP still writes", async () => {
    const writers = await Promise.all([1, 2, 3, 4].map(() => member('10.3.0.1')))
    for (const writer of writers.slice(0, 3)) for (let index = 0; index < 2; index += 1) expect((await send(writer, TEXT_400)).statusCode).toBe(200)
    expect((await send(writers[3], TEXT_400)).statusCode).toBe(200)
    const refused = await send(writers[3], TEXT_400, { 'accept-language': 'en' })
    expect(refused.statusCode).toBe(429)
    expect(envelope(refused).msg).toMatch(/^daily text quota reached: each network address may store text of 2\.9 KiB a day/)
    expect((await send({ ...writers[3], ip: '10.3.0.2' }, TEXT_400)).statusCode).toBe(200)
  })

  it('counts nothing from an IP the rate limits exempt (RATE_LIMIT_ALLOW)', async () => {
    const writer = await member(ALLOWED_IP)
    for (let index = 0; index < 4; index += 1) expect((await send(writer, TEXT_400)).statusCode).toBe(200)
  })
})
