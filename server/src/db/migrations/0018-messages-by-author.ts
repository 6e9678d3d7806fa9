/**
 * A channel list counts a member's unread messages after their read position, and their own
 * newest message there reads everything before it (routes/servers, repositories/messages.ts
 * `channelCounts`): an index on messages (channel_id, author_uid, message_id) finds that
 * message in one index probe. Without it, the count walked every message after the read
 * position that the member wrote themselves to find others' (the owner of a channel they
 * had filled with 1,000,000 messages waited on all of them for each channel list).
 */
import type { Kysely } from 'kysely'

/** Creates messages_channel_author. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('messages_channel_author').on('messages').columns(['channel_id', 'author_uid', 'message_id']).execute()
}

/** Drops it. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_channel_author').ifExists().execute()
}
