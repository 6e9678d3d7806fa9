import { timeIdAt } from '@core/domain/ids'
import type { User } from '@core/wire/entities'
import type { Member } from '@core/wire/members'
import type { ChatMessage, MessageHistory } from '@core/wire/messages'
import type { SearchResult } from '@core/wire/search'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { createMessagesRepository } from '../../src/repositories/messages'
import { startBackfill } from '../../src/search/backfill'
import { DOC_KEY_MAX, lookUp, putDocuments, type SearchDocument } from '../../src/search/documents'
import { envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

const SERVER = '832828'
/** The busy server's lobby (a discussion channel). */
const LOBBY = '83282802'
/** A second discussion channel of the same server. */
const ANNOUNCEMENTS = '83282800'
/** The training channel (SPEC §6): only its role opens it. */
const TRAINING = '83282805'

type Session = { headers: Record<string, string>, uid: string }

let test: TestApp
let db: Db
let nonceCounter = 0

/** Starting an app (a fresh PostgreSQL schema, migrations, the seed) takes seconds on a busy machine. */
const START_TIMEOUT_MS = 30_000

beforeAll(async () => {
  test = await startTestApp()
  db = (await openDatabase(test.config)).db
}, START_TIMEOUT_MS)

afterAll(async () => {
  await db.destroy()
  await test.close()
})

function nonce (): string {
  nonceCounter += 1
  return `s-${process.pid}-${nonceCounter}`
}

/** A new guest who has joined the server. */
async function member (): Promise<Session> {
  const guest = await signInAsGuest(test)
  await db.insertInto('server_members').values({ server_id: SERVER, uid: guest.uid, joined_at: 1 }).execute()
  return guest
}

async function sent (session: Session, channelId: string, content: string, extra: object = {}): Promise<ChatMessage> {
  const response = await test.inject({ method: 'POST', url: `/channels/${channelId}/messages`, headers: session.headers, payload: { content, nonce: nonce(), ...extra } })
  expect(response.statusCode).toBe(200)
  return envelope<ChatMessage>(response).data
}

function searchResponse (q: string, headers: Record<string, string> = {}, cursor?: string) {
  const query = new URLSearchParams({ q, ...(cursor ? { cursor } : {}) })
  return test.inject({ method: 'GET', url: `/servers/${SERVER}/search?${query.toString()}`, headers })
}

async function search (q: string, headers: Record<string, string> = {}, cursor?: string): Promise<SearchResult> {
  const response = await searchResponse(q, headers, cursor)
  expect(response.statusCode).toBe(200)
  return envelope<SearchResult>(response).data
}

/** The ids of the hits. */
async function foundIds (q: string, headers: Record<string, string> = {}): Promise<string[]> {
  return (await search(q, headers)).items.map(hit => hit.id)
}

/** What a hit's match ranges cover. */
function highlighted (hit: SearchResult['items'][number]): string[] {
  return hit.matches.map(([start, end]) => hit.text.slice(start, end))
}

describe('GET /servers/:server_id/search', () => {
  it('finds a Chinese two-character word and marks where it matched', async () => {
    const writer = await member()
    const message = await sent(writer, LOBBY, '今晚八点直播，欢迎来展厅看看')
    const live = await search('直播')
    const hit = live.items.find(item => item.id === message.message_id)
    expect(hit).toMatchObject({ kind: 'message', channel_id: LOBBY, server_id: SERVER, text: '今晚八点直播，欢迎来展厅看看', author: { uid: writer.uid } })
    expect(highlighted(hit!)).toEqual(['直播'])
    expect(await foundIds('展厅')).toContain(message.message_id)
  })

  it('finds a mixed query when the text runs the words together, and not a text with only one of them', async () => {
    const writer = await member()
    const both = await sent(writer, LOBBY, 'Taro组件库更新了')
    const one = await sent(writer, LOBBY, 'Taro 文档又改版')
    const ids = await foundIds('Taro 组件')
    expect(ids).toContain(both.message_id)
    expect(ids).not.toContain(one.message_id)
  })

  it('matches English whatever its case and accents, and marks the original characters', async () => {
    const writer = await member()
    const message = await sent(writer, LOBBY, 'Meet at the Café Über tonight')
    for (const q of ['cafe', 'CAFÉ', 'uber', 'ÜBER café']) expect(await foundIds(q)).toContain(message.message_id)
    const hit = (await search('cafe uber')).items.find(item => item.id === message.message_id)!
    expect(highlighted(hit)).toEqual(['Café', 'Über'])
  })

  it('never shows a guest what the training channel holds, and finds it for its role', async () => {
    const trainee = await member()
    await db.insertInto('member_roles').values({ server_id: SERVER, uid: trainee.uid, role_id: `${SERVER}-trainee` }).execute()
    const secret = await sent(trainee, TRAINING, '培训资料 quokkasecret')
    const guest = await member()
    expect(await foundIds('quokkasecret', guest.headers)).toEqual([])
    expect(await foundIds('quokkasecret')).toEqual([])
    expect(await foundIds('quokkasecret', trainee.headers)).toEqual([secret.message_id])
    // naming the channel tells nothing either: the same answer as for a channel that does not exist
    const named = await searchResponse(`quokkasecret in:${TRAINING}`, { ...guest.headers, 'accept-language': 'en' })
    expect(named.statusCode).toBe(400)
    expect(envelope(named).msg).toContain(`no channel "${TRAINING}" you can read`)
  })

  it('narrows by from:, in:, has:image, has:link, before: and after:', async () => {
    const alice = await member()
    const bob = await member()
    const aliceUser = envelope<User>(await test.inject({ method: 'GET', url: '/user/me', headers: alice.headers })).data
    const inLobby = await sent(alice, LOBBY, 'wombatfilter one https://example.com/page')
    const inAnnouncements = await sent(bob, ANNOUNCEMENTS, 'wombatfilter two')
    const withImage = await sent(bob, LOBBY, 'wombatfilter three', { attachments: [{ url: 'http://localhost:80/files/a.png', width: 10, height: 10, size: 100, mime: 'image/png' }] })
    const lobby = await db.selectFrom('channels').select('name').where('channel_id', '=', LOBBY).executeTakeFirstOrThrow()
    expect(await foundIds(`wombatfilter from:${alice.uid}`)).toEqual([inLobby.message_id])
    expect(await foundIds(`wombatfilter from:"${aliceUser.nickname}"`)).toEqual([inLobby.message_id])
    expect(await foundIds(`wombatfilter in:${ANNOUNCEMENTS}`)).toEqual([inAnnouncements.message_id])
    expect(await foundIds(`wombatfilter in:"${lobby.name}"`)).toEqual([withImage.message_id, inLobby.message_id])
    expect(await foundIds('wombatfilter has:image')).toEqual([withImage.message_id])
    expect(await foundIds('wombatfilter has:link')).toEqual([inLobby.message_id])
    expect(await foundIds('wombatfilter before:2000-01-01')).toEqual([])
    // days past the last key there can be are answered, not failed
    expect(await foundIds('wombatfilter after:9999-12-31')).toEqual([])
    expect(await foundIds('wombatfilter before:9999-12-31')).toHaveLength(3)
    expect(await foundIds('wombatfilter after:2000-01-01')).toEqual([withImage.message_id, inAnnouncements.message_id, inLobby.message_id])
    // a filter alone is a query the index answers
    expect(await foundIds(`from:${bob.uid}`)).toEqual([withImage.message_id, inAnnouncements.message_id])
  })

  it('pages newest first by a cursor that only its own query accepts', async () => {
    const repository = createMessagesRepository(db)
    const start = Date.UTC(2024, 0, 1)
    const ids: string[] = []
    for (let index = 0; index < 25; index++) {
      const id = timeIdAt(start + index * 1000)
      ids.push(id)
      await repository.create({
        message_id: id, channel_id: LOBBY, server_id: SERVER, author_uid: '100001', content: `pagingword ${index}`, nonce: nonce(),
        reply_to: null, mentions: [], attachments: [], created_at: Math.floor((start + index * 1000) / 1000),
      })
    }
    const first = await search('pagingword')
    expect(first.items.map(hit => hit.id)).toEqual(ids.slice(5).reverse())
    expect(first.has_more).toBe(true)
    const second = await search('pagingword', {}, first.next!)
    expect(second.items.map(hit => hit.id)).toEqual(ids.slice(0, 5).reverse())
    expect(second).toMatchObject({ has_more: false, next: null })
    const other = await searchResponse('otherword', {}, first.next!)
    expect(other.statusCode).toBe(400)
    expect(envelope(other).msg).toContain('another query')
    expect((await searchResponse('pagingword', {}, 'not-a-cursor')).statusCode).toBe(400)
    // the right query, a key past every key there can be
    const [hash] = Buffer.from(first.next!, 'base64url').toString('utf8').split('.')
    expect((await searchResponse('pagingword', {}, Buffer.from(`${hash}.9999999999999999999`).toString('base64url'))).statusCode).toBe(400)
  })

  it('follows edits and deletions', async () => {
    const writer = await member()
    const message = await sent(writer, LOBBY, 'platypusold words')
    const edit = await test.inject({ method: 'PATCH', url: `/channels/${LOBBY}/messages/${message.message_id}`, headers: writer.headers, payload: { content: 'platypusnew words' } })
    expect(edit.statusCode).toBe(200)
    expect(await foundIds('platypusold')).toEqual([])
    expect(await foundIds('platypusnew')).toEqual([message.message_id])
    const removal = await test.inject({ method: 'DELETE', url: `/channels/${LOBBY}/messages/${message.message_id}`, headers: writer.headers })
    expect(removal.statusCode).toBe(200)
    expect(await foundIds('platypusnew')).toEqual([])
  })

  it.each([
    ['an empty query', ''],
    ['a query of spaces and punctuation', '  ，。!! '],
    ['a 1,000-character query', '直'.repeat(1000)],
    ['a query of days only', 'before:2030-01-01 after:2020-01-01'],
    ['an unknown has:', 'word has:video'],
    ['a day that is no day', 'word before:2024-02-30'],
  ])('refuses %s with a 400 that says why', async (_name, q) => {
    const response = await searchResponse(q, { 'accept-language': 'en' })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toMatch(/^query\.q/)
  })

  it('names a from: that is no member of the server, in the language the request asks (zh-CN by default)', async () => {
    const response = await searchResponse('word from:nobody-here')
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-language']).toBe('zh-CN')
    expect(envelope(response).msg).toBe('from: 这个社区没有成员「nobody-here」')
    const english = await searchResponse('word from:nobody-here', { 'accept-language': 'en' })
    expect(envelope(english).msg).toContain('no member "nobody-here"')
  })

  it('says in zh-CN that a query of days only needs a word or a filter', async () => {
    const response = await searchResponse('before:2030-01-01 after:2020-01-01')
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toMatch(/^请输入要找的词/)
  })

  it('answers 404 for a server that does not exist', async () => {
    expect((await test.inject({ method: 'GET', url: '/servers/999999/search?q=word' })).statusCode).toBe(404)
  })

  it('finds posts and comments, and forgets a deleted post with its comments', async () => {
    const writer = await signInAsMember(test, '100001')
    const channel = await db.selectFrom('channels').select('channel_id').where('server_id', '=', SERVER).where('channel_type', '=', 3).executeTakeFirstOrThrow()
    const created = await test.inject({ method: 'POST', url: `/channels/${channel.channel_id}/posts`, headers: writer.headers, payload: { title: '新展厅开放 echidnapost', content: '欢迎来看', nonce: nonce() } })
    expect(created.statusCode).toBe(200)
    const postId = envelope<{ post_id: string }>(created).data.post_id
    const commented = await test.inject({ method: 'POST', url: `/posts/${postId}/comments`, headers: writer.headers, payload: { content: '这个展厅 echidnacomment', nonce: nonce() } })
    expect(commented.statusCode).toBe(200)
    expect((await search('echidnapost')).items).toEqual([expect.objectContaining({ kind: 'post', id: postId, post_id: postId, channel_id: channel.channel_id })])
    expect((await search('echidnacomment')).items).toEqual([expect.objectContaining({ kind: 'comment', post_id: postId, channel_id: channel.channel_id })])
    const removal = await test.inject({ method: 'DELETE', url: `/posts/${postId}`, headers: writer.headers })
    expect(removal.statusCode).toBe(200)
    expect(await foundIds('echidnapost')).toEqual([])
    expect(await foundIds('echidnacomment')).toEqual([])
  })
})

describe('start-up indexing', () => {
  it('indexes messages written before the index existed, in batches', async () => {
    const rows = Array.from({ length: 1200 }, (_unused, index) => ({
      message_id: timeIdAt(Date.UTC(2022, 0, 1) + index), channel_id: ANNOUNCEMENTS, server_id: SERVER, author_uid: '100001',
      content: index === 1100 ? '旧消息 narwhalbackfill' : `old ${index}`,
      nonce: null, reply_to: null, mentions: '[]', attachments: '[]', created_at: 1_640_995_200, edited_at: null,
    }))
    await db.insertInto('messages').values(rows).execute()
    expect(await foundIds('narwhalbackfill')).toEqual([])
    await db.withTables<{ search_backfill: { kind: string } }>().deleteFrom('search_backfill').execute()
    const lines: string[] = []
    const log = { info: (_fields: object, line: string) => { lines.push(line) }, error: () => undefined }
    await startBackfill(db, log as never).done
    expect(await foundIds('narwhalbackfill')).toEqual([rows[1100].message_id])
    expect(lines.some(line => /search index: \d+ messages indexed, done/.test(line))).toBe(true)
  })
})

describe('the index', () => {
  it('keeps apart two items that ask for the same key, in one batch and in two', async () => {
    const id = timeIdAt(Date.UTC(2021, 5, 1))
    const doc = (kind: SearchDocument['kind'], text: string): SearchDocument => ({
      kind, item_id: id, server_id: SERVER, channel_id: LOBBY, parent_id: null, author_uid: '100001', created_at: 1_622_505_600, text, has_image: false, has_link: false,
    })
    await putDocuments(db, [doc('message', 'clashone'), doc('comment', 'clashtwo')])
    await putDocuments(db, [doc('post', 'clashthree')])
    const found = async (word: string) => (await lookUp(db, { words: [word], serverId: SERVER, channelIds: [LOBBY], authorUids: [], has: [], lowerKey: BigInt(0), upperKey: DOC_KEY_MAX, limit: 5 }))
      .map(item => `${item.kind} ${item.item_id}`)
    expect(await found('clashone')).toEqual([`message ${id}`])
    expect(await found('clashtwo')).toEqual([`comment ${id}`])
    expect(await found('clashthree')).toEqual([`post ${id}`])
  })
})

describe('GET /channels/:id/messages?around=', () => {
  it('answers the messages around one, half older and half newer', async () => {
    const repository = createMessagesRepository(db)
    const ids = Array.from({ length: 30 }, (_unused, index) => timeIdAt(Date.UTC(2023, 0, 1) + index))
    for (const [index, id] of ids.entries()) {
      await repository.create({
        message_id: id, channel_id: TRAINING, server_id: SERVER, author_uid: '100001', content: `around ${index}`, nonce: nonce(),
        reply_to: null, mentions: [], attachments: [], created_at: 1_672_531_200,
      })
    }
    const trainee = await signInAsMember(test, '100004')
    const response = await test.inject({ method: 'GET', url: `/channels/${TRAINING}/messages?around=${ids[10]}&limit=10`, headers: trainee.headers })
    expect(response.statusCode).toBe(200)
    const page = envelope<MessageHistory>(response).data
    expect(page.items.map(item => item.message_id)).toEqual(ids.slice(6, 16))
    expect(page).toMatchObject({ has_more: true, has_newer: true })
    const both = await test.inject({ method: 'GET', url: `/channels/${TRAINING}/messages?around=${ids[10]}&before=${ids[20]}`, headers: trainee.headers })
    expect(both.statusCode).toBe(400)
  })
})

describe('GET /servers/:server_id/search/members', () => {
  it('finds members by part of their nickname and by pinyin initials, as the member list shows them', async () => {
    const guest = await member()
    await db.updateTable('users').set({ nickname: '张小凡测试' }).where('uid', '=', guest.uid).execute()
    const answer = async (q: string): Promise<Member[]> => {
      const response = await test.inject({ method: 'GET', url: `/servers/${SERVER}/search/members?q=${encodeURIComponent(q)}` })
      expect(response.statusCode).toBe(200)
      return envelope<{ items: Member[] }>(response).data.items
    }
    const find = async (q: string): Promise<string[]> => (await answer(q)).map(found => found.user.uid)
    const [shown] = await answer('张小凡')
    expect(shown).toMatchObject({ user: { uid: guest.uid, nickname: '张小凡测试' }, joined_at: 1, online: false, role_ids: [] })
    expect(await find('小凡测')).toContain(guest.uid)
    expect(await find('zxfcs')).toContain(guest.uid)
    expect(await find('nobody-by-this-name')).toEqual([])
  })
})
