/**
 * Limits and paths of the posts topic (core/wire/posts.ts re-exports them), in a file
 * of their own without TypeBox, so the client can import the values and keep the schema
 * builder out of its bundles.
 */

/** Most images a post may carry. */
export const POST_MAX_IMAGES = 9
/** Longest post title (one line). */
export const POST_TITLE_MAX_LENGTH = 60
/** Longest post text. */
export const POST_CONTENT_MAX_LENGTH = 5000
/** Longest comment, post or live. */
export const COMMENT_MAX_LENGTH = 500
/** Default and largest `limit` of a cursor page. */
export const CURSOR_PAGE_DEFAULT = 20
export const CURSOR_PAGE_MAX = 50
/** Longest client nonce (the same nonce from the same author answers the first write again). */
export const NONCE_MAX_LENGTH = 64

/** Paths of this topic, relative to the main API base. */
export const POSTS_PATHS = {
  channelPosts: '/channels/:channel_id/posts',
  post: '/posts/:post_id',
  postComments: '/posts/:post_id/comments',
  postComment: '/posts/:post_id/comments/:comment_id',
  myPostLike: '/posts/:post_id/likes/me',
  liveComments: '/lives/:live_id/comments',
  myLiveReminder: '/lives/:live_id/reminders/me',
  myLiveViewing: '/lives/:live_id/viewers/me',
} as const
