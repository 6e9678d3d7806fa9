/**
 * Row shapes of the posts topic (migration 0004-posts): likes and comments of posts,
 * live-chat comments, reminders of reserved live items and who is watching a live item.
 * The posts table itself is in ../schema.ts (this migration adds its columns).
 */
import type { Generated } from 'kysely'

/** The columns migration 0004-posts adds to `posts` (defaults fill them for older rows and the seed). */
export interface PostColumns {
  /** PostImage[] as JSON text. */
  images: Generated<string>
  like_count: Generated<number>
  comment_count: Generated<number>
  edited_at: number | null
  /** The author's client nonce of the creating request (same nonce → the same post). */
  nonce: string | null
}

/** One member's like of one post. */
export interface PostLikesTable {
  post_id: string
  uid: string
  created_at: number
}

/** A comment on a post; `reply_to` is the top-level comment it answers (one level deep). */
export interface PostCommentsTable {
  comment_id: string
  post_id: string
  author_uid: string
  content: string
  reply_to: string | null
  nonce: string | null
  created_at: number
  /** unix seconds of the author's last edit, or null (migration 0007-posts-finish). */
  edited_at: Generated<number | null>
}

/** The WeChat openid of a member who signed in from the mini-program (migration 0007-posts-finish). */
export interface WechatAccountsTable {
  uid: string
  openid: string
  updated_at: number
}

/** A comment in a live item's chat. */
export interface LiveCommentsTable {
  comment_id: string
  live_id: string
  author_uid: string
  content: string
  nonce: string | null
  created_at: number
}

/** A member's wish to be told when a reserved live item starts. */
export interface LiveRemindersTable {
  live_id: string
  uid: string
  created_at: number
  /** When the reminder was sent, or null while it waits. */
  notified_at: number | null
}

/** A member watching a live item, as of their last heartbeat. */
export interface LiveViewersTable {
  live_id: string
  uid: string
  seen_at: number
}
