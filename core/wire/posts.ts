/**
 * Posts, their comments and likes, and live chat: the wire shapes, request
 * bodies, cursor queries, dispatch payloads and paths, declared once with TypeBox. The
 * server validates and serialises with these schemas; the client imports them only as
 * types (server/README.md "Posts and live chat").
 *
 * Lists that grow without bound page by cursor (`before` = the last id the caller holds,
 * `limit`), never by OFFSET and COUNT (ARCHITECTURE.md), and answer `{items, has_more}`.
 */
import { Type, type Static } from '@sinclair/typebox'
import { ChannelParamsSchema, OldPageQuerySchema, PagedOf } from './api'
import type { CallSchemasOf } from './call-schemas'
import { AuthoredSchema, ChannelPlaceSchema, UserSchema } from './entities'
import { CursorPageSchema, IdString, ImageUrlString, LineText, MultilineText, Nullable, PictureSchema } from './fields'
import { POST_CALLS } from './paths'
import { COMMENT_MAX_LENGTH, CURSOR_PAGE_DEFAULT, CURSOR_PAGE_MAX, POST_CONTENT_MAX_LENGTH, POST_MAX_IMAGES, POST_TITLE_MAX_LENGTH } from './codes'

export { POSTS_PATHS, POST_CALLS } from './paths'
export { CursorPageSchema, type CursorPage } from './fields'

/** One picture of a post: where it is served and its natural size in pixels (0 when unknown). */
export const PostImageSchema = PictureSchema
/** One picture of a post. */
export type PostImage = Static<typeof PostImageSchema>

/** A post of a post channel (channel type 3) with its counts and whether the caller liked it. */
export const PostSchema = Type.Object({
  post_id: Type.String(),
  ...ChannelPlaceSchema.properties,
  ...AuthoredSchema.properties,
  title: Type.String(),
  /** The list's picture: an http(s) URL, or '' for none. */
  cover: Type.String(),
  images: Type.Array(PostImageSchema),
  like_count: Type.Integer(),
  comment_count: Type.Integer(),
  /** True when the signed-in caller liked it; always false in dispatches and for anonymous callers. */
  liked: Type.Boolean(),
  /** unix seconds of the last edit, or null. */
  edited_at: Nullable(Type.Integer()),
})
/** A post with its counts. */
export type Post = Static<typeof PostSchema>

/** The top-level comment a reply sits under (replies are one level deep). */
export const CommentReplyToSchema = Type.Object({
  comment_id: Type.String(),
  author: UserSchema,
})

/** A comment on a post. */
export const CommentSchema = Type.Object({
  comment_id: Type.String(),
  post_id: Type.String(),
  ...AuthoredSchema.properties,
  /** The top-level comment this one answers, or null for a top-level comment. */
  reply_to: Nullable(CommentReplyToSchema),
  /** unix seconds of the author's last edit, or null. */
  edited_at: Nullable(Type.Integer()),
})
/** A comment on a post. */
export type Comment = Static<typeof CommentSchema>

/** A comment in a live item's chat. */
export const LiveCommentSchema = Type.Object({
  comment_id: Type.String(),
  live_id: Type.String(),
  ...AuthoredSchema.properties,
})
/** A comment in a live item's chat. */
export type LiveComment = Static<typeof LiveCommentSchema>

/** Query of a cursor page: items older than `before` (an id the caller already holds), at most `limit`. */
export const CursorQuerySchema = Type.Object({
  before: Type.Optional(IdString),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CURSOR_PAGE_MAX, default: CURSOR_PAGE_DEFAULT })),
})
/** Query of a cursor page. */
export type CursorQuery = Static<typeof CursorQuerySchema>

/**
 * Query of GET /channels/:channel_id/posts: a cursor page, or — with `page`/`page_size` —
 * the older page-numbered answer (core/wire/api.ts Paged), kept for clients that still ask so.
 */
export const PostListQuerySchema = Type.Object({
  before: CursorQuerySchema.properties.before,
  limit: CursorQuerySchema.properties.limit,
  ...OldPageQuerySchema.properties,
})

const titleText = LineText(POST_TITLE_MAX_LENGTH)
const freeText = (maxLength: number, minLength = 0) => MultilineText(maxLength, { minLength })
/** An image URL, or '' for none. */
const coverUrl = Type.Union([ImageUrlString, Type.Literal('')])
/** A client nonce: the same nonce from the same author answers the first write again. */
const nonce = IdString

/** POST /channels/:channel_id/posts: title and text audited, up to 9 images, an optional cover (audited as `cover`). */
export const CreatePostBodySchema = Type.Object({
  title: titleText,
  content: freeText(POST_CONTENT_MAX_LENGTH),
  cover: Type.Optional(coverUrl),
  images: Type.Optional(Type.Array(PostImageSchema, { maxItems: POST_MAX_IMAGES })),
  nonce: Type.Optional(nonce),
}, { additionalProperties: false })
/** POST /channels/:channel_id/posts */
export type CreatePostBody = Static<typeof CreatePostBodySchema>

/** PATCH /posts/:post_id: the author changes any of the fields (each audited like on creation). */
export const PatchPostBodySchema = Type.Object({
  title: Type.Optional(titleText),
  content: Type.Optional(freeText(POST_CONTENT_MAX_LENGTH)),
  cover: Type.Optional(coverUrl),
  images: Type.Optional(Type.Array(PostImageSchema, { maxItems: POST_MAX_IMAGES })),
}, { additionalProperties: false })
/** PATCH /posts/:post_id */
export type PatchPostBody = Static<typeof PatchPostBodySchema>

/** POST /posts/:post_id/comments: the text (audited), optionally answering a comment of the same post. */
export const CreateCommentBodySchema = Type.Object({
  content: freeText(COMMENT_MAX_LENGTH, 1),
  reply_to: Type.Optional(Nullable(IdString)),
  nonce: Type.Optional(nonce),
}, { additionalProperties: false })
/** POST /posts/:post_id/comments */
export type CreateCommentBody = Static<typeof CreateCommentBodySchema>

/** PATCH (or POST) /posts/:post_id/comments/:comment_id: the author's new text (audited like a new comment). */
export const PatchCommentBodySchema = Type.Object({
  content: freeText(COMMENT_MAX_LENGTH, 1),
}, { additionalProperties: false })
/** PATCH /posts/:post_id/comments/:comment_id */
export type PatchCommentBody = Static<typeof PatchCommentBodySchema>

/** POST /lives/:live_id/comments: the text (audited) and the client's nonce. */
export const CreateLiveCommentBodySchema = Type.Object({
  content: freeText(COMMENT_MAX_LENGTH, 1),
  nonce: Type.Optional(nonce),
}, { additionalProperties: false })
/** POST /lives/:live_id/comments */
export type CreateLiveCommentBody = Static<typeof CreateLiveCommentBodySchema>

/** PUT|DELETE /posts/:post_id/likes/me */
export const PostLikeSchema = Type.Object({ post_id: Type.String(), like_count: Type.Integer(), liked: Type.Boolean() })
/** The caller's like on a post and the post's count after it. */
export type PostLike = Static<typeof PostLikeSchema>

/** GET|PUT|DELETE /lives/:live_id/reminders/me */
export const LiveReminderSchema = Type.Object({
  live_id: Type.String(),
  reminded: Type.Boolean(),
  /** When the reserved item starts (unix seconds), or null when unscheduled. */
  started_at: Nullable(Type.Integer()),
})
/** Whether the caller asked to be reminded of a reserved live item. */
export type LiveReminder = Static<typeof LiveReminderSchema>

/** PUT|DELETE /lives/:live_id/viewers/me, and the LIVE_VIEWERS dispatch. */
export const LiveViewersSchema = Type.Object({ live_id: Type.String(), viewers: Type.Integer() })
/** How many members are watching a live item now. */
export type LiveViewers = Static<typeof LiveViewersSchema>

// ---- dispatch payloads (the gateway's `d`) ----

/** POST_DELETE */
export const PostDeleteEventSchema = Type.Object({ channel_id: Type.String(), post_id: Type.String() })

/** COMMENT_CREATE: the new comment and the post's count after it. */
export const CommentCreateEventSchema = Type.Object({ channel_id: Type.String(), comment: CommentSchema, comment_count: Type.Integer() })

/** COMMENT_UPDATE: the comment as its author edited it (named like POST_UPDATE). */
export const CommentUpdateEventSchema = Type.Object({ channel_id: Type.String(), comment: CommentSchema })

/** COMMENT_DELETE: the removed comment (its replies go with it) and the post's count after it. */
export const CommentDeleteEventSchema = Type.Object({ channel_id: Type.String(), post_id: Type.String(), comment_id: Type.String(), comment_count: Type.Integer() })

/** POST_LIKE */
export const PostLikeEventSchema = Type.Object({ post_id: Type.String(), like_count: Type.Integer() })

/** `:post_id` */
export const PostParamsSchema = Type.Object({ post_id: IdString })
/** `:post_id` and `:comment_id` */
export const CommentParamsSchema = Type.Object({ post_id: IdString, comment_id: IdString })
/** `:live_id` */
export const LiveParamsSchema = Type.Object({ live_id: IdString })

/** GET /posts/:post_id/comments query: comments newer than `after` (an id the caller already holds), at most `limit`. */
export const CommentListQuerySchema = Type.Object({
  after: CursorQuerySchema.properties.before,
  limit: CursorQuerySchema.properties.limit,
})

/** DELETE /posts/:post_id and DELETE /posts/:post_id/comments/:comment_id answer. */
export const RemovedSchema = Type.Object({ deleted: Type.Boolean() })

/** GET /channels/:channel_id/posts answer: a cursor page, or the page-numbered answer when the query asks with page/page_size. */
export const PostListSchema = Type.Union([CursorPageSchema(PostSchema), PagedOf(PostSchema)])

/** The shapes of the posts, comments, likes and live-chat calls (core/wire/paths.ts `POST_CALLS`). */
export const POST_CALL_SCHEMAS = {
  channelPosts: { params: ChannelParamsSchema, query: PostListQuerySchema, answer: PostListSchema },
  createPost: { params: ChannelParamsSchema, body: CreatePostBodySchema, answer: PostSchema },
  post: { params: PostParamsSchema, answer: PostSchema },
  editPost: { params: PostParamsSchema, body: PatchPostBodySchema, answer: PostSchema },
  deletePost: { params: PostParamsSchema, answer: RemovedSchema },
  comments: { params: PostParamsSchema, query: CommentListQuerySchema, answer: CursorPageSchema(CommentSchema) },
  comment: { params: PostParamsSchema, body: CreateCommentBodySchema, answer: CommentSchema },
  editComment: { params: CommentParamsSchema, body: PatchCommentBodySchema, answer: CommentSchema },
  deleteComment: { params: CommentParamsSchema, answer: RemovedSchema },
  like: { params: PostParamsSchema, answer: PostLikeSchema },
  unlike: { params: PostParamsSchema, answer: PostLikeSchema },
  liveComments: { params: LiveParamsSchema, query: CursorQuerySchema, answer: CursorPageSchema(LiveCommentSchema) },
  liveComment: { params: LiveParamsSchema, body: CreateLiveCommentBodySchema, answer: LiveCommentSchema },
  reminder: { params: LiveParamsSchema, answer: LiveReminderSchema },
  remind: { params: LiveParamsSchema, answer: LiveReminderSchema },
  unremind: { params: LiveParamsSchema, answer: LiveReminderSchema },
  watch: { params: LiveParamsSchema, answer: LiveViewersSchema },
  unwatch: { params: LiveParamsSchema, answer: LiveViewersSchema },
} as const satisfies CallSchemasOf<typeof POST_CALLS>
