/**
 * The notification inbox on the database: a member's notifications newest first, their
 * unread count, marking read, the mute settings per server and channel, and the Web Push
 * subscriptions of the browsers a member opted in.
 */
import type { Notification, NotificationSetting } from '@core/wire/notifications'
import type { Db } from '../db/schema'
import type { NotificationsTable, PushSubscriptionsTable } from '../db/tables/notifications'
import { toUser } from './users'

/** What mutes a notification from one place, for one member. */
export interface MuteState {
  /** The server is muted. */
  serverMuted: boolean
  /** @全体成员 from the server is suppressed. */
  everyoneSuppressed: boolean
  /** The channel is muted. */
  channelMuted: boolean
}

/** What a notification may quote, as a deletion names it. */
export type NotificationSubject =
  | { message_id: string, direct: boolean }
  | { post_id: string, comment_id: string }

/** Reads and writes of the inbox. */
export interface NotificationsRepository {
  /** Stores one notification. */
  add (row: NotificationsTable): Promise<void>
  /** `uid`'s notifications older than `cursor` (all when null), newest first, at most `limit`, and whether older ones remain. */
  page (uid: string, cursor: string | null, limit: number): Promise<{ items: Notification[], has_more: boolean }>
  /** One stored notification as the wire shows it. */
  notification (row: NotificationsTable): Promise<Notification>
  /** `uid`'s newest unread notification of `kind` about `channelId` made at or after `sinceSeconds`, or null. */
  newestUnreadAbout (uid: string, kind: NotificationsTable['kind'], channelId: string, sinceSeconds: number): Promise<NotificationsTable | null>
  /**
   * The notifications (each with its owner) that quote `subject`: a channel message, a direct
   * message, or a post's comment with its replies (read before the comment is removed, as
   * the replies go with it).
   */
  quoting (subject: NotificationSubject): Promise<Array<{ uid: string, notification_id: string }>>
  /** How many of `uid`'s notifications are unread. */
  unreadCount (uid: string): Promise<number>
  /** Marks `ids` (all of `uid`'s when null) read at `nowSeconds`; answers the ids that were unread and are now read. */
  markRead (uid: string, ids: readonly string[] | null, nowSeconds: number): Promise<string[]>
  /** Every setting `uid` made. */
  settings (uid: string): Promise<NotificationSetting[]>
  /** Stores `uid`'s setting for one server or channel. */
  saveSetting (uid: string, setting: NotificationSetting): Promise<void>
  /** What mutes notifications from `serverId` / `channelId` for `uid`. */
  muteState (uid: string, serverId: string | null, channelId: string | null): Promise<MuteState>
  /**
   * Keeps a browser's push subscription for `row.uid` (an endpoint already kept, for anyone,
   * is taken over), then drops that member's oldest others beyond `keepPerAccount` in all.
   */
  savePushSubscription (row: PushSubscriptionsTable, keepPerAccount: number): Promise<void>
  /** Forgets the subscription at `endpoint`, only `uid`'s when given; true when one was kept. */
  deletePushSubscription (endpoint: string, uid?: string): Promise<boolean>
  /** `uid`'s push subscriptions, newest first. */
  pushSubscriptionsOf (uid: string): Promise<PushSubscriptionsTable[]>
}

/** The notifications repository on `db`. */
export function createNotificationsRepository (db: Db): NotificationsRepository {
  /** The ids among `ids` that `table` still holds (by its `column`). */
  async function stillThere (table: 'messages' | 'direct_messages' | 'post_comments', column: 'message_id' | 'comment_id', ids: ReadonlyArray<string | null>): Promise<Set<string>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))]
    if (wanted.length === 0) return new Set()
    const found = await db.selectFrom(table).select(`${column} as id`).where(column, 'in', wanted).execute() as Array<{ id: string }>
    return new Set(found.map(row => row.id))
  }

  async function wire (rows: readonly NotificationsTable[]): Promise<Notification[]> {
    const actorIds = [...new Set(rows.map(row => row.actor_uid).filter((uid): uid is string => uid !== null))]
    const actors = actorIds.length === 0 ? [] : await db.selectFrom('users').selectAll().where('uid', 'in', actorIds).execute()
    const byUid = new Map(actors.map(actor => [actor.uid, toUser(actor)]))
    // what each notification quotes — a comment, a direct message, a channel message — may have been deleted since
    const comments = await stillThere('post_comments', 'comment_id', rows.map(row => row.comment_id))
    const directMessages = await stillThere('direct_messages', 'message_id', rows.map(row => row.kind === 'direct_message' ? row.message_id : null))
    const messages = await stillThere('messages', 'message_id', rows.map(row => row.kind === 'direct_message' ? null : row.message_id))
    const deleted = (row: NotificationsTable): boolean => {
      if (row.comment_id !== null) return !comments.has(row.comment_id)
      if (row.message_id === null) return false
      return !(row.kind === 'direct_message' ? directMessages : messages).has(row.message_id)
    }
    return rows.map(row => ({
      notification_id: row.notification_id,
      kind: row.kind,
      actor: row.actor_uid === null ? null : byUid.get(row.actor_uid) ?? null,
      server_id: row.server_id,
      channel_id: row.channel_id,
      message_id: row.message_id,
      post_id: row.post_id,
      comment_id: row.comment_id,
      excerpt: deleted(row) ? '' : row.excerpt,
      act: row.act,
      created_at: row.created_at,
      read: row.read_at !== null,
      deleted: deleted(row),
    }))
  }

  return {
    async add (row) {
      await db.insertInto('notifications').values(row).execute()
    },

    async page (uid, cursor, limit) {
      let query = db.selectFrom('notifications').selectAll().where('uid', '=', uid)
      if (cursor !== null) query = query.where('notification_id', '<', cursor)
      const rows = await query.orderBy('notification_id', 'desc').limit(limit + 1).execute()
      return { items: await wire(rows.slice(0, limit)), has_more: rows.length > limit }
    },

    async notification (row) {
      const [notification] = await wire([row])
      return notification
    },

    async newestUnreadAbout (uid, kind, channelId, sinceSeconds) {
      return (await db.selectFrom('notifications').selectAll()
        .where('uid', '=', uid).where('read_at', 'is', null).where('kind', '=', kind).where('channel_id', '=', channelId).where('created_at', '>=', sinceSeconds)
        .orderBy('notification_id', 'desc').limit(1).executeTakeFirst()) ?? null
    },

    async quoting (subject) {
      let query = db.selectFrom('notifications').select(['uid', 'notification_id'])
      if ('comment_id' in subject) {
        const thread = db.selectFrom('post_comments').select('comment_id').where('post_id', '=', subject.post_id)
          .where(eb => eb.or([eb('comment_id', '=', subject.comment_id), eb('reply_to', '=', subject.comment_id)]))
        query = query.where('post_id', '=', subject.post_id).where('comment_id', 'in', thread)
      } else {
        query = query.where('message_id', '=', subject.message_id).where('comment_id', 'is', null)
          .where('kind', subject.direct ? '=' : '!=', 'direct_message')
      }
      return query.orderBy('notification_id').execute()
    },

    async unreadCount (uid) {
      const row = await db.selectFrom('notifications').select(eb => eb.fn.countAll<number>().as('n')).where('uid', '=', uid).where('read_at', 'is', null).executeTakeFirstOrThrow()
      return Number(row.n)
    },

    async markRead (uid, ids, nowSeconds) {
      return db.transaction().execute(async trx => {
        let unread = trx.selectFrom('notifications').select('notification_id').where('uid', '=', uid).where('read_at', 'is', null)
        if (ids !== null) unread = unread.where('notification_id', 'in', [...ids])
        const marked = (await unread.execute()).map(row => row.notification_id)
        if (marked.length > 0) {
          let update = trx.updateTable('notifications').set({ read_at: nowSeconds }).where('uid', '=', uid).where('read_at', 'is', null)
          if (ids !== null) update = update.where('notification_id', 'in', [...ids])
          await update.execute()
        }
        return marked
      })
    },

    async settings (uid) {
      const rows = await db.selectFrom('notification_settings').selectAll().where('uid', '=', uid).orderBy('scope').orderBy('scope_id').execute()
      return rows.map(row => ({ scope: row.scope, id: row.scope_id, muted: row.muted === 1, suppress_everyone: row.suppress_everyone === 1 }))
    },

    async saveSetting (uid, setting) {
      const values = { muted: setting.muted ? 1 : 0, suppress_everyone: setting.suppress_everyone ? 1 : 0 }
      await db.insertInto('notification_settings').values({ uid, scope: setting.scope, scope_id: setting.id, ...values })
        .onConflict(conflict => conflict.columns(['uid', 'scope', 'scope_id']).doUpdateSet(values))
        .execute()
    },

    async muteState (uid, serverId, channelId) {
      const scopes = [serverId, channelId].filter((id): id is string => id !== null)
      const rows = scopes.length === 0 ? [] : await db.selectFrom('notification_settings').selectAll().where('uid', '=', uid).where('scope_id', 'in', scopes).execute()
      const server = rows.find(row => row.scope === 'server' && row.scope_id === serverId)
      const channel = rows.find(row => row.scope === 'channel' && row.scope_id === channelId)
      return { serverMuted: server?.muted === 1, everyoneSuppressed: server?.suppress_everyone === 1, channelMuted: channel?.muted === 1 }
    },

    async savePushSubscription (row, keepPerAccount) {
      const { uid, p256dh, auth, created_at: createdAt } = row
      await db.insertInto('push_subscriptions').values(row)
        .onConflict(conflict => conflict.column('endpoint').doUpdateSet({ uid, p256dh, auth, created_at: createdAt }))
        .execute()
      // the one just kept stays whatever the clock says; of the others, the newest keepPerAccount - 1
      const others = await db.selectFrom('push_subscriptions').select('endpoint').where('uid', '=', uid).where('endpoint', '!=', row.endpoint)
        .orderBy('created_at', 'desc').orderBy('endpoint', 'desc').execute()
      const dropped = others.slice(keepPerAccount - 1).map(other => other.endpoint)
      if (dropped.length > 0) await db.deleteFrom('push_subscriptions').where('uid', '=', uid).where('endpoint', 'in', dropped).execute()
    },

    async deletePushSubscription (endpoint, uid) {
      let query = db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint)
      if (uid !== undefined) query = query.where('uid', '=', uid)
      return Number((await query.executeTakeFirst()).numDeletedRows) > 0
    },

    async pushSubscriptionsOf (uid) {
      return db.selectFrom('push_subscriptions').selectAll().where('uid', '=', uid).orderBy('created_at', 'desc').orderBy('endpoint', 'desc').execute()
    },
  }
}
