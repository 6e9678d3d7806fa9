/**
 * Posts, comments and likes of post channels (channel type 3), and live chat with its
 * reminders and viewer count (server/README.md "Posts and live chat"). The trust
 * permissions decide (core/domain/permissions.ts): reading needs ViewChannel,
 * posting and commenting SendMessages (which a timeout takes away), pictures AttachFiles,
 * liking AddReactions, removing what others wrote ManageMessages (audited). Every write
 * needs a session and membership of the server, audits every written text and URL against
 * the global and the server's own words before anything is stored (SPEC §5, §8), takes
 * pictures only from this product's storage, and publishes its event on the bus after it committed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { deriveLiveState } from '@core/domain/live-state'
import { createTimeIdSource } from '@core/domain/ids'
import { CURSOR_PAGE_DEFAULT } from '@core/wire/codes'
import { Permission } from '@core/domain/permissions'
import { channelTypeHas } from '@core/domain/channel-types'
import { LiveCommentFlag, type Channel, type LiveItem, type User } from '@core/wire/entities'
import { POST_CALLS, POST_CALL_SCHEMAS, type Post, type PostImage } from '@core/wire/posts'
import type { AppContext, RouteOptions } from '../../context'
import { badRequest, forbidden, notFound } from '../../errors'
import { optionalUser, signedInUser } from '../../plugins/auth'
import { pageRequestOf } from '../../repositories/paging'
import { notify, tellSubjectDeleted, type NotificationDraft } from '../../services/notifications'
import { chargeAllOrNone, chargeChatText, chargeCommentWrite, charged, chargePostWrite, writerOf, type TakenCharge, type Uploader } from '../../services/quotas'
import { requireChannelMember, requireChannelOfMember, requireRemoval, requireVisible, requireVisibleChannel } from '../../rules/access'
import { requireServerAuditPass, storedFileUrl } from '../../rules/content'
import { ok } from '../../http/envelope'
import { route } from '../../http/route'

/** The refusal of a comment on an item whose comment flag is 2 (SPEC §4). */
export const LIVE_COMMENTS_OFF_MESSAGE = '本场直播已关闭评论'

/** A viewer counts as watching for this long after their last heartbeat (the client beats every 20 s). */
export const LIVE_VIEWER_TTL_SECONDS = 45

/** 400 unless `channel` is a post channel; asked only after the caller is known to see it (a hidden channel's type is not told). */
function requirePostChannel (channel: Channel): Channel {
  if (!channelTypeHas(channel.channel_type, 'carriesPosts')) throw badRequest(`path.channel_id: channel ${channel.channel_id} is not a post channel`)
  return channel
}

/** The post a path names, when `viewer` may see its channel; 404 `path.post_id: no post …` otherwise, as for none (`liked` is the viewer's). */
async function visiblePost (ctx: AppContext, postId: string, viewer: User | null): Promise<Post> {
  const post = await ctx.repos.posts.get(postId, viewer?.uid ?? null)
  const unknown = notFound(`path.post_id: no post ${postId}`)
  if (!post) throw unknown
  await requireVisible(ctx, post, viewer, unknown)
  return post
}

/** The notification of `kind` about `post`, by `actorUid`. */
function postDraft (kind: NotificationDraft['kind'], post: Post, actorUid: string): NotificationDraft {
  return { kind, actorUid, serverId: post.server_id, channelId: post.channel_id, postId: post.post_id, excerpt: post.title }
}

/** Tells the member a new comment answered (a reply), and the post's author (a comment on their post) unless that is the same member. */
async function notifyOfComment (ctx: AppContext, post: Post, commentId: string, authorUid: string, content: string, answeredUid: string | null): Promise<void> {
  const draft = { ...postDraft('comment', post, authorUid), commentId, excerpt: content }
  if (answeredUid !== null) await notify(ctx, answeredUid, { ...draft, kind: 'reply' })
  if (answeredUid !== post.author.uid) await notify(ctx, post.author.uid, draft)
}

/** The live item a path names, when `viewer` may see its channel; 404 `path.live_id: no live item …` otherwise, as for none. */
async function visibleLive (ctx: AppContext, liveId: string, viewer: User | null): Promise<LiveItem> {
  const item = await ctx.repos.posts.liveItem(liveId)
  const unknown = notFound(`path.live_id: no live item ${liveId}`)
  if (!item) throw unknown
  await requireVisible(ctx, item, viewer, unknown)
  return item
}

/** What writing text with `pictures` images in a channel needs; a member in timeout lacks SendMessages. */
function writePermissions (pictures: number): number {
  return Permission.SendMessages | (pictures > 0 ? Permission.AttachFiles : 0)
}

/** How many pictures a post body carries (its images and its cover). */
function picturesOf (body: { cover?: string, images?: PostImage[] }): number {
  return (body.images ?? []).length + (body.cover ? 1 : 0)
}

/** `body` with its cover (when given and not '') and images in their stored form, or 400 naming the first that is no file of this product's storage. */
function withStoredPictures<B extends { cover?: string, images?: PostImage[] }> (ctx: AppContext, request: FastifyRequest, body: B): B {
  const cover = body.cover ? storedFileUrl(ctx, request, 'cover', body.cover) : body.cover
  const images = body.images?.map((image, index) => ({ ...image, url: storedFileUrl(ctx, request, `images.${index}.url`, image.url) }))
  return { ...body, ...(cover === undefined ? {} : { cover }), ...(images === undefined ? {} : { images }) }
}

/** A comment's charges: one more this minute (COMMENT_WRITE_PER_MINUTE), and its text on the day's text quotas. */
function chargeComment (ctx: AppContext, writer: Uploader, content: string): Promise<TakenCharge> {
  return chargeAllOrNone([() => chargeCommentWrite(ctx, writer.uid), () => chargeChatText(ctx, writer, [content])])
}

/** Registers /channels/:channel_id/posts, /posts/… and /lives/…/(comments|reminders|viewers). */
export default async function postsRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const nextId = createTimeIdSource()

  route(app, POST_CALLS.channelPosts, POST_CALL_SCHEMAS.channelPosts, { schema: { summary: 'Posts of a post channel, newest first: a cursor page (before, limit), or the page-numbered answer with page/page_size' } }, async request => {
    const viewer = await optionalUser(ctx, request)
    const channel = requirePostChannel(await requireVisibleChannel(ctx, request.params.channel_id, viewer))
    const query = request.query
    if (query.page !== undefined || query.page_size !== undefined) {
      return ok(await ctx.repos.posts.paged(channel.channel_id, pageRequestOf(query), viewer?.uid ?? null))
    }
    return ok(await ctx.repos.posts.list(channel.channel_id, { before: query.before, limit: query.limit ?? CURSOR_PAGE_DEFAULT }, viewer?.uid ?? null))
  })

  route(app, POST_CALLS.createPost, POST_CALL_SCHEMAS.createPost, { schema: { summary: 'Write a post (SendMessages, AttachFiles with pictures; title, text and cover audited; up to 9 images)' } }, async request => {
    const user = signedInUser(request)
    const channel = requirePostChannel(await requireChannelOfMember(ctx, request.params.channel_id, user, writePermissions(picturesOf(request.body))))
    const body = withStoredPictures(ctx, request, request.body)
    // SPEC §5, §8: title 104001, cover 104006, text 104008, against the global and the server's words
    await requireServerAuditPass(ctx, channel.server_id, { title: body.title, content: body.content, cover: body.cover || undefined })
    // a retry of a write whose answer was lost answers it again, and costs nothing
    const earlier = body.nonce ? await ctx.repos.posts.earlierPost(user.uid, body.nonce) : null
    if (earlier) return ok(earlier)
    const images = body.images ?? []
    const written = await charged(await chargeAllOrNone([() => chargePostWrite(ctx, user.uid), () => chargeChatText(ctx, writerOf(request, user), [body.title, body.content])]), () => ctx.repos.posts.create({
      post_id: nextId(),
      channel_id: channel.channel_id,
      author_uid: user.uid,
      title: body.title,
      content: body.content,
      cover: body.cover || (images[0]?.url ?? ''),
      images,
      nonce: body.nonce ?? null,
      created_at: ctx.now(),
    }))
    if (written.created) await ctx.bus.publish('POST_CREATE', { server_id: channel.server_id, channel_id: channel.channel_id }, { ...written.value, liked: false })
    return ok(written.value)
  })

  route(app, POST_CALLS.post, POST_CALL_SCHEMAS.post, { schema: { summary: 'One post with its counts' } }, async request => {
    return ok(await visiblePost(ctx, request.params.post_id, await optionalUser(ctx, request)))
  })

  // one declaration answers PATCH and POST (EDIT_METHODS): the mini-program's request API has no PATCH
  route(app, POST_CALLS.editPost, POST_CALL_SCHEMAS.editPost, { schema: { summary: "Edit one's own post (SendMessages; every given field audited)" } }, async request => {
    const user = signedInUser(request)
    const post = await visiblePost(ctx, request.params.post_id, user)
    if (post.author.uid !== user.uid) throw forbidden('only the author may change this post')
    await requireChannelMember(ctx, post, user, writePermissions(picturesOf(request.body)))
    const body = withStoredPictures(ctx, request, request.body)
    await requireServerAuditPass(ctx, post.server_id, { title: body.title, content: body.content, cover: body.cover || undefined })
    const updated = await ctx.repos.posts.update(post.post_id, body, ctx.now())
    if (!updated) throw notFound(`path.post_id: no post ${post.post_id}`)
    await ctx.bus.publish('POST_UPDATE', { server_id: post.server_id, channel_id: post.channel_id }, updated)
    return ok({ ...updated, liked: post.liked })
  })

  route(app, POST_CALLS.deletePost, POST_CALL_SCHEMAS.deletePost, { schema: { summary: 'Remove a post with its comments and likes (its author, or ManageMessages, audited)' } }, async request => {
    const user = signedInUser(request)
    const post = await visiblePost(ctx, request.params.post_id, user)
    const record = await requireRemoval(ctx, post, user, post.author.uid, 'post_delete', post.post_id)
    await ctx.repos.posts.remove(post.post_id, record)
    await ctx.bus.publish('POST_DELETE', { server_id: post.server_id, channel_id: post.channel_id }, { channel_id: post.channel_id, post_id: post.post_id })
    return ok({ deleted: true })
  })

  route(app, POST_CALLS.comments, POST_CALL_SCHEMAS.comments, { schema: { summary: 'Comments of a post, oldest first (after, limit)' } }, async request => {
    const post = await visiblePost(ctx, request.params.post_id, await optionalUser(ctx, request))
    return ok(await ctx.repos.posts.comments(post.post_id, { after: request.query.after, limit: request.query.limit ?? CURSOR_PAGE_DEFAULT }))
  })

  route(app, POST_CALLS.comment, POST_CALL_SCHEMAS.comment, { schema: { summary: 'Comment on a post, or answer a comment (SendMessages; audited)' } }, async request => {
    const user = signedInUser(request)
    const post = await visiblePost(ctx, request.params.post_id, user)
    await requireChannelMember(ctx, post, user, writePermissions(0))
    const body = request.body
    let replyTo: string | null = null
    let answeredUid: string | null = null
    if (body.reply_to) {
      const target = await ctx.repos.posts.comment(body.reply_to)
      if (!target || target.post_id !== post.post_id) throw badRequest(`body.reply_to: no comment ${body.reply_to} on post ${post.post_id}`)
      answeredUid = target.author.uid
      replyTo = target.reply_to?.comment_id ?? target.comment_id // replies are one level deep: an answer to a reply joins its thread
    }
    await requireServerAuditPass(ctx, post.server_id, { content: body.content })
    const earlier = body.nonce ? await ctx.repos.posts.earlierComment(post.post_id, user.uid, body.nonce) : null
    if (earlier) return ok(earlier.comment)
    const written = await charged(await chargeComment(ctx, writerOf(request, user), body.content), () => ctx.repos.posts.createComment({
      comment_id: nextId(), post_id: post.post_id, author_uid: user.uid, content: body.content, reply_to: replyTo, nonce: body.nonce ?? null, created_at: ctx.now(),
    }))
    if (written.created) {
      await ctx.bus.publish('COMMENT_CREATE', { server_id: post.server_id, channel_id: post.channel_id }, { channel_id: post.channel_id, ...written.value })
      await notifyOfComment(ctx, post, written.value.comment.comment_id, user.uid, body.content, answeredUid)
    }
    return ok(written.value.comment)
  })

  // one declaration answers PATCH and POST (EDIT_METHODS): the mini-program's request API has no PATCH
  route(app, POST_CALLS.editComment, POST_CALL_SCHEMAS.editComment, { schema: { summary: "Edit one's own comment (its author only, SendMessages; audited)" } }, async request => {
    const user = signedInUser(request)
    const post = await visiblePost(ctx, request.params.post_id, user)
    const target = await ctx.repos.posts.comment(request.params.comment_id)
    if (!target || target.post_id !== post.post_id) throw notFound(`path.comment_id: no comment ${request.params.comment_id} on post ${post.post_id}`)
    // Authors edit their own comments; ManageMessages removes others' but never rewrites them
    if (target.author.uid !== user.uid) throw forbidden('only the author may change this comment')
    await requireChannelMember(ctx, post, user, writePermissions(0))
    await requireServerAuditPass(ctx, post.server_id, { content: request.body.content }) // SPEC §5, §8: on rejection nothing is written
    const updated = await ctx.repos.posts.updateComment(target.comment_id, request.body.content, ctx.now())
    if (!updated) throw notFound(`path.comment_id: no comment ${target.comment_id} on post ${post.post_id}`)
    await ctx.bus.publish('COMMENT_UPDATE', { server_id: post.server_id, channel_id: post.channel_id }, { channel_id: post.channel_id, comment: updated })
    return ok(updated)
  })

  route(app, POST_CALLS.deleteComment, POST_CALL_SCHEMAS.deleteComment, { schema: { summary: 'Remove a comment with its replies (its author, or ManageMessages, audited)' } }, async request => {
    const user = signedInUser(request)
    const post = await visiblePost(ctx, request.params.post_id, user)
    const target = await ctx.repos.posts.comment(request.params.comment_id)
    if (!target || target.post_id !== post.post_id) throw notFound(`path.comment_id: no comment ${request.params.comment_id} on post ${post.post_id}`)
    const record = await requireRemoval(ctx, post, user, target.author.uid, 'comment_delete', target.comment_id)
    // read before the removal: the replies go with the comment, and COMMENT_DELETE names only the comment
    const quoting = await ctx.repos.notifications.quoting({ post_id: post.post_id, comment_id: target.comment_id })
    const count = await ctx.repos.posts.removeComment(post.post_id, target.comment_id, record)
    await ctx.bus.publish('COMMENT_DELETE', { server_id: post.server_id, channel_id: post.channel_id }, {
      channel_id: post.channel_id, post_id: post.post_id, comment_id: target.comment_id, comment_count: count,
    })
    await tellSubjectDeleted(ctx, quoting)
    return ok({ deleted: true })
  })

  for (const liked of [true, false]) {
    const call = liked ? 'like' : 'unlike'
    route(app, POST_CALLS[call], POST_CALL_SCHEMAS[call], { schema: { summary: liked ? 'Like a post (AddReactions)' : 'Take back a like (members)' } }, async request => {
      const user = signedInUser(request)
      const post = await visiblePost(ctx, request.params.post_id, user)
      await requireChannelMember(ctx, post, user, liked ? Permission.AddReactions : Permission.ViewChannel)
      const count = await ctx.repos.posts.setLike(post.post_id, user.uid, liked, ctx.now())
      if (count === null) throw notFound(`path.post_id: no post ${post.post_id}`)
      if (count !== post.like_count) await ctx.bus.publish('POST_LIKE', { server_id: post.server_id, channel_id: post.channel_id }, { post_id: post.post_id, like_count: count })
      if (liked && count > post.like_count) await notify(ctx, post.author.uid, { ...postDraft('reaction', post, user.uid), excerpt: post.title })
      return ok({ post_id: post.post_id, like_count: count, liked })
    })
  }

  route(app, POST_CALLS.liveComments, POST_CALL_SCHEMAS.liveComments, { schema: { summary: "A live item's chat, newest page first, items oldest first (before, limit)" } }, async request => {
    const item = await visibleLive(ctx, request.params.live_id, await optionalUser(ctx, request))
    return ok(await ctx.repos.posts.liveComments(item.live_id, { before: request.query.before, limit: request.query.limit ?? CURSOR_PAGE_DEFAULT }))
  })

  route(app, POST_CALLS.liveComment, POST_CALL_SCHEMAS.liveComment, { schema: { summary: 'Comment in the chat of an item on air (SendMessages; audited; 403 when comments are off)' } }, async request => {
    const user = signedInUser(request)
    const item = await visibleLive(ctx, request.params.live_id, user)
    if (item.can_comment === LiveCommentFlag.CannotComment) throw forbidden(LIVE_COMMENTS_OFF_MESSAGE) // SPEC §4: comment flag 2 cannot comment
    const state = deriveLiveState(item, ctx.now())
    if (state !== 'live') throw forbidden(`live item ${item.live_id} is not on air (${state}): its chat is read-only`)
    await requireChannelMember(ctx, item, user, writePermissions(0))
    await requireServerAuditPass(ctx, item.server_id, { content: request.body.content })
    const earlier = request.body.nonce ? await ctx.repos.posts.earlierLiveComment(item.live_id, user.uid, request.body.nonce) : null
    if (earlier) return ok(earlier)
    const written = await charged(await chargeComment(ctx, writerOf(request, user), request.body.content), () => ctx.repos.posts.createLiveComment({
      comment_id: nextId(), live_id: item.live_id, author_uid: user.uid, content: request.body.content, nonce: request.body.nonce ?? null, created_at: ctx.now(),
    }))
    if (written.created) await ctx.bus.publish('LIVE_COMMENT_CREATE', { server_id: item.server_id, channel_id: item.channel_id }, written.value)
    return ok(written.value)
  })

  route(app, POST_CALLS.reminder, POST_CALL_SCHEMAS.reminder, { schema: { summary: 'Whether I asked to be reminded of a reserved item' } }, async request => {
    const user = signedInUser(request)
    const item = await visibleLive(ctx, request.params.live_id, user)
    return ok({ live_id: item.live_id, reminded: await ctx.repos.posts.reminded(item.live_id, user.uid), started_at: item.started_at })
  })

  for (const reminded of [true, false]) {
    const call = reminded ? 'remind' : 'unremind'
    route(app, POST_CALLS[call], POST_CALL_SCHEMAS[call], { schema: { summary: reminded ? 'Remind me when a reserved item starts (members)' : 'No reminder for this item' } }, async request => {
      const user = signedInUser(request)
      const item = await visibleLive(ctx, request.params.live_id, user)
      if (reminded) {
        await requireChannelMember(ctx, item, user, Permission.ViewChannel)
        // SPEC §4: only a reserved ('order') item has a start to be reminded of
        if (deriveLiveState(item, ctx.now()) !== 'order') throw badRequest(`path.live_id: live item ${item.live_id} is not reserved`)
      }
      await ctx.repos.posts.setReminder(item.live_id, user.uid, reminded, ctx.now())
      return ok({ live_id: item.live_id, reminded, started_at: item.started_at })
    })
  }

  for (const watching of [true, false]) {
    const call = watching ? 'watch' : 'unwatch'
    route(app, POST_CALLS[call], POST_CALL_SCHEMAS[call], { schema: { summary: watching ? `I am watching (a heartbeat; counts for ${LIVE_VIEWER_TTL_SECONDS} s)` : 'I stopped watching' } }, async request => {
      const user = signedInUser(request)
      const item = await visibleLive(ctx, request.params.live_id, user)
      // only members who may see the channel count as viewers; leaving is open to anyone (it counts nobody new)
      if (watching) await requireChannelMember(ctx, item, user, Permission.ViewChannel)
      const now = ctx.now()
      const viewing = await ctx.repos.posts.setViewing(item.live_id, user.uid, watching, now, now - LIVE_VIEWER_TTL_SECONDS)
      const viewers = { live_id: item.live_id, viewers: viewing.viewers }
      // a heartbeat that changes nobody's presence is not news
      if (viewing.changed) await ctx.bus.publish('LIVE_VIEWERS', { server_id: item.server_id, channel_id: item.channel_id }, viewers)
      return ok(viewers)
    })
  }
}
