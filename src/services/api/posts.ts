/**
 * The posts and live-chat calls (core/wire/posts.ts POSTS_PATHS) on the request chain:
 * posts of a channel by cursor, one post, its comments and my like, live comments, my
 * reminder of a reserved item and my viewing heartbeat. Stores take a {@link PostsApi},
 * so tests pass fakes.
 */
import type {
  Comment, CreateCommentBody, CreateLiveCommentBody, CreatePostBody, CursorPage, LiveComment, LiveReminder,
  LiveViewers, PatchCommentBody, PatchPostBody, Post, PostLike,
} from '@core/wire/posts'
import { fillPath, POSTS_PATHS } from '@core/wire/paths'
import { request as defaultRequest } from '@/services/request/request'
import type { Requester } from './index'

/** A cursor: items older than `before` (comments: newer than `after`), at most `limit`. */
export interface CursorArgs {
  before?: string
  after?: string
  limit?: number
}

/** Every posts and live-chat call. */
export interface PostsApi {
  listPosts (channelId: string, cursor?: CursorArgs): Promise<CursorPage<Post>>
  getPost (postId: string): Promise<Post>
  createPost (channelId: string, body: CreatePostBody): Promise<Post>
  updatePost (postId: string, body: PatchPostBody): Promise<Post>
  deletePost (postId: string): Promise<void>
  listComments (postId: string, cursor?: CursorArgs): Promise<CursorPage<Comment>>
  createComment (postId: string, body: CreateCommentBody): Promise<Comment>
  /** The author's edit of their comment; answers it with `edited_at`. */
  updateComment (postId: string, commentId: string, body: PatchCommentBody): Promise<Comment>
  deleteComment (postId: string, commentId: string): Promise<void>
  /** Likes (true) or takes the like back (false). */
  setLike (postId: string, liked: boolean): Promise<PostLike>
  listLiveComments (liveId: string, cursor?: CursorArgs): Promise<CursorPage<LiveComment>>
  createLiveComment (liveId: string, body: CreateLiveCommentBody): Promise<LiveComment>
  getReminder (liveId: string): Promise<LiveReminder>
  setReminder (liveId: string, reminded: boolean): Promise<LiveReminder>
  /** A viewing heartbeat (true) or leaving (false); answers the viewer count. */
  setViewing (liveId: string, watching: boolean): Promise<LiveViewers>
}

function cursorQuery (cursor: CursorArgs = {}): Record<string, string | number | undefined> {
  return { before: cursor.before, after: cursor.after, limit: cursor.limit }
}

/** Builds the posts API on `send` (the app's request chain by default). */
export function createPostsApi (send: Requester = defaultRequest): PostsApi {
  const post = (postId: string) => fillPath(POSTS_PATHS.post, { post_id: postId })
  const live = (template: string, liveId: string) => fillPath(template, { live_id: liveId })
  return {
    listPosts: (channelId, cursor) => send({ path: fillPath(POSTS_PATHS.channelPosts, { channel_id: channelId }), query: cursorQuery(cursor) }),
    getPost: postId => send({ path: post(postId) }),
    createPost: (channelId, body) => send({ path: fillPath(POSTS_PATHS.channelPosts, { channel_id: channelId }), method: 'POST', data: body }),
    // POST, not PATCH: the mini-program's request API has no PATCH (the server takes both)
    updatePost: (postId, body) => send({ path: post(postId), method: 'POST', data: body }),
    deletePost: async postId => { await send({ path: post(postId), method: 'DELETE' }) },
    listComments: (postId, cursor) => send({ path: fillPath(POSTS_PATHS.postComments, { post_id: postId }), query: cursorQuery(cursor) }),
    createComment: (postId, body) => send({ path: fillPath(POSTS_PATHS.postComments, { post_id: postId }), method: 'POST', data: body }),
    // POST, not PATCH, like updatePost
    updateComment: (postId, commentId, body) => send({ path: fillPath(POSTS_PATHS.postComment, { post_id: postId, comment_id: commentId }), method: 'POST', data: body }),
    deleteComment: async (postId, commentId) => {
      await send({ path: fillPath(POSTS_PATHS.postComment, { post_id: postId, comment_id: commentId }), method: 'DELETE' })
    },
    setLike: (postId, liked) => send({ path: fillPath(POSTS_PATHS.myPostLike, { post_id: postId }), method: liked ? 'PUT' : 'DELETE' }),
    listLiveComments: (liveId, cursor) => send({ path: live(POSTS_PATHS.liveComments, liveId), query: cursorQuery(cursor) }),
    createLiveComment: (liveId, body) => send({ path: live(POSTS_PATHS.liveComments, liveId), method: 'POST', data: body }),
    getReminder: liveId => send({ path: live(POSTS_PATHS.myLiveReminder, liveId) }),
    setReminder: (liveId, reminded) => send({ path: live(POSTS_PATHS.myLiveReminder, liveId), method: reminded ? 'PUT' : 'DELETE' }),
    setViewing: (liveId, watching) => send({ path: live(POSTS_PATHS.myLiveViewing, liveId), method: watching ? 'PUT' : 'DELETE' }),
  }
}

/** The app's posts API. */
export const postsApi: PostsApi = createPostsApi()
