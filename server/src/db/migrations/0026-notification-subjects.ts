/**
 * Notifications found by what they are about: deleting a message (or a comment) looks up
 * the notifications that quote it, to mark them deleted in every inbox live
 * (repositories/notifications.ts `quoting`); without these indexes each deletion read the
 * whole notifications table.
 */
import type { Kysely } from 'kysely'

/** Indexes notifications by message and by post and comment. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('notifications_message').on('notifications').column('message_id').execute()
  await db.schema.createIndex('notifications_post_comment').on('notifications').columns(['post_id', 'comment_id']).execute()
}

/** Drops them. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_post_comment').ifExists().execute()
  await db.schema.dropIndex('notifications_message').ifExists().execute()
}
