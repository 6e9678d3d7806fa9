/**
 * Posts, their likes and comments, and live chat with reminders and viewers.
 * Lists page by cursor on indexes ending in the time-ordered id, never OFFSET + COUNT
 * (ARCHITECTURE.md); the like and comment counts live on the post row and change in the
 * same transaction as the rows they count, so an answer never shows a count the rows
 * do not hold.
 */
import { sql, type Selectable } from 'kysely'
import type { Paged } from '@core/wire/api'
import type { LiveItem } from '@core/wire/entities'
import type { Comment, CursorPage, LiveComment, Post, PostImage } from '@core/wire/posts'
import type { Db, PostsTable, UsersTable } from '../db/schema'
import { indexComment, indexPost, removeCommentThread, removePost } from '../search/documents'
import { writeAuditEntry, type AuditRecord } from './audit-log'
import { toLiveItem } from './feeds'
import { readPage, type PageRequest } from './paging'
import { toUser } from './users'

/** A cursor request: items older than `before` (ascending lists: newer than `after`), at most `limit`. */
export interface CursorRequest {
  before?: string
  after?: string
  limit: number
}

/** What a new post holds (already validated and audited). */
export interface NewPost {
  post_id: string
  channel_id: string
  author_uid: string
  title: string
  content: string
  cover: string
  images: PostImage[]
  nonce: string | null
  created_at: number
}

/** The fields a post's author may change. */
export type PostPatch = Partial<Pick<NewPost, 'title' | 'content' | 'cover' | 'images'>>

/** What a new post comment holds; `reply_to` is already the top-level comment. */
export interface NewComment {
  comment_id: string
  post_id: string
  author_uid: string
  content: string
  reply_to: string | null
  nonce: string | null
  created_at: number
}

/** What a new live comment holds. */
export interface NewLiveComment {
  comment_id: string
  live_id: string
  author_uid: string
  content: string
  nonce: string | null
  created_at: number
}

/** A write that may have found its nonce's earlier result instead of writing. */
export interface Written<T> {
  value: T
  /** False when the same author's same nonce had already written it. */
  created: boolean
}

/** Reads and writes posts, comments, likes and live chat. */
export interface PostsRepository {
  /** Posts of a channel, newest first, older than `before`; `liked` for `viewerUid`. */
  list (channelId: string, cursor: CursorRequest, viewerUid: string | null): Promise<CursorPage<Post>>
  /** The page-numbered list of older clients (OFFSET and COUNT: kept only for them). */
  paged (channelId: string, page: PageRequest, viewerUid: string | null): Promise<Paged<Post>>
  get (postId: string, viewerUid: string | null): Promise<Post | null>
  /** Writes a post, or answers the one the author's nonce already wrote. */
  create (post: NewPost): Promise<Written<Post>>
  /** The post `authorUid` already wrote with `nonce`, or null. */
  earlierPost (authorUid: string, nonce: string): Promise<Post | null>
  update (postId: string, patch: PostPatch, editedAt: number): Promise<Post | null>
  /** Removes a post with its likes and comments, and records `audit` (a moderator's removal) in the same transaction. */
  remove (postId: string, audit: AuditRecord | null): Promise<void>
  /** Likes (`liked` true) or unlikes a post; resolves the count after it, null for an unknown post. */
  setLike (postId: string, uid: string, liked: boolean, now: number): Promise<number | null>
  /** Comments of a post, oldest first, newer than `after`. */
  comments (postId: string, cursor: CursorRequest): Promise<CursorPage<Comment>>
  comment (commentId: string): Promise<Comment | null>
  /** Writes a comment and counts it on its post, or answers the one the nonce already wrote. */
  createComment (comment: NewComment): Promise<Written<{ comment: Comment, comment_count: number }>>
  /** The comment `authorUid` already wrote on `postId` with `nonce` (and the post's count), or null. */
  earlierComment (postId: string, authorUid: string, nonce: string): Promise<{ comment: Comment, comment_count: number } | null>
  /** Replaces a comment's text and marks it edited at `editedAt`; resolves it, or null for an unknown comment. */
  updateComment (commentId: string, content: string, editedAt: number): Promise<Comment | null>
  /** Removes a comment with its replies, recording `audit` (a moderator's removal) in the same transaction; resolves the post's count after it. */
  removeComment (postId: string, commentId: string, audit: AuditRecord | null): Promise<number>
  /** Live comments, newest page first (items oldest first), older than `before`. */
  liveComments (liveId: string, cursor: CursorRequest): Promise<CursorPage<LiveComment>>
  createLiveComment (comment: NewLiveComment): Promise<Written<LiveComment>>
  /** The live comment `authorUid` already wrote on `liveId` with `nonce`, or null. */
  earlierLiveComment (liveId: string, authorUid: string, nonce: string): Promise<LiveComment | null>
  /** A live item by id (the chat's rules depend on it), or null. */
  liveItem (liveId: string): Promise<LiveItem | null>
  reminded (liveId: string, uid: string): Promise<boolean>
  setReminder (liveId: string, uid: string, reminded: boolean, now: number): Promise<void>
  /**
   * Marks `uid` as watching `liveId` at `now` (watching false: left); resolves the viewers
   * seen since `since`, and whether this call changed whether `uid` counts among them.
   */
  setViewing (liveId: string, uid: string, watching: boolean, now: number, since: number): Promise<{ viewers: number, changed: boolean }>
}

const AUTHOR_COLUMNS = ['users.uid', 'users.user_type', 'users.addtime', 'users.nickname', 'users.avatar', 'users.signature', 'users.gender'] as const
const POST_COLUMNS = [
  'posts.post_id', 'posts.channel_id', 'channels.server_id', 'posts.title', 'posts.content', 'posts.cover', 'posts.images',
  'posts.like_count', 'posts.comment_count', 'posts.created_at', 'posts.edited_at',
] as const

type PostRow = Pick<Selectable<PostsTable>, 'post_id' | 'channel_id' | 'title' | 'content' | 'cover' | 'images' | 'like_count' | 'comment_count' | 'created_at' | 'edited_at'>
  & { server_id: string } & UsersTable

function imagesOf (json: string): PostImage[] {
  try {
    const parsed: unknown = JSON.parse(json)
    return Array.isArray(parsed) ? parsed as PostImage[] : []
  } catch {
    return []
  }
}

function toPost (row: PostRow, liked: boolean): Post {
  return {
    post_id: row.post_id,
    channel_id: row.channel_id,
    server_id: row.server_id,
    author: toUser(row),
    title: row.title,
    content: row.content,
    cover: row.cover,
    images: imagesOf(row.images),
    like_count: row.like_count,
    comment_count: row.comment_count,
    liked,
    created_at: row.created_at,
    edited_at: row.edited_at,
  }
}

/** True when the write failed on a unique index (the nonce's earlier write won). */
function isUniqueViolation (error: unknown): boolean {
  const code = (error as { code?: unknown }).code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505'
}

/** The posts repository on `db`. */
export function createPostsRepository (db: Db): PostsRepository {
  const postQuery = () => db.selectFrom('posts')
    .innerJoin('users', 'users.uid', 'posts.author_uid')
    .innerJoin('channels', 'channels.channel_id', 'posts.channel_id')
    .select([...POST_COLUMNS, ...AUTHOR_COLUMNS])

  async function likedAmong (postIds: string[], viewerUid: string | null): Promise<Set<string>> {
    if (viewerUid === null || postIds.length === 0) return new Set()
    const rows = await db.selectFrom('post_likes').select('post_id').where('uid', '=', viewerUid).where('post_id', 'in', postIds).execute()
    return new Set(rows.map(row => row.post_id))
  }

  async function withLikes (rows: PostRow[], viewerUid: string | null): Promise<Post[]> {
    const liked = await likedAmong(rows.map(row => row.post_id), viewerUid)
    return rows.map(row => toPost(row, liked.has(row.post_id)))
  }

  async function get (postId: string, viewerUid: string | null): Promise<Post | null> {
    const row = await postQuery().where('posts.post_id', '=', postId).executeTakeFirst()
    return row ? (await withLikes([row], viewerUid))[0] : null
  }

  const commentQuery = () => db.selectFrom('post_comments')
    .innerJoin('users', 'users.uid', 'post_comments.author_uid')
    .leftJoin('post_comments as parent', 'parent.comment_id', 'post_comments.reply_to')
    .leftJoin('users as parent_author', 'parent_author.uid', 'parent.author_uid')
    .select(['post_comments.comment_id', 'post_comments.post_id', 'post_comments.content', 'post_comments.reply_to', 'post_comments.created_at', 'post_comments.edited_at', ...AUTHOR_COLUMNS])
    .select([
      'parent_author.uid as p_uid', 'parent_author.user_type as p_user_type', 'parent_author.addtime as p_addtime', 'parent_author.nickname as p_nickname',
      'parent_author.avatar as p_avatar', 'parent_author.signature as p_signature', 'parent_author.gender as p_gender',
    ])

  type CommentRow = Awaited<ReturnType<ReturnType<typeof commentQuery>['executeTakeFirstOrThrow']>>
  function toComment (row: CommentRow): Comment {
    const replyTo = row.reply_to !== null && row.p_uid !== null
      ? {
          comment_id: row.reply_to,
          author: toUser({ uid: row.p_uid, user_type: row.p_user_type ?? 1, addtime: row.p_addtime ?? 0, nickname: row.p_nickname ?? '', avatar: row.p_avatar ?? '', signature: row.p_signature ?? '', gender: row.p_gender ?? 0 }),
        }
      : null
    return { comment_id: row.comment_id, post_id: row.post_id, author: toUser(row), content: row.content, reply_to: replyTo, created_at: row.created_at, edited_at: row.edited_at }
  }

  async function comment (commentId: string): Promise<Comment | null> {
    const row = await commentQuery().where('post_comments.comment_id', '=', commentId).executeTakeFirst()
    return row ? toComment(row) : null
  }

  async function liveComment (commentId: string): Promise<LiveComment | null> {
    const row = await db.selectFrom('live_comments').innerJoin('users', 'users.uid', 'live_comments.author_uid')
      .select(['live_comments.comment_id', 'live_comments.live_id', 'live_comments.content', 'live_comments.created_at', ...AUTHOR_COLUMNS])
      .where('live_comments.comment_id', '=', commentId).executeTakeFirst()
    return row ? { comment_id: row.comment_id, live_id: row.live_id, author: toUser(row), content: row.content, created_at: row.created_at } : null
  }

  async function earlierPost (authorUid: string, nonce: string): Promise<Post | null> {
    const row = await db.selectFrom('posts').select('post_id').where('author_uid', '=', authorUid).where('nonce', '=', nonce).executeTakeFirst()
    return row ? get(row.post_id, authorUid) : null
  }

  async function earlierComment (postId: string, authorUid: string, nonce: string): Promise<{ comment: Comment, comment_count: number } | null> {
    const row = await db.selectFrom('post_comments').select('comment_id')
      .where('post_id', '=', postId).where('author_uid', '=', authorUid).where('nonce', '=', nonce).executeTakeFirst()
    const found = row ? await comment(row.comment_id) : null
    if (!found) return null
    const post = await db.selectFrom('posts').select('comment_count').where('post_id', '=', postId).executeTakeFirstOrThrow()
    return { comment: found, comment_count: post.comment_count }
  }

  async function earlierLiveComment (liveId: string, authorUid: string, nonce: string): Promise<LiveComment | null> {
    const row = await db.selectFrom('live_comments').select('comment_id')
      .where('live_id', '=', liveId).where('author_uid', '=', authorUid).where('nonce', '=', nonce).executeTakeFirst()
    return row ? liveComment(row.comment_id) : null
  }

  return {
    async list (channelId, cursor, viewerUid) {
      let query = postQuery().where('posts.channel_id', '=', channelId)
      if (cursor.before !== undefined) {
        const anchor = await db.selectFrom('posts').select(['created_at', 'post_id']).where('post_id', '=', cursor.before).where('channel_id', '=', channelId).executeTakeFirst()
        if (!anchor) return { items: [], has_more: false }
        // keyset on (created_at, post_id): seeded posts predate time-ordered ids, so time leads.
        // `created_at <= anchor` bounds the index range on its own (the bench's history table: with
        // only the OR, SQLite and PostgreSQL walked the index from the newest post, 0.7 s at 500,000 back)
        query = query.where(eb => eb.and([
          eb('posts.created_at', '<=', anchor.created_at),
          eb.or([eb('posts.created_at', '<', anchor.created_at), eb('posts.post_id', '<', anchor.post_id)]),
        ]))
      }
      const rows = await query.orderBy('posts.created_at', 'desc').orderBy('posts.post_id', 'desc').limit(cursor.limit + 1).execute()
      return { items: await withLikes(rows.slice(0, cursor.limit), viewerUid), has_more: rows.length > cursor.limit }
    },

    async paged (channelId, page, viewerUid) {
      return readPage(page,
        async ({ limit, offset }) => withLikes(await postQuery().where('posts.channel_id', '=', channelId)
          .orderBy('posts.created_at', 'desc').orderBy('posts.post_id', 'desc').limit(limit).offset(offset).execute(), viewerUid),
        () => db.selectFrom('posts').where('channel_id', '=', channelId).select(eb => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow())
    },

    get,

    async create (post) {
      try {
        await db.transaction().execute(async trx => {
          await trx.insertInto('posts').values({ ...post, images: JSON.stringify(post.images) }).execute()
          await indexPost(trx, post.post_id)
        })
      } catch (error) {
        // two requests with one nonce raced: the other one wrote it
        const earlier = post.nonce !== null && isUniqueViolation(error) ? await earlierPost(post.author_uid, post.nonce) : null
        if (!earlier) throw error
        return { value: earlier, created: false }
      }
      return { value: await get(post.post_id, post.author_uid) as Post, created: true }
    },

    earlierPost,

    async update (postId, patch, editedAt) {
      const { images, ...fields } = patch
      await db.transaction().execute(async trx => {
        await trx.updateTable('posts')
          .set({ ...fields, ...(images !== undefined ? { images: JSON.stringify(images) } : {}), edited_at: editedAt })
          .where('post_id', '=', postId).execute()
        await indexPost(trx, postId)
      })
      return get(postId, null)
    },

    async remove (postId, audit) {
      await db.transaction().execute(async trx => {
        await removePost(trx, postId)
        await trx.deleteFrom('posts').where('post_id', '=', postId).execute()
        if (audit) await writeAuditEntry(trx, audit)
      })
    },

    async setLike (postId, uid, liked, now) {
      return db.transaction().execute(async trx => {
        const changed = liked
          ? (await trx.insertInto('post_likes').values({ post_id: postId, uid, created_at: now }).onConflict(oc => oc.columns(['post_id', 'uid']).doNothing()).executeTakeFirst()).numInsertedOrUpdatedRows
          : (await trx.deleteFrom('post_likes').where('post_id', '=', postId).where('uid', '=', uid).executeTakeFirst()).numDeletedRows
        if (Number(changed ?? 0) > 0) {
          await trx.updateTable('posts').set({ like_count: sql`like_count + ${liked ? 1 : -1}` }).where('post_id', '=', postId).execute()
        }
        const row = await trx.selectFrom('posts').select('like_count').where('post_id', '=', postId).executeTakeFirst()
        return row ? row.like_count : null
      })
    },

    async comments (postId, cursor) {
      let query = commentQuery().where('post_comments.post_id', '=', postId)
      if (cursor.after !== undefined) query = query.where('post_comments.comment_id', '>', cursor.after)
      const rows = await query.orderBy('post_comments.comment_id', 'asc').limit(cursor.limit + 1).execute()
      return { items: rows.slice(0, cursor.limit).map(toComment), has_more: rows.length > cursor.limit }
    },

    comment,

    async createComment (row) {
      try {
        const count = await db.transaction().execute(async trx => {
          await trx.insertInto('post_comments').values(row).execute()
          await indexComment(trx, row.comment_id)
          await trx.updateTable('posts').set({ comment_count: sql`comment_count + 1` }).where('post_id', '=', row.post_id).execute()
          return (await trx.selectFrom('posts').select('comment_count').where('post_id', '=', row.post_id).executeTakeFirstOrThrow()).comment_count
        })
        return { value: { comment: await comment(row.comment_id) as Comment, comment_count: count }, created: true }
      } catch (error) {
        const earlier = row.nonce !== null && isUniqueViolation(error) ? await earlierComment(row.post_id, row.author_uid, row.nonce) : null
        if (!earlier) throw error
        return { value: earlier, created: false }
      }
    },

    earlierComment,

    async updateComment (commentId, content, editedAt) {
      await db.transaction().execute(async trx => {
        await trx.updateTable('post_comments').set({ content, edited_at: editedAt }).where('comment_id', '=', commentId).execute()
        await indexComment(trx, commentId)
      })
      return comment(commentId)
    },

    async removeComment (postId, commentId, audit) {
      return db.transaction().execute(async trx => {
        await removeCommentThread(trx, postId, commentId)
        if (audit) await writeAuditEntry(trx, audit)
        const removed = await trx.deleteFrom('post_comments')
          .where('post_id', '=', postId)
          .where(eb => eb.or([eb('comment_id', '=', commentId), eb('reply_to', '=', commentId)]))
          .executeTakeFirst()
        const gone = Number(removed.numDeletedRows)
        if (gone > 0) await trx.updateTable('posts').set({ comment_count: sql`comment_count - ${gone}` }).where('post_id', '=', postId).execute()
        return (await trx.selectFrom('posts').select('comment_count').where('post_id', '=', postId).executeTakeFirstOrThrow()).comment_count
      })
    },

    async liveComments (liveId, cursor) {
      let query = db.selectFrom('live_comments').innerJoin('users', 'users.uid', 'live_comments.author_uid')
        .select(['live_comments.comment_id', 'live_comments.live_id', 'live_comments.content', 'live_comments.created_at', ...AUTHOR_COLUMNS])
        .where('live_comments.live_id', '=', liveId)
      if (cursor.before !== undefined) query = query.where('live_comments.comment_id', '<', cursor.before)
      const rows = await query.orderBy('live_comments.comment_id', 'desc').limit(cursor.limit + 1).execute()
      const items = rows.slice(0, cursor.limit).reverse()
        .map(row => ({ comment_id: row.comment_id, live_id: row.live_id, author: toUser(row), content: row.content, created_at: row.created_at }))
      return { items, has_more: rows.length > cursor.limit }
    },

    async createLiveComment (row) {
      try {
        await db.insertInto('live_comments').values(row).execute()
        return { value: await liveComment(row.comment_id) as LiveComment, created: true }
      } catch (error) {
        const earlier = row.nonce !== null && isUniqueViolation(error) ? await earlierLiveComment(row.live_id, row.author_uid, row.nonce) : null
        if (!earlier) throw error
        return { value: earlier, created: false }
      }
    },

    earlierLiveComment,

    async liveItem (liveId) {
      const row = await db.selectFrom('lives').selectAll().where('live_id', '=', liveId).executeTakeFirst()
      return row ? toLiveItem(row) : null
    },

    async reminded (liveId, uid) {
      const row = await db.selectFrom('live_reminders').select('uid').where('live_id', '=', liveId).where('uid', '=', uid).executeTakeFirst()
      return row !== undefined
    },

    async setReminder (liveId, uid, reminded, now) {
      if (reminded) {
        await db.insertInto('live_reminders').values({ live_id: liveId, uid, created_at: now, notified_at: null })
          .onConflict(oc => oc.columns(['live_id', 'uid']).doNothing()).execute()
      } else {
        await db.deleteFrom('live_reminders').where('live_id', '=', liveId).where('uid', '=', uid).execute()
      }
    },

    async setViewing (liveId, uid, watching, now, since) {
      const earlier = await db.selectFrom('live_viewers').select('seen_at').where('live_id', '=', liveId).where('uid', '=', uid).executeTakeFirst()
      const counted = earlier !== undefined && earlier.seen_at >= since
      if (watching) {
        await db.insertInto('live_viewers').values({ live_id: liveId, uid, seen_at: now })
          .onConflict(oc => oc.columns(['live_id', 'uid']).doUpdateSet({ seen_at: now })).execute()
      } else {
        await db.deleteFrom('live_viewers').where('live_id', '=', liveId).where('uid', '=', uid).execute()
      }
      // the count reads only the index range of this item's recent heartbeats
      const row = await db.selectFrom('live_viewers').where('live_id', '=', liveId).where('seen_at', '>=', since)
        .select(eb => eb.fn.countAll<number>().as('viewers')).executeTakeFirstOrThrow()
      return { viewers: Number(row.viewers), changed: counted !== watching }
    },
  }
}
