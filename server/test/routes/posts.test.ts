import type { Paged } from '@core/wire/api'
import type { AuditLog } from '@core/wire/trust'
import type { Comment, CursorPage, LiveComment, LiveReminder, LiveViewers, Post, PostLike } from '@core/wire/posts'
import type { BusEvent } from '../../src/bus'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { DEMO_OWNER, envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

type Member = Awaited<ReturnType<typeof signInAsGuest>>

/** The busy demo server, its post channel and a discussion channel. */
const SERVER = '832828'
const POSTS = '83282804'
const LOBBY = '83282802'
/** Seeded live items of the busy server: on air with comments on, on air with comments off (SPEC §4 flag 2), reserved, ended. */
const ON_AIR = '832828-live-02'
const COMMENTS_OFF = '832828-live-08'
const RESERVED = '832828-live-01'
const ENDED = '832828-live-03'

/** Every event the app's bus carries (its bus is built inside the app: hear it from the start). */
const events: BusEvent[] = []
jest.mock('../../src/bus', () => {
  const actual = jest.requireActual<typeof import('../../src/bus')>('../../src/bus')
  return {
    ...actual,
    createInProcessBus: () => {
      const bus = actual.createInProcessBus()
      bus.subscribe(event => { events.push(event) })
      return bus
    },
  }
})

let test: TestApp
let db: Db
let alice: Member
let bob: Member
let stranger: Member

/** Makes `member` a member of the busy server (the join route is the gateway work's; the row is what it writes). */
async function join (member: Member): Promise<void> {
  await db.insertInto('server_members').values({ server_id: SERVER, uid: member.uid, joined_at: 1 }).execute()
}

async function count (table: 'posts' | 'post_comments' | 'post_likes' | 'live_comments' | 'live_reminders'): Promise<number> {
  const row = await db.selectFrom(table).select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

async function writePost (member: Member, body: Record<string, unknown> = {}): Promise<Post> {
  const response = await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: member.headers, payload: { title: '新作品', content: '今天搭了一个展台', ...body } })
  expect(response.statusCode).toBe(200)
  return envelope<Post>(response).data
}

beforeAll(async () => {
  // the per-minute write limits have their own test below: these tests write more than a minute's share
  test = await startTestApp({ POST_WRITE_PER_MINUTE: '1000', COMMENT_WRITE_PER_MINUTE: '1000' })
  db = (await openDatabase(test.config)).db
  alice = await signInAsGuest(test)
  bob = await signInAsGuest(test)
  stranger = await signInAsGuest(test)
  await join(alice)
  await join(bob)
})
afterAll(async () => {
  await db.destroy()
  await test.close()
})

describe('POST /channels/:channel_id/posts', () => {
  it('writes a post with images and answers it with zero counts', async () => {
    const post = await writePost(alice, { images: [{ url: 'http://localhost:80/files/a.png', width: 640, height: 480 }, { url: 'http://localhost:80/files/b.png', width: 10, height: 20 }] })
    expect(post).toMatchObject({ channel_id: POSTS, server_id: SERVER, title: '新作品', like_count: 0, comment_count: 0, liked: false, edited_at: null })
    expect(post.author.uid).toBe(alice.uid)
    expect(post.images).toHaveLength(2)
    expect(post.cover).toBe('http://localhost:80/files/a.png')
    expect(post.post_id).toMatch(/^\d{19}$/)
  })

  it('answers the same post again for the same nonce, writing one row', async () => {
    const before = await count('posts')
    const first = await writePost(alice, { nonce: 'n-123' })
    const again = await writePost(alice, { nonce: 'n-123' })
    expect(again.post_id).toBe(first.post_id)
    expect(await count('posts')).toBe(before + 1)
  })

  it('refuses a title that fails audit with 104001 and writes nothing', async () => {
    const before = await count('posts')
    const response = await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: alice.headers, payload: { title: '赌博 作品', content: 'x' } })
    expect(response.statusCode).toBe(422)
    expect(envelope(response).code).toBe(104001)
    expect(await count('posts')).toBe(before)
  })

  it('refuses text that fails audit with 104008 and a cover with 104006, writing nothing', async () => {
    const before = await count('posts')
    const text = await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: alice.headers, payload: { title: 'ok', content: 'this is forbidden' } })
    expect(envelope(text).code).toBe(104008)
    const cover = await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: alice.headers, payload: { title: 'ok', content: 'ok', cover: 'http://localhost:80/files/banned-word.png' } })
    expect(envelope(cover).code).toBe(104006)
    expect(await count('posts')).toBe(before)
  })

  it('refuses more than nine images and image URLs that are not files of this server\'s storage', async () => {
    const ten = Array.from({ length: 10 }, (_unused, index) => ({ url: `http://localhost:80/files/${index}.png`, width: 1, height: 1 }))
    expect((await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: alice.headers, payload: { title: 'a', content: '', images: ten } })).statusCode).toBe(400)
    const script = await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: alice.headers, payload: { title: 'a', content: '', images: [{ url: 'javascript:alert(1)', width: 1, height: 1 }] } })
    expect(script.statusCode).toBe(400)
    expect(envelope(script).msg).toMatch(/^body\.images\.0\.url must be a file of this server's storage/)
  })

  it('lets only members write, only signed in, only in post channels', async () => {
    expect((await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, payload: { title: 'a', content: '' } })).statusCode).toBe(401)
    expect((await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: stranger.headers, payload: { title: 'a', content: '' } })).statusCode).toBe(403)
    const lobby = await test.inject({ method: 'POST', url: `/channels/${LOBBY}/posts`, headers: alice.headers, payload: { title: 'a', content: '' } })
    expect(lobby.statusCode).toBe(400)
    expect(envelope(lobby).msg).toBe(`path.channel_id: channel ${LOBBY} is not a post channel`)
  })
})

describe('GET /channels/:channel_id/posts', () => {
  it('pages by cursor newest first until has_more is false, each post once', async () => {
    const seen: string[] = []
    let before: string | undefined
    for (;;) {
      const { data } = envelope<CursorPage<Post>>(await test.inject(`/channels/${POSTS}/posts?limit=7${before ? `&before=${before}` : ''}`))
      seen.push(...data.items.map(post => post.post_id))
      const times = data.items.map(post => post.created_at)
      expect([...times].sort((a, b) => b - a)).toEqual(times)
      if (!data.has_more) break
      before = data.items[data.items.length - 1].post_id
    }
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.length).toBe(await db.selectFrom('posts').where('channel_id', '=', POSTS).select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then(row => Number(row.n)))
  })

  it('still answers the page-numbered shape when asked with page and page_size', async () => {
    const { data } = envelope<Paged<Post>>(await test.inject(`/channels/${POSTS}/posts?page=1&page_size=10`))
    expect(data).toMatchObject({ page: 1, page_size: 10, has_more: true })
    expect(data.list).toHaveLength(10)
    expect(data.total).toBeGreaterThanOrEqual(30)
  })

  it('marks the posts the signed-in caller liked', async () => {
    const post = await writePost(bob)
    await test.inject({ method: 'PUT', url: `/posts/${post.post_id}/likes/me`, headers: alice.headers })
    const mine = envelope<CursorPage<Post>>(await test.inject({ url: `/channels/${POSTS}/posts?limit=3`, headers: alice.headers })).data.items
    expect(mine.find(item => item.post_id === post.post_id)).toMatchObject({ liked: true, like_count: 1 })
    const anonymous = envelope<CursorPage<Post>>(await test.inject(`/channels/${POSTS}/posts?limit=3`)).data.items
    expect(anonymous.find(item => item.post_id === post.post_id)).toMatchObject({ liked: false, like_count: 1 })
  })

  it('answers 400 for a discussion channel and 404 for an unknown one', async () => {
    expect((await test.inject(`/channels/${LOBBY}/posts`)).statusCode).toBe(400)
    expect((await test.inject('/channels/1/posts')).statusCode).toBe(404)
  })
})

describe('GET|PATCH|DELETE /posts/:post_id', () => {
  it('answers one post and 404 for an unknown one', async () => {
    const post = await writePost(alice)
    expect(envelope<Post>(await test.inject(`/posts/${post.post_id}`)).data.post_id).toBe(post.post_id)
    expect((await test.inject('/posts/0000000000000000000')).statusCode).toBe(404)
  })

  it('lets the author edit, audited, and marks it edited', async () => {
    const post = await writePost(alice)
    const refused = await test.inject({ method: 'PATCH', url: `/posts/${post.post_id}`, headers: alice.headers, payload: { title: '违禁' } })
    expect(envelope(refused).code).toBe(104001)
    expect(envelope<Post>(await test.inject(`/posts/${post.post_id}`)).data.title).toBe('新作品')
    const edited = envelope<Post>(await test.inject({ method: 'PATCH', url: `/posts/${post.post_id}`, headers: alice.headers, payload: { title: '改过的标题' } })).data
    expect(edited.title).toBe('改过的标题')
    expect(edited.edited_at).toEqual(expect.any(Number))
    const byPost = await test.inject({ method: 'POST', url: `/posts/${post.post_id}`, headers: alice.headers, payload: { content: '小程序没有 PATCH' } })
    expect(envelope<Post>(byPost).data).toMatchObject({ title: '改过的标题', content: '小程序没有 PATCH' })
  })

  it("refuses another member's edit and removal with 403", async () => {
    const post = await writePost(alice)
    expect((await test.inject({ method: 'PATCH', url: `/posts/${post.post_id}`, headers: bob.headers, payload: { title: 'x' } })).statusCode).toBe(403)
    expect((await test.inject({ method: 'DELETE', url: `/posts/${post.post_id}`, headers: bob.headers })).statusCode).toBe(403)
  })

  it('removes the post with its comments and likes and publishes POST_DELETE', async () => {
    const post = await writePost(alice)
    await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: bob.headers, payload: { content: '好看' } })
    await test.inject({ method: 'PUT', url: `/posts/${post.post_id}/likes/me`, headers: bob.headers })
    events.length = 0
    const response = await test.inject({ method: 'DELETE', url: `/posts/${post.post_id}`, headers: alice.headers })
    expect(envelope(response).data).toEqual({ deleted: true })
    expect((await test.inject(`/posts/${post.post_id}`)).statusCode).toBe(404)
    expect(await db.selectFrom('post_comments').where('post_id', '=', post.post_id).selectAll().execute()).toEqual([])
    expect(await db.selectFrom('post_likes').where('post_id', '=', post.post_id).selectAll().execute()).toEqual([])
    expect(events).toEqual([{ t: 'POST_DELETE', server_id: SERVER, channel_id: POSTS, d: { channel_id: POSTS, post_id: post.post_id } }])
  })
})

describe('comments', () => {
  it('lists comments oldest first with replies one level deep under their thread', async () => {
    const post = await writePost(alice)
    const top = envelope<Comment>(await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: bob.headers, payload: { content: '第一' } })).data
    const reply = envelope<Comment>(await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: alice.headers, payload: { content: '谢谢', reply_to: top.comment_id } })).data
    const replyToReply = envelope<Comment>(await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: bob.headers, payload: { content: '不客气', reply_to: reply.comment_id } })).data
    expect(reply.reply_to).toMatchObject({ comment_id: top.comment_id, author: { uid: bob.uid } })
    expect(replyToReply.reply_to?.comment_id).toBe(top.comment_id)
    const { data } = envelope<CursorPage<Comment>>(await test.inject(`/posts/${post.post_id}/comments?limit=2`))
    expect(data.items.map(item => item.content)).toEqual(['第一', '谢谢'])
    expect(data.has_more).toBe(true)
    const next = envelope<CursorPage<Comment>>(await test.inject(`/posts/${post.post_id}/comments?after=${data.items[1].comment_id}`)).data
    expect(next).toEqual({ items: [expect.objectContaining({ content: '不客气' })], has_more: false })
    expect(envelope<Post>(await test.inject(`/posts/${post.post_id}`)).data.comment_count).toBe(3)
  })

  it('refuses a comment that fails audit with 104008 and writes nothing', async () => {
    const post = await writePost(alice)
    const before = await count('post_comments')
    const response = await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: bob.headers, payload: { content: '来赌博吧' } })
    expect(response.statusCode).toBe(422)
    expect(envelope(response).code).toBe(104008)
    expect(await count('post_comments')).toBe(before)
    expect(envelope<Post>(await test.inject(`/posts/${post.post_id}`)).data.comment_count).toBe(0)
  })

  it('publishes COMMENT_CREATE with the new count, once per nonce', async () => {
    const post = await writePost(alice)
    events.length = 0
    const payload = { content: '好', nonce: 'c-1' }
    const first = envelope<Comment>(await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: bob.headers, payload })).data
    const again = envelope<Comment>(await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: bob.headers, payload })).data
    expect(again.comment_id).toBe(first.comment_id)
    // dispatches carry stored-file URLs origin-relative (the HTTP answer makes them absolute)
    expect(events).toEqual([
      { t: 'COMMENT_CREATE', server_id: SERVER, channel_id: POSTS, d: { channel_id: POSTS, comment: expect.objectContaining({ comment_id: first.comment_id, content: '好' }), comment_count: 1 } },
      // the post's author is told once
      { t: 'NOTIFICATION_CREATE', server_id: '', uid: alice.uid, d: expect.objectContaining({ notification: expect.objectContaining({ kind: 'comment', comment_id: first.comment_id }) }) },
    ])
  })

  it('lets only the author remove a comment, its replies going with it', async () => {
    const post = await writePost(alice)
    const top = envelope<Comment>(await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: bob.headers, payload: { content: 'a' } })).data
    await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: alice.headers, payload: { content: 'b', reply_to: top.comment_id } })
    expect((await test.inject({ method: 'DELETE', url: `/posts/${post.post_id}/comments/${top.comment_id}`, headers: alice.headers })).statusCode).toBe(403)
    expect((await test.inject({ method: 'DELETE', url: `/posts/${post.post_id}/comments/${top.comment_id}`, headers: bob.headers })).statusCode).toBe(200)
    expect(envelope<CursorPage<Comment>>(await test.inject(`/posts/${post.post_id}/comments`)).data.items).toEqual([])
    expect(envelope<Post>(await test.inject(`/posts/${post.post_id}`)).data.comment_count).toBe(0)
  })

  it('lets the author edit a comment, audited, marked edited, and publishes COMMENT_UPDATE', async () => {
    const post = await writePost(alice)
    const comment = envelope<Comment>(await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: bob.headers, payload: { content: '好看' } })).data
    expect(comment.edited_at).toBeNull()
    events.length = 0
    const edited = envelope<Comment>(await test.inject({ method: 'PATCH', url: `/posts/${post.post_id}/comments/${comment.comment_id}`, headers: bob.headers, payload: { content: '真好看' } })).data
    expect(edited).toMatchObject({ comment_id: comment.comment_id, content: '真好看', edited_at: expect.any(Number), author: { uid: bob.uid } })
    // the mini-program sends the edit with POST
    const byPost = envelope<Comment>(await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments/${comment.comment_id}`, headers: bob.headers, payload: { content: '小程序改的' } })).data
    expect(byPost.content).toBe('小程序改的')
    expect(envelope<CursorPage<Comment>>(await test.inject(`/posts/${post.post_id}/comments`)).data.items.map(item => item.content)).toEqual(['小程序改的'])
    expect(events).toEqual([
      { t: 'COMMENT_UPDATE', server_id: SERVER, channel_id: POSTS, d: { channel_id: POSTS, comment: expect.objectContaining({ comment_id: comment.comment_id, content: '真好看' }) } },
      { t: 'COMMENT_UPDATE', server_id: SERVER, channel_id: POSTS, d: { channel_id: POSTS, comment: expect.objectContaining({ content: '小程序改的' }) } },
    ])
    expect(envelope<Post>(await test.inject(`/posts/${post.post_id}`)).data.comment_count).toBe(1)
  })

  it('refuses an edit that fails audit with 104008, writing nothing and publishing nothing', async () => {
    const post = await writePost(alice)
    const comment = envelope<Comment>(await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: bob.headers, payload: { content: '原话' } })).data
    events.length = 0
    const refused = await test.inject({ method: 'PATCH', url: `/posts/${post.post_id}/comments/${comment.comment_id}`, headers: bob.headers, payload: { content: '来赌博吧' } })
    expect(refused.statusCode).toBe(422)
    expect(envelope(refused).code).toBe(104008)
    const stored = await db.selectFrom('post_comments').select(['content', 'edited_at']).where('comment_id', '=', comment.comment_id).executeTakeFirstOrThrow()
    expect(stored).toEqual({ content: '原话', edited_at: null })
    expect(events).toEqual([])
  })

  it("refuses another member's edit of a comment with 403, and an empty text with 400", async () => {
    const post = await writePost(alice)
    const comment = envelope<Comment>(await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: bob.headers, payload: { content: 'bob 的' } })).data
    const url = `/posts/${post.post_id}/comments/${comment.comment_id}`
    const other = await test.inject({ method: 'PATCH', url, headers: alice.headers, payload: { content: 'alice 改' } })
    expect(envelope(other)).toEqual({ code: 403000, msg: 'only the author may change this comment', data: null })
    expect((await test.inject({ method: 'PATCH', url, payload: { content: 'x' } })).statusCode).toBe(401)
    expect((await test.inject({ method: 'PATCH', url, headers: bob.headers, payload: { content: '' } })).statusCode).toBe(400)
    expect(envelope<CursorPage<Comment>>(await test.inject(`/posts/${post.post_id}/comments`)).data).toMatchObject({ items: [{ content: 'bob 的', edited_at: null }] })
  })

  it('answers 404 for an edit of an unknown comment, of a comment of another post, and on an unknown post', async () => {
    const one = await writePost(alice)
    const other = await writePost(alice)
    const comment = envelope<Comment>(await test.inject({ method: 'POST', url: `/posts/${one.post_id}/comments`, headers: bob.headers, payload: { content: 'a' } })).data
    const elsewhere = await test.inject({ method: 'PATCH', url: `/posts/${other.post_id}/comments/${comment.comment_id}`, headers: bob.headers, payload: { content: 'b' } })
    expect(elsewhere.statusCode).toBe(404)
    expect(envelope(elsewhere).msg).toBe(`path.comment_id: no comment ${comment.comment_id} on post ${other.post_id}`)
    expect((await test.inject({ method: 'PATCH', url: `/posts/${one.post_id}/comments/0000000000000000000`, headers: bob.headers, payload: { content: 'b' } })).statusCode).toBe(404)
    expect((await test.inject({ method: 'PATCH', url: `/posts/0000000000000000000/comments/${comment.comment_id}`, headers: bob.headers, payload: { content: 'b' } })).statusCode).toBe(404)
  })

  it('refuses a reply to a comment of another post', async () => {
    const one = await writePost(alice)
    const other = await writePost(alice)
    const top = envelope<Comment>(await test.inject({ method: 'POST', url: `/posts/${one.post_id}/comments`, headers: bob.headers, payload: { content: 'a' } })).data
    const response = await test.inject({ method: 'POST', url: `/posts/${other.post_id}/comments`, headers: bob.headers, payload: { content: 'b', reply_to: top.comment_id } })
    expect(response.statusCode).toBe(400)
  })
})

describe('PUT|DELETE /posts/:post_id/likes/me', () => {
  it('counts one like per member however often it is sent, and takes it back', async () => {
    const post = await writePost(alice)
    events.length = 0
    await test.inject({ method: 'PUT', url: `/posts/${post.post_id}/likes/me`, headers: bob.headers })
    const twice = envelope<PostLike>(await test.inject({ method: 'PUT', url: `/posts/${post.post_id}/likes/me`, headers: bob.headers })).data
    expect(twice).toEqual({ post_id: post.post_id, like_count: 1, liked: true })
    const back = envelope<PostLike>(await test.inject({ method: 'DELETE', url: `/posts/${post.post_id}/likes/me`, headers: bob.headers })).data
    expect(back).toEqual({ post_id: post.post_id, like_count: 0, liked: false })
    expect(events.map(event => [event.t, event.d])).toEqual([
      ['POST_LIKE', { post_id: post.post_id, like_count: 1 }],
      // the post's author is told of the one like, not of the repeat or the take-back
      ['NOTIFICATION_CREATE', expect.objectContaining({ notification: expect.objectContaining({ kind: 'reaction', post_id: post.post_id }) })],
      ['POST_LIKE', { post_id: post.post_id, like_count: 0 }],
    ])
  })

  it('lets only members like', async () => {
    const post = await writePost(alice)
    expect((await test.inject({ method: 'PUT', url: `/posts/${post.post_id}/likes/me`, headers: stranger.headers })).statusCode).toBe(403)
    expect(await db.selectFrom('post_likes').where('post_id', '=', post.post_id).selectAll().execute()).toEqual([])
  })
})

describe('live comments', () => {
  it('takes a comment on an item on air and publishes LIVE_COMMENT_CREATE', async () => {
    events.length = 0
    const comment = envelope<LiveComment>(await test.inject({ method: 'POST', url: `/lives/${ON_AIR}/comments`, headers: alice.headers, payload: { content: '主播好', nonce: 'l-1' } })).data
    expect(comment).toMatchObject({ live_id: ON_AIR, content: '主播好', author: { uid: alice.uid } })
    const { channel_id: liveChannel } = await db.selectFrom('lives').select('channel_id').where('live_id', '=', ON_AIR).executeTakeFirstOrThrow()
    expect(events).toEqual([{ t: 'LIVE_COMMENT_CREATE', server_id: SERVER, channel_id: liveChannel, d: expect.objectContaining({ comment_id: comment.comment_id, content: '主播好' }) }])
    const { data } = envelope<CursorPage<LiveComment>>(await test.inject(`/lives/${ON_AIR}/comments`))
    expect(data.items[data.items.length - 1]).toEqual(comment)
  })

  it('pages the chat newest page first with each page oldest first', async () => {
    for (const content of ['1', '2', '3']) await test.inject({ method: 'POST', url: `/lives/${ON_AIR}/comments`, headers: bob.headers, payload: { content } })
    const newest = envelope<CursorPage<LiveComment>>(await test.inject(`/lives/${ON_AIR}/comments?limit=2`)).data
    expect(newest.items.map(item => item.content)).toEqual(['2', '3'])
    expect(newest.has_more).toBe(true)
    const older = envelope<CursorPage<LiveComment>>(await test.inject(`/lives/${ON_AIR}/comments?limit=2&before=${newest.items[0].comment_id}`)).data
    expect(older.items.map(item => item.content)).toEqual(['主播好', '1'])
  })

  it('refuses comments with 403 "本场直播已关闭评论" when the comment flag is 2, writing nothing', async () => {
    const before = await count('live_comments')
    const response = await test.inject({ method: 'POST', url: `/lives/${COMMENTS_OFF}/comments`, headers: alice.headers, payload: { content: 'hi' } })
    expect(response.statusCode).toBe(403)
    expect(envelope(response)).toEqual({ code: 403000, msg: '本场直播已关闭评论', data: null })
    expect(await count('live_comments')).toBe(before)
  })

  it('keeps the chat of an ended item read-only and refuses a comment that fails audit', async () => {
    const before = await count('live_comments')
    expect((await test.inject({ method: 'POST', url: `/lives/${ENDED}/comments`, headers: alice.headers, payload: { content: 'hi' } })).statusCode).toBe(403)
    const audit = await test.inject({ method: 'POST', url: `/lives/${ON_AIR}/comments`, headers: alice.headers, payload: { content: 'forbidden' } })
    expect(envelope(audit).code).toBe(104008)
    expect((await test.inject({ method: 'POST', url: `/lives/${ON_AIR}/comments`, headers: stranger.headers, payload: { content: 'hi' } })).statusCode).toBe(403)
    expect(await count('live_comments')).toBe(before)
  })
})

describe('PUT|DELETE /lives/:live_id/reminders/me', () => {
  it('stores the reminder of a reserved item per member and takes it back', async () => {
    const set = envelope<LiveReminder>(await test.inject({ method: 'PUT', url: `/lives/${RESERVED}/reminders/me`, headers: alice.headers })).data
    expect(set).toEqual({ live_id: RESERVED, reminded: true, started_at: expect.any(Number) })
    expect(envelope<LiveReminder>(await test.inject({ url: `/lives/${RESERVED}/reminders/me`, headers: alice.headers })).data.reminded).toBe(true)
    expect(envelope<LiveReminder>(await test.inject({ url: `/lives/${RESERVED}/reminders/me`, headers: bob.headers })).data.reminded).toBe(false)
    await test.inject({ method: 'DELETE', url: `/lives/${RESERVED}/reminders/me`, headers: alice.headers })
    expect(envelope<LiveReminder>(await test.inject({ url: `/lives/${RESERVED}/reminders/me`, headers: alice.headers })).data.reminded).toBe(false)
  })

  it('refuses a reminder for an item already on air', async () => {
    const before = await count('live_reminders')
    expect((await test.inject({ method: 'PUT', url: `/lives/${ON_AIR}/reminders/me`, headers: alice.headers })).statusCode).toBe(400)
    expect(await count('live_reminders')).toBe(before)
  })
})

describe('PUT|DELETE /lives/:live_id/viewers/me', () => {
  it('counts each watching member once and publishes LIVE_VIEWERS only when the count changes', async () => {
    events.length = 0
    expect(envelope<LiveViewers>(await test.inject({ method: 'PUT', url: `/lives/${ON_AIR}/viewers/me`, headers: alice.headers })).data).toEqual({ live_id: ON_AIR, viewers: 1 })
    expect(envelope<LiveViewers>(await test.inject({ method: 'PUT', url: `/lives/${ON_AIR}/viewers/me`, headers: bob.headers })).data.viewers).toBe(2)
    expect(envelope<LiveViewers>(await test.inject({ method: 'PUT', url: `/lives/${ON_AIR}/viewers/me`, headers: bob.headers })).data.viewers).toBe(2)
    expect(envelope<LiveViewers>(await test.inject({ method: 'DELETE', url: `/lives/${ON_AIR}/viewers/me`, headers: alice.headers })).data.viewers).toBe(1)
    expect(events.map(event => event.d)).toEqual([{ live_id: ON_AIR, viewers: 1 }, { live_id: ON_AIR, viewers: 2 }, { live_id: ON_AIR, viewers: 1 }])
  })

  it('refuses a non-member who says they watch with 403: they are not counted and nothing is published', async () => {
    events.length = 0
    const response = await test.inject({ method: 'PUT', url: `/lives/${ON_AIR}/viewers/me`, headers: stranger.headers })
    expect(response.statusCode).toBe(403)
    expect(envelope(response)).toMatchObject({ code: 403000, data: null })
    const seen = await db.selectFrom('live_viewers').select('uid').where('live_id', '=', ON_AIR).where('uid', '=', stranger.uid).executeTakeFirst()
    expect(seen).toBeUndefined()
    expect(events).toEqual([])
  })
})

describe('the trust permissions', () => {
  /** The seeded moderator (ManageMessages, MuteMembers) of the busy server. */
  const MODERATOR = '100003'

  async function newMember (): Promise<Member> {
    const member = await signInAsGuest(test)
    await join(member)
    return member
  }

  async function auditEntries (): Promise<AuditLog['items']> {
    const moderator = await signInAsMember(test, MODERATOR)
    return envelope<AuditLog>(await test.inject({ url: `/servers/${SERVER}/audit-log?limit=100`, headers: moderator.headers })).data.items
  }

  it('refuses a member whose SendMessages the channel takes away by override with 403 naming it, writing nothing', async () => {
    const member = await newMember()
    const post = await writePost(alice)
    const owner = await signInAsMember(test, DEMO_OWNER)
    const override = await test.inject({ method: 'PUT', url: `/channels/${POSTS}/overrides/member/${member.uid}`, headers: owner.headers, payload: { allow: 0, deny: 1 << 1 } })
    expect(override.statusCode).toBe(200)
    const before = [await count('posts'), await count('post_comments')]
    const posted = await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: member.headers, payload: { title: 'a', content: '' } })
    expect(envelope(posted)).toEqual({ code: 403000, msg: 'missing permission: SendMessages', data: null })
    const commented = await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: member.headers, payload: { content: 'a' } })
    expect(envelope(commented)).toEqual({ code: 403000, msg: 'missing permission: SendMessages', data: null })
    expect([await count('posts'), await count('post_comments')]).toEqual(before)
    // reading and liking are other permissions, which the override leaves alone
    expect((await test.inject({ url: `/posts/${post.post_id}`, headers: member.headers })).statusCode).toBe(200)
    expect((await test.inject({ method: 'PUT', url: `/posts/${post.post_id}/likes/me`, headers: member.headers })).statusCode).toBe(200)
  })

  it('hides the posts of a channel the caller may not view: 404, as for none', async () => {
    const member = await newMember()
    const post = await writePost(alice)
    const owner = await signInAsMember(test, DEMO_OWNER)
    await test.inject({ method: 'PUT', url: `/channels/${POSTS}/overrides/member/${member.uid}`, headers: owner.headers, payload: { allow: 0, deny: 1 << 0 } })
    for (const [url, msg] of [
      [`/channels/${POSTS}/posts`, `path.channel_id: no channel ${POSTS}`],
      [`/posts/${post.post_id}`, `path.post_id: no post ${post.post_id}`],
      [`/posts/${post.post_id}/comments`, `path.post_id: no post ${post.post_id}`],
    ]) {
      const response = await test.inject({ url, headers: member.headers })
      expect(envelope(response)).toEqual({ code: 404000, msg, data: null })
    }
  })

  it('refuses a member whose AddReactions the channel takes away a like', async () => {
    const member = await newMember()
    const post = await writePost(alice)
    const owner = await signInAsMember(test, DEMO_OWNER)
    await test.inject({ method: 'PUT', url: `/channels/${POSTS}/overrides/member/${member.uid}`, headers: owner.headers, payload: { allow: 0, deny: 1 << 3 } })
    const liked = await test.inject({ method: 'PUT', url: `/posts/${post.post_id}/likes/me`, headers: member.headers })
    expect(envelope(liked)).toEqual({ code: 403000, msg: 'missing permission: AddReactions', data: null })
  })

  it("lets a moderator (ManageMessages) remove another member's post and comment, each in the audit log", async () => {
    const moderator = await signInAsMember(test, MODERATOR)
    const post = await writePost(alice)
    const comment = envelope<Comment>(await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: bob.headers, payload: { content: '广告' } })).data
    events.length = 0
    // a moderator removes what others wrote but never rewrites it
    const edit = await test.inject({ method: 'PATCH', url: `/posts/${post.post_id}/comments/${comment.comment_id}`, headers: moderator.headers, payload: { content: '改掉' } })
    expect(envelope(edit)).toEqual({ code: 403000, msg: 'only the author may change this comment', data: null })
    const removedComment = await test.inject({ method: 'DELETE', url: `/posts/${post.post_id}/comments/${comment.comment_id}`, headers: moderator.headers })
    expect(envelope(removedComment).data).toEqual({ deleted: true })
    const removedPost = await test.inject({ method: 'DELETE', url: `/posts/${post.post_id}`, headers: moderator.headers })
    expect(envelope(removedPost).data).toEqual({ deleted: true })
    expect((await test.inject(`/posts/${post.post_id}`)).statusCode).toBe(404)
    // the comment had notified the post's author: their inbox hears that its subject went
    expect(events.map(event => event.t)).toEqual(['COMMENT_DELETE', 'NOTIFICATIONS_SUBJECT_DELETE', 'POST_DELETE'])
    const entries = await auditEntries()
    expect(entries.find(entry => entry.action === 'comment_delete' && entry.target_id === comment.comment_id)).toMatchObject({ actor: { uid: MODERATOR }, reason: `by ${bob.uid}` })
    expect(entries.find(entry => entry.action === 'post_delete' && entry.target_id === post.post_id)).toMatchObject({ actor: { uid: MODERATOR }, reason: `by ${alice.uid}` })
  })

  it("refuses a member without ManageMessages another's post and comment with 403 naming it", async () => {
    const post = await writePost(alice)
    const comment = envelope<Comment>(await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: alice.headers, payload: { content: 'mine' } })).data
    const removedPost = await test.inject({ method: 'DELETE', url: `/posts/${post.post_id}`, headers: bob.headers })
    expect(envelope(removedPost)).toEqual({ code: 403000, msg: 'missing permission: ManageMessages', data: null })
    const removedComment = await test.inject({ method: 'DELETE', url: `/posts/${post.post_id}/comments/${comment.comment_id}`, headers: bob.headers })
    expect(envelope(removedComment)).toEqual({ code: 403000, msg: 'missing permission: ManageMessages', data: null })
  })

  it('refuses a member in timeout a post, a comment, an edit and a live comment, writing nothing', async () => {
    const member = await newMember()
    const own = await writePost(member)
    const moderator = await signInAsMember(test, MODERATOR)
    const until = Math.floor(Date.now() / 1000) + 600
    expect((await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/${member.uid}/timeout`, headers: moderator.headers, payload: { until } })).statusCode).toBe(200)
    const before = [await count('posts'), await count('post_comments'), await count('live_comments')]
    const refusals = [
      await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: member.headers, payload: { title: 'a', content: '' } }),
      await test.inject({ method: 'POST', url: `/posts/${own.post_id}/comments`, headers: member.headers, payload: { content: 'a' } }),
      await test.inject({ method: 'POST', url: `/posts/${own.post_id}`, headers: member.headers, payload: { content: 'spam' } }),
      await test.inject({ method: 'POST', url: `/lives/${ON_AIR}/comments`, headers: member.headers, payload: { content: 'a' } }),
    ]
    expect(refusals.map(response => [response.statusCode, envelope(response).msg])).toEqual(Array(4).fill([403, 'missing permission: SendMessages']))
    expect([await count('posts'), await count('post_comments'), await count('live_comments')]).toEqual(before)
    expect(envelope<Post>(await test.inject(`/posts/${own.post_id}`)).data.content).toBe(own.content)
  })
})

describe('per-account write limits', () => {
  it('refuses a post or comment past the minute\'s share with 429 in words, writing nothing, and a repeated nonce costs nothing', async () => {
    const limited = await startTestApp({ POST_WRITE_PER_MINUTE: '1', COMMENT_WRITE_PER_MINUTE: '1' })
    const limitedDb = (await openDatabase(limited.config)).db
    try {
      const member = await signInAsGuest(limited)
      await limitedDb.insertInto('server_members').values({ server_id: SERVER, uid: member.uid, joined_at: 1 }).execute()
      const write = (payload: Record<string, unknown>) => limited.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: member.headers, payload })
      const first = envelope<Post>(await write({ title: 'one', content: '', nonce: 'same' })).data
      expect(envelope<Post>(await write({ title: 'one', content: '', nonce: 'same' })).data.post_id).toBe(first.post_id)
      const refused = await write({ title: 'two', content: '' })
      expect(refused.statusCode).toBe(429)
      expect(envelope(refused).msg).toBe('发帖太频繁：每个账号每分钟最多 1 次，请一分钟后再试')
      const comment = (content: string) => limited.inject({ method: 'POST', url: `/posts/${first.post_id}/comments`, headers: member.headers, payload: { content } })
      expect((await comment('a')).statusCode).toBe(200)
      expect((await comment('b')).statusCode).toBe(429)
      expect((await limited.inject({ method: 'POST', url: `/lives/${ON_AIR}/comments`, headers: member.headers, payload: { content: 'c' } })).statusCode).toBe(429)
      const posts = await limitedDb.selectFrom('posts').where('author_uid', '=', member.uid).select('post_id').execute()
      expect(posts).toHaveLength(1)
    } finally {
      await limitedDb.destroy()
      await limited.close()
    }
  })
})
