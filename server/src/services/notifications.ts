/**
 * Producing notifications: every write point that tells a member something (a mention, a
 * reply, a reaction, a comment, a moderation act, a direct message) calls {@link notify}
 * once, after its transaction committed. It never tells members of their own acts, nor of
 * anything in a channel they may not read now (./readers.ts, the history's rule: a mention
 * in a training channel never hands a guest its text), honours their mutes
 * (core/domain/notifications.ts), stores the notification and publishes
 * NOTIFICATION_CREATE to the recipient's own sessions; a recipient with no open session
 * is told away from the app too (./away-notifications.ts). A burst of direct messages makes
 * one notification per conversation ({@link isDirectMessageBurst}). {@link readableNotifications} keeps
 * the inbox to the same rule when a channel is closed to its reader later.
 */
import { DM_NOTIFICATION_BURST_SECONDS } from '@core/domain/dm-reach'
import { createTimeIdSource } from '@core/domain/ids'
import { mentionedUids, withMentionNames } from '@core/domain/messages'
import { isSilenced } from '@core/domain/notifications'
import type { ModerationAct, Notification, NotificationKind } from '@core/wire/notifications'
import type { AppContext } from '../context'
import { placeKey, readableOf, readersAmong } from './readers'

/** The longest excerpt a notification keeps, in characters. */
export const NOTIFICATION_EXCERPT_LENGTH = 100

/** What one notification is about, as its write point knows it. */
export interface NotificationDraft {
  kind: NotificationKind
  /** Who did it; a recipient is never told of their own act. */
  actorUid: string | null
  serverId?: string
  channelId?: string
  messageId?: string
  postId?: string
  commentId?: string
  /** In words: the message or comment text (cut to {@link NOTIFICATION_EXCERPT_LENGTH}), the emoji, the server's name. */
  excerpt: string
  /** `moderation` only: the act. */
  act?: ModerationAct
  /** `mention` only: an @全体成员 rather than a direct mention (a muted source silences it). */
  everyone?: boolean
}

const nextNotificationId = createTimeIdSource()

/** The first {@link NOTIFICATION_EXCERPT_LENGTH} characters of `text`. */
export function excerptOf (text: string): string {
  return Array.from(text).slice(0, NOTIFICATION_EXCERPT_LENGTH).join('')
}

/** `text` with its `<@uid>` mentions written as `@nickname`, as the inbox shows them. */
async function namedMentions (ctx: AppContext, text: string): Promise<string> {
  const uids = mentionedUids(text)
  if (uids.length === 0) return text
  const names = new Map(await Promise.all(uids.map(async uid => [uid, (await ctx.repos.users.get(uid))?.nickname ?? null] as const)))
  return withMentionNames(text, uid => names.get(uid) ?? null)
}

/**
 * Puts `draft` in `recipientUid`'s inbox and tells their sessions live; answers the
 * notification, or null when it was not made (their own act, a channel of a server they
 * may not read now, or a muted source). Call after the write's transaction committed.
 */
export async function notify (ctx: AppContext, recipientUid: string, draft: NotificationDraft): Promise<Notification | null> {
  if (draft.actorUid === recipientUid) return null
  if (draft.serverId && draft.channelId && (await readersAmong(ctx, { server_id: draft.serverId, channel_id: draft.channelId }, [recipientUid])).length === 0) return null
  const mutes = await ctx.repos.notifications.muteState(recipientUid, draft.serverId ?? null, draft.channelId ?? null)
  if (isSilenced(draft.kind, draft.everyone === true, mutes)) return null
  if (await isDirectMessageBurst(ctx, recipientUid, draft)) return null
  const row = {
    notification_id: nextNotificationId(),
    uid: recipientUid,
    kind: draft.kind,
    actor_uid: draft.actorUid,
    server_id: draft.serverId ?? null,
    channel_id: draft.channelId ?? null,
    message_id: draft.messageId ?? null,
    post_id: draft.postId ?? null,
    comment_id: draft.commentId ?? null,
    excerpt: excerptOf(await namedMentions(ctx, draft.excerpt)),
    act: draft.act ?? '' as const,
    created_at: ctx.now(),
    read_at: null,
  }
  await ctx.repos.notifications.add(row)
  const notification = await ctx.repos.notifications.notification(row)
  const unread = await ctx.repos.notifications.unreadCount(recipientUid)
  await ctx.bus.publish('NOTIFICATION_CREATE', { uid: recipientUid }, { notification, unread })
  // in the background, the write's answer does not wait for push services or WeChat (tell never throws)
  void ctx.away.tell(recipientUid, notification)
  return notification
}

/**
 * True when `draft` is a direct message of a conversation whose notification `recipientUid`
 * got less than DM_NOTIFICATION_BURST_SECONDS ago (core/domain/dm-reach.ts) and has read
 * neither in the inbox nor in the conversation (their read position is before its message):
 * that one stands for this message too, so the burst adds no inbox entry and no push.
 */
async function isDirectMessageBurst (ctx: AppContext, recipientUid: string, draft: NotificationDraft): Promise<boolean> {
  if (draft.kind !== 'direct_message' || draft.channelId === undefined) return false
  const standing = await ctx.repos.notifications.newestUnreadAbout(recipientUid, 'direct_message', draft.channelId, ctx.now() - DM_NOTIFICATION_BURST_SECONDS)
  if (standing === null) return false
  const readUpTo = await ctx.repos.conversations.readPosition(recipientUid, draft.channelId)
  return readUpTo === null || standing.message_id === null || readUpTo < standing.message_id
}

/**
 * Tells each owner of `quoting` (`ctx.repos.notifications.quoting`, read before the delete) that what those
 * notifications quote is gone: one NOTIFICATIONS_SUBJECT_DELETE per owner, to all their
 * sessions, so an open inbox marks them deleted without a reload. Call after the delete committed.
 */
export async function tellSubjectDeleted (ctx: AppContext, quoting: ReadonlyArray<{ uid: string, notification_id: string }>): Promise<void> {
  const byOwner = new Map<string, string[]>()
  for (const { uid, notification_id: id } of quoting) byOwner.set(uid, [...byOwner.get(uid) ?? [], id])
  for (const [uid, ids] of byOwner) await ctx.bus.publish('NOTIFICATIONS_SUBJECT_DELETE', { uid }, { ids })
}

/**
 * Tells `targetUid` a moderator (`actorUid`) acted on them in `serverId`: the server's
 * name and the act's words (a reason, a role's name) make the excerpt.
 */
export async function notifyModeration (ctx: AppContext, serverId: string, targetUid: string, actorUid: string, act: ModerationAct, words = ''): Promise<void> {
  const server = await ctx.repos.servers.get(serverId)
  const excerpt = [server?.name ?? '', words].filter(part => part !== '').join(' · ')
  await notify(ctx, targetUid, { kind: 'moderation', actorUid, serverId, act, excerpt })
}

/** {@link notify} for each of `recipientUids` in turn (each once). */
export async function notifyEach (ctx: AppContext, recipientUids: Iterable<string>, draft: NotificationDraft): Promise<void> {
  for (const uid of new Set(recipientUids)) await notify(ctx, uid, draft)
}

/**
 * Tells every member who may read the channel of `draft` of an @全体成员, as a
 * mention with `everyone` set, so each member's mutes and "suppress @全体成员" for the server
 * silence it for them (core/domain/notifications.ts). Members in `alreadyTold` (mentioned
 * by name in the same message: one notification, the direct one) and members who block the
 * author are left out. Call after the write's transaction committed.
 */
export async function notifyEveryone (ctx: AppContext, draft: NotificationDraft & { serverId: string, channelId: string }, alreadyTold: readonly string[]): Promise<void> {
  const place = { server_id: draft.serverId, channel_id: draft.channelId }
  const told = new Set(alreadyTold)
  const readers = await readersAmong(ctx, place, (await ctx.repos.members.uidsOf(draft.serverId)).filter(uid => !told.has(uid) && uid !== draft.actorUid))
  const recipients = draft.actorUid === null ? readers : await ctx.repos.conversations.notBlocking(draft.actorUid, readers)
  await notifyEach(ctx, recipients, { ...draft, kind: 'mention', everyone: true })
}

/**
 * `uid`'s notifications as they may see them now: one from a channel of a server they can
 * no longer read (a role taken, an override, a kick) keeps its kind, actor, server and time
 * but loses its text and what it opens (excerpt '', channel, message, post and comment null),
 * so the inbox never shows what the channel's history would refuse. A direct message's
 * (no server) is theirs as long as the conversation is.
 */
export async function readableNotifications (ctx: AppContext, uid: string, items: readonly Notification[]): Promise<Notification[]> {
  const places = items.flatMap(item => item.server_id !== null && item.channel_id !== null ? [{ server_id: item.server_id, channel_id: item.channel_id }] : [])
  const readable = await readableOf(ctx, uid, places)
  return items.map(item => item.server_id === null || item.channel_id === null || readable.has(placeKey({ server_id: item.server_id, channel_id: item.channel_id }))
    ? item
    : { ...item, excerpt: '', channel_id: null, message_id: null, post_id: null, comment_id: null })
}
