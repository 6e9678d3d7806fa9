/**
 * The notification inbox: one row per notification a member received (what it is about,
 * who did it, what it opens, when it was read), and each member's mute settings per
 * server and per channel.
 */
import type { Kysely } from 'kysely'

/** Creates notifications and notification_settings. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('notifications')
    .addColumn('notification_id', 'text', col => col.primaryKey())
    .addColumn('uid', 'text', col => col.notNull())
    .addColumn('kind', 'text', col => col.notNull())
    .addColumn('actor_uid', 'text')
    .addColumn('server_id', 'text')
    .addColumn('channel_id', 'text')
    .addColumn('message_id', 'text')
    .addColumn('post_id', 'text')
    .addColumn('comment_id', 'text')
    .addColumn('excerpt', 'text', col => col.notNull())
    .addColumn('act', 'text', col => col.notNull())
    .addColumn('created_at', 'integer', col => col.notNull())
    .addColumn('read_at', 'integer')
    .execute()
  // the inbox newest first, and the unread count
  await db.schema.createIndex('notifications_uid_id').on('notifications').columns(['uid', 'notification_id']).execute()
  await db.schema.createIndex('notifications_uid_read').on('notifications').columns(['uid', 'read_at']).execute()
  await db.schema.createTable('notification_settings')
    .addColumn('uid', 'text', col => col.notNull())
    .addColumn('scope', 'text', col => col.notNull())
    .addColumn('scope_id', 'text', col => col.notNull())
    .addColumn('muted', 'integer', col => col.notNull())
    .addColumn('suppress_everyone', 'integer', col => col.notNull())
    .addPrimaryKeyConstraint('notification_settings_pk', ['uid', 'scope', 'scope_id'])
    .execute()
}

/** Drops notifications and notification_settings. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_settings').ifExists().execute()
  await db.schema.dropTable('notifications').ifExists().execute()
}
