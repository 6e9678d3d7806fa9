/**
 * The rest of posts and live: comments gain an edit time (authors edit their own
 * comments), and members who signed in from the mini-program keep their WeChat openid
 * (the subscribe message of a live reminder is sent to it). `live_reminders.notified_at`
 * (0004-posts) already marks a reminder as sent.
 */
import type { Kysely } from 'kysely'

/** Adds post_comments.edited_at and wechat_accounts. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('post_comments').addColumn('edited_at', 'integer').execute()
  await db.schema.createTable('wechat_accounts')
    .addColumn('uid', 'text', col => col.primaryKey().references('users.uid').onDelete('cascade'))
    .addColumn('openid', 'text', col => col.notNull())
    .addColumn('updated_at', 'integer', col => col.notNull())
    .execute()
  // the reminder scheduler reads only the reminders still waiting
  await db.schema.createIndex('live_reminders_waiting').on('live_reminders').columns(['notified_at', 'live_id']).execute()
}

/** Drops them again. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('live_reminders_waiting').ifExists().execute()
  await db.schema.dropTable('wechat_accounts').ifExists().execute()
  await db.schema.alterTable('post_comments').dropColumn('edited_at').execute()
}
