/**
 * The posts and live-chat calls (core/wire/paths.ts POST_CALLS) on the request chain:
 * posts of a channel by cursor, one post, its comments and my like, live comments, my
 * reminder of a reserved item and my viewing heartbeat. Stores take a {@link PostsApi},
 * so tests pass fakes.
 */
import type {
  Comment, CreateCommentBody, CreateLiveCommentBody, CreatePostBody, CursorPage, LiveComment, LiveReminder,
  LiveViewers, PatchCommentBody, PatchPostBody, POST_CALL_SCHEMAS, Post, PostLike,
} from '@core/wire/posts'
import { POST_CALLS } from '@core/wire/paths'
import { request as defaultRequest } from '@/services/request/request'
import { callsOf } from './call'
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

/** Builds the posts API on `send` (the app's request chain by default). */
export function createPostsApi (send: Requester = defaultRequest): PostsApi {
  const calls = callsOf<typeof POST_CALLS, typeof POST_CALL_SCHEMAS>(send, POST_CALLS)
  const post = (postId: string) => ({ post_id: postId })
  const comment = (postId: string, commentId: string) => ({ post_id: postId, comment_id: commentId })
  const live = (liveId: string) => ({ live_id: liveId })
  return {
    // a query without page/page_size is answered the cursor page; only those ask for the page-numbered one
    listPosts: (channelId, cursor = {}) => calls.channelPosts({ params: { channel_id: channelId }, query: { before: cursor.before, limit: cursor.limit } }) as Promise<CursorPage<Post>>,
    getPost: postId => calls.post({ params: post(postId) }),
    createPost: (channelId, body) => calls.createPost({ params: { channel_id: channelId }, body }),
    updatePost: (postId, body) => calls.editPost({ params: post(postId), body }),
    deletePost: async postId => { await calls.deletePost({ params: post(postId) }) },
    listComments: (postId, cursor = {}) => calls.comments({ params: post(postId), query: { after: cursor.after, limit: cursor.limit } }),
    createComment: (postId, body) => calls.comment({ params: post(postId), body }),
    updateComment: (postId, commentId, body) => calls.editComment({ params: comment(postId, commentId), body }),
    deleteComment: async (postId, commentId) => { await calls.deleteComment({ params: comment(postId, commentId) }) },
    setLike: (postId, liked) => calls[liked ? 'like' : 'unlike']({ params: post(postId) }),
    listLiveComments: (liveId, cursor = {}) => calls.liveComments({ params: live(liveId), query: { before: cursor.before, limit: cursor.limit } }),
    createLiveComment: (liveId, body) => calls.liveComment({ params: live(liveId), body }),
    getReminder: liveId => calls.reminder({ params: live(liveId) }),
    setReminder: (liveId, reminded) => calls[reminded ? 'remind' : 'unremind']({ params: live(liveId) }),
    setViewing: (liveId, watching) => calls[watching ? 'watch' : 'unwatch']({ params: live(liveId) }),
  }
}

/** The app's posts API. */
export const postsApi: PostsApi = createPostsApi()
